import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import {
  checkAppliedMigrations,
  foreignTables,
  MIGRATIONS_FOLDER,
  MigrationMismatchError,
} from "./migrations";
import * as schema from "./schema";

export type AppDb = ReturnType<typeof drizzle<typeof schema>>;
/** What a write transaction callback receives. */
export type Tx = Parameters<Parameters<AppDb["transaction"]>[0]>[0];

export interface DbHandle {
  sqlite: Database;
  db: AppDb;
  close(): void;
  /** The check openDatabase ran before migrating (the server records it: src/lib/integrity.ts). */
  startupCheck: { kind: IntegrityCheck; startedAt: number; durationMs: number };
}

const MIGRATIONS = MIGRATIONS_FOLDER;

/** Every connection gets the same pragmas (DESIGN.md section 5). */
export function applyPragmas(sqlite: Database): void {
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = FULL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
}

/**
 * Keeps the query planner's statistics (sqlite_stat1) current, as SQLite advises a
 * long-lived connection to: `first` when the server opens the file (analysing any table
 * never analysed), then every housekeeping round (only tables grown or shrunk tenfold).
 * Without statistics the planner may pick the wrong index: the books check once walked
 * every completed transaction per bet through the status index, minutes at 30,000 bets.
 * `analysis_limit` bounds each index's scan, so a million rows take milliseconds.
 */
export function refreshStatistics(sqlite: Database, first = false): void {
  sqlite.exec("PRAGMA analysis_limit = 1000");
  sqlite.exec(first ? "PRAGMA optimize = 0x10002" : "PRAGMA optimize");
}

export type IntegrityCheck = "full" | "quick";

/**
 * "ok" or SQLite's report. `quick` (PRAGMA quick_check) skips the index-to-table cross
 * checks: seconds instead of minutes on a database of millions of rows.
 */
export function integrityCheck(sqlite: Database, kind: IntegrityCheck = "full"): string {
  const pragma = kind === "full" ? "integrity_check" : "quick_check";
  const row = sqlite.query(`PRAGMA ${pragma}`).values()[0] as [string] | undefined;
  return row?.[0] ?? "no answer";
}

/**
 * Runs the migrations with foreign keys off, then checks every reference: a migration that
 * rebuilds a referenced table (drizzle/0021_cash_bets_each_way.sql) drops and renames it, which
 * SQLite allows only so (https://www.sqlite.org/lang_altertable.html, section 7). The pragma
 * is a no-op inside a transaction, so it is set around the migrator's own.
 */
function migrateWithTablesRebuilt(sqlite: Database, db: Parameters<typeof migrate>[0]): void {
  sqlite.exec("PRAGMA foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: MIGRATIONS });
    const broken = sqlite.query("PRAGMA foreign_key_check").all();
    if (broken.length > 0) {
      throw new Error(`Migration left broken references: ${JSON.stringify(broken.slice(0, 5))}`);
    }
  } finally {
    sqlite.exec("PRAGMA foreign_keys = ON");
  }
}

/**
 * Opens (creating if needed), checks and migrates the database at `path` (":memory:" works
 * too). The check is `quick_check` unless asked otherwise: seconds on a million bets, where
 * the full integrity_check takes minutes and runs in the background instead (decision 025).
 */
