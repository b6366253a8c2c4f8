/**
 * `bun run backup` and `bun run verify-ledger` with this version on a database an older
 * version left behind: the operator who pulls a new version and backs up before restarting,
 * as docs/operations.md's "Upgrading" asks, or a nightly cron that runs between the pull and
 * the restart. The copy is faithful and sound, only its books cannot be checked by this
 * version's rules until it is migrated: it is kept and the scripts say just that, while a copy
 * that really fails its integrity check is still refused and removed.
 */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client";
import { migrationFiles } from "../src/db/migrations";
import { checkBooks } from "../src/lib/books-check";
import { runBun } from "./helpers/server-process";
import { createTestApp, seedBasics } from "./helpers/test-app";
import { unpackFixture } from "./helpers/upgrade-fixtures";

/** The migration this version ends at, as the scripts name it ("0028"). */
const EXPECTED = (migrationFiles().at(-1)?.tag ?? "").slice(0, 4);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "backup-before-upgrade-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const appliedMigrations = (path: string) => {
  const sqlite = new Database(path, { readonly: true });
  try {
    return sqlite.query("select hash, created_at from __drizzle_migrations order by id").all();
  } finally {
    sqlite.close();
  }
};

describe("a database at an older schema (the schema-0020 upgrade fixture)", () => {
  test("bun run backup keeps the sound copy, says its books were not checked and why, and migrates nothing", async () => {
    const old = unpackFixture(20, dir);
    const before = appliedMigrations(old);
    const out = join(dir, "copies", "before-upgrade.db");

    const run = await runBun(["scripts/backup.ts", "--db", old, "--out", out]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toStartWith(`Backup written to ${out} (`);
    expect(run.stdout).toContain(
      `integrity ok; books not checked: the copy is at migration 0020, this version expects ${EXPECTED}; start the server (or restore) to migrate it`,
    );
    expect(run.stdout).not.toContain("no such column");
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(readdirSync(join(dir, "copies"))).toEqual(["before-upgrade.db"]);

    // A faithful copy: sound, the old schema as it was, and the source left unmigrated.
    const copy = new Database(out, { readonly: true });
    expect(copy.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
    copy.close();
    expect(appliedMigrations(out)).toEqual(before);
    expect(appliedMigrations(old)).toEqual(before);
    // The outcome is recorded in the old database's backups table (it has one since 0013).
    const source = new Database(old, { readonly: true });
    expect(source.query("select reason, path, ok, detail from backups").all()).toEqual([
      { reason: "script", path: out, ok: 1, detail: expect.stringContaining("books not checked") },
    ]);
    source.close();

    // Migrated as the next start migrates it, its books balance: it was a good copy to keep.
    const handle = openDatabase(out);
    try {
      expect(checkBooks(handle.db).violations).toEqual([]);
    } finally {
      handle.close();
    }
  }, 30_000);

  test("bun run verify-ledger refuses in one line saying the migrations are pending, with no stack trace", async () => {
    const old = unpackFixture(20, dir);
    for (const args of [
      ["--db", old],
      ["--db", old, "--json"],
    ]) {
      const run = await runBun(["scripts/verify-ledger.ts", ...args]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(
        `Books not checked: ${old} is at migration 0020, this version expects ${EXPECTED} (its migrations are pending); start the server (or restore) to migrate it, then check again\n`,
      );
    }
    // Read only: nothing was migrated.
    expect(appliedMigrations(old)).toHaveLength(21);
  }, 30_000);
});

describe("a copy that fails its integrity check", () => {
  test("is still refused and removed: a database whose rows break a CHECK constraint", async () => {
    const live = join(dir, "live.db");
    const t = await createTestApp(live);
    try {
      await seedBasics(t, { creditLimit: "100" });
      // A row no write path can make (SQLite lets it in only with the checks switched off):
      // VACUUM INTO copies it as it is, and integrity_check finds it in the copy.
      t.handle.sqlite.run("pragma ignore_check_constraints = on");
      t.handle.sqlite.run("update customers set credit_limit_cents = -1");
      t.handle.sqlite.run("pragma ignore_check_constraints = off");
    } finally {
      t.close();
    }
    const out = join(dir, "copies", "bad.db");
    const run = await runBun(["scripts/backup.ts", "--db", live, "--out", out, "--no-record"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toStartWith("Backup failed: the copy failed its integrity check: ");
    expect(run.stderr).toContain("CHECK constraint failed");
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.partial`)).toBe(false);
  }, 30_000);
});
