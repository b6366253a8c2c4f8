import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

/*
 * The dataset. Customers and shops are registered on 2025-01-01 unless noted; all may
 * overdraw, so every stake is accepted.
 *
 *  #  customer  shop   stake  odds  outcome   created (UTC)                 period notes
 *  1  Ann       North  10.00  2.00  WON 20    2026-11-16T00:00:00.000Z      W47 first instant
 *  2  Ann       North  20.00  3.00  LOST      2026-11-22T23:59:59.999Z      W47 last instant
 *  3  Ben       South   5.00  1.50  VOID      2026-11-23T00:00:00.000Z      W48
 *  4  Ben       South  40.00  2.50  LOST      2026-11-30T23:59:59.999Z      Nov, W49
 *  5  Cy        North  15.00  4.00  PENDING   2026-12-01T00:00:00.000Z      Dec, W49
 *  6  Cy        South   8.00  1.25  WON 10    2026-12-31T12:00:00.000Z      2026, W53
 *  7  Ann       South  12.00  2.00  LOST      2027-01-01T00:00:00.000Z      2027, but 2026-W53
 *  8  Ben       North  30.00  1.10  WON 33    2025-12-29T10:00:00.000Z      2025, but 2026-W01
 *
 *  Dee (customer) and East (shop) register on 2026-12-15 and never bet.
 */
const BETS = [
  ["Ann", "North", "10", "2", "WON", "2026-11-16T00:00:00.000Z"],
  ["Ann", "North", "20", "3", "LOST", "2026-11-22T23:59:59.999Z"],
  ["Ben", "South", "5", "1.5", "VOID", "2026-11-23T00:00:00.000Z"],
  ["Ben", "South", "40", "2.5", "LOST", "2026-11-30T23:59:59.999Z"],
  ["Cy", "North", "15", "4", "PENDING", "2026-12-01T00:00:00.000Z"],
  ["Cy", "South", "8", "1.25", "WON", "2026-12-31T12:00:00.000Z"],
  ["Ann", "South", "12", "2", "LOST", "2027-01-01T00:00:00.000Z"],
  ["Ben", "North", "30", "1.1", "WON", "2025-12-29T10:00:00.000Z"],
] as const;

let t: TestApp;
type Name = "Ann" | "Ben" | "Cy" | "Dee" | "North" | "South" | "East";
const ids = {} as Record<Name, number>;

beforeAll(async () => {
  t = await createTestApp();
  const sqlite = t.handle.sqlite;
  for (const name of ["Ann", "Ben", "Cy", "Dee"] as const) {
    const c = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: name, lastName: "Test", creditLimit: "0", allowOverdraft: true },
    });
    ids[name] = c.id;
  }
  for (const name of ["North", "South", "East"] as const) {
    const s = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name, location: "Town" },
    });
    ids[name] = s.id;
  }
  sqlite.run("update customers set created_at = ?", [Date.parse("2025-01-01T00:00:00Z")]);
  sqlite.run("update shops set created_at = ?", [Date.parse("2025-01-01T00:00:00Z")]);
  const late = Date.parse("2026-12-15T00:00:00Z");
  sqlite.run("update customers set created_at = ? where id = ?", [late, ids.Dee]);
  sqlite.run("update shops set created_at = ? where id = ?", [late, ids.East]);
  for (const [customer, shop, stake, odds, outcome, at] of BETS) {
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      body: {
        customerId: ids[customer],
        shopId: ids[shop],
        description: `${customer} at ${shop}`,
        stakeAmount: stake,
        odds,
        outcome,
        voidReason: outcome === "VOID" ? "Abandoned" : undefined,
      },
    });
    sqlite.run("update bets set created_at = ? where id = ?", [Date.parse(at), bet.id]);
  }
});
afterAll(() => t.close());

type Report = {
  period: string;
  range: { value: string | null; label: string; from: string | null; to: string | null };
  financial: Record<string, number>;
  betting: Record<string, number>;
  customers: {
    totalCustomers: number;
    activeCustomers: number;
    topCustomers: { id: number; name: string; betCount: number; totalStaked: number }[];
  };
  shops: {
    totalShops: number;
    topPerformingShops: { id: number; name: string; betCount: number; totalRevenue: number }[];
  };
};
const report = (query = "") => t.json<Report>("GET", `/api/reports${query}`);

