/**
 * `bun run restore --from-replica --at T` across generations (decision 060), with the real
 * server and Litestream on a file replica: the server runs, is stopped cleanly (SIGTERM) and
 * started again, which begins a second generation, as every restart or upgrade does. A time
 * no generation covers (between the two runs, or in a quiet spell after the last write) has a
 * known state: the end of the newest generation begun before it. A time before the first one
 * is refused, naming the replica's earliest time. No restore leaves Litestream's temporary
 * copy (`<db>.from-replica.tmp-wal`, `-shm`) beside the database.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { litestreamBinary, parseReplicaUrl } from "../src/lib/replication/config";
import { listGenerations, type ReplicaGeneration } from "../src/lib/replication/restore";
import {
  killRunningServers,
  runBun,
  type ServerProcess,
  signInOverHttp,
  spawnServer,
} from "./helpers/server-process";

const ADMIN_PASSWORD = "restore-from-replica-lantern-password";
const FIRST_SHOP = "Written in the first run";
const SECOND_SHOP = "Written in the second run";

const cleanups: (() => void)[] = [];
afterAll(async () => {
  await killRunningServers();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function waitFor<T>(what: string, check: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

/** Starts the server and waits for Litestream's first snapshot (a new generation). */
async function startReplicating(dbPath: string, replicaUrl: string): Promise<ServerProcess> {
  const server = await spawnServer(dbPath, ADMIN_PASSWORD, undefined, { REPLICA_URL: replicaUrl });
  await waitFor("the first sync", async () => {
    const body = (await (await fetch(`${server.url}/readyz`)).json()) as {
      checks: Record<string, { state?: string; lastSyncAt?: unknown }>;
    };
    const replication = body.checks.replication;
    return replication?.state === "ok" && replication.lastSyncAt ? true : null;
  });
  return server;
}

async function createShop(url: string, name: string): Promise<void> {
  const { api } = await signInOverHttp(url, "admin", ADMIN_PASSWORD);
  const res = await api("/api/shops", {
    method: "POST",
    body: JSON.stringify({ name, location: "Test" }),
  });
  expect(res.status).toBe(201);
}

function shopsIn(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true });
  const names = (db.query("select name from shops order by id").all() as { name: string }[]).map(
    (row) => row.name,
  );
  db.close();
  return names.filter((name) => name === FIRST_SHOP || name === SECOND_SHOP);
}

/** The replica both runs wrote, and the times the tests restore to. */
const dir = mkdtempSync(join(tmpdir(), "restore-from-replica-"));
cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
const replicaUrl = `file://${join(dir, "replica")}`;
const times = { beforeFirst: 0, quiet: 0, between: 0, inside: 0, after: 0 };
let older: ReplicaGeneration;
let newer: ReplicaGeneration;

beforeAll(async () => {
  const dbPath = join(dir, "data", "shop.db");
  times.beforeFirst = Date.now() - 5_000;

  // The first run: one write, a quiet spell (Litestream ships within a second, then nothing
  // is written), a clean stop.
  const first = await startReplicating(dbPath, replicaUrl);
  await createShop(first.url, FIRST_SHOP);
  await Bun.sleep(2_500);
  times.quiet = Date.now();
  await Bun.sleep(1_000);
  await first.kill("SIGTERM");
  const stoppedAt = Date.now();

  // Stopped for a while, then the second run: a new generation.
  await Bun.sleep(2_000);
  times.between = stoppedAt + 1_000;
  const second = await startReplicating(dbPath, replicaUrl);
  await Bun.sleep(1_500);
  times.inside = Date.now();
  await Bun.sleep(1_500);
  await createShop(second.url, SECOND_SHOP);
  await Bun.sleep(2_500);
  times.after = Date.now();
  await second.kill("SIGTERM");

  const generations = await listGenerations({
    binary: litestreamBinary(),
    target: parseReplicaUrl(replicaUrl),
    dbPath,
    retentionHours: 72,
  });
  expect(generations).toHaveLength(2);
  [older, newer] = [...generations].sort((a, b) => a.startMs - b.startMs) as [
    ReplicaGeneration,
    ReplicaGeneration,
  ];
  // The times fall where the tests mean them to (Litestream gives its times to the second).
  expect(older.endMs).toBeLessThan(times.quiet - 1_000);
  expect(newer.startMs).toBeGreaterThan(times.between);
  expect(newer.endMs).toBeLessThan(times.after - 1_000);
}, 60_000);

/** `bun run restore --from-replica` into a folder of its own; what it said and left there. */
async function restore(name: string, args: string[]) {
  const target = join(dir, "restored", name, "shop.db");
  mkdirSync(dirname(target), { recursive: true });
  const run = await runBun(["scripts/restore.ts", "--from-replica", "--db", target, ...args], {
    REPLICA_URL: replicaUrl,
  });
  const debris = readdirSync(dirname(target)).filter((file) => file.includes(".from-replica"));
  return { ...run, target, debris };
}

const iso = (ms: number) => new Date(ms).toISOString();

test("--at between two runs (stopped): the end of the first run's generation, said so", async () => {
  const run = await restore("between", ["--at", iso(times.between)]);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
  expect(run.stdout).toContain(
    `No generation of the replica covers ${iso(times.between)} (the server was stopped, or idle): restored the end of generation ${older.id} (${iso(older.startMs).replace(".000Z", "Z")} to ${iso(older.endMs).replace(".000Z", "Z")})`,
  );
  expect(run.stdout).toContain("Books check: the books balance");
  expect(shopsIn(run.target)).toEqual([FIRST_SHOP]);
}, 30_000);

