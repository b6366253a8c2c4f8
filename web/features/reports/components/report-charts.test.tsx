import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReportSeriesDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { setLanguageChosenByUser } from "../../../lib/locale";
import { businessToday } from "../../../lib/time";
import { emptySeries } from "../../../test/fixtures";
import { renderApp, user } from "../../../test/render";
import { periodLabel } from "../lib/period-label";
import { outcomeSlices, trendPoints } from "../lib/series-data";

const report = {
  period: "totals",
  range: { value: null, label: "All time", from: null, to: null },
  financial: { totalRevenue: 30, totalStakes: 40, totalPayouts: 20, profit: 10, profitMargin: 0 },
  betting: {
    totalBets: 4,
    wonBets: 1,
    lostBets: 1,
    pendingBets: 1,
    voidBets: 1,
    winRate: 50,
    averageStake: 13.33,
  },
  customers: { totalCustomers: 1, activeCustomers: 1, topCustomers: [] },
  shops: { totalShops: 1, topPerformingShops: [] },
};

const bucket = (start: string, label: string, bets: number, stakes: string, payouts: string) => ({
  start,
  label,
  bets,
  stakes,
  revenue: stakes,
  payouts,
  profit: (Number(stakes) - Number(payouts)).toFixed(2),
});

/** Two months of series, shaped like the server's ReportSeriesDto. */
const series: ReportSeriesDto = {
  period: "totals",
  granularity: "month",
  timeZone: "UTC",
  range: { value: null, label: "All time", from: null, to: null },
  buckets: [
    bucket("2026-10-01T00:00:00.000Z", "Oct 2026", 1, "1250.50", "0.00"),
    bucket("2026-11-01T00:00:00.000Z", "Nov 2026", 3, "30.00", "20.00"),
  ],
  totals: { bets: 4, stakes: "1280.50", revenue: "1280.50", payouts: "20.00", profit: "1260.50" },
  outcomes: {
    won: { bets: 1, payouts: "20.00" },
    placed: { bets: 0, payouts: "0.00" },
    lost: { bets: 1 },
    pending: { bets: 1, stakes: "10.00" },
    void: { bets: 1 },
    settledStakes: "1270.50",
  },
};

const empty = emptySeries({ range: series.range });

describe("series data", () => {
  test("money strings become euros for plotting, through cents", () => {
    expect(trendPoints(series)).toEqual([
      {
        label: "Oct 2026",
        start: "2026-10-01T00:00:00.000Z",
        bets: 1,
        stakes: 1250.5,
        payouts: 0,
        profit: 1250.5,
      },
      {
        label: "Nov 2026",
        start: "2026-11-01T00:00:00.000Z",
        bets: 3,
        stakes: 30,
        payouts: 20,
        profit: 10,
      },
    ]);
  });

  test("the hour the clocks go back through is named twice, each with its zone", () => {
    // 25 October 2026 in Berlin: 02:00-03:00 summer time (00:00Z), then again winter time (01:00Z).
    const day = {
      ...series,
      granularity: "hour" as const,
      timeZone: "Europe/Berlin",
      buckets: [
        bucket("2026-10-24T23:00:00.000Z", "01:00", 0, "0.00", "0.00"),
        bucket("2026-10-25T00:00:00.000Z", "02:00", 0, "0.00", "0.00"),
        bucket("2026-10-25T01:00:00.000Z", "02:00", 0, "0.00", "0.00"),
        bucket("2026-10-25T02:00:00.000Z", "03:00", 0, "0.00", "0.00"),
      ],
    };
    expect(trendPoints(day).map((p) => p.label)).toEqual([
      "01:00",
      "02:00 GMT+2",
      "02:00 GMT+1",
      "03:00",
    ]);
    applyLanguage("de");
    try {
      expect(trendPoints(day).map((p) => p.label)).toEqual([
        "01:00",
        "02:00 MESZ",
        "02:00 MEZ",
        "03:00",
      ]);
    } finally {
      applyLanguage("en");
    }
  });

  test("the outcome mix has each outcome's bets and what the series holds for it", () => {
    expect(outcomeSlices(series).map((s) => [s.name, s.bets, s.amountLabel, s.amount])).toEqual([
      ["Won", 1, "Paid out", "20.00"],
      ["Placed", 0, "Paid out", "0.00"],
      ["Lost", 1, null, null],
      ["Pending", 1, "At stake", "10.00"],
      ["Void", 1, null, null],
    ]);
  });
});

/** The series with its won, lost and pending bets as given, none placed or void. */
function counted(won: number, lost: number, pending: number): ReportSeriesDto {
  return {
    ...series,
    totals: { ...series.totals, bets: won + lost + pending },
    outcomes: {
      ...series.outcomes,
      won: { bets: won, payouts: "20.00" },
      lost: { bets: lost },
      pending: { bets: pending, stakes: "10.00" },
      void: { bets: 0 },
    },
  };
}

