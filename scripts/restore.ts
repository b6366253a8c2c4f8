/** bun run restore: puts a checked backup in place of the database, with the server stopped. */
import type { Database } from "bun:sqlite";
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { integrityCheck, openDatabase } from "../src/db/client";
import { checkAppliedMigrations, describeMismatch } from "../src/db/migrations";
import { messageOf } from "../src/lib/errors";
import { fail, fileStamp, fsyncPath, integrityOf, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run restore BACKUP_FILE [--db PATH]

Replaces the database with a backup. Stop the server first: the restore refuses to run
while another process has the database open. Before anything is replaced the backup must
pass PRAGMA integrity_check and its applied migrations must match this code's files (none
edited since, none skipped, none from a newer version). The current database
is kept aside as <db>.before-restore-<UTC time>; after the swap the restored database is
opened, checked again and migrated to the current schema.

  BACKUP_FILE  the backup to restore (e.g. backups/betting-shop-2026-11-22T08-00-00-000Z.db)
  --db PATH    database to replace (default: $DATABASE_PATH or data/betting-shop.db)
  -h, --help   show this help
`;

const { positionals, dbPath } = parseScriptArgs(USAGE, {});
const backupPath = positionals[0];
if (!backupPath || positionals.length > 1) fail(`Give exactly one backup file.\n${USAGE}`, 2);
if (!existsSync(backupPath)) fail(`No backup at ${backupPath}`);
if (!statSync(backupPath).isFile())
  fail(`${backupPath} is a directory: give the backup file itself`);

function checkBackup(sqlite: Database): string | null {
  let integrity: string;
  try {
    integrity = integrityOf(sqlite);
  } catch (err) {
    return `not a readable SQLite database (${messageOf(err)})`;
  }
  if (integrity !== "ok") return `integrity check failed: ${integrity}`;
  const tables = new Set(
    (
      sqlite.query("select name from sqlite_master where type = 'table'").all() as {
        name: string;
      }[]
    ).map((r) => r.name),
  );
  for (const table of ["__drizzle_migrations", "users", "transactions", "bets"]) {
    if (!tables.has(table)) return `not a betting-shop database (no ${table} table)`;
  }
  // Its applied migrations must be this code's files, as the server checks at start (decision 055).
  const { mismatch } = checkAppliedMigrations(sqlite);
  if (mismatch) return describeMismatch("it", mismatch);
  return null;
}

// 1. Check the backup before touching anything.
const backup = openExisting(backupPath, { readonly: true });
const problem = checkBackup(backup);
backup.close();
if (problem) fail(`Refusing to restore ${backupPath}: ${problem}`);

// 2. Make sure nobody has the database open, and fold its WAL into the file.
if (existsSync(dbPath)) {
  const current = openExisting(dbPath);
  try {
    current.run("pragma wal_checkpoint(TRUNCATE)");
  } finally {
    current.close();
  }
  // The last connection to close removes the WAL file; if it is still there, another
  // process (the server) holds the database open.
  if (existsSync(`${dbPath}-wal`)) {
    fail(`${dbPath} is open in another process. Stop the server, then run the restore again.`);
  }
}

// 3. Copy the backup next to the database, flush it, then swap it in.
const staging = `${dbPath}.restoring`;
copyFileSync(backupPath, staging);
// copyFile keeps the backup's mode; the database is owner-only whatever the copy was (decision 045).
chmodSync(staging, 0o600);
fsyncPath(staging);
const aside = `${dbPath}.before-restore-${fileStamp()}`;
if (existsSync(dbPath)) {
  renameSync(dbPath, aside);
  chmodSync(aside, 0o600);
}
rmSync(`${dbPath}-shm`, { force: true });
renameSync(staging, dbPath);
fsyncPath(dirname(dbPath));

// 4. Open as the server would: integrity check and migrations to the current schema.
try {
  const handle = openDatabase(dbPath);
  const integrity = integrityCheck(handle.sqlite);
  handle.close();
  if (integrity !== "ok") throw new Error(`integrity check failed: ${integrity}`);
} catch (err) {
  for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(file, { force: true });
  if (existsSync(aside)) renameSync(aside, dbPath);
  fail(`Restore failed and was undone: ${messageOf(err)}`);
}
console.log(`Restored ${backupPath} to ${dbPath}.`);
if (existsSync(aside)) console.log(`The previous database was kept as ${aside}.`);
