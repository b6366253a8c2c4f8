import { describe, expect, test } from "bun:test";
import { act, screen, waitFor } from "@testing-library/react";
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
        customers: {
          ...totals.customers,
          topCustomers: [{ id: 7, name: "Nora Novak", betCount: 2, totalStaked: 500 }],
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

  describe("the period and the tab are kept in the URL", () => {
    const routes = { "GET /api/reports/periods": periods, "GET /api/reports": report };
    const selectValue = (label: string) =>
      (screen.getByLabelText(label) as HTMLSelectElement).value;

    test("choosing them replaces the URL; Back from a top customer shows them again", async () => {
      const ue = userEvent.setup();
      const { location } = renderApp("/reports", "admin", routes);
      await screen.findByText("Margin 40.1%");
      await ue.selectOptions(screen.getByLabelText("Time Period"), "month");
      await ue.selectOptions(await screen.findByLabelText("Month"), "2026-11");
      await ue.click(await screen.findByRole("tab", { name: "Performance" }));
      await ue.click(await screen.findByRole("link", { name: "Nora Novak" }));
      // Each change replaced the entry: one for the report, then the customer's page.
      expect(location.history).toEqual([
        "/reports?period=month&month=2026-11&tab=performance",
        "/customers/7",
      ]);
      // Back (the browser's, to the entry before): the report opens as it was left.
      act(() => location.navigate(location.history?.at(-2) ?? ""));
      expect(await screen.findByRole("tab", { name: "Performance", selected: true })).toBeTruthy();
      expect(await screen.findByRole("link", { name: "Nora Novak" })).toBeTruthy();
      expect(selectValue("Time Period")).toBe("month");
      expect(selectValue("Month")).toBe("2026-11");
    });

    test("a reload (or a shared link) opens the period and tab it names", async () => {
      const { calls } = renderApp(
        "/reports?period=month&month=2026-11&tab=performance",
        "admin",
        routes,
      );
      expect(await screen.findByRole("link", { name: "Nora Novak" })).toBeTruthy();
      expect(screen.getByRole("tab", { name: "Performance", selected: true })).toBeTruthy();
      expect(selectValue("Month")).toBe("2026-11");
      const asked = calls.filter((c) => c.path === "/api/reports").map((c) => c.search.toString());
      expect(asked).toEqual(["period=month&month=2026-11"]);
    });

    test("back to Totals and the Overview drops them from the URL", async () => {
      const ue = userEvent.setup();
      const { location } = renderApp("/reports?period=year&year=2026&tab=betting", "admin", routes);
      expect(await screen.findByRole("tab", { name: "Betting", selected: true })).toBeTruthy();
      await ue.click(screen.getByRole("tab", { name: "Overview" }));
      await ue.selectOptions(screen.getByLabelText("Time Period"), "all");
      await screen.findByText("Margin 40.1%");
      expect(location.history).toEqual(["/reports"]);
    });

    test("a period of the URL the list lacks is still shown as chosen", async () => {
      renderApp("/reports?period=month&month=2026-10", "admin", routes);
      await screen.findByText("Margin 40.1%");
      expect(selectValue("Month")).toBe("2026-10");
      expect(screen.getByRole("option", { name: "October 2026", selected: true })).toBeTruthy();
    });

    test("a period the server reads in another spelling is asked for in its own", async () => {
      const { calls } = renderApp("/reports?period=week&week=%202026-w47", "admin", routes);
      await screen.findByText("Margin 40.1%");
      expect(selectValue("Week")).toBe("2026-W47");
      const asked = calls.filter((c) => c.path === "/api/reports").map((c) => c.search.toString());
      expect(asked).toEqual(["period=week&week=2026-W47"]);
    });

    for (const [name, path, type] of [
      ["an unknown period and tab", "/reports?period=decade&year=2026&tab=nope", "all"],
      ["a month that is none", "/reports?period=month&month=2026-13&tab=performance", "month"],
      ["week 53 of a year of 52", "/reports?period=week&week=2025-W53", "week"],
      ["a year that is none", "/reports?period=year&year=26", "year"],
    ] as const) {
      test(`${name} falls back to the default without an error`, async () => {
        const { calls } = renderApp(path, "admin", routes);
        if (type === "all") {
          expect(await screen.findByText("Margin 40.1%")).toBeTruthy();
          expect(screen.getByRole("tab", { name: "Overview", selected: true })).toBeTruthy();
        } else {
          // The period type stays; its value is asked for, as after choosing the type.
          expect(await screen.findByText("Select Time Period")).toBeTruthy();
          expect(selectValue(type === "week" ? "Week" : type === "month" ? "Month" : "Year")).toBe(
            "",
          );
        }
        expect(selectValue("Time Period")).toBe(type);
        const asked = calls
          .filter((c) => c.path === "/api/reports")
          .map((c) => c.search.toString());
        expect(asked).toEqual(type === "all" ? [""] : []);
      });
    }
  });
});