export function openDatabase(
  path: string,
  check: IntegrityCheck = "quick",
  /** A check the caller already ran on this file (the server's split check on a large file). */
  checked?: DbHandle["startupCheck"],
): DbHandle {
  // Owner-only (decision 045); the file itself comes out 0600 by the server's umask.
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const sqlite = new Database(path, { create: true, strict: true });
  // A file of another application (a mistyped DATABASE_PATH) is refused, not taken over:
  // before the pragmas, which would turn its journal to WAL.
  const foreign = foreignTables(sqlite);
  if (foreign) {
    sqlite.close();
    throw new Error(
      `The database ${path} is not a betting-shop database: it holds other tables (${foreign.join(", ")}) and no __drizzle_migrations table; point DATABASE_PATH at this shop's database file. Nothing was changed.`,
    );
  }
  applyPragmas(sqlite);
  let startupCheck = checked;
  if (!startupCheck) {
    const checkStarted = Date.now();
    const checkClock = performance.now();
    const integrity = integrityCheck(sqlite, check);
    startupCheck = {
      kind: check,
      startedAt: checkStarted,
      durationMs: Math.round(performance.now() - checkClock),
    };
    if (integrity !== "ok") throw new Error(`Database integrity check failed: ${integrity}`);
  }
  // Drizzle prepares every statement anew; bun:sqlite's query() compiles each SQL text once
  // and reuses it, which takes a sixth of the CPU off a bet placement.
  sqlite.prepare = ((text: string) => sqlite.query(text)) as typeof sqlite.prepare;
  const db = drizzle({ client: sqlite, schema });
  // Before migrating: a database whose applied migrations differ from the files (edited after
  // release, skipped, or from a newer version) is refused, not half-migrated (decision 055).
  const { mismatch } = checkAppliedMigrations(sqlite);
  if (mismatch) {
    sqlite.close();
    throw new MigrationMismatchError(`The database ${path}`, mismatch);
  }
  migrateWithTablesRebuilt(sqlite, db);
  return { sqlite, db, close: () => sqlite.close(), startupCheck };
}

/**
 * A read-only connection to an existing, migrated database file, for a read worker
 * (src/lib/read-worker.ts): same statement cache and binding rules, no checks, no migrations.
 */
export function openReader(path: string): Omit<DbHandle, "startupCheck"> {
  const sqlite = new Database(path, { readonly: true, strict: true });
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.prepare = ((text: string) => sqlite.query(text)) as typeof sqlite.prepare;
  const db = drizzle({ client: sqlite, schema });
  return { sqlite, db, close: () => sqlite.close() };
}

/**
 * Runs `fn` in one IMMEDIATE write transaction. The callback must be synchronous: with
 * bun:sqlite, Drizzle commits at the first await, so an async callback would not roll back.
 */
export function writeTx<T>(db: AppDb, fn: (tx: Tx) => T): T {
  return db.transaction(
    (tx) => {
      const result = fn(tx);
      if (result instanceof Promise) {
        throw new Error("writeTx callbacks must be synchronous");
      }
      return result;
    },
    { behavior: "immediate" },
  );
}

/**
 * Runs `fn` inside one deferred read transaction, so every query in it sees the same
 * snapshot (in WAL mode, writers carry on meanwhile). Like writeTx, the callback must be
 * synchronous: nothing else may run on this connection while the transaction is open.
 * Inside an open transaction it simply runs `fn`.
 */
export function readSnapshot<T>(sqlite: Database, fn: () => T): T {
  if (sqlite.inTransaction) return fn();
  sqlite.run("begin deferred");
  let result: T;
  try {
    result = fn();
    if (result instanceof Promise) throw new Error("readSnapshot callbacks must be synchronous");
  } catch (err) {
    sqlite.run("rollback");
    throw err;
  }
  sqlite.run("commit");
  return result;
}

/** Either the database or an open write transaction. */
export type DbOrTx = AppDb | Tx;

const preparedCache = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot statement built once per connection and reused: Drizzle otherwise rebuilds the SQL
 * text on every call, which costs ten times the query itself. `build` must use
 * `sql.placeholder()` for every value. A transaction shares its database's session, so a
 * statement prepared either way runs inside whatever transaction is open.
 */
export function prepared<T>(db: DbOrTx, key: string, build: (db: DbOrTx) => T): T {
  const session = (db as unknown as { session: object }).session;
  let statements = preparedCache.get(session);
  if (!statements) {
    statements = new Map();
    preparedCache.set(session, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(key, statement);
  }
  return statement;
}
