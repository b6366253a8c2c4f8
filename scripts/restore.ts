/**
 * bun run restore: puts a checked backup, or the state the replica holds (decision 060), in
 * place of the database, with the server stopped.
 */
import { Database } from "bun:sqlite";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { integrityCheck, openDatabase } from "../src/db/client";
import { checkAppliedMigrations, describeMismatch } from "../src/db/migrations";
import * as schema from "../src/db/schema";
import { readEnv } from "../src/env";
import { checkBooks } from "../src/lib/books-check";
import { messageOf } from "../src/lib/errors";
import { DatabaseInUse, databaseFile, lockDatabase } from "../src/lib/instance-lock";
import { describeReplica, litestreamBinary, parseReplicaUrl } from "../src/lib/replication/config";
import { restoreFromReplica, restoreTimestamp } from "../src/lib/replication/restore";
import { fail, fileStamp, fsyncPath, integrityOf, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run restore BACKUP_FILE [--db PATH]
       bun run restore --from-replica [--at TIME] [--db PATH]

Replaces the database with a backup, or with what the replica in REPLICA_URL holds. Stop the
server first: the restore refuses to run while a server holds the database (its <db>.lock)
or another process has it open. Before anything is replaced the backup (or the state taken
from the replica) must pass PRAGMA integrity_check and its applied migrations must match this
code's files (none edited since, none skipped, none from a newer version). The current
database, if any, is kept aside as <db>.before-restore-<UTC time> (one too damaged to open is
kept as it is, with its -wal and -shm files); after the swap the restored database is opened,
checked again and migrated to the current schema, and the books check runs.

Exit codes: 0 restored and the books balance; 1 refused or failed (nothing replaced, or the
replacement undone), or restored but the books check found violations (the restored database
stays in place: see the lines printed); 2 bad arguments.

  BACKUP_FILE     the backup to restore (e.g. backups/betting-shop-2026-11-22T08-00-00-000Z.db)
  --from-replica  restore from REPLICA_URL (with REPLICA_SFTP_KEY_PATH, AWS_* as the server
                  uses them) with Litestream: the latest state it holds
  --at TIME       with --from-replica: the state at this time (RFC 3339, e.g.
                  2026-11-23T14:05:00Z), within REPLICA_RETENTION_HOURS, not in the future;
                  a time while the server was stopped or idle gets the state of the last
                  write before it
  --db PATH       database to replace (default: $DATABASE_PATH or data/betting-shop.db)
  -h, --help      show this help
`;

const {
  positionals,
  values,
  dbPath: givenPath,
} = parseScriptArgs(USAGE, {
  "from-replica": { type: "boolean" },
  at: { type: "string" },
});
// A link to the database is restored in its target, the file a server opens through it: the
// link itself stays (replacing it left the server's file as it was, "restored").
const dbPath = databaseFile(givenPath);
const fromReplica = values["from-replica"] === true;
const at = values.at as string | undefined;
if (at !== undefined && !fromReplica) fail(`--at goes with --from-replica.\n${USAGE}`, 2);
if (fromReplica && positionals.length > 0) {
  fail(`Give a backup file or --from-replica, not both.\n${USAGE}`, 2);
}
// A bad --at is a bad argument (exit 2), said before anything is touched. A time to come is
// no state the replica holds: refused, not restored as "the latest" with a notice about a
// stopped server.
const timestamp = at === undefined ? undefined : restoreTimestamp(at);
if (timestamp === null) {
  fail(`--at: "${at}" is not an RFC 3339 time, e.g. 2026-11-23T14:05:00Z`, 2);
}
if (timestamp !== undefined && Date.parse(timestamp) > Date.now()) {
  fail(`--at ${at} is in the future (now is ${new Date().toISOString()})`, 2);
}
if (!fromReplica) {
  const file = positionals[0];
  if (!file || positionals.length > 1) fail(`Give exactly one backup file.\n${USAGE}`, 2);
  if (!existsSync(file)) fail(`No backup at ${file}`);
  if (!statSync(file).isFile()) fail(`${file} is a directory: give the backup file itself`);
}

// 0. One server per database (decision 054): none may hold it while it is replaced.
mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
let lock: ReturnType<typeof lockDatabase>;
try {
  lock = lockDatabase(dbPath);
} catch (err) {
  if (err instanceof DatabaseInUse) fail(`Refusing to restore: ${err.message}`);
  throw err;
}

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

// From the replica: Litestream writes the state it holds to a file beside the database,
// which is then restored like a backup.
let backupPath = positionals[0] ?? "";
const fromReplicaFile = `${dbPath}.from-replica`;
if (fromReplica) {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (err) {
    fail(messageOf(err));
  }
  if (!env.REPLICA_URL) fail("--from-replica needs REPLICA_URL (the replica the server writes to)");
  let binary: string;
  let target: ReturnType<typeof parseReplicaUrl>;
  try {
    binary = litestreamBinary(env.LITESTREAM_PATH);
    target = parseReplicaUrl(env.REPLICA_URL, env.REPLICA_SFTP_KEY_PATH);
  } catch (err) {
    fail(messageOf(err));
  }
  for (const file of [fromReplicaFile, `${fromReplicaFile}-wal`, `${fromReplicaFile}-shm`]) {
    rmSync(file, { force: true });
  }
  console.log(
    `Restoring ${timestamp ? `the state at ${timestamp}` : "the latest state"} from ${describeReplica(target)}...`,
  );
  try {
    const { notices } = await restoreFromReplica({
      binary,
      target,
      dbPath,
      outPath: fromReplicaFile,
      ...(timestamp ? { at: timestamp } : {}),
      retentionHours: env.REPLICA_RETENTION_HOURS,
    });
    for (const notice of notices) console.log(notice);
  } catch (err) {
    for (const file of [fromReplicaFile, `${fromReplicaFile}-wal`, `${fromReplicaFile}-shm`]) {
      rmSync(file, { force: true });
    }
    fail(`Restore from the replica failed: ${messageOf(err)}`);
  }
  backupPath = fromReplicaFile;
}

// 1. Check the backup before touching anything.
const backup = openExisting(backupPath, { readonly: true });
const problem = checkBackup(backup);
backup.close();
if (problem) fail(`Refusing to restore ${backupPath}: ${problem}`);

// 2. Make sure nobody has the database open, and fold its WAL into the file. A database
// too damaged to open or checkpoint ("file is not a database", "database disk image is
// malformed") is what a restore is for: it is kept aside as it was, with its -wal and -shm
// (its last commits may be in the WAL). The lock taken above still keeps a server away.
const aside = `${dbPath}.before-restore-${fileStamp()}`;
/** SQLite's NOTADB and CORRUPT: the file is damaged, not merely in use. */
function isDamage(err: unknown): boolean {
  const code = String((err as { code?: unknown }).code ?? "");
  return (
    code.startsWith("SQLITE_NOTADB") ||
    code.startsWith("SQLITE_CORRUPT") ||
    /not a database|malformed|corrupt/i.test(messageOf(err))
  );
}
const SIDE_FILES = ["-wal", "-shm", "-journal"] as const;
let damaged = false;
if (existsSync(dbPath)) {
  if (!statSync(dbPath).isFile()) {
    fail(`${dbPath} is not a file (give a database file, not a directory)`);
  }
  // Copied first: SQLite deletes the WAL of a file it takes for empty (a zeroed first page)
  // when it closes, and plays a journal back when it opens. Kept only if the file is damaged.
  const copies = SIDE_FILES.filter((suffix) => existsSync(`${dbPath}${suffix}`));
  for (const suffix of copies) copyFileSync(`${dbPath}${suffix}`, `${aside}${suffix}`);
  let current: Database | null = null;
  try {
    // An empty file with files beside it (its -wal holds every commit it has) is no database
    // to open: SQLite would take it for a new one and delete that WAL when it closes.
    if (statSync(dbPath).size === 0 && copies.length > 0) {
      throw Object.assign(new Error("the database file is empty; its commits may be in its -wal"), {
        code: "SQLITE_NOTADB_EMPTY",
      });
    }
    current = new Database(dbPath, { strict: true });
    current.run("pragma busy_timeout = 5000");
    current.run("pragma wal_checkpoint(TRUNCATE)");
  } catch (err) {
    // Only damage: a busy or locked database (another process at work in it) is refused.
    if (!isDamage(err)) {
      current?.close();
      for (const suffix of copies) rmSync(`${aside}${suffix}`, { force: true });
      fail(
        `${dbPath} cannot be opened now (${messageOf(err)}): stop whatever holds it, then run the restore again.`,
      );
    }
    damaged = true;
    const kept =
      copies.length > 0
        ? `, with its ${copies.join(" and ")} file${copies.length > 1 ? "s" : ""}`
        : "";
    console.log(
      `The current database cannot be read (${messageOf(err)}): it is kept aside as it was${kept}.`,
    );
  } finally {
    current?.close();
  }
  if (!damaged) for (const suffix of copies) rmSync(`${aside}${suffix}`, { force: true });
  // The last connection to close removes the WAL file; if it is still there, another
  // process (the server) holds the database open.
  if (!damaged && existsSync(`${dbPath}-wal`)) {
    fail(`${dbPath} is open in another process. Stop the server, then run the restore again.`);
  }
}

// 3. Copy the backup next to the database, complete on its own, flush it, then swap it in.
const staging = `${dbPath}.restoring`;
for (const file of [staging, ...SIDE_FILES.map((suffix) => `${staging}${suffix}`)]) {
  rmSync(file, { force: true });
}
copyFileSync(backupPath, staging);
// A backup with commits in its own WAL (a live database copied with its -wal): the check above
// read them with the file, so they are merged into the copy; the file alone would lack them.
const backupWal = `${backupPath}-wal`;
if (existsSync(backupWal) && statSync(backupWal).size > 0) {
  copyFileSync(backupWal, `${staging}-wal`);
  const merging = new Database(staging, { strict: true });
  try {
    const [busy] = merging.query("pragma wal_checkpoint(TRUNCATE)").values()[0] as number[];
    if (busy !== 0) throw new Error("the checkpoint was busy");
  } catch (err) {
    merging.close();
    for (const suffix of SIDE_FILES) rmSync(`${staging}${suffix}`, { force: true });
    rmSync(staging, { force: true });
    fail(`Cannot merge ${backupWal} into the copy of the backup: ${messageOf(err)}`);
  }
  merging.close();
  // Closing the last connection removed them; whatever is left belongs to the copy only.
  for (const suffix of SIDE_FILES) rmSync(`${staging}${suffix}`, { force: true });
}
// copyFile keeps the backup's mode; the database is owner-only whatever the copy was (decision 045).
chmodSync(staging, 0o600);
fsyncPath(staging);
const hadDatabase = existsSync(dbPath);
if (hadDatabase) {
  renameSync(dbPath, aside);
  chmodSync(aside, 0o600);
}
// Nothing of the database that was there may stay beside the restored file: SQLite would
// play a WAL or a hot journal it found there into it (pages of another database). A damaged
// database's files are aside already (copied above); those beside no database (it was
// deleted or moved without them) may hold its last commits, and are kept aside as they were;
// the merged database's -shm holds nothing and goes.
const orphans: string[] = [];
for (const suffix of SIDE_FILES) {
  const file = `${dbPath}${suffix}`;
  if (!existsSync(file)) continue;
  if (damaged || (hadDatabase && suffix === "-shm")) {
    rmSync(file, { force: true });
  } else {
    renameSync(file, `${aside}${suffix}`);
    chmodSync(`${aside}${suffix}`, 0o600);
    if (!hadDatabase) orphans.push(`${aside}${suffix}`);
  }
}
renameSync(staging, dbPath);
fsyncPath(dirname(dbPath));
if (orphans.length > 0) {
  console.log(
    `There was no database at ${dbPath}, yet files of one beside it (a database deleted or moved without them; they may hold its last commits): kept aside as ${orphans.join(" and ")}.`,
  );
}

// 4. Open as the server would: integrity check and migrations to the current schema.
try {
  const handle = openDatabase(dbPath);
  const integrity = integrityCheck(handle.sqlite);
  handle.close();
  if (integrity !== "ok") throw new Error(`integrity check failed: ${integrity}`);
} catch (err) {
  for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(file, { force: true });
  if (existsSync(aside)) renameSync(aside, dbPath);
  for (const suffix of SIDE_FILES) {
    if (existsSync(`${aside}${suffix}`)) renameSync(`${aside}${suffix}`, `${dbPath}${suffix}`);
  }
  fail(`Restore failed and was undone: ${messageOf(err)}`);
}
console.log(`Restored ${fromReplica ? "the replica's state" : backupPath} to ${dbPath}.`);
if (existsSync(aside)) console.log(`The previous database was kept as ${aside}.`);
console.log("Integrity check: ok");
if (fromReplica) {
  for (const file of [fromReplicaFile, `${fromReplicaFile}-wal`, `${fromReplicaFile}-shm`]) {
    rmSync(file, { force: true });
  }
  // Litestream's shadow WAL described the file that was replaced: it starts afresh (a new
  // generation) when the server starts again.
  rmSync(join(dirname(dbPath), `.${basename(dbPath)}-litestream`), {
    recursive: true,
    force: true,
  });
}
// The books check (docs/ledger.md) on what was restored. Read-write, though it only reads:
// closing the last read-write connection removes the WAL and SHM files, so the restored
// database is left as one file (a read-only one would leave an empty -wal and -shm).
const restored = openExisting(dbPath);
const report = checkBooks(drizzle({ client: restored, schema }));
restored.close();
lock.release();
if (report.ok) {
  console.log("Books check: the books balance (no violations)");
} else {
  console.log(`Books check: ${report.violations.length} violation(s):`);
  for (const v of report.violations) console.log(`  [${v.rule}] ${v.message}`);
  if (report.truncated) console.log("  (more violations were left out of this report)");
  // Exit 1, yet the swap is done: say so, so nobody takes the old database for still in place.
  console.error(
    `Restored, but the books do not balance (exit 1): the restored database is in place at ${dbPath} with these violations${existsSync(aside) ? `; the previous one is kept as ${aside}` : ""}. Restore an older backup, or start the server and repair them (System Admin's books check, Recalculate for a drifted balance: docs/ledger.md).`,
  );
  process.exit(1);
}
