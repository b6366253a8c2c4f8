import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Finished books checks (issue 13): whoever started one (GET /api/admin/ledger-check, a job
 * from the admin page or the dashboard, the schedule), its result is kept here, written on
 * the request thread when the job ends (its worker is read-only). The newest row is the
 * books indicator.
 */
export const booksChecks = sqliteTable(
  "books_checks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    /** How many violations the check reported (those beyond the stored ones included). */
    violationCount: integer("violation_count").notNull(),
    /** The first BOOKS_CHECK_STORED violations as JSON (BooksViolation[]). */
    violations: text("violations").notNull(),
    /** The check left violations out (MAX_PER_RULE), or this row stores fewer than it found. */
    truncated: integer("truncated", { mode: "boolean" }).notNull(),
    /** The username that started it, or "schedule". */
    startedBy: text("started_by").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("books_checks_finished_at_idx").on(t.finishedAt)],
);
