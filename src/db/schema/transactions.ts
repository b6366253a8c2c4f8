import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bets } from "./bets";
import { shifts } from "./shifts";
import { users } from "./users";

/** The ledger. Rows are never updated except to mark them archived by a reversal. */
export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", {
      enum: ["DEPOSIT", "WITHDRAWAL", "TRANSFER", "BETTING", "PAYOUT", "REFUND"],
    }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description"),
    status: text("status", { enum: ["COMPLETED", "PENDING", "FAILED"] })
      .notNull()
      .default("COMPLETED"),
    fromEntityType: text("from_entity_type", {
      enum: ["CUSTOMER", "SHOP", "USER", "CASH"],
    }).notNull(),
    fromEntityId: integer("from_entity_id").notNull(),
    toEntityType: text("to_entity_type", { enum: ["CUSTOMER", "SHOP", "USER", "CASH"] }).notNull(),
    toEntityId: integer("to_entity_id").notNull(),
    betId: integer("bet_id").references(() => bets.id),
    processedBy: integer("processed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    archivedAt: integer("archived_at"),
    reversalOf: integer("reversal_of"),
    /** The acting user's open shift at the row's shop (deposits and withdrawals; issue 12). */
    shiftId: integer("shift_id").references(() => shifts.id),
    /** Why an admin reversed a transaction, on the reversal row (issue 20, decisions/039). */
    reason: text("reason"),
  },
  (t) => [
    check("transactions_amount_check", sql`${t.amountCents} > 0`),
    index("transactions_created_at_idx").on(t.createdAt),
    index("transactions_from_idx").on(t.fromEntityType, t.fromEntityId, t.createdAt),
    index("transactions_to_idx").on(t.toEntityType, t.toEntityId, t.createdAt),
    index("transactions_type_created_idx").on(t.type, t.createdAt),
    index("transactions_bet_idx").on(t.betId),
    index("transactions_reversal_of_idx").on(t.reversalOf),
    index("transactions_amount_idx").on(t.amountCents),
    index("transactions_type_amount_idx").on(t.type, t.amountCents),
    // Sorting by every list column walks an index (issue 11; drizzle/0005_search.sql).
    index("transactions_processed_by_idx").on(t.processedBy, t.createdAt),
    index("transactions_description_idx").on(t.description),
    index("transactions_status_idx").on(t.status),
    index("transactions_shift_idx").on(t.shiftId),
  ],
);
