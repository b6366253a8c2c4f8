/**
 * Integrity checks of the live database (issue 11, decision 025). The server starts after a
 * `quick_check` (openDatabase: seconds on a million bets) and runs the full
 * `PRAGMA integrity_check` (minutes on a million bets) once a day in a worker thread with its
 * own read-only connection, so requests keep being answered. Every result is stored in
 * `integrity_checks` and shown on the admin page; a failed full check raises an error alert.
 * Backups run the full check on their copy as well (src/lib/backup.ts).
 */
import type { Database } from "bun:sqlite";
import { desc, eq } from "drizzle-orm";
import { type AppDb, type DbHandle, type IntegrityCheck, writeTx } from "../db/client";
import { integrityChecks } from "../db/schema";
import type { IntegrityStatusDto } from "../domain/dto";
import { raiseAlert } from "./alerts";
import { messageOf } from "./errors";
import type { Clock } from "./http";
import { log } from "./logger";

/** What one check found. */
export interface IntegrityResult {
  kind: IntegrityCheck;
  ok: boolean;
  /** "ok", or SQLite's first findings joined with "; ". */
  detail: string;
  startedAt: number;
  finishedAt: number;
  durationMs: number;
}

export type IntegrityRow = typeof integrityChecks.$inferSelect;

/** SQLite stops after this many findings: enough to know what broke, small enough to store. */
const MAX_FINDINGS = 20;

/** The alert a failed check raises (once until dismissed). */
export const INTEGRITY_ALERT_KEY = "integrity-check-failed";

/** Runs the check on `sqlite`, on this thread (the worker calls it; so do in-memory tests). */
export function checkIntegrity(sqlite: Database, kind: IntegrityCheck): IntegrityResult {
  const startedAt = Date.now();
  const clock = performance.now();
  let detail: string;
  try {
    const pragma = kind === "full" ? "integrity_check" : "quick_check";
    const rows = sqlite.query(`PRAGMA ${pragma}(${MAX_FINDINGS})`).values() as [string][];
    detail = rows.map((row) => row[0]).join("; ") || "no answer";
  } catch (err) {
    detail = `the check could not run: ${messageOf(err)}`;
  }
  return {
    kind,
    ok: detail === "ok",
    detail,
    startedAt,
    finishedAt: Date.now(),
    durationMs: Math.round(performance.now() - clock),
  };
}

/**
 * Runs the check without holding the server's thread: a worker opens its own read-only
 * connection to the database file (WAL lets it read beside the writer). An in-memory
 * database (tests) is checked in place. Aborting stops the worker.
 */
