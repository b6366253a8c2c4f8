/** The German "charts" part of the catalogue (decision 065): loaded only when German is shown. */
import type { Shape } from "../shape";
import type { en } from "./charts";

export const de: Shape<typeof en> = {
  showTable: "Als Tabelle zeigen",
  showChart: "Als Diagramm zeigen",
  loadFailed: "Die Diagrammdaten konnten nicht geladen werden.",
  noBets: "Keine Wetten in diesem Zeitraum.",
  period: "Zeitraum",
  bets: "Wetten",
  stakes: "Einsätze",
  payouts: "Auszahlungen",
  profit: "Gewinn",
  outcome: "Ergebnis",
  amount: "Betrag",
  trendTitle: {
    hour: "Einsätze, Auszahlungen und Gewinn nach Stunde",
    day: "Einsätze, Auszahlungen und Gewinn nach Tag",
    month: "Einsätze, Auszahlungen und Gewinn nach Monat",
    period: "Einsätze, Auszahlungen und Gewinn nach Zeitraum",
  },
  trendSummary:
    "{{title}}, {{range}}: Einsätze {{stakes}}, Auszahlungen {{payouts}}, Gewinn {{profit}}.",
  trendFallback: "Einsätze, Auszahlungen und Gewinn",
  outcomes: "Ergebnisse",
  outcomeSummary_one: "Ergebnisse von {{bets}} Wette: {{list}}.",
  outcomeSummary_other: "Ergebnisse von {{bets}} Wetten: {{list}}.",
  outcomeCount: "{{bets}} {{name}}",
  betsTooltip_one: "{{bets}} Wette",
  betsTooltip_other: "{{bets}} Wetten",
  won: "Gewonnen",
  placed: "Platziert",
  lost: "Verloren",
  pending: "Offen",
  void: "Storniert",
  paidOut: "Ausgezahlt",
  atStake: "Im Einsatz",
  allTime: "Gesamter Zeitraum",
  weekRange: "{{from}} – {{to}}",
  fetchFailed: {
    periods: "Die Zeiträume konnten nicht geladen werden",
    report: "Die Berichte konnten nicht geladen werden",
    series: "Die Diagrammdaten konnten nicht geladen werden",
  },
};
