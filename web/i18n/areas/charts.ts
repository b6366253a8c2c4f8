/**
 * The "charts" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("charts.<key>").
 */
import type { Shape } from "../shape";

export const en = {
  showTable: "Show as table",
  showChart: "Show as chart",
  loadFailed: "Unable to load the chart data.",
  noBets: "No bets in this period.",
  period: "Period",
  bets: "Bets",
  stakes: "Stakes",
  payouts: "Payouts",
  profit: "Profit",
  outcome: "Outcome",
  amount: "Amount",
  trendTitle: {
    hour: "Stakes, payouts and profit by hour",
    day: "Stakes, payouts and profit by day",
    month: "Stakes, payouts and profit by month",
    period: "Stakes, payouts and profit by period",
  },
  trendSummary: "{{title}}, {{range}}: stakes {{stakes}}, payouts {{payouts}}, profit {{profit}}.",
  trendFallback: "Stakes, payouts and profit",
  outcomes: "Outcomes",
  outcomeSummary: "Outcomes of {{bets}} bets: {{list}}.",
  outcomeCount: "{{bets}} {{name}}",
  betsTooltip: "{{bets}} bets",
  won: "Won",
  placed: "Placed",
  lost: "Lost",
  pending: "Pending",
  void: "Void",
  paidOut: "Paid out",
  atStake: "At stake",
  allTime: "All time",
  weekRange: "{{from}} – {{to}}",
} as const;

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
  outcomeSummary: "Ergebnisse von {{bets}} Wetten: {{list}}.",
  outcomeCount: "{{bets}} {{name}}",
  betsTooltip: "{{bets}} Wetten",
  won: "Gewonnen",
  placed: "Platziert",
  lost: "Verloren",
  pending: "Offen",
  void: "Storniert",
  paidOut: "Ausgezahlt",
  atStake: "Im Einsatz",
  allTime: "Gesamter Zeitraum",
  weekRange: "{{from}} – {{to}}",
};
