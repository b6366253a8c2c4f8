/**
 * Released migrations stay as released (decision 055): the checked-in checksums match the
 * files, a database whose applied migrations differ from the files is refused at start and by
 * `restore` (naming them, changing nothing), and the checksum script adds a new migration's
 * entry but never changes a released one. All on the real migration files.
 */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client";
import {
  checkAppliedMigrations,
  compareChecksums,
  MIGRATIONS_FOLDER,
  MigrationMismatchError,
  migrationFiles,
  migrationHash,
  readChecksums,
} from "../src/db/migrations";
import { phoneDigits } from "../src/domain/customer-number";
import { freePort, runBun } from "./helpers/server-process";
import { unpackFixture } from "./helpers/upgrade-fixtures";

const ROOT = join(import.meta.dir, "..");

const run = runBun;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "migrations-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const files = migrationFiles();
const tagOf = (tag: string) => files.find((f) => f.tag === tag) as (typeof files)[number];
/** What 0005_search held in the commits where it was a placeholder (f2dfbb7). */
const PLACEHOLDER_HASH = migrationHash(
  "-- Filled by issue 11 (placeholder until then).\nSELECT 1;\n",
);

/** A database with every migration applied, closed. */
function migratedDatabase(name = "shop.db"): string {
  const path = join(dir, name);
  openDatabase(path).close();
  return path;
}

function applied(path: string): { hash: string; created_at: number }[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .query("select hash, created_at from __drizzle_migrations order by created_at")
      .all() as {
      hash: string;
      created_at: number;
    }[];
  } finally {
    db.close();
  }
}

function tamper(path: string, statement: string): void {
  const db = new Database(path);
  db.run(statement);
  db.close();
}

