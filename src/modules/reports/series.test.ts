import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { centsOf } from "../../domain/money";

/*
 * Bets over several hours, days, months and years (UTC), placed through the API (some with
 * an outcome, some settled afterwards) and moved in time with SQL, as reports.test.ts does.
 */
const BETS = [
  // stake, odds, outcome at placement, settled afterwards as, created
  ["10", "2", "WON", null, "2026-11-16T00:00:00.000Z"],
  ["20", "3", "LOST", null, "2026-11-16T00:59:59.999Z"],
  ["7.25", "2", "PENDING", "WON", "2026-11-16T13:30:00.000Z"],
  ["5", "1.5", "VOID", null, "2026-11-16T23:59:59.999Z"],
  ["40", "2.5", "LOST", null, "2026-11-22T23:59:59.999Z"],
  ["3.10", "4", "PENDING", null, "2026-11-23T00:00:00.000Z"],
  ["15", "4", "PENDING", "LOST", "2026-11-30T12:00:00.000Z"],
  ["8", "1.25", "WON", null, "2026-12-01T00:00:00.000Z"],
  ["12", "2", "LOST", null, "2026-12-31T23:00:00.000Z"],
  ["30", "1.1", "WON", null, "2027-01-01T00:00:00.000Z"],
  ["1.01", "3", "PENDING", null, "2025-10-05T08:00:00.000Z"],
] as const;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await t.json<{ id: number }>("POST", "/api/customers", {
    body: { firstName: "Ann", lastName: "Test", creditLimit: "0", allowOverdraft: true },
  });
  const shops = [];
  for (const name of ["North", "South"]) {
    shops.push(
      (await t.json<{ id: number }>("POST", "/api/shops", { body: { name, location: "Town" } })).id,
    );
  }
  for (const [i, [stake, odds, outcome, later, at]] of BETS.entries()) {
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      body: {
        customerId: customer.id,
        shopId: shops[i % 2],
        description: `Bet ${i}`,
        stakeAmount: stake,
        odds,
        outcome,
        voidReason: outcome === "VOID" ? "Abandoned" : undefined,
      },
    });
    t.handle.sqlite.run("update bets set created_at = ? where id = ?", [Date.parse(at), bet.id]);
    if (later) {
      await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: later } });
    }
  }
});
afterAll(() => t.close());

type Money = string;
interface Series {
  period: string;
  granularity: "hour" | "day" | "month";
  range: { value: string | null; label: string; from: string | null; to: string | null };
  buckets: {
    start: string;
    label: string;
    bets: number;
    stakes: Money;
    revenue: Money;
    payouts: Money;
    profit: Money;
  }[];
  totals: { bets: number; stakes: Money; revenue: Money; payouts: Money; profit: Money };
  outcomes: {
    won: { bets: number; payouts: Money };
    placed: { bets: number; payouts: string };
    lost: { bets: number };
    pending: { bets: number; stakes: Money };
    void: { bets: number };
    settledStakes: Money;
  };
}
interface Report {
  range: unknown;
  financial: { totalRevenue: number; totalStakes: number; totalPayouts: number; profit: number };
  betting: {
    totalBets: number;
    wonBets: number;
    lostBets: number;
    pendingBets: number;
    voidBets: number;
  };
}

const series = (query: string) => t.json<Series>("GET", `/api/reports/series${query}`);
const report = (query: string) => t.json<Report>("GET", `/api/reports${query}`);
const sumCents = (s: Series, key: "stakes" | "revenue" | "payouts" | "profit") =>
  s.buckets.reduce((acc, b) => acc + centsOf(b[key]), 0);

