/**
 * Backups (issue 10): an online copy of the live database, checked before it gets its name.
 * `writeBackup()` is the one way a copy is made (scripts/backup.ts, the scheduler and
 * delete-all): VACUUM INTO a `.partial` file (one consistent snapshot, writers carry on),
 * PRAGMA integrity_check and the books check (src/lib/books-check.ts) on the copy, fsync,
 * rename, fsync the folder. A copy of a database an older version left (its migrations
 * pending: backed up after pulling a new version, before restarting) is kept unchecked by
 * the books rules, which read this version's columns, and says so. Each backup, the
 * script's too, is a row of the `backups` table; scheduled ones are kept to BACKUP_KEEP good
 * copies plus BACKUP_KEEP whose books did not balance (decision 080).
 */
import { Database } from "bun:sqlite";
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { type AppDb, integrityCheck, writeTx } from "../db/client";
import { type MigrationsBehind, migrationsBehind } from "../db/migrations";
import * as schema from "../db/schema";
import { backups } from "../db/schema";
import { raiseAlert } from "./alerts";
import { type BooksReport, checkBooks } from "./books-check";
import type { Clock } from "./context";
import { messageOf } from "./errors";
import { log } from "./logger";
import { runInWorker } from "./one-shot-worker";
import { startRecurring } from "./recurring";

/** Why a backup was taken (the `backups.reason` column): `script` is `bun run backup`. */
export type BackupReason = "scheduled" | "delete-all" | "script";

/** Where the server's backups go, and whether it takes them by itself. */
export interface BackupSettings {
  /** BACKUP_DIR, or `<database folder>/backups` (delete-all writes there even unscheduled). */
  dir: string;
  /** BACKUP_INTERVAL_HOURS when BACKUP_DIR is set; null: no scheduled backups. */
  intervalHours: number | null;
  /** BACKUP_KEEP: scheduled backups kept in `dir`. */
  keep: number;
}

/** What one backup attempt came to. */
export interface BackupOutcome {
  ok: boolean;
  /** The file written (absolute), or the one that was to be written. */
  path: string;
  /** Size of the file kept; null when none was. */
  sizeBytes: number | null;
  /** "integrity ok, books balanced", "integrity ok; books not checked: ...", or why it failed. */
  detail: string;
  /** The newest audit row in the copy (0 if none): what the copy is known to hold. */
  lastAuditId: number;
}

export const BACKUP_CHECKED = "integrity ok, books balanced";

/** 2026-11-22T08-26-34-205Z: an ISO time that is safe in a file name and sorts in order. */
export function fileStamp(at = new Date()): string {
  return at.toISOString().replace(/[:.]/g, "-");
}

const STAMP = "\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z";

/** Scheduled backups: the only files retention ever removes. */
export const SCHEDULED_NAME = new RegExp(`^betting-shop-auto-${STAMP}\\.db$`);

/** The file a backup of `reason` taken at `at` is written to. */
export function backupFileName(reason: BackupReason, at: Date): string {
  if (reason === "script") return `betting-shop-${fileStamp(at)}.db`;
  const kind = reason === "scheduled" ? "auto" : "before-delete-all";
  return `betting-shop-${kind}-${fileStamp(at)}.db`;
}

/** The default backup folder: `backups` beside the database (the temp folder for :memory:). */
export function defaultBackupDir(databasePath: string): string {
  if (!databasePath || databasePath === ":memory:") {
    return join(tmpdir(), "betting-shop-backups");
  }
  return join(dirname(resolve(databasePath)), "backups");
}

/** Flushes a file (or a directory entry, after a rename) to disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Removes a file if it is there; a cleanup that cannot happen is no reason to fail. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // (e.g. ENOTDIR: the folder is not a folder, so the file was never written)
  }
}

/**
 * Copies `source` to `out` and checks the copy. Synchronous: it holds the thread for the
 * whole copy, so the server runs it in a worker (`backupDatabase`). A copy failing its
 * integrity check is removed; one whose books do not balance, or whose books check cannot
 * run, is kept (it is a faithful copy of books that need looking at) but is not ok. A sound
 * copy of a database whose migrations are pending is ok without the books check: it is the
 * safety copy an upgrade starts with, and its books are checked once it is migrated.
 */