describe("the checked-in checksums", () => {
  test("every migration file has its entry, unchanged since it was listed", () => {
    const problems = compareChecksums(files, readChecksums());
    expect([
      ...problems.changed.map(
        (tag) =>
          `${tag} changed after release: a released migration is never edited; restore its text and write a new migration`,
      ),
      ...problems.missing.map(
        (tag) =>
          `${tag} has no checksum: run bun run migrations:checksum and commit drizzle/checksums.json with the migration`,
      ),
      ...problems.removed.map((tag) => `${tag} is listed but gone from the journal: put it back`),
    ]).toEqual([]);
  });

  test("the checksum is the hash drizzle records for the migration", () => {
    const path = migratedDatabase();
    expect(applied(path).map((r) => r.hash)).toEqual(files.map((f) => f.hash));
    expect(readChecksums()).toEqual(Object.fromEntries(files.map((f) => [f.tag, f.hash])));
  });

  test("migrations:checksum adds a new migration's entry and refuses an edited one", async () => {
    const folder = join(dir, "drizzle");
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const script = join(ROOT, "scripts/migration-checksums.ts");
    expect((await run([script, "--check", "--dir", folder])).code).toBe(0);

    // A new migration in the journal: --check names it; the script adds it and only it.
    const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8"));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "0099_new" });
    writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
    writeFileSync(join(folder, "0099_new.sql"), "CREATE TABLE `t` (`id` integer);\n");
    const check = await run([script, "--check", "--dir", folder]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("No checksum for 0099_new: run bun run migrations:checksum");
    const before = readChecksums(folder);
    const add = await run([script, "--dir", folder]);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain("Added 0099_new");
    expect(readChecksums(folder)).toEqual({
      ...before,
      "0099_new": migrationHash("CREATE TABLE `t` (`id` integer);\n"),
    });

    // An edited released migration: refused, and the list keeps the released checksum.
    writeFileSync(join(folder, "0005_search.sql"), "SELECT 1;\n");
    const listed = readFileSync(join(folder, "checksums.json"), "utf8");
    const edited = await run([script, "--dir", folder]);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain("Released migrations are never edited");
    expect(edited.stderr).toContain("0005_search: the file changed");
    expect(readFileSync(join(folder, "checksums.json"), "utf8")).toBe(listed);
  });
});

describe("at start, applied migrations must match the files", () => {
  test("a database up to date, or behind, opens; the behind one is migrated", () => {
    const path = migratedDatabase();
    expect(() => openDatabase(path).close()).not.toThrow();
    const old = unpackFixture(20, dir);
    // A phone on record before 0027: its triggers (0015) index it read as Irish.
    const before = new Database(old);
    before.run("update customers set phone = '+353 85 340 1590' where id = 1");
    before.close();
    const db = new Database(old, { readonly: true });
    expect(checkAppliedMigrations(db)).toEqual({
      pending: [
        "0021_cash_bets_each_way",
        "0022_api_tokens",
        "0023_user_language",
        "0024_business_zone",
        "0025_alert_codes",
        "0026_placed_payouts",
        "0027_phone_digits_as_written",
        "0028_dead_heat_rule4",
        "0029_dead_heat_shape",
      ],
      mismatch: null,
    });
    db.close();
    const handle = openDatabase(old);
    expect(checkAppliedMigrations(handle.sqlite)).toEqual({ pending: [], mismatch: null });
    // 0027 indexed the phone stored before it as written (decision 083), where 0015 had read
    // it as Irish (0853401590).
    const indexed = (digits: string) =>
      handle.sqlite
        .query("select rowid from customers_fts where phone_digits match ?")
        .all(`"${digits}"`);
    expect(indexed(phoneDigits("+353 85 340 1590"))).toEqual([{ rowid: 1 }]);
    expect(indexed("0853401590")).toEqual([]);
    handle.close();
  });

  test("a migration applied from a text since edited: refused, naming it, nothing changed", () => {
    // The issue-22 case: 0005 applied while it was a placeholder, filled in later.
    const path = unpackFixture(20, dir);
    tamper(
      path,
      `update __drizzle_migrations set hash = '${PLACEHOLDER_HASH}' where created_at = ${tagOf("0005_search").when}`,
    );
    const before = applied(path);
    let error: unknown;
    try {
      openDatabase(path);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MigrationMismatchError);
    const message = (error as Error).message;
    expect(message).toContain(`The database ${path} does not match this version's migrations`);
    expect(message).toContain("migration(s) 0005_search were applied from a different text");
    expect(message).toContain("Nothing was changed.");
    // 0021 did not run: the file is as it was.
    expect(applied(path)).toEqual(before);
    const db = new Database(path, { readonly: true });
    const columns = db.query("select name from pragma_table_info('bets')").all();
    db.close();
    expect(columns).not.toContainEqual({ name: "payment" });
  });

  test("0028 applied from its text edited on main (exact dead-heat CHECKs) still opens", () => {
    const path = unpackFixture(20, dir);
    const handle = openDatabase(path);
    handle.close();
    const edited = "e3d2419674d1ffb620ece94b037bc50a3b514b4b0d7dd2296826d88e8d2287f1";
    tamper(
      path,
      `update __drizzle_migrations set hash = '${edited}' where created_at = ${tagOf("0028_dead_heat_rule4").when}`,
    );
    const reopened = openDatabase(path);
    expect(checkAppliedMigrations(reopened.sqlite)).toEqual({ pending: [], mismatch: null });
    reopened.close();
    // Any other text of it is still an edit.
    tamper(
      path,
      `update __drizzle_migrations set hash = '${PLACEHOLDER_HASH}' where created_at = ${tagOf("0028_dead_heat_rule4").when}`,
    );
    expect(() => openDatabase(path)).toThrow(
      "0028_dead_heat_rule4 were applied from a different text",
    );
  });

  test("0029's triggers hold a bets table with 0028's looser CHECKs to the exact shape", () => {
    const db = new Database(":memory:");
    // The columns as 0028 adds them: any digits either side of the slash.
    db.run(
      "create table bets (id integer primary key, status text, each_way_places integer, dead_heat_win text check (dead_heat_win is null or (status = 'WON' and dead_heat_win glob '[1-9]*/[1-9]*')), dead_heat_place text check (dead_heat_place is null or (status in ('WON', 'PLACED') and each_way_places is not null and dead_heat_place glob '[1-9]*/[1-9]*')))",
    );
    const shape = readFileSync(join(MIGRATIONS_FOLDER, "0029_dead_heat_shape.sql"), "utf8");
    for (const statement of shape.split("--> statement-breakpoint")) db.run(statement);
    const insert = db.prepare(
      "insert into bets (status, each_way_places, dead_heat_win, dead_heat_place) values ('WON', 3, ?, ?)",
    );
    insert.run("1/2", "2/3");
    insert.run("9/20", null);
    for (const bad of ["3/2", "1/1", "01/2", "1/21", "10/9"]) {
      expect(() => insert.run(bad, null)).toThrow(
        "CHECK constraint failed: bets_dead_heat_win_check",
      );
      expect(() => insert.run(null, bad)).toThrow(
        "CHECK constraint failed: bets_dead_heat_place_check",
      );
    }
    expect(() => db.run("update bets set dead_heat_win = '3/2' where id = 1")).toThrow(
      "CHECK constraint failed: bets_dead_heat_win_check",
    );
    expect(() => db.run("update bets set dead_heat_place = '2/2' where id = 1")).toThrow(
      "CHECK constraint failed: bets_dead_heat_place_check",
    );
    db.close();
  });

  test("a database migrated by a newer version: refused, naming the migrations it does not know", () => {
    const path = migratedDatabase();
    const when = (files.at(-1)?.when ?? 0) + 86_400_000;
    tamper(
      path,
      `insert into __drizzle_migrations (hash, created_at) values ('${"ab".repeat(32)}', ${when})`,
    );
    expect(() => openDatabase(path)).toThrow(
      `it has 1 migration(s) this version does not ship, so a newer version migrated it: one dated ${new Date(when).toISOString()} (sha256 abababababab). Run that newer version on it, or restore a backup taken before the upgrade`,
    );
  });

  test("a migration skipped under later ones: refused, naming it", () => {
    const path = migratedDatabase();
    tamper(
      path,
      `delete from __drizzle_migrations where created_at = ${tagOf("0010_resettle").when}`,
    );
    expect(() => openDatabase(path)).toThrow(
      "migration(s) 0010_resettle were never applied although later ones were",
    );
  });

  test("the server process refuses to start on it, with the message", async () => {
    const path = migratedDatabase();
    tamper(
      path,
      `update __drizzle_migrations set hash = '${PLACEHOLDER_HASH}' where created_at = ${tagOf("0004_rollups").when}`,
    );
    const refused = Bun.spawn(["bun", "src/index.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_PATH: path,
        PORT: String(await freePort()),
        ADMIN_PASSWORD: "a-long-orchard-password",
        LOG_LEVEL: "silent",
      },
      stdout: "ignore",
      stderr: "pipe",
    });
    expect(await refused.exited).not.toBe(0);
    expect(await new Response(refused.stderr).text()).toContain(
      "migration(s) 0004_rollups were applied from a different text",
    );
  }, 30_000);
});

