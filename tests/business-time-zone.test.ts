/**
 * BUSINESS_TIMEZONE=Europe/Dublin through the API (issue 23 item 1, decision 062), on both
 * daylight-saving days: 2026-03-29 (23 hours) and 2026-10-25 (25 hours). A bet at 00:30 and
 * one at 23:30 local fall on that day, and the bets of 23:30 the evening before and 00:30 the
 * morning after do not, in the list's date filter, the report, the series (hours of the day,
 * days of the month) and the daily deposit limit. Times in JSON stay UTC.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createSession } from "../src/lib/auth/session";
import { createTestApp, seedBasics, type TestApp } from "./helpers/test-app";

const DUBLIN = "Europe/Dublin";
const YEAR = 365 * 86_400_000;

interface DstDay {
  date: string;
  hours: number;
  /** UTC instants of 23:30 the evening before, 00:30 and 23:30 on the day, 00:30 after. */
  eveBefore: string;
  early: string;
  late: string;
  morningAfter: string;
  /** The ISO week holding the day (a Sunday: the day after is in the next week). */
  week: string;
  month: string;
}

const DAYS: DstDay[] = [
  {
    date: "2026-03-29",
    hours: 23,
    eveBefore: "2026-03-28T23:30:00.000Z", // GMT
    early: "2026-03-29T00:30:00.000Z", // GMT
    late: "2026-03-29T22:30:00.000Z", // IST
    morningAfter: "2026-03-29T23:30:00.000Z", // IST: the 30th
    week: "2026-W13",
    month: "2026-03",
  },
  {
    date: "2026-10-25",
    hours: 25,
    eveBefore: "2026-10-24T22:30:00.000Z", // IST
    early: "2026-10-24T23:30:00.000Z", // IST: the 25th
    late: "2026-10-25T23:30:00.000Z", // GMT
    morningAfter: "2026-10-26T00:30:00.000Z", // GMT
    week: "2026-W43",
    month: "2026-10",
  },
];

let t: TestApp;
let ids: { shopId: number; customerId: number };
let now = Date.parse("2026-01-01T12:00:00Z");
/** Bet ids by their UTC time. */
const betAt = new Map<string, number>();

/** The app's clock moves to `at`; the user's session was made to outlive the test's year. */
function setClock(at: string) {
  now = Date.parse(at);
}

beforeAll(async () => {
  t = await createTestApp(":memory:", { businessTimeZone: DUBLIN });
  t.deps.clock = () => now;
  t.deps.sessionPolicy = { idleMs: 2 * YEAR, absoluteMs: 2 * YEAR };
  for (const role of ["admin", "user"] as const) {
    t.cookies[role] = `session=${createSession(t.handle.db, t.ids[role], now)}`;
  }
  ids = await seedBasics(t, { creditLimit: "1000.00" });
  for (const day of DAYS) {
    for (const at of [day.eveBefore, day.early, day.late, day.morningAfter]) {
      setClock(at);
      const bet = await t.json<{ id: number; createdAt: string }>("POST", "/api/bets", {
        as: "user",
        body: { ...ids, description: `Bet at ${at}`, stakeAmount: "10.00", odds: "2.00" },
      });
      // Times in JSON stay UTC instants.
      expect(bet.createdAt).toBe(at);
      betAt.set(at, bet.id);
    }
  }
});
afterAll(() => t.close());