export function writeBackup(source: Database, out: string): BackupOutcome {
  const path = resolve(out);
  const failed = (detail: string): BackupOutcome => ({
    ok: false,
    path,
    sizeBytes: null,
    detail,
    lastAuditId: 0,
  });
  if (existsSync(path)) return failed(`Refusing to overwrite ${path}`);
  const partial = `${path}.partial`;
  try {
    // Owner-only (decision 045): the copy holds password hashes and the slip-signing key.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    rmSync(partial, { force: true });
    source.run("vacuum into ?", [partial]);
    // SQLite creates it by the umask; a caller without the server's (a test) still gets 0600.
    chmodSync(partial, 0o600);
  } catch (err) {
    removeQuietly(partial);
    return failed(`could not write the copy: ${messageOf(err)}`);
  }
  let integrity: string;
  let behind: MigrationsBehind | null = null;
  // The books check's own failure is no integrity failure: the copy is sound, and kept.
  let books: BooksReport | { unchecked: string } | null = null;
  let lastAuditId = 0;
  let copy: Database | undefined;
  try {
    copy = new Database(partial, { strict: true });
    integrity = integrityCheck(copy, "full");
    if (integrity === "ok") {
      lastAuditId = (
        copy.query("select coalesce(max(id), 0) as n from audit_log").get() as { n: number }
      ).n;
      behind = migrationsBehind(copy);
      if (!behind) {
        try {
          books = checkBooks(drizzle({ client: copy, schema }));
        } catch (err) {
          books = { unchecked: messageOf(err) };
        }
      }
    }
  } catch (err) {
    integrity = messageOf(err);
  } finally {
    copy?.close();
  }
  if (integrity !== "ok" || (!books && !behind)) {
    removeQuietly(partial);
    return failed(`the copy failed its integrity check: ${integrity}`);
  }
  let sizeBytes: number;
  try {
    fsyncPath(partial);
    renameSync(partial, path);
    fsyncPath(dirname(path));
    sizeBytes = statSync(path).size;
  } catch (err) {
    removeQuietly(partial);
    return failed(`could not keep the copy: ${messageOf(err)}`);
  }
  if (behind) {
    const detail = `integrity ok; books not checked: the copy is at migration ${behind.at}, this version expects ${behind.expects}; start the server (or restore) to migrate it`;
    return { ok: true, path, sizeBytes, detail, lastAuditId };
  }
  if (!books || "unchecked" in books) {
    const why = books ? books.unchecked : "no report";
    return {
      ok: false,
      path,
      sizeBytes,
      detail: `integrity ok, but the books check could not run on the copy: ${why}`,
      lastAuditId,
    };
  }
  if (!books.ok) {
    const first = books.violations[0]?.message ?? "";
    const more = books.violations.length > 1 ? ` (and ${books.violations.length - 1} more)` : "";
    return {
      ok: false,
      path,
      sizeBytes,
      detail: `integrity ok, but the books do not balance: ${first}${more}`,
      lastAuditId,
    };
  }
  return { ok: true, path, sizeBytes, detail: BACKUP_CHECKED, lastAuditId };
}

/**
 * `writeBackup` of the server's database without stopping the server: a worker thread opens
 * its own connection to the file and does the copying and checking there, so requests keep
 * being answered meanwhile. An in-memory database (tests) is copied in place. Aborting
 * stops the worker (its `.partial` file is removed by the next backup of that name).
 */
export async function backupDatabase(
  sqlite: Database,
  out: string,
  signal?: AbortSignal,
): Promise<BackupOutcome> {
  const file = sqlite.filename;
  if (!file || file === ":memory:") return writeBackup(sqlite, out);
  try {
    return await runInWorker<BackupOutcome>(
      new URL("./backup-worker.ts", import.meta.url),
      { databasePath: file, out },
      signal,
    );
  } catch (err) {
    if (signal?.aborted) throw err;
    return {
      ok: false,
      path: resolve(out),
      sizeBytes: null,
      detail: `the backup worker failed: ${messageOf(err)}`,
      lastAuditId: 0,
    };
  }
}

export type BackupRow = typeof backups.$inferSelect;

/**
 * Records one backup, in its own transaction (so it stays whatever happens next). A failed
 * scheduled backup also raises an error alert, once until dismissed; the script's failures
 * are told by its exit code (and a good one missing shows in the backup age metric).
 */
export function recordBackup(
  db: AppDb,
  reason: BackupReason,
  outcome: BackupOutcome,
  now: number,
): BackupRow {
  return writeTx(db, (tx) => {
    const row = tx
      .insert(backups)
      .values({
        reason,
        path: outcome.path,
        ok: outcome.ok,
        detail: outcome.detail,
        sizeBytes: outcome.sizeBytes,
        createdAt: now,
      })
      .returning()
      .get();
    if (!outcome.ok && reason === "scheduled") {
      raiseAlert(
        tx,
        {
          type: "error",
          category: "system",
          code: "BACKUP_FAILED",
          params: { file: basename(outcome.path), detail: outcome.detail.slice(0, 300) },
          dedupeKey: "backup-failed",
        },
        now,
      );
    }
    return row;
  });
}

/**
 * The file names of scheduled copies that were kept although their books did not balance:
 * the `backups` rows not ok but with a size (a copy that failed otherwise left no file). A
 * file with no row (the database was restored to a time before it) counts as good, as every
 * file did before decision 080: a bad copy is removed only when it is known to be bad.
 */
