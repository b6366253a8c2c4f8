import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killRunningServers, spawnServer } from "../../tests/helpers/server-process";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { openDatabase } from "../db/client";
import { customers } from "../db/schema";
import {
  checkLargeFileBeforeOpening,
  checkWholeFileAfterStart,
  INTEGRITY_ALERT_KEY,
  nextIntegrityCheckAt,
  quickCheckBeforeServing,
  recordIntegrityCheck,
  recordStartupCheck,
  runScheduledIntegrityCheck,
} from "./integrity";

const dir = mkdtempSync(join(tmpdir(), "integrity-test-"));
let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});
afterAll(async () => {
  await killRunningServers();
  rmSync(dir, { recursive: true, force: true });
});

/** A migrated database file with 300 customers, vacuumed and closed (its WAL checkpointed into it). */
function makeDatabase(name: string): string {
  const path = join(dir, name);
  const handle = openDatabase(path);
  handle.db.transaction((tx) => {
    for (let i = 0; i < 300; i++) {
      tx.insert(customers)
        .values({
          firstName: "Ann",
          lastName: `Surname${String(i).padStart(5, "0")}`,
          createdAt: Date.now(),
        })
        .run();
    }
  });
  // No free pages left holding stale copies of rows: every copy of a name found is live.
  handle.sqlite.run("vacuum");
  handle.sqlite.run("pragma wal_checkpoint(truncate)");
  handle.close();
  return path;
}

const pageSize = (path: string) => readFileSync(path).readUInt16BE(16) || 65536;

/**
 * Changes one byte of a name inside a page of customers_last_name_idx (an index leaf page:
 * type byte 0x0a): the page stays well formed, so quick_check passes, but the index no longer
 * matches its table, which only the full integrity_check notices.
 */
function corruptIndexEntry(path: string): void {
  const bytes = readFileSync(path);
  const size = pageSize(path);
  const needle = Buffer.from("Surname00150");
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
    const pageStart = Math.floor(at / size) * size;
    if (bytes[pageStart] === 0x0a) {
      const fd = openSync(path, "r+");
      writeSync(fd, Buffer.from("z"), 0, 1, at + 7);
      closeSync(fd);
      return;
    }
  }
  throw new Error("no index entry to corrupt");
}

/** Overwrites the header of a table's root page: a broken page, which quick_check finds. */
function corruptTablePage(path: string, table = "customers"): void {
  const probe = openDatabase(path);
  const { rootpage } = probe.sqlite
    .query("select rootpage from sqlite_master where name = ?")
    .get(table) as { rootpage: number };
  probe.close();
  const fd = openSync(path, "r+");
  writeSync(fd, Buffer.alloc(12, 0xff), 0, 12, (rootpage - 1) * pageSize(path));
  closeSync(fd);
}

describe("the full integrity check in the background", () => {
  test("a healthy file: the worker's check is recorded ok and shown to admins, no alert", async () => {
    t = await createTestApp(makeDatabase("healthy.db"));
    const row = await runScheduledIntegrityCheck(t.deps);
    expect(row).toMatchObject({ kind: "full", ok: true, detail: "ok" });
    expect(row.finishedAt).toBeGreaterThanOrEqual(row.startedAt);
    const status = await t.json<{ full: { ok: boolean; detail: string } | null }>(
      "GET",
      "/api/admin/integrity",
    );
    expect(status.full).toMatchObject({ ok: true, detail: "ok", kind: "full" });
    expect(t.handle.sqlite.query("select count(*) as n from alerts").get()).toEqual({ n: 0 });
    await t.json("GET", "/api/admin/integrity", { as: "user", expect: 403 });
  });

  test("a corrupted index: the start's quick_check passes, the daily check records the failure and raises one alert", async () => {
    const path = makeDatabase("bad-index.db");
    corruptIndexEntry(path);
    t = await createTestApp(path); // openDatabase's quick_check does not see it
    expect(t.handle.startupCheck.kind).toBe("quick");
    const row = await runScheduledIntegrityCheck(t.deps);
    expect(row.ok).toBe(false);
    expect(row.detail).toContain("customers_last_name_idx");
    const alerts = await t.json<{ title: string; description: string }[]>("GET", "/api/alerts");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: "Database integrity check failed" });
    expect(alerts[0]?.description).toContain("customers_last_name_idx");
    // A second failure while the alert is open does not raise another.
    await runScheduledIntegrityCheck(t.deps);
    expect(
      t.handle.sqlite
        .query("select count(*) as n from alerts where dedupe_key = ?")
        .get(INTEGRITY_ALERT_KEY),
    ).toEqual({ n: 1 });
    const status = await t.json<{ full: { ok: boolean } | null }>("GET", "/api/admin/integrity");
    expect(status.full?.ok).toBe(false);
  });

  test("the newest of each kind is shown; the start-up check is recorded as quick", async () => {
    t = await createTestApp();
    expect(await t.json("GET", "/api/admin/integrity")).toEqual({
      quick: null,
      full: null,
      everyHours: 24,
    });
    // INTEGRITY_CHECK_HOURS as the server was started with: 0, none in the background.
    t.deps.integrityCheckHours = 0;
    expect(await t.json("GET", "/api/admin/integrity")).toMatchObject({ everyHours: 0 });
    t.deps.integrityCheckHours = undefined;
    recordStartupCheck(t.handle, Date.now());
    const old = { kind: "full" as const, ok: true, detail: "ok", durationMs: 5 };
    recordIntegrityCheck(t.deps.db, { ...old, startedAt: 1000, finishedAt: 1005 }, Date.now());
    recordIntegrityCheck(t.deps.db, { ...old, startedAt: 9000, finishedAt: 9005 }, Date.now());
    const status = await t.json<{
      quick: { kind: string; ok: boolean } | null;
      full: { finishedAt: string } | null;
    }>("GET", "/api/admin/integrity");
    expect(status.quick).toMatchObject({ kind: "quick", ok: true });
    expect(status.full?.finishedAt).toBe(new Date(9005).toISOString());
  });

  test("scheduling: one interval after the last full check, never sooner than the start delay", async () => {
    t = await createTestApp();
    const hour = 3_600_000;
    expect(nextIntegrityCheckAt(t.deps.db, 24 * hour, 0, 600_000)).toBe(600_000);
    const check = { kind: "full" as const, ok: true, detail: "ok", durationMs: 1 };
    recordIntegrityCheck(t.deps.db, { ...check, startedAt: 0, finishedAt: hour }, 0);
    expect(nextIntegrityCheckAt(t.deps.db, 24 * hour, 2 * hour, 600_000)).toBe(25 * hour);
    expect(nextIntegrityCheckAt(t.deps.db, 24 * hour, 30 * hour, 600_000)).toBe(
      30 * hour + 600_000,
    );
  });
});

