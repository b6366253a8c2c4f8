import { sql } from "drizzle-orm";
import { blob, check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * API tokens for machine clients (decision 058): `Authorization: Bearer bst_…` acts with
 * the token's role. Only SHA-256 of the secret is kept, with its first characters (`prefix`,
 * not secret) to tell tokens apart; a revoked token keeps its row for the audit trail.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    role: text("role", { enum: ["admin", "user"] }).notNull(),
    prefix: text("prefix").notNull(),
    secretHash: blob("secret_hash", { mode: "buffer" }).notNull(),
    /** The admin who made it: audit rows written under the token name them too. */
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at"),
    /** Its last request, to the minute (written at most once a minute). */
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [
    check("api_tokens_role_check", sql`${t.role} in ('admin', 'user')`),
    uniqueIndex("api_tokens_secret_hash_unique").on(t.secretHash),
  ],
);
