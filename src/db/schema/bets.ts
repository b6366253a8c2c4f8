import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { customers, shops } from "./customers";
import { shifts } from "./shifts";
import { users } from "./users";

export const bets = sqliteTable(
  "bets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    description: text("description").notNull(),
    /** Null for a cash bet (issue 21, decision 051): the slip is the bearer's claim. */
    customerId: integer("customer_id").references(() => customers.id),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    stakeCents: integer("stake_cents").notNull(),
    oddsHundredths: integer("odds_hundredths").notNull(),
    /**
     * The price exactly, as the fractional odds num/den and how it was entered (issue 21,
     * decision 048, drizzle/0019_exact_prices.sql); oddsHundredths is its decimal, rounded.
     * Null only on rows written around the app (tests): read as (odds - 1) over 100.
     */
    priceNum: integer("price_num"),
    priceDen: integer("price_den"),
    priceFormat: text("price_format", { enum: ["decimal", "fractional"] }),
    potentialPayoutCents: integer("potential_payout_cents").notNull(),
    actualPayoutCents: integer("actual_payout_cents"),
    allowOvercredit: integer("allow_overcredit", { mode: "boolean" }).notNull().default(false),
    outcome: text("outcome"),
    status: text("status", { enum: ["PENDING", "WON", "PLACED", "LOST", "VOID"] })
      .notNull()
      .default("PENDING"),
    voidReason: text("void_reason"),
    placedBy: integer("placed_by").references(() => users.id, { onDelete: "set null" }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
    /** The slip's verification code (issue 12, decision 031): src/modules/bets/slips.service.ts. */
    slipCode: text("slip_code"),
    /**
     * `account` (the stake is the customer's) or `cash` (no customer: the stake was cash into
     * the till of `shiftId`, and the return is paid on the slip from the till of `paidShiftId`
     * by `paidBy` at `paidAt`). Issue 21, decision 051, drizzle/0021_cash_bets_each_way.sql.
     */
    payment: text("payment", { enum: ["account", "cash"] })
      .notNull()
      .default("account"),
    shiftId: integer("shift_id").references(() => shifts.id),
    paidAt: integer("paid_at"),
    paidBy: integer("paid_by").references(() => users.id, { onDelete: "set null" }),
    paidShiftId: integer("paid_shift_id").references(() => shifts.id),
    /** Each-way (issue 21 item 6, decision 052): places paid and the place fraction, or null. */
    eachWayPlaces: integer("each_way_places"),
    eachWayFraction: text("each_way_fraction", { enum: ["1/4", "1/5"] }),
    /**
     * Dead heats and Rule 4 of a Won or Placed settlement (decision 084): each part's share of
     * its stake ("1/2"), and the cents in the euro deducted from the winnings; null for none.
     * Added by drizzle/0028_dead_heat_rule4.sql with column CHECKs (1..90, a paying status).
     */
    deadHeatWin: text("dead_heat_win"),
    deadHeatPlace: text("dead_heat_place"),
    rule4Deduction: integer("rule4_deduction"),
  },
  (t) => [
    check("bets_stake_check", sql`${t.stakeCents} >= 1`),
    check("bets_odds_check", sql`${t.oddsHundredths} >= 101`),
    check("bets_status_check", sql`${t.status} in ('PENDING', 'WON', 'PLACED', 'LOST', 'VOID')`),
    check(
      "bets_payment_check",
      sql`${t.payment} in ('account', 'cash') and (${t.payment} = 'cash') = (${t.customerId} is null)`,
    ),
    check(
      "bets_paid_check",
      sql`(${t.paidAt} is null) = (${t.paidShiftId} is null) and (${t.paidAt} is null or ${t.payment} = 'cash')`,
    ),
    check(
      "bets_each_way_check",
      sql`(${t.eachWayPlaces} is null) = (${t.eachWayFraction} is null) and (${t.eachWayPlaces} is null or ${t.eachWayPlaces} between 2 and 8) and (${t.eachWayFraction} is null or ${t.eachWayFraction} in ('1/4', '1/5'))`,
    ),
    // Decision 084 (drizzle/0028_dead_heat_rule4.sql adds these as column CHECKs of a looser
    // shape, so that a million rows need no rebuild, and 0029_dead_heat_shape.sql's triggers
    // refuse what the exact shape below refuses; declared here so that a rebuild keeps them).
    check(
      "bets_dead_heat_win_check",
      sql`${t.deadHeatWin} is null or (${t.status} = 'WON' and ${deadHeatShape(t.deadHeatWin)})`,
    ),
    check(
      "bets_dead_heat_place_check",
      sql`${t.deadHeatPlace} is null or (${t.status} in ('WON', 'PLACED') and ${t.eachWayPlaces} is not null and ${deadHeatShape(t.deadHeatPlace)})`,
    ),
    check(
      "bets_rule4_check",
      sql`${t.rule4Deduction} is null or (${t.status} in ('WON', 'PLACED') and ${t.rule4Deduction} between 1 and 90)`,
    ),
    index("bets_created_at_idx").on(t.createdAt),
    // Covers the report aggregates over a period: a range scan without touching the table.
    index("bets_report_covering_idx").on(
      t.createdAt,
      t.status,
      t.stakeCents,
      t.actualPayoutCents,
      t.customerId,
      t.shopId,
    ),
    index("bets_status_created_idx").on(t.status, t.createdAt),
    index("bets_customer_created_idx").on(t.customerId, t.createdAt),
    // Counts a search's customers' bets under a status filter without reading them (issue 11).
    index("bets_customer_status_idx").on(t.customerId, t.status),
    index("bets_shop_created_idx").on(t.shopId, t.createdAt),
    index("bets_stake_idx").on(t.stakeCents),
    // Sorting by every list column walks an index (issue 11; drizzle/0005_search.sql).
    index("bets_placed_by_idx").on(t.placedBy, t.createdAt),
    index("bets_resolved_by_idx").on(t.resolvedBy, t.createdAt),
    index("bets_description_idx").on(t.description),
    index("bets_odds_idx").on(t.oddsHundredths),
    index("bets_potential_payout_idx").on(t.potentialPayoutCents),
    index("bets_resolved_at_idx").on(t.resolvedAt),
    // Finds a bet by the code on its slip (drizzle/0009_slips.sql).
    uniqueIndex("bets_slip_code_idx").on(t.slipCode),
    // A shift's cash stakes and the slips paid from its till (drizzle/0021_cash_bets_each_way.sql).
    index("bets_shift_idx").on(t.shiftId).where(sql`${t.shiftId} is not null`),
    index("bets_paid_shift_idx").on(t.paidShiftId).where(sql`${t.paidShiftId} is not null`),
    // The PLACED bets' payouts for the reports' outcome mix (drizzle/0026_placed_payouts.sql).
    index("bets_placed_payout_idx")
      .on(t.createdAt, t.actualPayoutCents)
      .where(sql`${t.status} = 'PLACED'`),
  ],
);

/** A dead heat k/n as the API stores it: 1 <= k < n <= 20, no leading zero (decision 084). */
function deadHeatShape(column: AnySQLiteColumn) {
  const num = sql`cast(substr(${column}, 1, instr(${column}, '/') - 1) as integer)`;
  const den = sql`cast(substr(${column}, instr(${column}, '/') + 1) as integer)`;
  return sql`(${column} glob '[1-9]/[1-9]' or ${column} glob '[1-9]/[1-9][0-9]' or ${column} glob '[1-9][0-9]/[1-9][0-9]') and ${num} < ${den} and ${den} <= 20`;
}
