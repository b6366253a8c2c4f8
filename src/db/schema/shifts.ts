import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { shops } from "./customers";
import { users } from "./users";

/**
 * A cashier's shift at one shop (issue 12): opened with a float, closed with the cash
 * counted. At most one OPEN shift per user (a partial unique index). Deposits and
 * withdrawals taken in it carry its id (`transactions.shift_id`); closing stores what the
 * till should hold (float + those deposits - those withdrawals), what was counted and the
 * difference. Written by hand in drizzle/0008_shifts.sql.
 */
export const shifts = sqliteTable(
  "shifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    status: text("status", { enum: ["OPEN", "CLOSED"] })
      .notNull()
      .default("OPEN"),
    openingFloatCents: integer("opening_float_cents").notNull(),
    openedAt: integer("opened_at").notNull(),
    closedAt: integer("closed_at"),
    closedBy: integer("closed_by").references(() => users.id, { onDelete: "set null" }),
    countedCents: integer("counted_cents"),
    expectedCents: integer("expected_cents"),
    discrepancyCents: integer("discrepancy_cents"),
  },
  (t) => [
    check("shifts_float_check", sql`${t.openingFloatCents} >= 0`),
    check("shifts_counted_check", sql`${t.countedCents} >= 0`),
    check("shifts_status_check", sql`${t.status} in ('OPEN', 'CLOSED')`),
    uniqueIndex("shifts_one_open_per_user_idx").on(t.userId).where(sql`${t.status} = 'OPEN'`),
    // The list's filters and sorts each walk an index.
    index("shifts_opened_at_idx").on(t.openedAt),
    index("shifts_user_opened_idx").on(t.userId, t.openedAt),
    index("shifts_shop_opened_idx").on(t.shopId, t.openedAt),
    index("shifts_status_opened_idx").on(t.status, t.openedAt),
    index("shifts_closed_at_idx").on(t.closedAt),
    index("shifts_discrepancy_idx").on(t.discrepancyCents),
  ],
);

/**
 * Cash moved in or out of a shift's till that is no customer's money (issue 21 item 3,
 * decision 049): a pick-up lifts cash to the safe, a top-up brings cash in from it. Both
 * ends are the shop's own cash, so these rows are not ledger rows and move no balance; they
 * only change what the till should hold at the close. Written by hand in
 * drizzle/0020_shift_movements.sql.
 */
export const shiftMovements = sqliteTable(
  "shift_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    shiftId: integer("shift_id")
      .notNull()
      .references(() => shifts.id),
    kind: text("kind", { enum: ["pickup", "topup"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    check("shift_movements_kind_check", sql`${t.kind} in ('pickup', 'topup')`),
    check("shift_movements_amount_check", sql`${t.amountCents} > 0`),
    // A shift's movements, oldest first, and its sums: one index walk.
    index("shift_movements_shift_idx").on(t.shiftId, t.id),
  ],
);