/** The series adds up exactly to the report of the same period. */
async function expectSeriesMatchesReport(query: string) {
  const [s, r] = await Promise.all([series(query), report(query)]);
  expect(s.range).toEqual(r.range as Series["range"]);
  const euros = (cents: number) => cents / 100;
  expect(euros(sumCents(s, "stakes"))).toBe(r.financial.totalStakes);
  expect(euros(sumCents(s, "revenue"))).toBe(r.financial.totalRevenue);
  expect(euros(sumCents(s, "payouts"))).toBe(r.financial.totalPayouts);
  expect(euros(sumCents(s, "profit"))).toBe(r.financial.profit);
  expect(s.buckets.reduce((n, b) => n + b.bets, 0)).toBe(r.betting.totalBets);
  expect(centsOf(s.totals.stakes)).toBe(sumCents(s, "stakes"));
  expect(centsOf(s.totals.profit)).toBe(sumCents(s, "profit"));
  expect(s.totals.bets).toBe(r.betting.totalBets);
  expect({
    won: s.outcomes.won.bets,
    lost: s.outcomes.lost.bets,
    pending: s.outcomes.pending.bets,
    void: s.outcomes.void.bets,
  }).toEqual({
    won: r.betting.wonBets,
    lost: r.betting.lostBets,
    pending: r.betting.pendingBets,
    void: r.betting.voidBets,
  });
  expect(euros(centsOf(s.outcomes.won.payouts))).toBe(r.financial.totalPayouts);
  expect(euros(centsOf(s.outcomes.settledStakes))).toBe(r.financial.totalRevenue);
  expect(euros(centsOf(s.outcomes.pending.stakes))).toBe(
    Math.round((r.financial.totalStakes - r.financial.totalRevenue) * 100) / 100,
  );
  return s;
}

/** Bucket starts are consecutive: hours, days or first days of months. */
function expectContinuous(s: Series) {
  for (let i = 1; i < s.buckets.length; i++) {
    const prev = new Date(s.buckets[i - 1]?.start as string);
    const next = new Date(s.buckets[i]?.start as string);
    if (s.granularity === "month") {
      expect(next.getUTCDate()).toBe(1);
      expect((next.getUTCFullYear() - prev.getUTCFullYear()) * 12 + next.getUTCMonth()).toBe(
        prev.getUTCMonth() + 1,
      );
    } else {
      expect(next.getTime() - prev.getTime()).toBe(
        s.granularity === "hour" ? 3_600_000 : 86_400_000,
      );
    }
  }
}

