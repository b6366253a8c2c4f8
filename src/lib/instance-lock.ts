/**
 * One server per database file (issue 22, decision 054). The server holds, for its whole
 * life, a write lock on a small SQLite file beside the database (`<db>.lock`): its own pid is
 * committed there, then a `BEGIN IMMEDIATE` is left open. SQLite's lock is a POSIX advisory
 * lock, which the kernel drops when the process ends however it ends (kill -9 included), so a
 * lock never outlives its server and nothing stale blocks a restart. A second server finds the
 * lock taken at once (no busy wait) and reads the running one's pid (a RESERVED lock leaves
 * reading allowed) to name it.
 */
import { Database } from "bun:sqlite";
import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

export interface InstanceLock {
  path: string;
  release(): void;
}

/** Thrown when another process holds the lock; the message names its pid. */
export class DatabaseInUse extends Error {
  constructor(
    databasePath: string,
    readonly pid: number | null,
  ) {
    super(
      `Database ${databasePath} is in use by another server (pid ${pid ?? "unknown"}): stop it first, or give this one another DATABASE_PATH`,
    );
    this.name = "DatabaseInUse";
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? "";
  return code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
}

/**
 * The database file's one true path: symbolic links followed (the file's, and its folders'
 * when the file is not there yet). Two servers given two names of one file (a link beside
 * it, a linked folder) then lock one file, as SQLite itself opens the link's target: a
 * second server through a link rebuilt the running one's report roll-ups for its own time
 * zone. (A hard link is another name SQLite cannot see through either: not one to give.)
 */
export function databaseFile(databasePath: string): string {
  const absolute = resolve(databasePath);
  try {
    return realpathSync(absolute);
  } catch {
    try {
      return join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}

/** Takes the lock of `databasePath` (none for ":memory:"), or throws DatabaseInUse. */
export function lockDatabase(databasePath: string): InstanceLock {
  if (databasePath === ":memory:") return { path: "", release() {} };
  const path = `${databaseFile(databasePath)}.lock`;
  const lock = new Database(path, { create: true, strict: true });
  try {
    // A rollback journal, not WAL: a RESERVED lock then keeps out writers but not readers.
    lock.exec("PRAGMA journal_mode = DELETE");
    lock.exec("PRAGMA busy_timeout = 0");
    lock.exec("CREATE TABLE IF NOT EXISTS owner (pid INTEGER NOT NULL, started_at TEXT NOT NULL)");
    lock.exec("BEGIN IMMEDIATE");
  } catch (err) {
    if (!isBusy(err)) {
      lock.close();
      throw err;
    }
    let pid: number | null = null;
    try {
      pid = (lock.query("SELECT pid FROM owner").get() as { pid: number } | null)?.pid ?? null;
    } catch {
      // The holder may be writing its pid this very moment.
    }
    lock.close();
    throw new DatabaseInUse(databasePath, pid);
  }
  lock.run("DELETE FROM owner");
  lock.run("INSERT INTO owner (pid, started_at) VALUES (?, ?)", [
    process.pid,
    new Date().toISOString(),
  ]);
  lock.exec("COMMIT");
  // Held until the process ends: the pid is readable, no other server can write here.
  try {
    lock.exec("BEGIN IMMEDIATE");
  } catch (err) {
    lock.close();
    // Another server took it in the instant between the two (it wrote its pid).
    if (isBusy(err)) throw new DatabaseInUse(databasePath, null);
    throw err;
  }
  return {
    path,
    release() {
      try {
        lock.exec("ROLLBACK");
      } catch {
        // already released
      }
      lock.close();
    },
  };
}
