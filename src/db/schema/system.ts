import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { users } from "./users";

export const alerts = sqliteTable(
  "alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: ["warning", "error", "info"] }).notNull(),
    /** Who it is for (drizzle/0017, decisions/044): staff see only `operations`. */
    category: text("category", { enum: ["operations", "cash", "security", "system"] })
      .notNull()
      .default("system"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /**
     * The kind of alert and the values its text interpolates (drizzle/0025, decision 066):
     * the web writes the text in the reader's language from them. Null on older rows.
     */
    code: text("code"),
    params: text("params", { mode: "json" }).$type<
      Record<string, string | number | boolean | null>
    >(),
    /** Same key while undismissed = same alert: raised once. */
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: integer("created_at").notNull(),
    dismissedAt: integer("dismissed_at"),
    dismissedBy: integer("dismissed_by").references(() => users.id, { onDelete: "set null" }),
    /** What was done about it: required when dismissing a cash or security alert. */
    dismissNote: text("dismiss_note"),
  },
  (t) => [
    uniqueIndex("alerts_open_dedupe_idx").on(t.dedupeKey).where(sql`dismissed_at is null`),
    index("alerts_created_at_idx").on(t.createdAt),
    index("alerts_dismissed_at_idx").on(t.dismissedAt).where(sql`dismissed_at is not null`),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id"),
    actorUsername: text("actor_username"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: text("before"),
    after: text("after"),
    ip: text("ip"),
    requestId: text("request_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("audit_created_at_idx").on(t.createdAt),
    index("audit_actor_idx").on(t.actorId, t.createdAt),
    index("audit_entity_idx").on(t.entityType, t.entityId, t.createdAt),
    // The audit screen's action filter (issue 13; drizzle/0012_audit_trail.sql).
    index("audit_action_idx").on(t.action, t.createdAt),
  ],
);

/** Replays of money-moving POSTs: same user + key + body answers the stored response. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_created_idx").on(t.createdAt),
  ],
);

/** Backups taken by the server itself (BACKUP_DIR) or before a delete-all, with their check. */
export const backups = sqliteTable(
  "backups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "scheduled" or "delete-all". */
    reason: text("reason").notNull(),
    path: text("path"),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    /** "integrity ok, books balanced", or why it failed. */
    detail: text("detail").notNull(),
    sizeBytes: integer("size_bytes"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("backups_created_at_idx").on(t.createdAt)],
);

/**
 * Integrity checks of the live database (issue 11): the `quick` check at every start and the
 * `full` PRAGMA integrity_check run once a day in a worker, with what SQLite found.
 */
export const integrityChecks = sqliteTable(
  "integrity_checks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "quick" (quick_check at start) or "full" (integrity_check, in the background). */
    kind: text("kind", { enum: ["quick", "full"] }).notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    /** "ok", or SQLite's first findings. */
    detail: text("detail").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("integrity_checks_kind_idx").on(t.kind, t.finishedAt)],
);
