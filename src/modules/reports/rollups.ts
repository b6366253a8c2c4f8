/**
 * The report roll-ups (drizzle/0004_rollups.sql, docs/reports.md): reading a period's
 * figures from them, and their maintenance. The triggers on `bets` keep them in step row by
 * row; a bulk load (the benchmark's seed) or a wipe (delete-all) suspends those triggers and
 * rebuilds the roll-ups once at the end, with the very statements the migration ran to
 * backfill them. Buckets are the business time zone's local dates (decision 062).
 */
import type { Database } from "bun:sqlite";
import { readSnapshot } from "../../db/client";
import {
  migrationFills,
  type SqlTarget,
  sqlExecutor,
  suspendTriggers,
} from "../../db/derived-tables";
import { zoneOffsets } from "../../domain/business-time";
import { type BetTotals, noBets, type PeriodFigures } from "./bet-aggregate";
import type { Period } from "./periods";

/** The customer grain that holds exactly one period of each type (its bucket: period.from). */
const CUSTOMER_GRAIN = { totals: "all", year: "year", month: "month", week: "week" } as const;

/** The roll-ups' summed figures under one key (a shop, or a series' bucket). */
export type RollupTotalsRow = [
  key: number,
  bets: number,
  won: number,
  lost: number,
  pending: number,
  voids: number,
  staked: number,
  revenue: number,
  payouts: number,
  /** PLACED bets (decision 052): settled like WON, counted apart; last so the rest keep place. */
  placed: number,
];

/** Adds one roll-up row's counts and sums to `totals` (the report's and the series'). */
export function addRollupTotals(totals: BetTotals, row: RollupTotalsRow): void {
  const [, bets, won, lost, pending, voids, staked, revenue, payouts, placed] = row;
  totals.totalBets += bets;
  totals.wonBets += won;
  totals.placedBets += placed;
  totals.lostBets += lost;
  totals.pendingBets += pending;
  totals.voidBets += voids;
  totals.stakes += staked;
  totals.revenue += revenue;
  totals.payouts += payouts;
}

/**
 * A period's figures from the roll-ups, in one read snapshot: the shops' months (a year is
 * twelve, the totals every month) or days (a week is seven), summed per shop; the active
 * customers are the customer grain's rows for the period (one index range), the top five
 * its first five entries in the ranking index. The cost follows the number of shops and
 * buckets (and, for the active count, of customers), not of bets.
 */
export function figuresFromRollups(sqlite: Database, period: Period, top: number): PeriodFigures {
  const shopGrain = period.type === "week" ? "day" : "month";
  const customerGrain = CUSTOMER_GRAIN[period.type];
  // Buckets are local keys (drizzle/0024_business_zone.sql): the period's, not its instants.
  const bucket = period.keyFrom ?? 0;
  return readSnapshot(sqlite, () => {
    const shopRows = sqlite
      .query<RollupTotalsRow, [string, number, number]>(
        `select shop_id, sum(bet_count), sum(won_count), sum(lost_count), sum(pending_count),
                sum(void_count), sum(staked_cents), sum(revenue_cents), sum(payout_cents),
                sum(placed_count)
           from report_shop_rollups
          where grain = ? and bucket >= ? and bucket < ?
          group by shop_id`,
      )
      .values(
        shopGrain,
        period.keyFrom ?? Number.MIN_SAFE_INTEGER,
        period.keyTo ?? Number.MAX_SAFE_INTEGER,
      ) as RollupTotalsRow[];
    const figures: PeriodFigures = {
      ...noBets(),
      activeCustomers: 0,
      topCustomers: [],
      topShops: [],
    };
    const shops: PeriodFigures["topShops"] = [];
    for (const row of shopRows) {
      addRollupTotals(figures, row);
      const [id, bets, , , , , , revenue, payouts] = row;
      shops.push({ id, betCount: bets, revenue: revenue - payouts });
    }
    figures.topShops = shops
      .sort((a, b) => b.revenue - a.revenue || b.betCount - a.betCount || a.id - b.id)
      .slice(0, top);
    figures.activeCustomers =
      sqlite
        .query<{ n: number }, [string, number]>(
          "select count(*) as n from report_customer_rollups where grain = ? and bucket = ?",
        )
        .get(customerGrain, bucket)?.n ?? 0;
    figures.topCustomers = sqlite
      .query<{ id: number; betCount: number; staked: number }, [string, number, number]>(
        `select customer_id as id, bet_count as betCount, staked_cents as staked
           from report_customer_rollups indexed by report_customer_rollups_top_idx
          where grain = ? and bucket = ?
          order by staked_cents desc, bet_count desc, customer_id
          limit ?`,
      )
      .all(customerGrain, bucket, top);
    return figures;
  });
}

export const ROLLUP_TABLES = ["report_shop_rollups", "report_customer_rollups"] as const;

/** The migration's backfill statements: its INSERTs into the roll-up tables, in order. */
export function backfillStatements(): string[] {
  return migrationFills("0024_business_zone.sql", /^INSERT INTO report_\w+_rollups\b/i);
}

/** Recomputes both roll-up tables from `bets`. Run it inside the caller's transaction. */
export function rebuildRollups(target: SqlTarget): void {
  const db = sqlExecutor(target);
  for (const table of ROLLUP_TABLES) db.run(`delete from ${table}`);
  for (const statement of backfillStatements()) db.run(statement);
}

/**
 * Drops the roll-up triggers on `bets` and returns the function that puts them back after
 * rebuilding the roll-ups from the bets then present.
 */
export function suspendRollups(target: SqlTarget): () => void {
  return suspendTriggers(target, "tbl_name = 'bets' and name like 'bets_rollup_%'", rebuildRollups);
}

/** The time zone the roll-ups' buckets are local dates of (drizzle/0024_business_zone.sql). */
export function rollupZone(sqlite: Database): string {
  return (
    sqlite
      .query<{ zone: string }, []>("select time_zone as zone from business_zone where id = 1")
      .get()?.zone ?? "UTC"
  );
}

/**
 * Makes the roll-ups the local days of `zone` (BUSINESS_TIMEZONE, decision 062): when they
 * were built for another zone, its offsets are written to business_zone_offsets (what the
 * triggers add to a bet's time) and the roll-ups rebuilt from the bets, in one write
 * transaction. Run at start, before serving. Returns the zone they were built for before, or
 * null when nothing changed.
 */
export function ensureRollupZone(sqlite: Database, zone: string): string | null {
  const before = rollupZone(sqlite);
  if (before === zone) return null;
  const offsets = zoneOffsets(zone);
  sqlite.run("begin immediate");
  try {
    sqlite.run("delete from business_zone_offsets");
    const insert = sqlite.prepare(
      "insert into business_zone_offsets (from_ms, offset_ms) values (?, ?)",
    );
    for (const o of offsets) insert.run(o.fromMs, o.offsetMs);
    insert.finalize();
    rebuildRollups(sqlite);
    sqlite.run("update business_zone set time_zone = ? where id = 1", [zone]);
    sqlite.run("commit");
  } catch (err) {
    sqlite.run("rollback");
    throw err;
  }
  return before;
}
