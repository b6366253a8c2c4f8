import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  blob,
  check,
  index,
  integer,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { customers } from "./customers";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin", "user", "customer"] })
      .notNull()
      .default("user"),
    createdAt: integer("created_at").notNull(),
    /** The shop this staff user works at (issue 9): preselected in money dialogs. */
    shopId: integer("shop_id"),
    /** A customer-role user's own customer record (issue 10): all it may see. */
    customerId: integer("customer_id").references((): AnySQLiteColumn => customers.id),
    /** Set when an admin disabled the account: it cannot sign in. */
    disabledAt: integer("disabled_at"),
    /** Set by an admin's password reset: the user must choose a new one at sign-in. */
    mustChangePassword: integer("must_change_password", { mode: "boolean" })
      .notNull()
      .default(false),
    lastSignInAt: integer("last_sign_in_at"),
    /** How this user sees prices (issue 21, decision 048); null follows ODDS_FORMAT. */
    oddsFormat: text("odds_format", { enum: ["decimal", "fractional"] }),
    /** This user's language (issue 23, decision 065); null follows the browser, then DEFAULT_LANGUAGE. */
    language: text("language", { enum: ["en", "de"] }),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('admin', 'user', 'customer')`),
    index("users_customer_idx").on(t.customerId),
  ],
);

/** Lucia-style sessions: the cookie holds `id.secret`; only SHA-256(secret) is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    secretHash: blob("secret_hash", { mode: "buffer" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastVerifiedAt: integer("last_verified_at").notNull(),
    /** The address and browser the session was started from (its owner's sessions list). */
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Failed sign-ins, for throttling (5 per username in 15 minutes). */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    ip: text("ip"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("login_failures_username_idx").on(t.username, t.createdAt),
    index("login_failures_ip_idx").on(t.ip, t.createdAt),
  ],
);
