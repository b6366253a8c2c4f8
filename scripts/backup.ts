/** bun run backup: an online, consistent copy of the database, safe while the server runs. */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fail, fileStamp, fsyncPath, integrityOf, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run backup [--db PATH] [--out FILE | --dir DIR]

Copies the database with VACUUM INTO, which reads one consistent snapshot, so the server
can keep running and writing. The copy is fsynced, checked with PRAGMA integrity_check and
only then given its final name.

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
if (existsSync(out)) fail(`Refusing to overwrite ${out}`);
mkdirSync(dirname(out), { recursive: true });
const partial = `${out}.partial`;
rmSync(partial, { force: true });

const started = performance.now();
const source = openExisting(dbPath);
try {
  source.run("vacuum into ?", [partial]);
} catch (err) {
  rmSync(partial, { force: true });
  fail(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  source.close();
}

const copy = openExisting(partial, { readonly: true });
const integrity = integrityOf(copy);
copy.close();
if (integrity !== "ok") {
  rmSync(partial, { force: true });
  fail(`Backup failed its integrity check: ${integrity}`);
}
fsyncPath(partial);
renameSync(partial, out);
fsyncPath(dirname(out));

const mb = (statSync(out).size / 1024 / 1024).toFixed(1);
const ms = Math.round(performance.now() - started);
console.log(`Backup written to ${out} (${mb} MB, integrity ok, ${ms} ms)`);
