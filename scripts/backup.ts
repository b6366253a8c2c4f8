/** bun run backup: an online, consistent copy of the database, safe while the server runs. */
import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../src/db/schema";
import { type BackupOutcome, backupFileName, recordBackup, writeBackup } from "../src/lib/backup";
import { messageOf } from "../src/lib/errors";
import { fail, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run backup [--db PATH] [--out FILE | --dir DIR] [--no-record]

Copies the database with VACUUM INTO, which reads one consistent snapshot, so the server
can keep running and writing. The copy is checked with PRAGMA integrity_check and the
books check (every ledger invariant), fsynced and only then given its final name. A
database an older version left (backed up after pulling a new version, before restarting)
is copied and integrity checked; its books are checked once it is migrated (the next start,
or a restore), and the line printed says so. The outcome is then recorded in the
database's backups table (reason "script"), so the server's backup age metric counts a
good one.

  --db PATH    database to copy (default: $DATABASE_PATH or data/betting-shop.db)
  --out FILE   where to write the copy (must not exist)
  --dir DIR    folder for a timestamped copy betting-shop-<UTC time>.db (default: backups)
  --no-record  write nothing to the database (e.g. when copying a copy)
  -h, --help   show this help
`;

const { values, dbPath } = parseScriptArgs(USAGE, {
  out: { type: "string" },
  dir: { type: "string" },
  "no-record": { type: "boolean" },
});

/**
 * Adds the outcome's row to `backups` (decision 080); the reason it could not, or null. One
 * small IMMEDIATE transaction after the copy: with the server running it waits for the
 * server's write (busy_timeout, openExisting) rather than failing, and the WAL lets the
 * server's readers carry on meanwhile.
 */
function recordOutcome(source: Database, outcome: BackupOutcome): string | null {
  try {
    recordBackup(drizzle({ client: source, schema }), "script", outcome, Date.now());
    return null;
  } catch (err) {
    return messageOf(err);
  }
}

const out = values.out ?? join(values.dir ?? "backups", backupFileName("script", new Date()));
const started = performance.now();
const source = openExisting(dbPath);
const outcome = writeBackup(source, out);
const notRecorded = values["no-record"] ? null : recordOutcome(source, outcome);
source.close();
if (notRecorded) {
  // The copy is what the operator asked for; only the metric misses it, so say so and go on.
  console.error(
    `Warning: the backup was not recorded in ${dbPath} (${notRecorded}); the backup age metric does not count it`,
  );
}
if (!outcome.ok) {
  // A copy whose books do not balance is kept (and named): it is still the data as it was.
  const kept = outcome.sizeBytes === null ? "" : ` (the copy is kept at ${outcome.path})`;
  fail(`Backup failed: ${outcome.detail}${kept}`);
}
const mb = ((outcome.sizeBytes ?? 0) / 1024 / 1024).toFixed(1);
const ms = Math.round(performance.now() - started);
console.log(`Backup written to ${outcome.path} (${mb} MB, ${outcome.detail}, ${ms} ms)`);
