/**
 * The report roll-ups against the bets they summarise. Random workloads go through the API
 * (placements with and without an outcome, settlements, voids, deposits and their
 * reversals, delete-all) plus the direct bet edits only a repair would make (moving a bet
 * in time, to another customer or shop, restaking it, deleting it); after each, the
 * roll-ups the triggers kept must equal a full recomputation from the bets, and every
 * report read from them must equal the report computed the old way, from the bets. In UTC
 * and in Europe/Dublin (decision 062: the buckets are the business zone's local days, across
 * both daylight-saving changes), and after the zone changes (the roll-ups are rebuilt).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/helpers/test-app";
import { writeTx } from "../../db/client";
import { formatCents } from "../../domain/money";
import { createSession } from "../../lib/auth/session";
import { deleteAllData } from "../admin/data.service";
import { parsePeriod, periodContaining, TOTALS } from "./periods";
import { buildReport, reportPeriods } from "./reports.service";
import { ensureRollupZone, ROLLUP_TABLES, rebuildRollups, rollupZone } from "./rollups";
import { buildSeries, parseSeriesPeriod } from "./series";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Bets land within two years around New Year 2026/27 (ISO weeks across years, leap days). */
const START = Date.UTC(2025, 11, 1);
const SPAN_DAYS = 500;

const op = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant("place" as const),
      customer: fc.nat(3),
      shop: fc.nat(2),
      stake: fc.integer({ min: 1, max: 50_000 }).map(formatCents),
      odds: fc.integer({ min: 101, max: 1_000 }).map(formatCents),
      outcome: fc.constantFrom("PENDING", "PENDING", "WON", "LOST", "VOID"),
      // When it was placed: a day, and a time that is sometimes the first or last instant.
      day: fc.nat(SPAN_DAYS),
      // 23:00 UTC is local midnight in Dublin in summer (a bet just before it, or at it).
      ms: fc.oneof(
        fc.constant(0),
        fc.constant(DAY - 1),
        fc.constant(23 * HOUR - 1),
        fc.constant(23 * HOUR),
        fc.nat(DAY - 1),
      ),
    }),
  },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant("resolve" as const),
      bet: fc.nat(50),
      status: fc.constantFrom("WON", "LOST", "VOID"),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("depositAndReverse" as const), customer: fc.nat(3) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      bet: fc.nat(50),
      // Each a change or not (null), so each column's own path through the triggers is taken.
      customer: fc.option(fc.nat(3)),
      shop: fc.option(fc.nat(2)),
      days: fc.integer({ min: -40, max: 40 }),
      stakeCents: fc.option(fc.integer({ min: 1, max: 50_000 })),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("remove" as const), bet: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteAll" as const) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

let t: TestApp;
/** The business time zone of `t` (BUSINESS_TIMEZONE). */
let zone = "UTC";
let backupDir: string;
beforeAll(async () => {
  t = await createTestApp();
  backupDir = mkdtempSync(join(tmpdir(), "rollups-test-"));
});
afterAll(() => {
  t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

/** Every row of both roll-up tables, in key order. */
function rollupRows() {
  return ROLLUP_TABLES.map((table) =>
    t.handle.sqlite.query(`select * from ${table} order by 1, 2, 3`).all(),
  );
}

/** The roll-ups rebuilt from scratch, read, and the rebuild rolled back. */
function recomputedRows() {
  const sqlite = t.handle.sqlite;
  sqlite.run("begin immediate");
  try {
    rebuildRollups(sqlite);
    return rollupRows();
  } finally {
    sqlite.run("rollback");
  }
}

/** Totals, every year, month and week with bets, and one period without any. */
function periodsToCheck() {
  const { years, months, weeks } = reportPeriods(t.handle.db, zone);
  return [
    TOTALS,
    ...years.map((year) => parsePeriod({ period: "year", year: String(year) }, zone)),
    ...months.map((m) => parsePeriod({ period: "month", month: m.value }, zone)),
    ...weeks.map((w) => parsePeriod({ period: "week", week: w.value }, zone)),
    periodContaining("week", Date.UTC(2030, 5, 1), zone),
  ];
}

/** The roll-ups equal a recomputation; every report and series adds up to the bets'. */
function checkAgainstBets() {
  expect(rollupRows()).toEqual(recomputedRows());
  for (const period of periodsToCheck()) {
    const fromBets = buildReport(t.handle.db, period, "bets");
    expect(buildReport(t.handle.db, period, "rollups")).toEqual(fromBets);
    if (period.type === "totals") continue;
    const query = { period: period.type, [period.type]: period.value ?? "" };
    const series = buildSeries(t.handle.sqlite, parseSeriesPeriod(query, zone), zone);
    expect(series.totals.bets).toBe(fromBets.betting.totalBets);
    expect(series.totals.stakes).toBe(
      formatCents(Math.round(fromBets.financial.totalStakes * 100)),
    );
  }
}

async function workloadProperty(numRuns: number) {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
      let { customers, shops } = await parties();
      for (const o of ops) {
        await apply(o, customers, shops);
        if (o.kind === "deleteAll") ({ customers, shops } = await parties());
      }
      checkAgainstBets();
    }),
    { numRuns },
  );
}