describe.each(DAYS)("Europe/Dublin on $date ($hours hours)", (day) => {
  test("the list's from = to = that date finds the 00:30 and 23:30 bets, not the neighbours", async () => {
    const res = await t.request("GET", `/api/bets?from=${day.date}&to=${day.date}&sort=id`);
    expect(res.status).toBe(200);
    const bets = (await res.json()) as { id: number }[];
    expect(bets.map((b) => b.id).sort()).toEqual(
      [betAt.get(day.early), betAt.get(day.late)].sort() as number[],
    );
    // An ISO instant is still taken as the instant it is.
    const exact = await t.json<{ id: number }[]>(
      "GET",
      `/api/bets?from=${encodeURIComponent(day.late)}`,
    );
    expect(exact.map((b) => b.id)).toContain(betAt.get(day.late) as number);
    expect(exact.map((b) => b.id)).not.toContain(betAt.get(day.early) as number);
  });

  test("the series of the day has its hours, with both bets in theirs", async () => {
    const series = await t.json<{
      timeZone: string;
      range: { from: string; to: string };
      buckets: { start: string; label: string; bets: number }[];
      totals: { bets: number };
    }>("GET", `/api/reports/series?period=day&day=${day.date}`);
    expect(series.timeZone).toBe(DUBLIN);
    expect(series.buckets).toHaveLength(day.hours);
    expect(series.totals.bets).toBe(2);
    const withBets = series.buckets.filter((b) => b.bets > 0);
    expect(withBets.map((b) => b.label)).toEqual(["00:00", "23:00"]);
    expect(series.buckets[0]?.start).toBe(series.range.from);
    // No two hours share a label: on the 25-hour day 01:00 comes twice, each with its offset.
    const labels = series.buckets.map((b) => b.label);
    expect(new Set(labels).size).toBe(labels.length);
    if (day.hours === 25) {
      expect(labels.slice(0, 4)).toEqual(["00:00", "01:00 UTC+01:00", "01:00 UTC+00:00", "02:00"]);
    }
  });

  test("the series of the month puts each bet on its local day", async () => {
    const series = await t.json<{ buckets: { start: string; label: string; bets: number }[] }>(
      "GET",
      `/api/reports/series?period=month&month=${day.month}`,
    );
    const byLabel = Object.fromEntries(series.buckets.map((b) => [b.label, b.bets]));
    const [y, m, d] = day.date.split("-").map(Number) as [number, number, number];
    const label = (dd: number) =>
      `${dd} ${new Date(Date.UTC(y, m - 1, 1)).toUTCString().slice(8, 11)}`;
    expect(byLabel[label(d - 1)]).toBe(1);
    expect(byLabel[label(d)]).toBe(2);
    expect(byLabel[label(d + 1)]).toBe(1);
    // A bucket starts at its local midnight, given as a UTC instant.
    const bucket = series.buckets.find((b) => b.label === label(d));
    expect(bucket?.start).toBe(
      day.date === "2026-03-29" ? "2026-03-29T00:00:00.000Z" : "2026-10-24T23:00:00.000Z",
    );
  });

  test("the week's report counts the day's two bets and the evening before, not the morning after", async () => {
    const report = await t.json<{ betting: { totalBets: number }; range: { from: string } }>(
      "GET",
      `/api/reports?period=week&week=${day.week}`,
    );
    expect(report.betting.totalBets).toBe(3);
    const periods = await t.json<{ weeks: { value: string }[] }>("GET", "/api/reports/periods");
    expect(periods.weeks.map((w) => w.value)).toContain(day.week);
  });
});

describe("the daily deposit limit in Europe/Dublin", () => {
  beforeAll(async () => {
    setClock("2026-01-02T12:00:00Z");
    await t.json("PATCH", `/api/customers/${ids.customerId}`, {
      as: "user",
      body: { dailyDepositLimit: "100.00" },
    });
  });

  const deposit = async (at: string, amount: string) => {
    setClock(at);
    return t.request("POST", "/api/deposits", { as: "user", body: { ...ids, amount } });
  };

  test.each(DAYS)("on $date the day runs from local midnight to local midnight", async (day) => {
    expect((await deposit(day.eveBefore, "100.00")).status).toBe(201);
    // 00:30 local: a new business day (in October still the 24th in UTC).
    expect((await deposit(day.early, "100.00")).status).toBe(201);
    const refused = await deposit(day.late, "0.01");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      code: "UNPROCESSABLE",
      message: "Deposit above the daily deposit limit of €100.00: €0.00 left today (Europe/Dublin)",
      // Decision 070: what the web writes the refusal from in the reader's language.
      reason: "DAILY_DEPOSIT_LIMIT",
      params: { limitCents: 10_000, leftCents: 0, zone: "Europe/Dublin" },
    });
    // 00:30 the next morning (in March still the 29th in UTC): the whole limit again.
    expect((await deposit(day.morningAfter, "100.00")).status).toBe(201);
    // The transactions list's date filter: that day's deposit only.
    const listed = await t.json<{ type: string; createdAt: string }[]>(
      "GET",
      `/api/transactions?from=${day.date}&to=${day.date}&customerId=${ids.customerId}`,
    );
    expect(listed.filter((r) => r.type === "DEPOSIT").map((r) => r.createdAt)).toEqual([day.early]);
  });
});