/**
 * The outcome chart's name for the screen reader, and its table's bets column (both charts
 * shown as tables after: no chart is left drawing once the test ends).
 */
async function outcomeSummary(
  ue: ReturnType<typeof userEvent.setup>,
): Promise<{ name: string | null; bets: string[] }> {
  // The series in: the trend's title names its buckets.
  await screen.findByRole("region", { name: /(by month|nach Monat)$/ });
  const outcomes = screen.getByRole("region", { name: /^(Outcomes|Ergebnisse)$/ });
  const name = within(outcomes).getByRole("img").getAttribute("aria-label");
  for (const toggle of screen.getAllByRole("button", { name: /Show as table|Als Tabelle/ })) {
    await ue.click(toggle);
  }
  const rows = within(within(outcomes).getByRole("table")).getAllByRole("row").slice(1);
  return { name, bets: rows.map((row) => row.querySelectorAll("td")[0]?.textContent ?? "") };
}

describe("report charts", () => {
  test("each chart has a name and a table alternative, toggled with the keyboard", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/reports", "admin", {
      "GET /api/reports": report,
      "GET /api/reports/series": series,
    });
    const trend = await screen.findByRole("region", {
      name: "Stakes, payouts and profit by month",
    });
    expect(
      within(trend).getByRole("img", {
        name: "Stakes, payouts and profit by month, All time: stakes €1,280.50, payouts €20.00, profit €1,260.50.",
      }),
    ).toBeTruthy();
    // The totals ask for the series without a period, like the report.
    const asked = calls.find((c) => c.path === "/api/reports/series");
    expect([...(asked?.search.keys() ?? [])]).toEqual([]);

    const toggle = within(trend).getByRole("button", { name: "Show as table" });
    toggle.focus();
    await ue.keyboard("{Enter}");
    const table = within(trend).getByRole("table", { name: "Stakes, payouts and profit by month" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "PeriodBetsStakesPayoutsProfit",
      "Oct 20261€1,250.50€0.00€1,250.50",
      "Nov 20263€30.00€20.00€10.00",
    ]);
    expect(within(trend).queryByRole("img")).toBeNull();
    await ue.keyboard("{Enter}");
    expect(within(trend).getByRole("button", { name: "Show as table" })).toBeTruthy();
    expect(within(trend).queryByRole("table")).toBeNull();

    const outcomes = screen.getByRole("region", { name: "Outcomes" });
    expect(
      within(outcomes).getByRole("img", {
        name: "Outcomes of 4 bets: 1 won, 0 placed, 1 lost, 1 pending, 1 void.",
      }),
    ).toBeTruthy();
    await ue.click(within(outcomes).getByRole("button", { name: "Show as table" }));
    expect(
      within(within(outcomes).getByRole("table"))
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual([
      "OutcomeBetsAmount",
      "Won1Paid out €20.00",
      "Placed0Paid out €0.00",
      "Lost1—",
      "Pending1At stake €10.00",
      "Void1—",
    ]);
  });

  test("the outcome summary's counts as the cards write them, grouped", async () => {
    const ue = userEvent.setup();
    renderApp("/reports", "admin", {
      "GET /api/reports": report,
      "GET /api/reports/series": counted(1200, 1813, 1),
    });
    expect(await outcomeSummary(ue)).toEqual({
      name: "Outcomes of 3,014 bets: 1,200 won, 0 placed, 1,813 lost, 1 pending, 0 void.",
      bets: ["1,200", "0", "1,813", "1", "0"],
    });
  });

  test("one bet is one bet", async () => {
    const ue = userEvent.setup();
    renderApp("/reports", "admin", {
      "GET /api/reports": report,
      "GET /api/reports/series": counted(1, 0, 0),
    });
    expect((await outcomeSummary(ue)).name).toBe(
      "Outcomes of 1 bet: 1 won, 0 placed, 0 lost, 0 pending, 0 void.",
    );
  });

  test("a period without bets shows the empty state, without a toggle", async () => {
    renderApp("/reports", "admin", {
      "GET /api/reports": report,
      "GET /api/reports/series": empty,
    });
    const trend = await screen.findByRole("region", {
      name: "Stakes, payouts and profit by month",
    });
    await waitFor(() => expect(within(trend).getByText("No bets in this period.")).toBeTruthy());
    expect(within(trend).queryByRole("button")).toBeNull();
  });

  test("a loading series shows a placeholder", async () => {
    renderApp("/reports", "admin", {
      "GET /api/reports": report,
      "GET /api/reports/series": { pending: true },
    });
    expect((await screen.findAllByTestId("chart-loading")).length).toBe(2);
  });
});

