/**
 * `bun run backup` (scripts/backup.ts) as cron runs it, against a database a live app holds
 * open: the outcome is a `backups` row with reason "script", which the backup age metric
 * counts while the server's schedule ignores it, and the row waits for the server's write
 * rather than failing (decision 080).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nextBackupAt } from "../src/lib/backup";
import { createMetrics } from "../src/lib/metrics";
import { runBun } from "./helpers/server-process";
import { createTestApp, seedBasics, type TestApp } from "./helpers/test-app";

const DEADLINE_MS = 20_000;
const AGE = "betting_shop_backup_last_success_age_seconds";

let dir: string;
let databasePath: string;
let out: string;
let t: TestApp;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "backup-script-"));
  databasePath = join(dir, "live.db");
  out = join(dir, "copies");
  t = await createTestApp(databasePath);
  const { shopId, customerId } = await seedBasics(t, { creditLimit: "100" });
  await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "40" } });
});
afterEach(() => {
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Row {
  reason: string;
  path: string | null;
  ok: number;
  detail: string;
  size_bytes: number | null;
}

const rows = () =>
  t.handle.sqlite
    .query("select reason, path, ok, detail, size_bytes from backups order by id")
    .all() as Row[];

/** What /metrics would say of the newest good backup's age, in seconds. */
async function backupAgeSeconds(): Promise<number> {
  const gauge = createMetrics(t.deps).registry.getSingleMetric(AGE);
  const value = (await gauge?.get())?.values[0]?.value;
  if (value === undefined) throw new Error(`${AGE} has no value`);
  return value;
}

describe("bun run backup", () => {
  test("records a good copy as reason script, which the backup age metric counts and the schedule ignores", async () => {
    expect(await backupAgeSeconds()).toBe(Number.POSITIVE_INFINITY);

    const run = await runBun(["scripts/backup.ts", "--db", databasePath, "--dir", out]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [name] = readdirSync(out);
    expect(name).toMatch(/^betting-shop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/);
    const file = join(out, name as string);
    expect(run.stdout).toContain(`Backup written to ${file}`);
    expect(rows()).toEqual([
      {
        reason: "script",
        path: file,
        ok: 1,
        detail: "integrity ok, books balanced",
        size_bytes: statSync(file).size,
      },
    ]);

    // Admins see it listed as the script's, not as one of the server's own.
    const listed = await t.json<{ reason: string; file: string }[]>("GET", "/api/admin/backups");
    expect(listed.map((b) => [b.reason, b.file])).toEqual([["script", file]]);

    const age = await backupAgeSeconds();
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    // The server's own schedule is still due: a cron job is no reason to skip it.
    const now = Date.now();
    expect(nextBackupAt(t.handle.db, 24 * 3_600_000, now)).toBe(now);
  }, 30_000);

  test("waits for the server's write transaction instead of giving up on the record", async () => {
    const proc = Bun.spawn(["bun", "scripts/backup.ts", "--db", databasePath, "--dir", out], {
      cwd: join(import.meta.dir, ".."),
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, DATABASE_PATH: "" },
    });
    // The server writing: the write lock taken before the copy is named and held past it.
    t.handle.sqlite.run("begin immediate");
    try {
      const deadline = Date.now() + DEADLINE_MS;
      while (!(existsSync(out) && readdirSync(out).some((n) => n.endsWith(".db")))) {
        if (Date.now() > deadline) throw new Error("the script wrote no copy");
        await Bun.sleep(20);
      }
      await Bun.sleep(500);
      expect(rows()).toEqual([]);
    } finally {
      t.handle.sqlite.run("commit");
    }
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(rows()).toMatchObject([{ reason: "script", ok: 1 }]);
  }, 30_000);

  test("records a copy whose books do not balance as not good, and exits 1", async () => {
    t.handle.sqlite.run("update customers set balance_cents = balance_cents + 1");
    const run = await runBun(["scripts/backup.ts", "--db", databasePath, "--dir", out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toStartWith("Backup failed: integrity ok, but the books do not balance");
    const [row] = rows();
    expect(row).toMatchObject({ reason: "script", ok: 0 });
    expect(row?.size_bytes).toBeGreaterThan(0);
    expect(await backupAgeSeconds()).toBe(Number.POSITIVE_INFINITY);
  }, 30_000);

  test("with --no-record writes the copy and nothing to the database", async () => {
    const run = await runBun([
      "scripts/backup.ts",
      "--db",
      databasePath,
      "--out",
      join(out, "by-hand.db"),
      "--no-record",
    ]);
    expect(run.code).toBe(0);
    expect(readdirSync(out)).toEqual(["by-hand.db"]);
    expect(rows()).toEqual([]);
  }, 30_000);
});
