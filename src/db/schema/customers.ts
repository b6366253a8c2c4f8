import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    dateOfBirth: text("date_of_birth"),
    balanceCents: integer("balance_cents").notNull().default(0),
    creditLimitCents: integer("credit_limit_cents").notNull().default(0),
    allowOverdraft: integer("allow_overdraft", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    // Responsible-gambling limits (issue 12, decision 032): each is the value in force and a
    // looser request waiting 24 hours (`*_pending*`, at = when it applies; a null pending
    // value with a time is a removal). Readers compute the value in force from these and
    // the clock (src/domain/limits.ts), so nothing has to apply a pending change.
    maxStakeCents: integer("max_stake_cents"),
    maxStakePendingCents: integer("max_stake_pending_cents"),
    maxStakePendingAt: integer("max_stake_pending_at"),
    dailyDepositLimitCents: integer("daily_deposit_limit_cents"),
    dailyDepositLimitPendingCents: integer("daily_deposit_limit_pending_cents"),
    dailyDepositLimitPendingAt: integer("daily_deposit_limit_pending_at"),
    /** Epoch ms: bets and deposits are refused until then. */
    selfExcludedUntil: integer("self_excluded_until"),
    selfExcludedUntilPending: integer("self_excluded_until_pending"),
    selfExcludedUntilPendingAt: integer("self_excluded_until_pending_at"),
  },
  (t) => [
    check("customers_credit_limit_check", sql`${t.creditLimitCents} >= 0`),
    index("customers_last_name_idx").on(t.lastName, t.firstName),
    index("customers_first_name_idx").on(t.firstName),
    index("customers_created_at_idx").on(t.createdAt),
    index("customers_balance_idx").on(t.balanceCents),
    index("customers_credit_limit_idx").on(t.creditLimitCents),
    index("customers_email_idx").on(t.email),
    // Sorting by every list column walks an index (issue 11; drizzle/0005_search.sql).
    index("customers_phone_idx").on(t.phone),
    index("customers_created_by_idx").on(t.createdBy),
    index("customers_is_active_idx").on(t.isActive),
    index("customers_allow_overdraft_idx").on(t.allowOverdraft),
  ],
);

export const shops = sqliteTable(
  "shops",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    location: text("location").notNull(),
    address: text("address"),
    phone: text("phone"),
    balanceCents: integer("balance_cents").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("shops_name_idx").on(t.name), index("shops_created_at_idx").on(t.createdAt)],
);