describe("dashboard chart", () => {
  // The drawn chart is series-charts.test.tsx's and the browser suite's
  // (e2e/charts.e2e.test.ts): here the day has no bets.
  test("admins see today's stakes by hour, asked for today's date (no zone set: UTC)", async () => {
    const { calls } = renderApp("/", "admin", {
      "GET /api/reports/series": { ...empty, period: "day", granularity: "hour" },
    });
    const panel = await screen.findByRole("region", { name: "Today's stakes by hour (UTC)" });
    expect(await within(panel).findByText("No bets placed today yet.")).toBeTruthy();
    const asked = calls.find((c) => c.path === "/api/reports/series");
    expect(asked?.search.get("period")).toBe("day");
    expect(asked?.search.get("day")).toBe(businessToday(new Date(), "UTC"));
  });

  test("staff users do not (the series is an admin read)", async () => {
    const { calls } = renderApp("/", "user", {});
    expect(await screen.findByRole("region", { name: "Bets" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Today's stakes by hour (UTC)" })).toBeNull();
    expect(calls.some((c) => c.path === "/api/reports/series")).toBe(false);
  });
});

describe("in German (issue 23): the web names periods and buckets, not the server", () => {
  afterEach(() => {
    // Unmounted first: a language change re-renders every mounted screen.
    cleanup();
    setLanguageChosenByUser(false);
    applyLanguage("en");
  });

  test("a period's name from its value, in the language showing", () => {
    expect(periodLabel("totals", null)).toBe("All time");
    expect(periodLabel("year", "2026")).toBe("2026");
    expect(periodLabel("month", "2026-03")).toBe("March 2026");
    expect(periodLabel("week", "2026-W47")).toMatch(/16.*2026 – .*22.*2026/);
    setLanguageChosenByUser(true);
    applyLanguage("de");
    expect(periodLabel("totals", null)).toBe("Gesamter Zeitraum");
    expect(periodLabel("month", "2026-03")).toBe("März 2026");
    expect(periodLabel("week", "2026-W47")).toBe("16. Nov. 2026 – 22. Nov. 2026");
    expect(periodLabel("week", "not a week")).toBe("not a week");
  });

  const me = { ...user("admin"), language: "de" };

  test("the outcome summary's counts as German writes them", async () => {
    const ue = userEvent.setup();
    renderApp("/reports", "admin", {
      "GET /api/user": me,
      "GET /api/reports": report,
      "GET /api/reports/series": counted(1200, 1813, 1),
    });
    expect(await outcomeSummary(ue)).toEqual({
      name: "Ergebnisse von 3.014 Wetten: 1.200 gewonnen, 0 platziert, 1.813 verloren, 1 offen, 0 storniert.",
      bets: ["1.200", "0", "1.813", "1", "0"],
    });
  });

  test("one bet is one Wette", async () => {
    const ue = userEvent.setup();
    renderApp("/reports", "admin", {
      "GET /api/user": me,
      "GET /api/reports": report,
      "GET /api/reports/series": counted(1, 0, 0),
    });
    expect((await outcomeSummary(ue)).name).toBe(
      "Ergebnisse von 1 Wette: 1 gewonnen, 0 platziert, 0 verloren, 0 offen, 0 storniert.",
    );
  });

  test("titles, summary, columns, bucket names and money in German", async () => {
    const ue = userEvent.setup();
    renderApp("/reports", "admin", {
      "GET /api/user": { ...user("admin"), language: "de" },
      "GET /api/reports": report,
      "GET /api/reports/series": series,
    });
    const trend = await screen.findByRole("region", {
      name: "Einsätze, Auszahlungen und Gewinn nach Monat",
    });
    expect(
      within(trend).getByRole("img", {
        name: /^Einsätze, Auszahlungen und Gewinn nach Monat, Gesamter Zeitraum: Einsätze 1\.280,50\s€, Auszahlungen 20,00\s€, Gewinn 1\.260,50\s€\.$/,
      }),
    ).toBeTruthy();
    await ue.click(within(trend).getByRole("button", { name: "Als Tabelle zeigen" }));
    const rows = within(within(trend).getByRole("table")).getAllByRole("row");
    expect(rows.map((r) => r.textContent?.replace(/\s/g, " "))).toEqual([
      "ZeitraumWettenEinsätzeAuszahlungenGewinn",
      "Okt. 202611.250,50 €0,00 €1.250,50 €",
      "Nov. 2026330,00 €20,00 €10,00 €",
    ]);
    const outcomes = screen.getByRole("region", { name: "Ergebnisse" });
    expect(
      within(outcomes).getByRole("img", {
        name: "Ergebnisse von 4 Wetten: 1 gewonnen, 0 platziert, 1 verloren, 1 offen, 1 storniert.",
      }),
    ).toBeTruthy();
  });
});
