/**
 * Screens show times in the business time zone (GET /api/settings `businessTimeZone`, issue
 * 23 item 1, decision 063), whatever zone the browser is in: a list's dates, the dashboard's
 * "today" and its hourly chart's label.
 */
import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import { setBusinessTimeZone } from "../lib/time";
import {
  type FakeEventSource,
  installFakeEventSource,
  restoreEventSource,
  streams,
} from "../test/event-source";
import { bet, emptySeries, settings } from "../test/fixtures";
import { page, renderApp } from "../test/render";

// 00:19 on 27 November in Berlin is 23:19 on the 26th in UTC (the test process's zone).
const BERLIN_0019 = "2026-11-26T23:19:00.000Z";
const BERLIN = { "GET /api/settings": settings({ businessTimeZone: "Europe/Berlin" }) };

/** The zone's name as Intl writes it in the app's locale: "GMT+1" in en-US, "CET" in en-GB. */
const CET = /^(GMT\+1|CET|MEZ)$/;

afterEach(() => {
  setSystemTime();
  setBusinessTimeZone("UTC");
  restoreEventSource();
});

/** The dashboard as an admin sees it, with no bets and an empty hourly series. */
const DASHBOARD = {
  ...BERLIN,
  "GET /api/bets": page([]),
  "GET /api/transactions": page([]),
  "GET /api/reports/series": emptySeries({
    period: "day",
    granularity: "hour",
    timeZone: "Europe/Berlin",
    range: { value: "2026-11-27", label: "27 Nov 2026", from: null, to: null },
  }),
};

describe("the business time zone on screen", () => {
  test("the bets list shows Berlin's day and time with the zone's name", async () => {
    renderApp("/bets", "user", {
      ...BERLIN,
      "GET /api/bets": page([bet({ createdAt: BERLIN_0019, description: "Late one" })]),
    });
    const row = (await screen.findByText("Late one")).closest("tr") as HTMLElement;
    const cell = row.querySelector(`time[datetime="${BERLIN_0019}"]`) as HTMLElement;
    // The 27th (Berlin), not the 26th (UTC), 00:19 not 23:19, and the zone named beside it
    // because the browser's clock (UTC here) reads otherwise.
    expect(cell.textContent).toMatch(/27/);
    expect(cell.textContent).toMatch(/(00|12):19/);
    expect(cell.textContent).not.toMatch(/26|23:19/);
    const zone = cell.textContent?.split(" ").at(-1) ?? "";
    expect(zone).toMatch(CET);
    // The full date and time on hover: the same day, time and zone.
    expect(cell.getAttribute("title")).toMatch(/27.*2026.*(00|12):19.*(GMT\+1|CET|MEZ)$/);
    expect(within(row).queryByText(/23:19/)).toBeNull();
  });

  test("a server that names no zone: UTC, as before", async () => {
    renderApp("/bets", "user", {
      "GET /api/bets": page([bet({ createdAt: BERLIN_0019, description: "Late one" })]),
    });
    const row = (await screen.findByText("Late one")).closest("tr") as HTMLElement;
    const cell = row.querySelector(`time[datetime="${BERLIN_0019}"]`) as HTMLElement;
    expect(cell.textContent).toMatch(/26/);
    expect(cell.textContent).toMatch(/(23|11):19/);
    expect(cell.getAttribute("title")).toMatch(/UTC$/);
  });

  test("at 00:19 in Berlin the dashboard's today is the 27th, its chart labelled CET", async () => {
    setSystemTime(new Date(BERLIN_0019));
    const { calls } = renderApp("/", "admin", DASHBOARD);
    const panel = await screen.findByRole("region", { name: /^Today's stakes by hour \(/ });
    expect(await within(panel).findByText("No bets placed today yet.")).toBeTruthy();
    const title = within(panel).getByText(/^Today's stakes by hour \(/).textContent ?? "";
    expect(/\(([^)]+)\)$/.exec(title)?.[1]).toMatch(CET);
    const series = calls.find((c) => c.path === "/api/reports/series");
    expect(series?.search.get("day")).toBe("2026-11-27");
    // "Today's bets": the Berlin date for both ends of the filter.
    const today = calls.find((c) => c.path === "/api/bets" && c.search.get("from"));
    expect(today?.search.get("from")).toBe("2026-11-27");
    expect(today?.search.get("to")).toBe("2026-11-27");
  });

  test("a dashboard left open past midnight moves to the new day, both panels alike", async () => {
    // 23:59:59 on 24 October in Berlin (summer time), the night before the 25-hour day.
    setSystemTime(new Date("2026-10-24T21:59:59.000Z"));
    const { calls } = renderApp("/", "admin", DASHBOARD);
    await screen.findByRole("region", { name: /^Today's stakes by hour \(/ });
    const days = () => ({
      series: calls
        .filter((c) => c.path === "/api/reports/series")
        .at(-1)
        ?.search.get("day"),
      bets: calls
        .filter((c) => c.path === "/api/bets" && c.search.get("from"))
        .at(-1)
        ?.search.get("from"),
    });
    await waitFor(() => expect(days()).toEqual({ series: "2026-10-24", bets: "2026-10-24" }));
    // Midnight passes with the page open: the timer set for it reads the new day.
    setSystemTime(new Date("2026-10-24T22:00:01.000Z"));
    await waitFor(() => expect(days()).toEqual({ series: "2026-10-25", bets: "2026-10-25" }), {
      timeout: 30_000,
    });
  });

  test("a tab shown again after midnight reads the new day at once", async () => {
    setSystemTime(new Date("2026-11-26T20:00:00.000Z"));
    const { calls } = renderApp("/", "admin", DASHBOARD);
    await screen.findByRole("region", { name: /^Today's stakes by hour \(/ });
    const seriesDay = () =>
      calls
        .filter((c) => c.path === "/api/reports/series")
        .at(-1)
        ?.search.get("day");
    await waitFor(() => expect(seriesDay()).toBe("2026-11-26"));
    setSystemTime(new Date(BERLIN_0019));
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(seriesDay()).toBe("2026-11-27"));
  });

  test("a bet announced on the live stream redraws today's stakes by hour", async () => {
    installFakeEventSource();
    setSystemTime(new Date(BERLIN_0019));
    const { calls } = renderApp("/", "admin", DASHBOARD);
    await screen.findByRole("region", { name: /^Today's stakes by hour \(/ });
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    act(() => stream.emit("ready", ""));
    const reads = () => calls.filter((c) => c.path === "/api/reports/series").length;
    await waitFor(() => expect(reads()).toBe(1));
    act(() => stream.change("BET", "31"));
    await waitFor(() => expect(reads()).toBe(2));
  });
});
