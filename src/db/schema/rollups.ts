/**
 * Report roll-ups (drizzle/0004_rollups.sql, docs/reports.md): derived from `bets` and kept
 * in step by triggers in the same write transaction, never written by the application.
 * Both tables are WITHOUT ROWID in SQL. `bucket` is the period's first local date in the
 * business time zone as Date.UTC of that date (0 for the `all` grain; in UTC, the period's
 * start; decision 062); a row exists only while its bucket has bets.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Each shop's figures per business day (`day`) and calendar month (`month`). */
export const reportShopRollups = sqliteTable(
  "report_shop_rollups",
  {
    grain: text("grain", { enum: ["day", "month"] }).notNull(),
    bucket: integer("bucket").notNull(),
    shopId: integer("shop_id").notNull(),
    betCount: integer("bet_count").notNull(),
    wonCount: integer("won_count").notNull(),
    lostCount: integer("lost_count").notNull(),
    pendingCount: integer("pending_count").notNull(),
    voidCount: integer("void_count").notNull(),
    /** Each-way bets whose place part won (drizzle/0021_cash_bets_each_way.sql). */
    placedCount: integer("placed_count").notNull().default(0),
    /** Stakes of non-void bets. */
    stakedCents: integer("staked_cents").notNull(),
    /** Stakes of settled (WON, PLACED, LOST) bets. */
    revenueCents: integer("revenue_cents").notNull(),
    /** Actual payouts of WON bets. */
    payoutCents: integer("payout_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.bucket, t.shopId] })],
);

/** Each customer's bets and non-void stakes per ISO week, calendar month, year and all time. */
export const reportCustomerRollups = sqliteTable(
  "report_customer_rollups",
  {
    grain: text("grain", { enum: ["week", "month", "year", "all"] }).notNull(),
    bucket: integer("bucket").notNull(),
    customerId: integer("customer_id").notNull(),
    betCount: integer("bet_count").notNull(),
    stakedCents: integer("staked_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.bucket, t.customerId] }),
    // A period's top five customers: the first five entries of its range.
    index("report_customer_rollups_top_idx").on(
      t.grain,
      t.bucket,
      sql`${t.stakedCents} desc`,
      sql`${t.betCount} desc`,
      t.customerId,
    ),
  ],
);

/**
 * The time zone the roll-ups' buckets are local dates of (drizzle/0024_business_zone.sql,
 * decision 062): one row, written at start when BUSINESS_TIMEZONE differs (ensureRollupZone).
 */
export const businessZone = sqliteTable("business_zone", {
  id: integer("id").primaryKey(),
  timeZone: text("time_zone").notNull(),
});

/** That zone's UTC offset from `fromMs` on (WITHOUT ROWID in SQL); empty for UTC. */
export const businessZoneOffsets = sqliteTable("business_zone_offsets", {
  fromMs: integer("from_ms").primaryKey(),
  offsetMs: integer("offset_ms").notNull(),
});