describe("GET /api/reports/series", () => {
  test("totals: one bucket per month from the first bet's month to the last one's", async () => {
    const s = await expectSeriesMatchesReport("");
    expect(s.period).toBe("totals");
    expect(s.granularity).toBe("month");
    // October 2025 to January 2027, every month present, the empty ones as zeros.
    expect(s.buckets).toHaveLength(16);
    expect(s.buckets[0]).toMatchObject({ start: "2025-10-01T00:00:00.000Z", label: "Oct 2025" });
    expect(s.buckets[1]).toEqual({
      start: "2025-11-01T00:00:00.000Z",
      label: "Nov 2025",
      bets: 0,
      stakes: "0.00",
      revenue: "0.00",
      payouts: "0.00",
      profit: "0.00",
    });
    expect(s.buckets.at(-1)).toMatchObject({ start: "2027-01-01T00:00:00.000Z", bets: 1 });
    expectContinuous(s);
    // November 2026: stakes 10+20+7.25+40+3.10+15 (void 5 left out) = 95.35; settled
    // 10+20+7.25+40+15 = 92.25; payouts 20+14.50 = 34.50; profit 57.75.
    expect(s.buckets.find((b) => b.label === "Nov 2026")).toEqual({
      start: "2026-11-01T00:00:00.000Z",
      label: "Nov 2026",
      bets: 7,
      stakes: "95.35",
      revenue: "92.25",
      payouts: "34.50",
      profit: "57.75",
    });
  });

  test.each([
    ["a year, by month", "?period=year&year=2026", 12, "month"],
    ["another year", "?period=year&year=2027", 12, "month"],
    ["a month, by day", "?period=month&month=2026-11", 30, "day"],
    ["a 31-day month", "?period=month&month=2026-12", 31, "day"],
    ["an ISO week, by day", "?period=week&week=2026-W47", 7, "day"],
    ["a week across New Year", "?period=week&week=2026-W53", 7, "day"],
  ])("%s adds up to the report", async (_name, query, length, granularity) => {
    const s = await expectSeriesMatchesReport(query);
    expect(s.buckets).toHaveLength(length);
    expect(s.granularity).toBe(granularity as Series["granularity"]);
    expect(s.buckets[0]?.start).toBe(s.range.from as string);
    expectContinuous(s);
  });

  test("a week's days carry each bet on its UTC day", async () => {
    const s = await series("?period=week&week=2026-W47");
    expect(s.buckets.map((b) => [b.label, b.bets, b.stakes])).toEqual([
      ["16 Nov", 4, "37.25"],
      ["17 Nov", 0, "0.00"],
      ["18 Nov", 0, "0.00"],
      ["19 Nov", 0, "0.00"],
      ["20 Nov", 0, "0.00"],
      ["21 Nov", 0, "0.00"],
      ["22 Nov", 1, "40.00"],
    ]);
  });

  test("a day, by hour: 24 buckets that add up to that day's bets", async () => {
    const s = await series("?period=day&day=2026-11-16");
    expect(s.period).toBe("day");
    expect(s.granularity).toBe("hour");
    expect(s.range).toEqual({
      value: "2026-11-16",
      label: "Mon 16 Nov 2026",
      from: "2026-11-16T00:00:00.000Z",
      to: "2026-11-17T00:00:00.000Z",
    });
    expect(s.buckets).toHaveLength(24);
    expectContinuous(s);
    const busy = s.buckets.filter((b) => b.bets > 0);
    expect(busy).toEqual([
      {
        start: "2026-11-16T00:00:00.000Z",
        label: "00:00",
        bets: 2,
        stakes: "30.00",
        revenue: "30.00",
        payouts: "20.00",
        profit: "10.00",
      },
      {
        start: "2026-11-16T13:00:00.000Z",
        label: "13:00",
        bets: 1,
        stakes: "7.25",
        revenue: "7.25",
        payouts: "14.50",
        profit: "-7.25",
      },
      {
        start: "2026-11-16T23:00:00.000Z",
        label: "23:00",
        bets: 1,
        stakes: "0.00",
        revenue: "0.00",
        payouts: "0.00",
        profit: "0.00",
      },
    ]);
    expect(s.totals).toEqual({
      bets: 4,
      stakes: "37.25",
      revenue: "37.25",
      payouts: "34.50",
      profit: "2.75",
    });
    expect(s.outcomes).toEqual({
      won: { bets: 2, payouts: "34.50" },
      placed: { bets: 0, payouts: "0.00" },
      lost: { bets: 1 },
      pending: { bets: 0, stakes: "0.00" },
      void: { bets: 1 },
      settledStakes: "37.25",
    });
    // The same day's hours add up to that day's bucket in the week (read from the roll-ups).
    const week = await series("?period=week&week=2026-W47");
    const { start: _s, label: _l, ...monday } = week.buckets[0] as Series["buckets"][number];
    expect(monday).toEqual(s.totals);
  });

  test("an empty period: every bucket present and zero", async () => {
    const s = await expectSeriesMatchesReport("?period=month&month=2024-02");
    expect(s.buckets).toHaveLength(29);
    expect(s.buckets.every((b) => b.bets === 0 && b.stakes === "0.00")).toBe(true);
    const day = await series("?period=day&day=2024-02-29");
    expect(day.buckets).toHaveLength(24);
    expect(day.totals.bets).toBe(0);
  });

  test("bad periods are a 400 that says what was expected", async () => {
    const bad = async (query: string) =>
      (await t.json<{ message: string }>("GET", `/api/reports/series${query}`, { expect: 400 }))
        .message;
    expect(await bad("?period=day")).toContain("day is required");
    expect(await bad("?period=day&day=2026-02-30")).toContain("YYYY-MM-DD");
    expect(await bad("?period=month&month=2026-11&day=2026-11-02")).toContain(
      "only for period=day",
    );
    expect(await bad("?period=fortnight")).toContain("period must be one of");
    expect(await bad("?period=week&week=2027-W53")).toContain("week must be from 1 to 52");
    // As the report: a value its period does not read (decision 087).
    expect(await bad("?period=totals&month=2026-11")).toBe(
      "month is only for period=month (e.g. period=month&month=2026-11)",
    );
  });

  test("admins only, like the report", async () => {
    expect((await t.request("GET", "/api/reports/series", { as: "anonymous" })).status).toBe(401);
    expect((await t.request("GET", "/api/reports/series", { as: "customer" })).status).toBe(403);
    expect((await t.request("GET", "/api/reports/series", { as: "user" })).status).toBe(403);
    expect((await t.request("GET", "/api/reports/series", { as: "admin" })).status).toBe(200);
  });
});

describe("GET /api/reports/series on an empty database", () => {
  test("the totals have no buckets, the other periods zeros", async () => {
    const empty = await createTestApp();
    try {
      const totals = await empty.json<Series>("GET", "/api/reports/series");
      expect(totals.buckets).toEqual([]);
      expect(totals.totals).toEqual({
        bets: 0,
        stakes: "0.00",
        revenue: "0.00",
        payouts: "0.00",
        profit: "0.00",
      });
      const year = await empty.json<Series>("GET", "/api/reports/series?period=year&year=2026");
      expect(year.buckets).toHaveLength(12);
    } finally {
      empty.close();
    }
  });
});