describe("a self-exclusion in Europe/Dublin", () => {
  test("a date ends it at local midnight; messages tell the local time and the zone", async () => {
    setClock("2026-07-01T12:00:00Z");
    const customer = await t.json<{ id: number; selfExcludedUntil: string }>(
      "POST",
      "/api/customers",
      {
        as: "user",
        body: {
          firstName: "Aoife",
          lastName: "Byrne",
          creditLimit: "0.00",
          selfExcludedUntil: "2026-07-10",
        },
      },
    );
    // Midnight in Dublin in summer (IST, UTC+1) is 23:00 UTC the day before.
    expect(customer.selfExcludedUntil).toBe("2026-07-09T23:00:00.000Z");
    const bet = (at: string) => {
      setClock(at);
      return t.request("POST", "/api/bets", {
        as: "user",
        body: {
          customerId: customer.id,
          shopId: ids.shopId,
          description: "Excluded?",
          stakeAmount: "1.00",
          odds: "2.00",
        },
      });
    };
    const refused = await bet("2026-07-09T22:59:59Z");
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe("Customer is self-excluded until 2026-07-10");
    // Lengthened to an instant that is not a local midnight (protects more: at once).
    setClock("2026-07-02T12:00:00Z");
    await t.json("PATCH", `/api/customers/${customer.id}`, {
      as: "user",
      body: { selfExcludedUntil: "2026-07-12T13:30:00Z" },
    });
    const later = await bet("2026-07-11T09:00:00Z");
    // Summer time in Dublin: Irish Standard Time, which ICU names "GMT+1" in English.
    expect((await later.json()).message).toMatch(
      /^Customer is self-excluded until 2026-07-12 14:30 (IST|GMT\+1)$/,
    );
  });

  test("a date that is not a real date is refused", async () => {
    const res = await t.request("PATCH", `/api/customers/${ids.customerId}`, {
      as: "user",
      body: { selfExcludedUntil: "2026-02-30" },
    });
    expect(res.status).toBe(400);
  });
});

describe("a list's date filter reads only dates and instants (decision 087)", () => {
  // Date.parse would read each of these as some other day, or as a time the host's zone
  // decides: 2026-02-29 as 1 March, "12" as 1 December 2001, "2026-11" as 1 November.
  const refused = [
    "2026-02-29",
    "2026-11-31",
    "2026-02-31T10:00:00Z",
    "12",
    "0",
    "2026",
    "2026-11",
    "Nov 27 2026",
    "2026-03-29T00:30",
    "2026-03-29T00:30:00",
  ];
  for (const value of refused) {
    test(`${JSON.stringify(value)} is a 400 naming the filter, in lists and their CSV`, async () => {
      for (const path of ["/api/bets", "/api/transactions", "/api/admin/audit"]) {
        for (const name of ["from", "to"]) {
          const csv = path === "/api/admin/audit" ? "" : "&format=csv";
          for (const suffix of ["", csv]) {
            const url = `${path}?${name}=${encodeURIComponent(value)}${suffix}`;
            const res = await t.request("GET", url);
            expect(`${url}: ${res.status}`).toBe(`${url}: 400`);
            expect(((await res.json()) as { message: string }).message).toContain(
              `${name} must be a date`,
            );
          }
        }
      }
    });
  }

  test("a real date, and an instant with its offset, minutes or beyond, are read", async () => {
    const at = DAYS[0]?.late as string; // 23:30 IST on 29 March, 22:30 UTC
    for (const from of [
      "2026-03-29T23:30+01:00",
      "2026-03-29T22:30Z",
      "2026-03-29T22:30:00.000Z",
    ]) {
      const ids = await t.json<{ id: number }[]>(
        "GET",
        `/api/bets?from=${encodeURIComponent(from)}`,
      );
      expect(ids.map((b) => b.id)).toContain(betAt.get(at) as number);
    }
    const leap = await t.request("GET", "/api/bets?from=2028-02-29");
    expect(leap.status).toBe(200);
    // A year being typed into a date field, digit by digit, is still a date.
    expect((await t.request("GET", "/api/bets?from=0002-03-01")).status).toBe(200);
  });
});

describe("GET /api/settings", () => {
  test("says the business time zone", async () => {
    const settings = await t.json<{ businessTimeZone: string }>("GET", "/api/settings");
    expect(settings.businessTimeZone).toBe(DUBLIN);
  });
});
