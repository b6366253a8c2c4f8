/** bun run backup: an online, consistent copy of the database, safe while the server runs. */
import { join } from "node:path";
import { fileStamp, writeBackup } from "../src/lib/backup";
import { fail, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run backup [--db PATH] [--out FILE | --dir DIR]

Copies the database with VACUUM INTO, which reads one consistent snapshot, so the server
can keep running and writing. The copy is checked with PRAGMA integrity_check and the
books check (every ledger invariant), fsynced and only then given its final name.

  --db PATH    database to copy (default: $DATABASE_PATH or data/betting-shop.db)
  --out FILE   where to write the copy (must not exist)
  --dir DIR    folder for a timestamped copy betting-shop-<UTC time>.db (default: backups)
  -h, --help   show this help
`;

const { values, dbPath } = parseScriptArgs(USAGE, {
  out: { type: "string" },
  dir: { type: "string" },
});

const out = values.out ?? join(values.dir ?? "backups", `betting-shop-${fileStamp()}.db`);
const started = performance.now();
const source = openExisting(dbPath);
const outcome = writeBackup(source, out);
source.close();
if (!outcome.ok) {
  // A copy whose books do not balance is kept (and named): it is still the data as it was.
  const kept = outcome.sizeBytes === null ? "" : ` (the copy is kept at ${outcome.path})`;
  fail(`Backup failed: ${outcome.detail}${kept}`);
}
const mb = ((outcome.sizeBytes ?? 0) / 1024 / 1024).toFixed(1);
const ms = Math.round(performance.now() - started);
console.log(`Backup written to ${outcome.path} (${mb} MB, ${outcome.detail}, ${ms} ms)`);