describe("restore", () => {
  test("refuses a backup whose migrations do not match, naming them, before replacing anything", async () => {
    const live = migratedDatabase("live.db");
    const backup = unpackFixture(13, dir);
    tamper(
      backup,
      `update __drizzle_migrations set hash = '${PLACEHOLDER_HASH}' where created_at in (${tagOf("0005_search").when}, ${tagOf("0006_integrity").when})`,
    );
    const liveBefore = readFileSync(live);
    const result = await run([join(ROOT, "scripts/restore.ts"), backup, "--db", live]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Refusing to restore ${backup}: it does not match`);
    expect(result.stderr).toContain(
      "0005_search, 0006_integrity were applied from a different text",
    );
    expect(readFileSync(live).equals(liveBefore)).toBe(true);
    expect(
      readdirSync(dir).filter((f) => f.includes("before-restore") || f.endsWith(".restoring")),
    ).toEqual([]);
  }, 30_000);

  test("refuses a backup from a newer version", async () => {
    const backup = migratedDatabase("newer.db");
    tamper(
      backup,
      `insert into __drizzle_migrations (hash, created_at) values ('${"cd".repeat(32)}', ${(files.at(-1)?.when ?? 0) + 1000})`,
    );
    const target = join(dir, "target.db");
    const result = await run([join(ROOT, "scripts/restore.ts"), backup, "--db", target]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("this version does not ship, so a newer version migrated it");
    expect(existsSync(target)).toBe(false);
  }, 30_000);

  test("restores a backup of an earlier schema and migrates it", async () => {
    const backup = unpackFixture(8, dir);
    const target = join(dir, "target.db");
    const result = await run([join(ROOT, "scripts/restore.ts"), backup, "--db", target]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(applied(target).map((r) => r.hash)).toEqual(files.map((f) => f.hash));
  }, 30_000);
});