test("--at in a quiet spell after the last write, before the stop: that write's state", async () => {
  const run = await restore("quiet", ["--at", iso(times.quiet)]);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
  expect(run.stdout).toContain(`restored the end of generation ${older.id}`);
  expect(shopsIn(run.target)).toEqual([FIRST_SHOP]);
}, 30_000);

test("--at a moment ago on a quiet shop: the latest run's end state", async () => {
  const run = await restore("after", ["--at", iso(times.after)]);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
  expect(run.stdout).toContain(`restored the end of generation ${newer.id}`);
  expect(shopsIn(run.target)).toEqual([FIRST_SHOP, SECOND_SHOP]);
}, 30_000);

test("--at inside a generation: Litestream's own point in time, as before", async () => {
  const run = await restore("inside", ["--at", iso(times.inside)]);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
  expect(run.stdout).not.toContain("No generation");
  expect(shopsIn(run.target)).toEqual([FIRST_SHOP]);
}, 30_000);

test("--at before the replica's first generation: refused, naming its earliest time", async () => {
  const run = await restore("before", ["--at", iso(times.beforeFirst)]);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(
    `Restore from the replica failed: the replica holds nothing at or before ${iso(times.beforeFirst)}: its earliest state is from ${iso(older.startMs).replace(".000Z", "Z")} (generation ${older.id}); give a time from then on, or leave out --at for the latest state\n`,
  );
  expect(existsSync(join(dir, "restored", "before", "shop.db"))).toBe(false);
}, 30_000);

test("no restore leaves Litestream's temporary copy (<db>.from-replica.tmp-wal, -shm) beside the database", async () => {
  const target = join(dir, "restored", "latest", "shop.db");
  mkdirSync(dirname(target), { recursive: true });
  // What an earlier version left goes too; the database's own files are not touched.
  writeFileSync(`${target}.from-replica.tmp-shm`, "");
  const latest = await restore("latest", []);
  expect({ code: latest.code, stderr: latest.stderr }).toEqual({ code: 0, stderr: "" });
  // The restored database is one file, complete on its own: no -wal or -shm beside it.
  expect(readdirSync(dirname(target)).sort()).toEqual(["shop.db", "shop.db.lock"]);
  expect(shopsIn(latest.target)).toEqual([FIRST_SHOP, SECOND_SHOP]);
  expect(latest.debris).toEqual([]);
  const pointInTime = await restore("point-in-time", ["--at", iso(times.inside)]);
  expect(pointInTime.code).toBe(0);
  expect(pointInTime.debris).toEqual([]);
}, 30_000);

/** A database at `path` with its last commit (a shop named `shop`) in its -wal only. */
function databaseWithWal(path: string, shop: string): void {
  const scratch = `${path}.scratch`;
  copyFileSync(join(dir, "data", "shop.db"), scratch);
  const db = new Database(scratch);
  try {
    db.run("pragma wal_autocheckpoint = 0");
    db.run("insert into shops (name, location, created_at) values (?, 'Test', 0)", [shop]);
    copyFileSync(scratch, path);
    copyFileSync(`${scratch}-wal`, `${path}-wal`);
    copyFileSync(`${scratch}-shm`, `${path}-shm`);
  } finally {
    db.close();
  }
  rmSync(scratch, { force: true });
}

test("over a database with commits in its -wal, or over a -wal whose database is gone: nothing of them stays beside the restored file", async () => {
  // A database and its -wal: the WAL is merged into it, and it is kept aside as one file.
  const over = join(dir, "restored", "over", "shop.db");
  mkdirSync(dirname(over), { recursive: true });
  databaseWithWal(over, "In the replaced database's WAL");
  const replaced = await restore("over", []);
  expect({ code: replaced.code, stderr: replaced.stderr }).toEqual({ code: 0, stderr: "" });
  const [aside] = readdirSync(dirname(over)).filter((f) => f.startsWith("shop.db.before-restore-"));
  expect(readdirSync(dirname(over)).sort()).toEqual(
    ["shop.db", aside as string, "shop.db.lock"].sort(),
  );
  const kept = new Database(join(dirname(over), aside as string), { readonly: true });
  expect(
    kept.query("select count(*) from shops where name like 'In the replaced%'").values(),
  ).toEqual([[1]]);
  kept.close();
  expect(shopsIn(over)).toEqual([FIRST_SHOP, SECOND_SHOP]);

  // A -wal and -shm whose database was deleted: kept aside as they were, never played into
  // the restored file.
  const orphaned = join(dir, "restored", "orphaned", "shop.db");
  mkdirSync(dirname(orphaned), { recursive: true });
  databaseWithWal(orphaned, "In a lost database's WAL");
  rmSync(orphaned);
  const wal = readFileSync(`${orphaned}-wal`);
  const restored = await restore("orphaned", []);
  expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: "" });
  expect(restored.stdout).toContain("There was no database at");
  const files = readdirSync(dirname(orphaned)).sort();
  const keptWal = files.find((f) => f.startsWith("shop.db.before-restore-") && f.endsWith("-wal"));
  expect(files).toEqual(
    ["shop.db", "shop.db.lock", keptWal, keptWal?.replace(/-wal$/, "-shm")].sort() as string[],
  );
  expect(readFileSync(join(dirname(orphaned), keptWal as string)).equals(wal)).toBe(true);
  const db = new Database(orphaned, { readonly: true });
  try {
    expect(db.query("pragma integrity_check").values()).toEqual([["ok"]]);
    expect(db.query("select count(*) from shops where name like 'In a lost%'").values()).toEqual([
      [0],
    ]);
  } finally {
    db.close();
  }
  expect(shopsIn(orphaned)).toEqual([FIRST_SHOP, SECOND_SHOP]);
}, 60_000);