const betIds = () =>
  (t.handle.sqlite.query("select id from bets order by id").all() as { id: number }[]).map(
    (r) => r.id,
  );

async function apply(o: Op, customers: number[], shops: number[]) {
  const sqlite = t.handle.sqlite;
  const ids = betIds();
  const pick = (i: number) => ids[i % Math.max(1, ids.length)];
  switch (o.kind) {
    case "place": {
      const bet = await t.json<{ id: number }>("POST", "/api/bets", {
        expect: 201,
        body: {
          customerId: customers[o.customer],
          shopId: shops[o.shop],
          description: "Workload",
          stakeAmount: o.stake,
          odds: o.odds,
          outcome: o.outcome,
          voidReason: o.outcome === "VOID" ? "Abandoned" : undefined,
        },
      });
      // As the reports tests do: the bet was placed at another time.
      sqlite.run("update bets set created_at = ? where id = ?", [
        START + o.day * DAY + o.ms,
        bet.id,
      ]);
      return;
    }
    case "resolve": {
      const id = pick(o.bet);
      if (id === undefined) return;
      const res = await t.request("PATCH", `/api/bets/${id}/resolve`, {
        body: { status: o.status, voidReason: o.status === "VOID" ? "Abandoned" : undefined },
      });
      // A bet settled already is a 409 and changes nothing.
      expect([200, 409]).toContain(res.status);
      return;
    }
    case "depositAndReverse": {
      const deposit = await t.json<{ id: number }>("POST", "/api/deposits", {
        expect: 201,
        body: { customerId: customers[o.customer], shopId: shops[0], amount: "25.00" },
      });
      await t.json("POST", "/api/admin/reverse-transaction", {
        body: { transactionId: deposit.id, reason: "Keyed in error" },
      });
      return;
    }
    case "move": {
      const id = pick(o.bet);
      if (id === undefined) return;
      sqlite.run(
        `update bets set customer_id = coalesce(?, customer_id), shop_id = coalesce(?, shop_id),
           stake_cents = coalesce(?, stake_cents), created_at = created_at + ? where id = ?`,
        [
          o.customer === null ? null : (customers[o.customer] ?? null),
          o.shop === null ? null : (shops[o.shop] ?? null),
          o.stakeCents,
          o.days * DAY,
          id,
        ],
      );
      return;
    }
    case "remove": {
      const id = pick(o.bet);
      if (id === undefined) return;
      sqlite.transaction(() => {
        sqlite.run("delete from transactions where bet_id = ?", [id]);
        sqlite.run("delete from bets where id = ?", [id]);
      })();
      return;
    }
    case "deleteAll": {
      // The service itself: the repairs above leave books no checked backup would accept
      // (the API's path, backup first, is the last test's).
      const lastAuditId = (
        sqlite.query("select coalesce(max(id), 0) as n from audit_log").get() as { n: number }
      ).n;
      const backup = { ok: true, path: "(none)", sizeBytes: null, detail: "", lastAuditId };
      const actor = { userId: t.ids.admin, username: "admin1", role: "admin" as const };
      writeTx(t.handle.db, (tx) =>
        deleteAllData(
          tx,
          { actor: { ...actor, ip: null, requestId: "test" }, now: 0 },
          null,
          backup,
        ),
      );
      // Every session went with the rows; the admin signs in again.
      t.cookies.admin = `session=${createSession(t.handle.db, t.ids.admin, Date.now())}`;
      return;
    }
  }
}

