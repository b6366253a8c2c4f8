/**
 * Scheduled backups (issue 10) on a real database file: each run copies in a worker thread,
 * checks the copy (integrity and books), records it in `backups`, and prunes the server's own
 * files to BACKUP_KEEP good ones (only after a good one) and BACKUP_KEEP unbalanced ones.
 */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import type { BackupDto } from "../domain/dto";
import {
  BACKUP_CHECKED,
  nextBackupAt,
  runScheduledBackup,
  SCHEDULED_NAME,
  startBackupScheduler,
} from "./backup";

let dir: string;
let backupDir: string;
let t: TestApp;
/** The injected clock: each test moves it by hand. */
let now: number;
const clock = () => now;
const HOUR = 3_600_000;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "backup-test-"));
  backupDir = join(dir, "backups");
  t = await createTestApp(join(dir, "live.db"));
  const { shopId, customerId } = await seedBasics(t, { creditLimit: "100" });
  await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "40" } });
  await t.json("POST", "/api/bets", {
    body: { customerId, shopId, description: "Derby", stakeAmount: "10", odds: "2.5" },
  });
  now = Date.parse("2026-03-01T03:00:00.000Z");
});
afterEach(() => {
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

const deps = () => ({ db: t.handle.db, sqlite: t.handle.sqlite, clock });
const scheduledFiles = () => readdirSync(backupDir).filter((name) => SCHEDULED_NAME.test(name));

describe("a scheduled backup", () => {
  test("writes a checked copy holding every row, named by the clock, and records it", async () => {
    const run = await runScheduledBackup(deps(), { dir: backupDir, keep: 14 });
    expect(run.outcome).toMatchObject({ ok: true, detail: BACKUP_CHECKED });
    expect(run.outcome.path).toBe(join(backupDir, "betting-shop-auto-2026-03-01T03-00-00-000Z.db"));
    expect(readdirSync(backupDir)).toEqual([basename(run.outcome.path)]);

    const copy = new Database(run.outcome.path, { readonly: true });
    expect(copy.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
    const bet = copy.query("select description, stake_cents from bets").get();
    expect(bet).toEqual({ description: "Derby", stake_cents: 1000 });
    const customers = copy.query("select balance_cents from customers").all();
    copy.close();
    expect(customers).toEqual(
      t.handle.sqlite.query("select balance_cents from customers").all() as never,
    );

    const listed = await t.json<BackupDto[]>("GET", "/api/admin/backups");
    expect(listed).toEqual([
      {
        id: run.row.id,
        reason: "scheduled",
        file: run.outcome.path,
        ok: true,
        detail: BACKUP_CHECKED,
        sizeBytes: run.outcome.sizeBytes,
        createdAt: "2026-03-01T03:00:00.000Z",
      },
    ]);
  });

  test("keeps the newest BACKUP_KEEP of its own files and never touches anything else", async () => {
    mkdirSync(backupDir, { recursive: true });
    const others = [
      "betting-shop-2026-01-01T00-00-00-000Z.db", // bun run backup's name
      "betting-shop-before-delete-all-2026-01-02T00-00-00-000Z.db",
      "betting-shop-auto-old.db",
      "notes.txt",
    ];
    for (const name of others) writeFileSync(join(backupDir, name), "kept");
    // A scheduled backup cut short (the server stopped) leaves a .partial behind.
    writeFileSync(join(backupDir, "betting-shop-auto-2026-02-01T00-00-00-000Z.db.partial"), "x");

    const written: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const run = await runScheduledBackup(deps(), { dir: backupDir, keep: 2 });
      expect(run.outcome.ok).toBe(true);
      written.push(basename(run.outcome.path));
      expect(scheduledFiles().length).toBe(Math.min(i + 1, 2));
      now += 24 * HOUR;
    }
    expect(scheduledFiles().sort()).toEqual(written.slice(2).sort());
    expect(
      readdirSync(backupDir)
        .filter((name) => !SCHEDULED_NAME.test(name))
        .sort(),
    ).toEqual([...others].sort());

    // The list pages newest first, the total in X-Total-Count.
    const res = await t.request("GET", "/api/admin/backups?limit=2");
    expect(res.headers.get("X-Total-Count")).toBe("4");
    const page = (await res.json()) as BackupDto[];
    expect(page.map((b) => basename(b.file ?? ""))).toEqual(written.slice(2).reverse());
  });

  test("whose books do not balance is kept but not good: nothing is pruned, an alert is raised", async () => {
    for (let i = 0; i < 2; i += 1) {
      await runScheduledBackup(deps(), { dir: backupDir, keep: 2 });
      now += HOUR;
    }
    const good = scheduledFiles().sort();
    // A stored balance the ledger does not give.
    t.handle.sqlite.run("update customers set balance_cents = balance_cents + 1");

    const run = await runScheduledBackup(deps(), { dir: backupDir, keep: 2 });
    expect(run.outcome.ok).toBe(false);
    expect(run.outcome.detail).toStartWith(
      "integrity ok, but the books do not balance: Customer #",
    );
    expect(run.pruned).toEqual([]);
    expect(scheduledFiles().sort()).toEqual([...good, basename(run.outcome.path)].sort());

    const [latest] = await t.json<BackupDto[]>("GET", "/api/admin/backups");
    expect(latest).toMatchObject({ ok: false, detail: run.outcome.detail });
    const alerts = await t.json<{ title: string; description: string }[]>("GET", "/api/alerts");
    expect(alerts.map((a) => a.title)).toContain("Backup failed");
  });

  test("while the books stay unbalanced, keeps BACKUP_KEEP such copies besides the good ones, which only a good backup prunes", async () => {
    // By hand, not with backupFileName: the clock starts at 03:00 and moves an hour a run.
    const auto = (hour: number) =>
      `betting-shop-auto-2026-03-01T${String(hour).padStart(2, "0")}-00-00-000Z.db`;
    const settings = { dir: backupDir, keep: 2 };
    for (let i = 0; i < 2; i += 1) {
      expect((await runScheduledBackup(deps(), settings)).outcome.ok).toBe(true); // 03:00, 04:00
      now += HOUR;
    }
    // An older restore point copied back into the folder: no row, so counted as good, and one
    // good copy more than BACKUP_KEEP, which an unbalanced run must not take away.
    const restored = "betting-shop-auto-2026-02-01T00-00-00-000Z.db";
    writeFileSync(join(backupDir, restored), "an older restore point");

    t.handle.sqlite.run("update customers set balance_cents = balance_cents + 1");
    const pruned: string[][] = [];
    for (let i = 0; i < 4; i += 1) {
      const run = await runScheduledBackup(deps(), settings); // 05:00 .. 08:00
      expect(run.outcome.ok).toBe(false);
      expect(run.outcome.sizeBytes).toBeGreaterThan(0);
      pruned.push(run.pruned.map((path) => basename(path)));
      now += HOUR;
    }
    // Each unbalanced run removes only the unbalanced copy beyond two; the good ones stay.
    expect(pruned).toEqual([[], [], [auto(5)], [auto(6)]]);
    expect(scheduledFiles().sort()).toEqual([restored, auto(3), auto(4), auto(7), auto(8)].sort());

    // Books fixed: a good backup prunes the good ones beyond two and keeps the evidence.
    t.handle.sqlite.run("update customers set balance_cents = balance_cents - 1");
    const good = await runScheduledBackup(deps(), settings); // 09:00
    expect(good.outcome.ok).toBe(true);
    expect(good.pruned.map((path) => basename(path))).toEqual([auto(3), restored]);
    expect(scheduledFiles().sort()).toEqual([auto(4), auto(7), auto(8), auto(9)].sort());

    // Every attempt stays listed, the removed copies' rows too.
    const listed = await t.json<BackupDto[]>("GET", "/api/admin/backups");
    expect(listed.map((b) => [basename(b.file ?? ""), b.ok])).toEqual([
      [auto(9), true],
      [auto(8), false],
      [auto(7), false],
      [auto(6), false],
      [auto(5), false],
      [auto(4), true],
      [auto(3), true],
    ]);
  });

  test("whose books check cannot run is kept and not good, never called an integrity failure", async () => {
    // A sound database the books rules cannot read: a table they need under another name.
    t.handle.sqlite.run("alter table shops rename to shops_elsewhere");

    const run = await runScheduledBackup(deps(), { dir: backupDir, keep: 2 });
    expect(run.outcome.ok).toBe(false);
    expect(run.outcome.detail).toStartWith(
      "integrity ok, but the books check could not run on the copy: no such table: shops",
    );
    expect(run.outcome.detail).not.toContain("integrity check");
    expect(scheduledFiles()).toEqual([basename(run.outcome.path)]);
    expect(run.row).toMatchObject({ ok: false, sizeBytes: run.outcome.sizeBytes });
    expect(run.outcome.sizeBytes).toBeGreaterThan(0);
  });

  test("that cannot be written records why and prunes nothing", async () => {
    for (let i = 0; i < 3; i += 1) {
      await runScheduledBackup(deps(), { dir: backupDir, keep: 3 });
      now += HOUR;
    }
    const before = scheduledFiles().sort();
    const blocked = join(dir, "a-file");
    writeFileSync(blocked, "not a folder");

    const run = await runScheduledBackup(deps(), { dir: blocked, keep: 1 });
    expect(run.outcome.ok).toBe(false);
    expect(run.outcome.detail).toStartWith("could not write the copy");
    expect(run.pruned).toEqual([]);
    expect(scheduledFiles().sort()).toEqual(before);
    expect(run.row).toMatchObject({ reason: "scheduled", ok: false, sizeBytes: null });
  });
});

describe("the schedule", () => {
  test("the first backup is due at once; then one interval after the last attempt", async () => {
    expect(nextBackupAt(t.handle.db, 24 * HOUR, now)).toBe(now);
    await runScheduledBackup(deps(), { dir: backupDir, keep: 14 });
    const taken = now;
    now += 2 * HOUR;
    expect(nextBackupAt(t.handle.db, 24 * HOUR, now)).toBe(taken + 24 * HOUR);
    now += 30 * HOUR;
    expect(nextBackupAt(t.handle.db, 24 * HOUR, now)).toBe(now);
  });

  test("the scheduler takes the first backup by itself, and stop() ends it", async () => {
    const scheduler = startBackupScheduler(deps(), { dir: backupDir, keep: 14, intervalHours: 24 });
    try {
      // Waits for the backup's row (no timing assumed: bounded only by the test timeout).
      while (t.handle.sqlite.query("select 1 from backups").get() === null) await Bun.sleep(20);
    } finally {
      scheduler.stop();
    }
    expect(scheduledFiles()).toHaveLength(1);
    expect(existsSync(join(backupDir, scheduledFiles()[0] as string))).toBe(true);
  });
});
