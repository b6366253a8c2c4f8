/**
 * What the charts and their tables show, mapped from GET /api/reports/series: money as
 * numbers of euros for the chart library (computed from the wire's decimal strings through
 * integer cents) and as the app's "€12.50" text for tables and tooltips; bucket and outcome
 * names in the language showing (the server's English bucket labels are not shown).
 */
import { centsOf } from "../../../../src/domain/money";
import { i18n } from "../../../i18n";
import { euro } from "../../../lib/format";
import { displayLocale } from "../../../lib/locale";
import type { Series } from "../api/types";
import { bucketLabel } from "./period-label";
import "../../../i18n/areas/charts";

/** Euros as a number for plotting ("12.50" -> 12.5). */
export const plotEuros = (money: string) => centsOf(money) / 100;

/** One bucket of the stakes / payouts / profit chart. */
export interface TrendPoint {
  label: string;
  start: string;
  bets: number;
  stakes: number;
  payouts: number;
  profit: number;
}

/** The buckets, each named from its start in the series' zone ("Nov 2026", "24 Nov", "14:00"). */
export function trendPoints(series: Series): TrendPoint[] {
  const labels = series.buckets.map((b) =>
    bucketLabel(series.granularity, b.start, series.timeZone),
  );
  // The hour clocks go back through is on the dial twice ("02:00" on 25 October in Berlin):
  // each of the two says its zone ("02:00 MESZ", "02:00 MEZ"), so no two points share a name.
  const repeated = new Set(labels.filter((label, i) => labels.indexOf(label) !== i));
  return series.buckets.map((b, i) => ({
    label: repeated.has(labels[i] as string)
      ? bucketLabel(series.granularity, b.start, series.timeZone, { zoneName: true })
      : (labels[i] as string),
    start: b.start,
    bets: b.bets,
    stakes: plotEuros(b.stakes),
    payouts: plotEuros(b.payouts),
    profit: plotEuros(b.profit),
  }));
}

/** The series of the trend chart (their names' catalogue keys), with their theme colours (daisyUI variables). */
export const TREND_LINES = [
  { key: "stakes", name: "charts.stakes", color: "var(--color-primary)" },
  { key: "payouts", name: "charts.payouts", color: "var(--color-warning)" },
  { key: "profit", name: "charts.profit", color: "var(--color-success)" },
] as const;

/** One slice of the outcome mix: its bets, and the amount the series holds for it. */
export interface OutcomeSlice {
  key: "won" | "placed" | "lost" | "pending" | "void";
  name: string;
  bets: number;
  /** What `amount` is ("Paid out", "At stake"), or null when the series holds none. */
  amountLabel: string | null;
  amount: string | null;
  color: string;
}

/** The outcome mix, named in the language showing. */
export function outcomeSlices(series: Series): OutcomeSlice[] {
  const o = series.outcomes;
  const t = i18n.t;
  return [
    {
      key: "won",
      name: t("charts.won"),
      bets: o.won.bets,
      amountLabel: t("charts.paidOut"),
      amount: o.won.payouts,
      color: "var(--color-success)",
    },
    {
      // Each-way bets whose place part alone won (decision 052).
      key: "placed",
      name: t("charts.placed"),
      bets: o.placed.bets,
      amountLabel: t("charts.paidOut"),
      amount: o.placed.payouts,
      color: "var(--color-accent)",
    },
    {
      key: "lost",
      name: t("charts.lost"),
      bets: o.lost.bets,
      amountLabel: null,
      amount: null,
      color: "var(--color-error)",
    },
    {
      key: "pending",
      name: t("charts.pending"),
      bets: o.pending.bets,
      amountLabel: t("charts.atStake"),
      amount: o.pending.stakes,
      color: "var(--color-info)",
    },
    {
      key: "void",
      name: t("charts.void"),
      bets: o.void.bets,
      amountLabel: null,
      amount: null,
      // Not daisyUI's neutral: it is near the page colour in the dark theme (1.26:1). The
      // page's text colour, softened, stands at 3:1 or more on both themes' backgrounds.
      color: "color-mix(in oklab, var(--color-base-content) 70%, var(--color-base-100))",
    },
  ];
}

/** True when no bucket has a bet (the charts show their empty state instead). */
export const isEmptySeries = (series: Series) => series.totals.bets === 0;

/** A money tick or tooltip value: the app's euro text. */
export const euroText = (value: number | string) => euro(value);

const wholeEuros = new Map<string, Intl.NumberFormat>();

/** A money axis tick in whole euros, in the locale's way ("€1,250", "1.250 €"). */
export function euroWhole(value: number, locale = displayLocale()): string {
  let format = wholeEuros.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "EUR",
      maximumFractionDigits: 0,
    });
    wholeEuros.set(locale, format);
  }
  return format.format(Math.round(value));
}

/**
 * Every how-many-th category label an axis can show without two touching: `widths` are the
 * labels' text widths and `plotWidth` the axis length (px), each category an equal band with
 * its label centred; `gap` is the least space between two labels. 0 shows every label, 2
 * every third. An axis not yet sized shows every label.
 */
export function labelInterval(widths: number[], plotWidth: number, gap: number): number {
  if (widths.length === 0 || !(plotWidth > 0)) return 0;
  const band = plotWidth / widths.length;
  return Math.max(0, Math.ceil((Math.max(...widths) + gap) / band) - 1);
}

/**
 * A label's width in px at `fontSize`, estimated from its characters: spaces and punctuation
 * 0.32em, "m" and "w" 0.85em, other capitals 0.72em, digits and other letters 0.58em, each a
 * little wider than a sans-serif draws it, so labels spaced by the estimate stay apart. No
 * canvas and no layout: measuring on a canvas (its first context, the page's font read
 * from a computed style) was 20 ms of the dashboard's start on a phone (docs/performance.md).
 */
export function labelWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) {
    if (/[\s.,:;'’-]/.test(char)) em += 0.32;
    else if (/[mwMW]/.test(char)) em += 0.85;
    else if (char !== char.toLowerCase()) em += 0.72;
    else em += 0.58;
  }
  return em * fontSize;
}