describe("GET /api/reports", () => {
  test("totals: every bet; VOID counts as a bet but never as money", async () => {
    const r = await report();
    expect(r.period).toBe("totals");
    // Stakes (non-void) 10+20+40+15+8+12+30 = 135; settled stakes 135-15 = 120;
    // payouts 20+10+33 = 63; profit 57; margin 57/120 = 47.5%.
    expect(r.financial).toEqual({
      totalRevenue: 120,
      totalStakes: 135,
      totalPayouts: 63,
      profit: 57,
      profitMargin: 47.5,
    });
    // 3 won of 6 settled = 50%; average stake 135/7 = 19.2857 -> 19.29.
    expect(r.betting).toEqual({
      totalBets: 8,
      wonBets: 3,
      placedBets: 0,
      lostBets: 3,
      pendingBets: 1,
      voidBets: 1,
      winRate: 50,
      averageStake: 19.29,
    });
    // Ben 40+30 = 70 (3 bets, one void), Ann 10+20+12 = 42, Cy 15+8 = 23.
    expect(r.customers).toEqual({
      totalCustomers: 4,
      activeCustomers: 3,
      topCustomers: [
        { id: ids.Ben, name: "Ben Test", betCount: 3, totalStaked: 70 },
        { id: ids.Ann, name: "Ann Test", betCount: 3, totalStaked: 42 },
        { id: ids.Cy, name: "Cy Test", betCount: 2, totalStaked: 23 },
      ],
    });
    // South: settled 40+8+12 = 60 - payout 10 = 50; North: settled 10+20+30 = 60 - 53 = 7.
    expect(r.shops).toEqual({
      totalShops: 3,
      topPerformingShops: [
        { id: ids.South, name: "South", betCount: 4, totalRevenue: 50 },
        { id: ids.North, name: "North", betCount: 4, totalRevenue: 7 },
      ],
    });
  });

  test("a calendar year ends at midnight UTC on 31 December", async () => {
    const r = await report("?period=year&year=2026");
    expect(r.range).toEqual({
      value: "2026",
      label: "2026",
      from: "2026-01-01T00:00:00.000Z",
      to: "2027-01-01T00:00:00.000Z",
    });
    // Bets 1-6. Stakes 10+20+40+15+8 = 93; settled 78; payouts 30; profit 48;
    // margin 48/78 = 61.538461...%; won 2 of 4 settled; average 93/5 = 18.60.
    expect(r.financial).toEqual({
      totalRevenue: 78,
      totalStakes: 93,
      totalPayouts: 30,
      profit: 48,
      profitMargin: 61.5385,
    });
    expect(r.betting).toMatchObject({ totalBets: 6, winRate: 50, averageStake: 18.6 });
    expect(r.customers.totalCustomers).toBe(4);
    expect(r.customers.topCustomers.map((c) => [c.name, c.totalStaked])).toEqual([
      ["Ben Test", 40],
      ["Ann Test", 30],
      ["Cy Test", 23],
    ]);
    expect(r.shops.topPerformingShops.map((s) => [s.name, s.totalRevenue])).toEqual([
      ["South", 38],
      ["North", 10],
    ]);
    const y2027 = await report("?period=year&year=2027");
    expect(y2027.betting.totalBets).toBe(1);
    expect(y2027.financial).toMatchObject({ totalRevenue: 12, profit: 12, profitMargin: 100 });
    const y2025 = await report("?period=year&year=2025");
    expect(y2025.betting).toMatchObject({ totalBets: 1, wonBets: 1, winRate: 100 });
    expect(y2025.financial).toMatchObject({ profit: -3, profitMargin: -10 });
    // Dee and East registered in December 2026: not yet there at the end of 2025.
    expect(y2025.customers.totalCustomers).toBe(3);
    expect(y2025.shops.totalShops).toBe(2);
  });

  test("a month runs from the 1st to the last millisecond of its last day", async () => {
    const nov = await report("?period=month&month=2026-11");
    expect(nov.range.label).toBe("November 2026");
    // Bets 1-4: stakes 70; payouts 20; profit 50; margin 71.428571%; 1 won of 3 settled.
    expect(nov.financial).toEqual({
      totalRevenue: 70,
      totalStakes: 70,
      totalPayouts: 20,
      profit: 50,
      profitMargin: 71.4286,
    });
    expect(nov.betting).toEqual({
      totalBets: 4,
      wonBets: 1,
      placedBets: 0,
      lostBets: 2,
      pendingBets: 0,
      voidBets: 1,
      winRate: 33.3333,
      averageStake: 23.33,
    });
    expect(nov.customers).toMatchObject({ totalCustomers: 3, activeCustomers: 2 });
    const dec = await report("?period=month&month=2026-12");
    // Bets 5 and 6: stakes 23; settled 8; payout 10; profit -2; margin -25%.
    expect(dec.financial).toEqual({
      totalRevenue: 8,
      totalStakes: 23,
      totalPayouts: 10,
      profit: -2,
      profitMargin: -25,
    });
    expect(dec.betting).toMatchObject({ totalBets: 2, pendingBets: 1, averageStake: 11.5 });
    expect(dec.customers.totalCustomers).toBe(4);
  });

  test("an ISO week runs Monday 00:00 to Sunday 23:59:59.999 UTC", async () => {
    const w47 = await report("?period=week&week=2026-W47");
    expect(w47.range).toMatchObject({ value: "2026-W47", label: "16 Nov 2026 – 22 Nov 2026" });
    expect(w47.betting).toMatchObject({ totalBets: 2, wonBets: 1, lostBets: 1, winRate: 50 });
    expect(w47.financial).toMatchObject({ totalStakes: 30, profit: 10, profitMargin: 33.3333 });
    const w48 = await report("?period=week&week=2026-W48");
    expect(w48.betting).toEqual({
      totalBets: 1,
      wonBets: 0,
      placedBets: 0,
      lostBets: 0,
      pendingBets: 0,
      voidBets: 1,
      winRate: 0,
      averageStake: 0,
    });
    expect(w48.financial).toEqual({
      totalRevenue: 0,
      totalStakes: 0,
      totalPayouts: 0,
      profit: 0,
      profitMargin: 0,
    });
    expect(w48.customers.topCustomers).toEqual([
      { id: ids.Ben, name: "Ben Test", betCount: 1, totalStaked: 0 },
    ]);
    const w49 = await report("?period=week&week=2026-W49");
    expect(w49.betting.totalBets).toBe(2);
  });

  test("a week spanning New Year belongs to its ISO year (2026-W53, 2026-W01)", async () => {
    const w53 = await report("?period=week&week=2026-W53");
    expect(w53.range).toEqual({
      value: "2026-W53",
      label: "28 Dec 2026 – 3 Jan 2027",
      from: "2026-12-28T00:00:00.000Z",
      to: "2027-01-04T00:00:00.000Z",
    });
    // Bets 6 (31 Dec 2026) and 7 (1 Jan 2027): stakes 20; payout 10; profit 10.
    expect(w53.financial).toEqual({
      totalRevenue: 20,
      totalStakes: 20,
      totalPayouts: 10,
      profit: 10,
      profitMargin: 50,
    });
    const w01 = await report("?period=week&week=2026-W01");
    expect(w01.range.label).toBe("29 Dec 2025 – 4 Jan 2026");
    expect(w01.betting.totalBets).toBe(1);
    expect((await report("?period=week&week=2027-W01")).betting.totalBets).toBe(0);
  });

  test("a period without bets reports zeros, not errors", async () => {
    const r = await report("?period=year&year=2030");
    expect(r.betting.totalBets).toBe(0);
    expect(r.financial.profitMargin).toBe(0);
    expect(r.customers).toMatchObject({ activeCustomers: 0, topCustomers: [] });
    expect(r.shops.topPerformingShops).toEqual([]);
  });

  test.each([
    ["?period=year", "year is required for period=year (e.g. year=2026)"],
    ["?period=year&year=26", "year must have a four-digit year from 1970 (e.g. 2026)"],
    ["?period=month&month=2026-13", "month must look like 2026-11 (YYYY-MM)"],
    ["?period=month&month=November", "month must look like 2026-11 (YYYY-MM)"],
    ["?period=week&week=2027-W53", "week must be from 1 to 52 in 2027"],
    ["?period=week&week=2026-47", "week must be an ISO week like 2026-W47 (YYYY-Www)"],
    ["?period=quarter", "period must be one of: totals, year, month, week"],
    ["?year=2026", "period is required with year, month or week (period=year, month or week)"],
    // A value the period does not read (decision 087): not all time, not November 2026.
    ["?period=totals&year=2026", "year is only for period=year (e.g. period=year&year=2026)"],
    [
      "?period=month&month=2026-11&year=2025",
      "year is only for period=year (e.g. period=year&year=2026)",
    ],
    [
      "?period=year&year=2026&week=2026-W47",
      "week is only for period=week (e.g. period=week&week=2026-W47)",
    ],
    [
      "?period=week&week=2026-W47&month=2026-11",
      "month is only for period=month (e.g. period=month&month=2026-11)",
    ],
  ])("%s is a 400 that says what was expected", async (query, message) => {
    const res = await t.request("GET", `/api/reports${query}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });
});

describe("GET /api/reports/periods", () => {
  test("lists only the years, months and ISO weeks that have bets, newest first", async () => {
    const periods = await t.json("GET", "/api/reports/periods");
    expect(periods).toEqual({
      years: [2027, 2026, 2025],
      months: [
        { value: "2027-01", label: "January 2027" },
        { value: "2026-12", label: "December 2026" },
        { value: "2026-11", label: "November 2026" },
        { value: "2025-12", label: "December 2025" },
      ],
      weeks: [
        { value: "2026-W53", label: "28 Dec 2026 – 3 Jan 2027" },
        { value: "2026-W49", label: "30 Nov 2026 – 6 Dec 2026" },
        { value: "2026-W48", label: "23 Nov 2026 – 29 Nov 2026" },
        { value: "2026-W47", label: "16 Nov 2026 – 22 Nov 2026" },
        { value: "2026-W01", label: "29 Dec 2025 – 4 Jan 2026" },
      ],
    });
  });
});

describe("GET /api/reports/periods on an empty database", () => {
  test("is three empty lists", async () => {
    const empty = await createTestApp();
    try {
      expect(await empty.json("GET", "/api/reports/periods")).toEqual({
        years: [],
        months: [],
        weeks: [],
      });
    } finally {
      empty.close();
    }
  });
});