describe("quick_check at start", () => {
  test("on a large file: business tables before serving in two workers, the whole file right after", async () => {
    const healthy = makeDatabase("split-ok.db");
    expect(await quickCheckBeforeServing(healthy)).toMatchObject({ kind: "quick", ok: true });

    const brokenBusiness = makeDatabase("split-customers.db");
    corruptTablePage(brokenBusiness);
    // A broken page stops SQLite's check itself ("malformed"): the server then runs the
    // whole check on its own connection, which refuses to start the same way.
    const refused = await quickCheckBeforeServing(brokenBusiness);
    expect(refused).toMatchObject({ ok: false, detail: expect.stringMatching(/malformed/) });

    // A derived table (a report roll-up) is left to the whole-file check after the start.
    const brokenDerived = makeDatabase("split-rollups.db");
    corruptTablePage(brokenDerived, "report_shop_rollups");
    expect((await quickCheckBeforeServing(brokenDerived)).ok).toBe(true);
    const handle = openDatabase(brokenDerived, "quick", {
      kind: "quick",
      startedAt: Date.now(),
      durationMs: 1,
    });
    try {
      const row = await checkWholeFileAfterStart({ ...handle, clock: () => Date.now() });
      expect(row).toMatchObject({ kind: "quick", ok: false });
      const alert = handle.sqlite
        .query("select title from alerts where dedupe_key = ?")
        .get(INTEGRITY_ALERT_KEY);
      expect(alert).toEqual({ title: "Database integrity check failed" });
    } finally {
      handle.close();
    }
    // A small file is checked by openDatabase itself, as before.
    expect(await checkLargeFileBeforeOpening(healthy, "quick")).toBeUndefined();
  });

  test("the server refuses to start on a broken page, and starts (recording its quick check) on a file only the full check faults", async () => {
    const broken = makeDatabase("bad-page.db");
    corruptTablePage(broken);
    expect(() => openDatabase(broken)).toThrow(/integrity check failed|malformed/);
    const refused = Bun.spawn(["bun", "src/index.ts"], {
      cwd: join(import.meta.dir, "../.."),
      env: { ...process.env, DATABASE_PATH: broken, PORT: "0", LOG_LEVEL: "silent" },
      stdout: "ignore",
      stderr: "pipe",
    });
    expect(await refused.exited).not.toBe(0);
    expect(await new Response(refused.stderr).text()).toMatch(/integrity check failed|malformed/);

    const path = makeDatabase("bad-index-start.db");
    corruptIndexEntry(path);
    const server = await spawnServer(path, "a-long-orchard-password");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.kill("SIGTERM");
    const handle = openDatabase(path);
    const rows = handle.sqlite.query("select kind, ok from integrity_checks").all();
    handle.close();
    // The test's own openDatabase calls record nothing; the server recorded its start.
    expect(rows).toEqual([{ kind: "quick", ok: 1 }]);
  });
});
