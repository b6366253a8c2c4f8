/**
 * The books indicator (issue 13): every finished books check is stored in `books_checks`
 * (whoever started it), and the newest one says whether the books balance. A failing check
 * raises an error alert, once until it is dismissed. Written on the request thread, where the
 * jobs end: their workers have read-only connections.
 */
import { desc } from "drizzle-orm";
import { type AppDb, writeTx } from "../db/client";
import { booksChecks } from "../db/schema";
import { raiseAlert } from "./alerts";
import type { BooksReport, BooksViolation } from "./books-check";
import { publish } from "./events";

/** The alerts' dedupe key of a failing books check. */
export const BOOKS_ALERT_KEY = "books-check";

/** Violations kept per stored check (the indicator lists them; the count says how many). */
export const BOOKS_CHECK_STORED = 200;

export type BooksCheckRow = typeof booksChecks.$inferSelect;

/** When and by whom a check ran (its job's times). */
export interface BooksCheckRun {
  startedBy: string;
  startedAt: number;
  finishedAt: number;
}

/**
 * Stores one finished check and, when the books do not balance, raises the alert; then
 * announces it on the live stream (the indicator and the alerts refresh).
 */
export function recordBooksCheck(
  db: AppDb,
  report: BooksReport,
  run: BooksCheckRun,
  now: number,
): BooksCheckRow {
  const stored = report.violations.slice(0, BOOKS_CHECK_STORED);
  const row = writeTx(db, (tx) => {
    const inserted = tx
      .insert(booksChecks)
      .values({
        ok: report.ok,
        violationCount: report.violations.length,
        violations: JSON.stringify(stored),
        truncated: report.truncated || stored.length < report.violations.length,
        startedBy: run.startedBy,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        durationMs: Math.max(0, run.finishedAt - run.startedAt),
      })
      .returning()
      .get();
    if (!report.ok) {
      raiseAlert(
        tx,
        {
          type: "error",
          category: "system",
          code: "BOOKS_UNBALANCED",
          params: {
            count: report.violations.length,
            truncated: report.truncated,
            first: (report.violations[0]?.message ?? "unknown").slice(0, 300),
          },
          dedupeKey: BOOKS_ALERT_KEY,
        },
        now,
      );
    }
    return inserted;
  });
  const at = new Date(now).toISOString();
  publish({ action: "books.check", entityType: "BOOKS", entityId: String(row.id), at });
  // The alert list refreshes on its own change (a no-op when it was already raised).
  if (!report.ok) publish({ action: "alert.raise", entityType: "ALERT", entityId: null, at });
  return row;
}

/** The newest stored check, or undefined before the first one. */
export function latestBooksCheck(db: AppDb): BooksCheckRow | undefined {
  return db
    .select()
    .from(booksChecks)
    .orderBy(desc(booksChecks.finishedAt), desc(booksChecks.id))
    .limit(1)
    .get();
}

/** A stored check as the API answers it. */
export function booksCheckDtoOf(row: BooksCheckRow) {
  return {
    id: row.id,
    ok: row.ok,
    checkedAt: new Date(row.finishedAt).toISOString(),
    violations: JSON.parse(row.violations) as BooksViolation[],
    violationCount: row.violationCount,
    truncated: row.truncated,
    startedBy: row.startedBy,
    startedAt: new Date(row.startedAt).toISOString(),
    durationMs: row.durationMs,
  };
}