export async function runIntegrityCheck(
  sqlite: Database,
  kind: IntegrityCheck,
  signal?: AbortSignal,
): Promise<IntegrityResult> {
  const file = sqlite.filename;
  if (!file || file === ":memory:") return checkIntegrity(sqlite, kind);
  signal?.throwIfAborted();
  const startedAt = Date.now();
  const worker = new Worker(new URL("./integrity-worker.ts", import.meta.url).href);
  try {
    return await new Promise<IntegrityResult>((done, fail) => {
      worker.onmessage = (event: MessageEvent<IntegrityResult>) => done(event.data);
      worker.onerror = (event) => fail(new Error(event.message));
      signal?.addEventListener("abort", () => fail(signal.reason), { once: true });
      worker.postMessage({ databasePath: file, kind });
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    const finishedAt = Date.now();
    return {
      kind,
      ok: false,
      detail: `the check could not run: ${messageOf(err)}`,
      startedAt,
      finishedAt,
      durationMs: finishedAt - startedAt,
    };
  } finally {
    worker.terminate();
  }
}

/**
 * Stores one result, in its own transaction. A failed check also raises an error alert,
 * once until dismissed.
 */
export function recordIntegrityCheck(
  db: AppDb,
  result: IntegrityResult,
  now: number,
): IntegrityRow {
  return writeTx(db, (tx) => {
    const row = tx
      .insert(integrityChecks)
      .values({
        kind: result.kind,
        ok: result.ok,
        detail: result.detail.slice(0, 4000),
        startedAt: result.startedAt,
        finishedAt: result.finishedAt,
        durationMs: result.durationMs,
      })
      .returning()
      .get();
    if (!result.ok) {
      raiseAlert(
        tx,
        {
          type: "error",
          title: "Database integrity check failed",
          description: `The ${result.kind === "full" ? "daily integrity_check" : "start-up quick_check"} of the database found: ${result.detail.slice(0, 300)}. Restore the last good backup (docs/scripts.md).`,
          dedupeKey: INTEGRITY_ALERT_KEY,
        },
        now,
      );
    }
    return row;
  });
}

/** Records the quick_check openDatabase ran before the server started (it passed, or no start). */
export function recordStartupCheck(handle: DbHandle, now: number): IntegrityRow {
  const { kind, startedAt, durationMs } = handle.startupCheck;
  return recordIntegrityCheck(
    handle.db,
    { kind, ok: true, detail: "ok", startedAt, finishedAt: startedAt + durationMs, durationMs },
    now,
  );
}

interface IntegrityDeps {
  db: AppDb;
  sqlite: Database;
  clock: Clock;
}

/** One background full check: run it in a worker, record it, log it. Never throws for a failed check. */
export async function runScheduledIntegrityCheck(
  deps: IntegrityDeps,
  signal?: AbortSignal,
): Promise<IntegrityRow> {
  const result = await runIntegrityCheck(deps.sqlite, "full", signal);
  signal?.throwIfAborted();
  const row = recordIntegrityCheck(deps.db, result, deps.clock());
  if (result.ok) log.info("integrity check ok", { ms: result.durationMs });
  else log.error("integrity check failed", { detail: result.detail, ms: result.durationMs });
  return row;
}

/** The newest row of a kind, or undefined. */
function latest(db: AppDb, kind: IntegrityCheck): IntegrityRow | undefined {
  return db
    .select()
    .from(integrityChecks)
    .where(eq(integrityChecks.kind, kind))
    .orderBy(desc(integrityChecks.finishedAt), desc(integrityChecks.id))
    .limit(1)
    .get();
}

/**
 * When the next full check is due: one interval after the last, but never sooner than
 * `startDelayMs` from now, so that a start (and the traffic right after it) goes first.
 */
export function nextIntegrityCheckAt(
  db: AppDb,
  intervalMs: number,
  now: number,
  startDelayMs: number,
): number {
  const last = latest(db, "full");
  return Math.max(now + startDelayMs, last ? last.finishedAt + intervalMs : now);
}

/** The first full check after a start waits this long (see nextIntegrityCheckAt). */
export const INTEGRITY_START_DELAY_MS = 10 * 60_000;

/**
 * Runs the full check every `intervalHours` in the background. The timer never keeps the
 * process alive; `stop()` cancels the timer and any check under way.
 */
export function startIntegrityScheduler(
  deps: IntegrityDeps,
  settings: { intervalHours: number; startDelayMs?: number },
) {
  const intervalMs = Math.round(settings.intervalHours * 3_600_000);
  const aborter = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (at: number) => {
    if (aborter.signal.aborted) return;
    timer = setTimeout(run, Math.max(0, at - deps.clock()));
    timer.unref();
  };
  const run = async () => {
    try {
      await runScheduledIntegrityCheck(deps, aborter.signal);
    } catch (err) {
      if (aborter.signal.aborted) return;
      log.error("integrity check failed", { detail: messageOf(err) });
    }
    schedule(deps.clock() + intervalMs);
  };
  const startDelayMs = settings.startDelayMs ?? INTEGRITY_START_DELAY_MS;
  schedule(nextIntegrityCheckAt(deps.db, intervalMs, deps.clock(), startDelayMs));
  return {
    stop() {
      aborter.abort(new Error("the server is stopping"));
      clearTimeout(timer);
    },
  };
}

function toDto(row: IntegrityRow | undefined) {
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    ok: row.ok,
    detail: row.detail,
    startedAt: new Date(row.startedAt).toISOString(),
    finishedAt: new Date(row.finishedAt).toISOString(),
    durationMs: row.durationMs,
  };
}

/** GET /api/admin/integrity: the newest start-up check and the newest full check. */
export function integrityStatus(db: AppDb): IntegrityStatusDto {
  return { quick: toDto(latest(db, "quick")), full: toDto(latest(db, "full")) };
}
