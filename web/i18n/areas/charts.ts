/**
 * The "charts" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./charts.de.ts. Keys are used as t("charts.<key>").
 */

import { addEnglishArea } from "../instance";

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
  /** `bets` is `count` as the locale writes it ("3,014"). */
  outcomeSummary_one: "Outcomes of {{bets}} bet: {{list}}.",
  outcomeSummary_other: "Outcomes of {{bets}} bets: {{list}}.",
  outcomeCount: "{{bets}} {{name}}",
  betsTooltip_one: "{{bets}} bet",
  betsTooltip_other: "{{bets}} bets",
  won: "Won",
  placed: "Placed",
  lost: "Lost",
  pending: "Pending",
  void: "Void",
  paidOut: "Paid out",
  atStake: "At stake",
  allTime: "All time",
  weekRange: "{{from}} – {{to}}",
  fetchFailed: {
    periods: "Failed to fetch time periods",
    report: "Failed to fetch reports",
    series: "Failed to fetch the chart data",
  },
} as const;

addEnglishArea("charts", en);
