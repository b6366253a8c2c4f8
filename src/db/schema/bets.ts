import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers, shops } from "./customers";
import { users } from "./users";

export const bets = sqliteTable(
  "bets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    description: text("description").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
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
    status: text("status", { enum: ["PENDING", "WON", "LOST", "VOID"] })
      .notNull()
      .default("PENDING"),
    voidReason: text("void_reason"),
    placedBy: integer("placed_by").references(() => users.id, { onDelete: "set null" }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
    /** The slip's verification code (issue 12, decision 031): src/modules/bets/slips.service.ts. */
    slipCode: text("slip_code"),
  },
  (t) => [
    check("bets_stake_check", sql`${t.stakeCents} >= 1`),
    check("bets_odds_check", sql`${t.oddsHundredths} >= 101`),
    check("bets_status_check", sql`${t.status} in ('PENDING', 'WON', 'LOST', 'VOID')`),
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
  ],
);
