import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bets } from "./bets";
import { users } from "./users";

/**
 * A settled bet's history (issue 12, decisions/033): one row per re-settlement, holding the
 * outcome it replaced (status, payout, void reason, who settled it and when), the new one,
 * the admin's reason, who and when. The money side is in the ledger (correcting rows tied
 * to the bet). Written by hand in drizzle/0010_resettle.sql; PLACED (each-way, decision 052)
 * added by drizzle/0021_cash_bets_each_way.sql; dead heats and Rule 4 (decision 084) by
 * drizzle/0028_dead_heat_rule4.sql.
 */
export const betSettlements = sqliteTable(
  "bet_settlements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    betId: integer("bet_id")
      .notNull()
      .references(() => bets.id),
    fromStatus: text("from_status", { enum: ["WON", "PLACED", "LOST", "VOID"] }).notNull(),
    fromPayoutCents: integer("from_payout_cents"),
    fromVoidReason: text("from_void_reason"),
    fromResolvedBy: integer("from_resolved_by").references(() => users.id, {
      onDelete: "set null",
    }),
    fromResolvedAt: integer("from_resolved_at").notNull(),
    /** The replaced settlement's dead heats and Rule 4 (decision 084). */
    fromDeadHeatWin: text("from_dead_heat_win"),
    fromDeadHeatPlace: text("from_dead_heat_place"),
    fromRule4Deduction: integer("from_rule4_deduction"),
    toStatus: text("to_status", { enum: ["WON", "PLACED", "LOST", "VOID"] }).notNull(),
    toPayoutCents: integer("to_payout_cents"),
    toVoidReason: text("to_void_reason"),
    toDeadHeatWin: text("to_dead_heat_win"),
    toDeadHeatPlace: text("to_dead_heat_place"),
    toRule4Deduction: integer("to_rule4_deduction"),
    reason: text("reason").notNull(),
    settledBy: integer("settled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    check(
      "bet_settlements_from_status_check",
      sql`${t.fromStatus} in ('WON', 'PLACED', 'LOST', 'VOID')`,
    ),
    check(
      "bet_settlements_to_status_check",
      sql`${t.toStatus} in ('WON', 'PLACED', 'LOST', 'VOID')`,
    ),
    // A re-settlement changes the outcome, or (decision 084) the same outcome's terms.
    check(
      "bet_settlements_change_check",
      sql`${t.fromStatus} <> ${t.toStatus} or ${t.fromDeadHeatWin} is not ${t.toDeadHeatWin} or ${t.fromDeadHeatPlace} is not ${t.toDeadHeatPlace} or ${t.fromRule4Deduction} is not ${t.toRule4Deduction}`,
    ),
    index("bet_settlements_bet_idx").on(t.betId, t.createdAt),
    index("bet_settlements_settled_by_idx").on(t.settledBy),
    index("bet_settlements_from_resolved_by_idx").on(t.fromResolvedBy),
  ],
);
