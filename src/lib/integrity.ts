/**
 * Integrity checks of the live database (issue 11, decision 025). The server starts after a
 * `quick_check` (openDatabase: seconds on a million bets) and runs the full
 * `PRAGMA integrity_check` (minutes on a million bets) once a day in a worker thread with its
 * own read-only connection, so requests keep being answered. Every result is stored in
 * `integrity_checks` and shown on the admin page; a failed full check raises an error alert.
 * Backups run the full check on their copy as well (src/lib/backup.ts).
 */
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { desc, eq } from "drizzle-orm";
import { type AppDb, type DbHandle, type IntegrityCheck, writeTx } from "../db/client";
import { integrityChecks } from "../db/schema";
import type { IntegrityStatusDto } from "../domain/dto";
import { raiseAlert } from "./alerts";
import { messageOf } from "./errors";
import type { Clock } from "./http";
import { log } from "./logger";
import { runInWorker } from "./one-shot-worker";
import { startRecurring } from "./recurring";

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

/**
 * Runs the check on `sqlite`, on this thread (the worker calls it; so do in-memory tests):
 * the whole file, or only `tables` and their indexes (one pragma per table).
 */
export function checkIntegrity(
  sqlite: Database,
  kind: IntegrityCheck,
  tables?: readonly string[],
): IntegrityResult {
  const startedAt = Date.now();
  const clock = performance.now();
  let detail: string;
  try {
    const pragma = kind === "full" ? "integrity_check" : "quick_check";
    const run = (argument: string) =>
      (sqlite.query(`PRAGMA ${pragma}(${argument})`).values() as [string][]).map((row) => row[0]);
    const findings = tables
      ? tables.flatMap((table) => run(`"${table.replaceAll('"', '""')}"`)).filter((f) => f !== "ok")
      : run(String(MAX_FINDINGS));
    detail = (tables && findings.length === 0 ? "ok" : findings.join("; ")) || "no answer";
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
  return checkInWorker(file, kind, undefined, signal);
}

/** One check of the file at `file` (or of `tables` in it) in a worker of its own. */
async function checkInWorker(
  file: string,
  kind: IntegrityCheck,
  tables?: readonly string[],
  signal?: AbortSignal,
): Promise<IntegrityResult> {
  const startedAt = Date.now();
  try {
    return await runInWorker<IntegrityResult>(
      new URL("./integrity-worker.ts", import.meta.url),
      { databasePath: file, kind, tables },
      signal,
    );
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
          category: "system",
          code: "INTEGRITY_CHECK_FAILED",
          params: { check: result.kind, detail: result.detail.slice(0, 300) },
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

/**
 * Derived tables: the search indexes (FTS5 tables and their shadow tables) and the report
 * roll-ups. Everything in them is rebuilt from the other tables, and on a large file they
 * take most of a quick_check's time.
 */
const DERIVED_TABLE = /_fts($|_)|^report_\w+_rollups$/;

/**
 * The start-up quick_check on a large file (decision 025): the business tables and their
 * indexes, split over two workers so the server serves within seconds (at 1,000,000 bets:
 * the ledger's 2.4 s beside everything else's 1 s, against 11.5 s for the whole file). The
 * whole file, derived tables and free pages included, gets its quick_check right after, in
 * the background (`checkWholeFileAfterStart`). The result says "the check could not run"
 * when a worker could not open the file; the caller then checks the file itself.
 */
export async function quickCheckBeforeServing(file: string): Promise<IntegrityResult> {
  const startedAt = Date.now();
  const clock = performance.now();
  const probe = new Database(file, { readonly: true, strict: true });
  let weighed: { name: string; weight: number }[];
  try {
    const names = (
      probe
        .query(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .values() as [string][]
    )
      .map(([name]) => name)
      .filter((name) => !DERIVED_TABLE.test(name));
    // max(rowid) is one seek: a rough size, enough to balance two workers.
    weighed = names.map((name) => {
      try {
        const row = probe.query(`select max(rowid) as n from "${name}"`).get() as { n: number };
        return { name, weight: row.n ?? 0 };
      } catch {
        return { name, weight: 0 };
      }
    });
  } finally {
    probe.close();
  }
  // The heaviest first, each to the lighter of two workers.
  type Share = { tables: string[]; weight: number };
  const shares: [Share, Share] = [
    { tables: [], weight: 0 },
    { tables: [], weight: 0 },
  ];
  for (const table of weighed.sort((a, b) => b.weight - a.weight)) {
    const share = shares[0].weight <= shares[1].weight ? shares[0] : shares[1];
    share.tables.push(table.name);
    share.weight += table.weight;
  }
  const results = await Promise.all(
    shares
      .filter((share) => share.tables.length > 0)
      .map((share) => checkInWorker(file, "quick", share.tables)),
  );
  const failed = results.filter((result) => !result.ok);
  return {
    kind: "quick",
    ok: failed.length === 0,
    detail: failed.length === 0 ? "ok" : failed.map((result) => result.detail).join("; "),
    startedAt,
    finishedAt: Date.now(),
    durationMs: Math.round(performance.now() - clock),
  };
}

/** From this size on, the server checks before serving with quickCheckBeforeServing. */
export const SPLIT_CHECK_FROM_BYTES = 128 * 1024 * 1024;

/**
 * The server's check before opening its file: on a large file with STARTUP_INTEGRITY_CHECK
 * quick, the split check (throws if it finds a fault); otherwise undefined, and
 * openDatabase checks the file itself as before.
 */
export async function checkLargeFileBeforeOpening(
  file: string,
  kind: IntegrityCheck,
): Promise<DbHandle["startupCheck"] | undefined> {
  if (kind !== "quick" || file === ":memory:" || !existsSync(file)) return undefined;
  if (statSync(file).size < SPLIT_CHECK_FROM_BYTES) return undefined;
  let result: IntegrityResult;
  try {
    result = await quickCheckBeforeServing(file);
  } catch {
    return undefined;
  }
  if (result.detail.startsWith("the check could not run")) return undefined;
  if (!result.ok) throw new Error(`Database integrity check failed: ${result.detail}`);
  return { kind: "quick", startedAt: result.startedAt, durationMs: result.durationMs };
}

/** The whole file's quick_check, in the background after a split start-up check: recorded. */
export async function checkWholeFileAfterStart(deps: IntegrityDeps): Promise<IntegrityRow> {
  const result = await runIntegrityCheck(deps.sqlite, "quick");
  const row = recordIntegrityCheck(deps.db, result, deps.clock());
  if (result.ok) log.info("whole-file quick check ok", { ms: result.durationMs });
  else log.error("whole-file quick check failed", { detail: result.detail });
  return row;
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
  const startDelayMs = settings.startDelayMs ?? INTEGRITY_START_DELAY_MS;
  return startRecurring({
    clock: deps.clock,
    firstAt: nextIntegrityCheckAt(deps.db, intervalMs, deps.clock(), startDelayMs),
    intervalMs,
    failure: "integrity check failed",
    run: (signal) => runScheduledIntegrityCheck(deps, signal),
  });
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

/**
 * GET /api/admin/integrity: the newest start-up check and the newest full check, and how
 * often the full check runs (INTEGRITY_CHECK_HOURS; 0: never, in the background).
 */
export function integrityStatus(db: AppDb, everyHours = 24): IntegrityStatusDto {
  return { quick: toDto(latest(db, "quick")), full: toDto(latest(db, "full")), everyHours };
}