export function unbalancedBackupNames(db: AppDb): Set<string> {
  const rows = db
    .select({ path: backups.path })
    .from(backups)
    .where(
      and(eq(backups.reason, "scheduled"), eq(backups.ok, false), isNotNull(backups.sizeBytes)),
    )
    .all();
  return new Set(rows.flatMap((row) => (row.path ? [basename(row.path)] : [])));
}

/** Which scheduled copies one pruning may remove (decision 080). */
export interface PruneScope {
  /** Names of the copies kept although their books did not balance (unbalancedBackupNames). */
  unbalanced: ReadonlySet<string>;
  /**
   * Whether the good copies are pruned too: only after a good backup, so that days of
   * unbalanced books never cost the restore points from before the trouble.
   */
  good: boolean;
}

/**
 * Removes the `.partial` leftovers of scheduled backups cut short, and the oldest scheduled
 * backups beyond the newest `keep` of their kind: the unbalanced ones always, the good ones
 * only with `scope.good`. So the folder holds at most `keep` good and `keep` unbalanced
 * copies. Only files named as this server names them (SCHEDULED_NAME) are considered: the
 * script's copies, the backups taken before a delete-all and anything else are never touched.
 */
export function pruneBackups(
  dir: string,
  keep: number,
  scope: PruneScope = { unbalanced: new Set(), good: true },
): string[] {
  const all = readdirSync(dir);
  const removed: string[] = [];
  const remove = (name: string) => {
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  };
  for (const name of all) {
    if (name.endsWith(".partial") && SCHEDULED_NAME.test(name.slice(0, -".partial".length))) {
      remove(name);
    }
  }
  const newestFirst = all
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort()
    .reverse();
  const unbalanced = newestFirst.filter((name) => scope.unbalanced.has(name));
  for (const name of unbalanced.slice(keep)) remove(name);
  if (scope.good) {
    const good = newestFirst.filter((name) => !scope.unbalanced.has(name));
    for (const name of good.slice(keep)) remove(name);
  }
  return removed;
}

export interface ScheduledRun {
  outcome: BackupOutcome;
  row: BackupRow;
  /** Old backups removed after this one (none after a copy that was not kept). */
  pruned: string[];
}

interface BackupDeps {
  db: AppDb;
  sqlite: Database;
  clock: Clock;
}

/**
 * One scheduled backup: copy and check, record it, then prune (decision 080): after a good
 * one, the oldest of either kind beyond `keep`; after one kept although its books do not
 * balance, only the oldest such beyond `keep` (while the books stay wrong, every interval
 * would otherwise add a full-size copy until the disk, and then the server, stops). Never
 * throws for a failed backup: the failure is the outcome.
 */
export async function runScheduledBackup(
  deps: BackupDeps,
  settings: { dir: string; keep: number },
  signal?: AbortSignal,
): Promise<ScheduledRun> {
  const at = deps.clock();
  const out = join(settings.dir, backupFileName("scheduled", new Date(at)));
  const started = performance.now();
  const outcome = await backupDatabase(deps.sqlite, out, signal);
  signal?.throwIfAborted();
  const row = recordBackup(deps.db, "scheduled", outcome, deps.clock());
  let pruned: string[] = [];
  if (outcome.sizeBytes !== null) {
    pruned = pruneBackups(settings.dir, settings.keep, {
      unbalanced: unbalancedBackupNames(deps.db),
      good: outcome.ok,
    });
  }
  if (outcome.ok) {
    log.info("backup written", {
      file: outcome.path,
      bytes: outcome.sizeBytes,
      ms: Math.round(performance.now() - started),
      pruned: pruned.length,
    });
  } else {
    log.error("backup failed", {
      file: outcome.path,
      detail: outcome.detail,
      pruned: pruned.length,
    });
  }
  return { outcome, row, pruned };
}

/** When the next scheduled backup is due: one interval after the last attempt, or now. */
export function nextBackupAt(db: AppDb, intervalMs: number, now: number): number {
  const last = db
    .select({ at: backups.createdAt })
    .from(backups)
    .where(eq(backups.reason, "scheduled"))
    .orderBy(desc(backups.createdAt))
    .limit(1)
    .get();
  return last ? Math.max(now, last.at + intervalMs) : now;
}

/**
 * Takes a backup every `intervalHours` in the background (the first one at once if the
 * last is older than that). The timer never keeps the process alive; `stop()` cancels the
 * timer and any backup under way.
 */
export function startBackupScheduler(
  deps: BackupDeps,
  settings: { dir: string; keep: number; intervalHours: number },
) {
  const intervalMs = Math.round(settings.intervalHours * 3_600_000);
  return startRecurring({
    clock: deps.clock,
    firstAt: nextBackupAt(deps.db, intervalMs, deps.clock()),
    intervalMs,
    failure: "backup failed",
    run: (signal) => runScheduledBackup(deps, settings, signal),
  });
}
