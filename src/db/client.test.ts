import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Glob } from "bun";
import { count } from "drizzle-orm";
import { readEnv } from "../env";
import { integrityCheck, openDatabase, writeTx } from "./client";
import { shops } from "./schema";

describe("database client", () => {
  test("every connection runs with WAL, synchronous=FULL, foreign keys and a busy timeout", () => {
    const dir = `${process.env.TMPDIR ?? "/tmp"}/client-test-${crypto.randomUUID()}`;
    const { sqlite, close } = openDatabase(`${dir}/db.sqlite`);
    expect(
      (sqlite.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode,
    ).toBe("wal");
    expect((sqlite.query("PRAGMA synchronous").get() as { synchronous: number }).synchronous).toBe(
      2,
    );
    expect(
      (sqlite.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys,
    ).toBe(1);
    expect((sqlite.query("PRAGMA busy_timeout").get() as { timeout: number }).timeout).toBe(5000);
    close();
  });

  test("the start-up check runs quick_check by default and integrity_check on request", () => {
    const full = openDatabase(":memory:");
    expect(integrityCheck(full.sqlite)).toBe("ok");
    expect(integrityCheck(full.sqlite, "quick")).toBe("ok");
    full.close();
    expect(readEnv({}).STARTUP_INTEGRITY_CHECK).toBe("quick");
    expect(readEnv({ STARTUP_INTEGRITY_CHECK: "full" }).STARTUP_INTEGRITY_CHECK).toBe("full");
    expect(() => readEnv({ STARTUP_INTEGRITY_CHECK: "none" })).toThrow("Invalid environment");
  });

  test("a throw inside writeTx rolls the whole write back", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      writeTx(db, (tx) => {
        tx.insert(shops).values({ name: "A", location: "B", createdAt: 1 }).run();
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(db.select({ n: count() }).from(shops).get()?.n).toBe(0);
    close();
  });

  test("an async writeTx callback is refused and rolled back (Drizzle would commit at the first await)", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      writeTx(db, ((tx: Parameters<Parameters<typeof writeTx>[1]>[0]) => {
        tx.insert(shops).values({ name: "A", location: "B", createdAt: 1 }).run();
        return Promise.resolve();
      }) as never),
    ).toThrow("writeTx callbacks must be synchronous");
    expect(db.select({ n: count() }).from(shops).get()?.n).toBe(0);
    close();
  });

  test("no source file opens a Drizzle transaction except through writeTx, or awaits inside one", async () => {
    const offenders: string[] = [];
    for await (const file of new Glob("src/**/*.ts").scan(".")) {
      if (file.endsWith(".test.ts") || file === "src/db/client.ts") continue;
      const text = await Bun.file(file).text();
      if (/\.transaction\(/.test(text)) offenders.push(`${file}: calls .transaction( directly`);
      if (/(writeTx|groupWrite|idempotent)\([^)]*async\b/.test(text))
        offenders.push(`${file}: async write callback`);
    }
    expect(offenders).toEqual([]);
  });
});

describe("another application's SQLite file (decision 094)", () => {
  test("is refused before anything is written; SQLite's and Litestream's own tables do not count", () => {
    const dir = mkdtempSync(join(tmpdir(), "foreign-db-"));
    try {
      const file = join(dir, "invoices.db");
      const other = new Database(file, { create: true });
      other.run("create table invoices (id integer primary key autoincrement, total integer)");
      other.run("insert into invoices (total) values (1250)");
      other.close();
      expect(() => openDatabase(file)).toThrow(
        `The database ${file} is not a betting-shop database: it holds other tables (invoices) and no __drizzle_migrations table`,
      );
      const after = new Database(file);
      expect(after.query("pragma journal_mode").get()).toEqual({ journal_mode: "delete" });
      after.close();

      // A file holding only Litestream's tables (or none) is a new database: migrated.
      const fresh = join(dir, "fresh.db");
      const seeded = new Database(fresh, { create: true });
      seeded.run("create table _litestream_seq (id integer primary key, seq integer)");
      seeded.close();
      const handle = openDatabase(fresh);
      expect(handle.db.select({ n: count() }).from(shops).get()).toEqual({ n: 0 });
      handle.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
