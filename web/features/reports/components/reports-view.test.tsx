import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type MockHandler, renderApp } from "../../../test/render";

const totals = {
  period: "totals",
  range: { value: null, label: "All time", from: null, to: null },
  financial: {
    totalRevenue: 1000,
    totalStakes: 1000,
    totalPayouts: 600,
    profit: 400,
    profitMargin: 40.123,
  },
  betting: {
    totalBets: 10,
    wonBets: 3,
    lostBets: 5,
    pendingBets: 1,
    voidBets: 1,
    winRate: 37.55,
    averageStake: 100,
  },
  customers: { totalCustomers: 4, activeCustomers: 3, topCustomers: [] },
  shops: { totalShops: 2, topPerformingShops: [] },
};

/** Answers GET /api/reports for the asked period, shaped like the server's ReportDto. */
const report: MockHandler = ({ search }) =>
  search.get("month") === "2026-11"
    ? {
        ...totals,
        period: "month",
        range: {
          value: "2026-11",
          label: "November 2026",
          from: "2026-11-01T00:00:00.000Z",
          to: "2026-12-01T00:00:00.000Z",
        },
      }
    : totals;

const periods = {
  years: [2026],
  months: [{ value: "2026-11", label: "November 2026" }],
  weeks: [{ value: "2026-W47", label: "Week 47, 2026" }],
};

describe("reports", () => {
  test("skeleton of 8 cards while loading", async () => {
    renderApp("/reports", "admin", { "GET /api/reports": { pending: true } });
    const skeleton = await screen.findByTestId("report-skeleton");
    expect(skeleton.children.length).toBe(8);
  });

  test("totals, tabs and the 1- and 2-decimal margins", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/reports", "admin", { "GET /api/reports": report });
    expect(await screen.findByText("Margin 40.1%")).toBeTruthy();
    expect(screen.getByText("Win rate 37.5%")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/reports")?.search.toString()).toBe("");
    expect(calls.some((c) => c.path === "/api/reports/periods")).toBe(false);
    await ue.click(screen.getByRole("tab", { name: "Financial" }));
    expect(await screen.findByText("40.12%")).toBeTruthy();
    await ue.click(screen.getByRole("tab", { name: "Betting" }));
    expect(await screen.findByText("37.5%")).toBeTruthy();
    await ue.click(screen.getByRole("tab", { name: "Performance" }));
    expect(await screen.findByText("Top Customers")).toBeTruthy();
  });

  test("on every tab the headings go down one level at a time from the page's h1", async () => {
    const ue = userEvent.setup();
    renderApp("/reports", "admin", { "GET /api/reports": report });
    await screen.findByText("Margin 40.1%");
    for (const tab of ["Overview", "Financial", "Betting", "Performance"]) {
      await ue.click(screen.getByRole("tab", { name: tab }));
      await screen.findByRole("tab", { name: tab, selected: true });
      const levels = [...document.querySelectorAll("main h1, main h2, main h3, main h4")].map(
        (heading) => Number(heading.tagName.slice(1)),
      );
      expect(levels[0]).toBe(1);
      const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 1);
      expect({ tab, skips }).toEqual({ tab, skips: [] });
    }
    // The Performance tab's two tables are titled by headings a level under the page's.
    expect(screen.getByRole("heading", { name: "Top Customers", level: 2 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Top Performing Shops", level: 2 })).toBeTruthy();
  });

  test("a period type asks for a value first, then fetches that period", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/reports", "admin", {
      "GET /api/reports/periods": periods,
      "GET /api/reports": report,
    });
    await screen.findByText("Margin 40.1%");
    await ue.selectOptions(screen.getByLabelText("Time Period"), "month");
    expect(await screen.findByText("Select Time Period")).toBeTruthy();
    await ue.selectOptions(await screen.findByLabelText("Month"), "2026-11");
    await waitFor(() => expect(calls.some((c) => c.search.get("month") === "2026-11")).toBe(true));
    expect(calls.find((c) => c.search.get("month"))?.search.get("period")).toBe("month");
    await ue.selectOptions(screen.getByLabelText("Time Period"), "week");
    expect(await screen.findByText("Select Time Period")).toBeTruthy();
    expect((screen.getByLabelText("Week") as HTMLSelectElement).value).toBe("");
  });

  test("no data shows 'No Data Available'", async () => {
    renderApp("/reports", "admin", { "GET /api/reports": { status: 500 } });
    expect(await screen.findByText("No Data Available")).toBeTruthy();
    expect(screen.getByText("Unable to load report data. Please try again later.")).toBeTruthy();
  });
});