/** Customers who may overdraw (every stake is accepted) and shops, created after a wipe too. */
async function parties() {
  const customers: number[] = [];
  const shops: number[] = [];
  for (let i = 0; i < 4; i++) {
    const c = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: `C${i}`, lastName: "Rollup", creditLimit: "0", allowOverdraft: true },
    });
    customers.push(c.id);
  }
  for (let i = 0; i < 3; i++) {
    const s = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: `S${i}`, location: "Town" },
    });
    shops.push(s.id);
  }
  return { customers, shops };
}

describe("report roll-ups", () => {
  test("after any workload they equal a recomputation, and so do the reports", async () => {
    await workloadProperty(25);
  }, 120_000);

  test("the API's report is the one computed from the bets", async () => {
    const { customers, shops } = await parties();
    const outcomes = ["WON", "LOST", "VOID", "PENDING"] as const;
    for (let i = 0; i < 12; i++) {
      await apply(
        {
          kind: "place",
          customer: i % 4,
          shop: i % 3,
          stake: formatCents(100 * (i + 1)),
          odds: "2.50",
          outcome: outcomes[i % 4] ?? "PENDING",
          day: i * 37,
          ms: i * 1_000,
        },
        customers,
        shops,
      );
    }
    for (const query of ["", "?period=year&year=2026", "?period=month&month=2026-03"]) {
      const period = parsePeriod(Object.fromEntries(new URLSearchParams(query)));
      expect(await t.json("GET", `/api/reports${query}`)).toEqual(
        buildReport(t.handle.db, period, "bets"),
      );
    }
  });

  test("in Europe/Dublin they are its local days, across both daylight-saving changes", async () => {
    t.close();
    zone = "Europe/Dublin";
    t = await createTestApp(":memory:", { businessTimeZone: zone });
    expect(rollupZone(t.handle.sqlite)).toBe(zone);
    await workloadProperty(15);
  }, 120_000);

  test("a change of zone rebuilds them for the new one (as the server does at start)", async () => {
    // `t` holds the Dublin workload's bets: read in UTC, then in Dublin again.
    const { customers, shops } = await parties();
    const place = { kind: "place", stake: "10.00", odds: "2.00", outcome: "LOST" } as const;
    // 2026-03-28 23:30 UTC: the 28th in UTC, still the 28th in Dublin (GMT until 01:00).
    // 2026-10-24 23:30 UTC: the 24th in UTC, the 25th in Dublin (IST).
    await apply(
      { ...place, customer: 0, shop: 0, day: 117, ms: 23 * HOUR + 30 * 60_000 },
      customers,
      shops,
    );
    await apply(
      { ...place, customer: 1, shop: 1, day: 327, ms: 23 * HOUR + 30 * 60_000 },
      customers,
      shops,
    );
    for (const next of ["UTC", "Europe/Dublin", "America/New_York"]) {
      expect(ensureRollupZone(t.handle.sqlite, next)).toBe(zone);
      zone = next;
      expect(ensureRollupZone(t.handle.sqlite, next)).toBeNull();
      checkAgainstBets();
    }
    zone = "UTC";
  }, 60_000);

  test("delete-all leaves them empty, and new bets roll up again", async () => {
    // A fresh database whose books balance, so delete-all's checked backup succeeds.
    t.close();
    zone = "UTC";
    t = await createTestApp();
    t.deps.backups = { dir: backupDir, intervalHours: null, keep: 2 };
    const { customers, shops } = await parties();
    const place = { kind: "place", stake: "10.00", odds: "2.00", outcome: "LOST" } as const;
    await apply({ ...place, customer: 0, shop: 0, day: 3, ms: 0 }, customers, shops);
    await t.json("DELETE", "/api/admin/delete-all-data", { body: { password: TEST_PASSWORD } });
    expect(rollupRows()).toEqual([[], []]);
    const after = await parties();
    await apply({ ...place, customer: 1, shop: 1, day: 4, ms: 0 }, after.customers, after.shops);
    expect(rollupRows()).toEqual(recomputedRows());
    const totals = buildReport(t.handle.db, TOTALS);
    expect(totals.betting.totalBets).toBe(1);
    expect(totals.financial.totalRevenue).toBe(10);
  });
});
