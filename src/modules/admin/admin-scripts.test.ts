/**
 * The admin scripts (scripts/*.ts), run as the operator runs them: as subprocesses. The
 * slow ones carry their own timeout, since each spawns several Bun processes.
 */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { runBun } from "../../../tests/helpers/server-process";
import { createTestApp, ORIGIN, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { EXPORTED_TABLES } from "./export";

const ROOT = join(import.meta.dir, "../../..");

const script = (name: string, args: string[], env: Record<string, string> = {}, cwd = ROOT) =>
  runBun([join(ROOT, "scripts", `${name}.ts`), ...args], env, cwd);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "shop-scripts-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const count = (path: string, table: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe("every script", () => {
  test.each(["backup", "restore", "export", "create-admin", "seed-demo", "verify-ledger"])(
    "%s answers --help with its usage",
    async (name) => {
      const { code, stdout } = await script(name, ["--help"]);
      expect(code).toBe(0);
      expect(stdout).toStartWith(`Usage: bun run ${name}`);
    },
  );

  test("refuses an unknown option with exit code 2 and the usage", async () => {
    const { code, stderr } = await script("backup", ["--nope"]);
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: bun run backup");
  });
});

describe("backup and restore", () => {
  let t: TestApp;
  let live: string;
  beforeEach(async () => {
    live = join(dir, "live.db");
    t = await createTestApp(live);
  });
  afterEach(() => t.close());

  test("a backup taken during a write load restores to a database whose books balance", async () => {
    const { customerId, shopId } = await seedBasics(t, { allowOverdraft: true });
    let writing = true;
    let writes = 0;
    const load = (async () => {
      for (let i = 0; writing; i++) {
        await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "3" } });
        await t.json("POST", "/api/bets", {
          body: {
            customerId,
            shopId,
            description: `Load ${i}`,
            stakeAmount: "2",
            odds: "1.5",
            outcome: ["WON", "LOST", "VOID", "PENDING"][i % 4],
            voidReason: i % 4 === 2 ? "Abandoned" : undefined,
          },
        });
        writes++;
        await Bun.sleep(1);
      }
    })();
    await Bun.sleep(30);
    const before = writes;
    const out = join(dir, "backups", "during-load.db");
    const backup = await script("backup", ["--db", live, "--out", out]);
    const during = writes - before;
    writing = false;
    await load;
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("integrity ok");
    expect(during).toBeGreaterThan(0);
    expect(readdirSync(join(dir, "backups"))).toEqual(["during-load.db"]);

    const restored = join(dir, "restored.db");
    const restore = await script("restore", [out, "--db", restored]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const verify = await script("verify-ledger", ["--db", restored]);
    expect(verify.stdout).toContain("Books balance: no violations");
    expect(verify.code).toBe(0);
    expect(count(restored, "bets")).toBeGreaterThan(0);
    expect(count(restored, "bets")).toBeLessThanOrEqual(count(live, "bets"));
  }, 60_000);

  test("names a backup with a timestamp in ./backups by default", async () => {
    const { code } = await script("backup", ["--db", live], {}, dir);
    expect(code).toBe(0);
    const [name, ...others] = readdirSync(join(dir, "backups"));
    expect(others).toEqual([]);
    expect(name).toMatch(/^betting-shop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/);
  });

  test("restore refuses while another process has the database open, and changes nothing", async () => {
    const out = join(dir, "b.db");
    expect((await script("backup", ["--db", live, "--out", out])).code).toBe(0);
    await seedBasics(t);
    const restore = await script("restore", [out, "--db", live]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("open in another process");
    expect(count(live, "customers")).toBe(1);
    expect(readdirSync(dir).filter((f) => f.includes("before-restore"))).toEqual([]);
  });

  test("restore refuses a database another process is writing in, and moves nothing aside", async () => {
    const out = join(dir, "c.db");
    expect((await script("backup", ["--db", live, "--out", out])).code).toBe(0);
    // A write transaction held open past the restore's 5 s wait: busy, not damaged.
    t.handle.sqlite.run("begin immediate");
    try {
      t.handle.sqlite.run(
        "insert into shops (name, location, is_active, created_at) values ('Held', 'x', 1, 0)",
      );
      const restore = await script("restore", [out, "--db", live]);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain("open in another process");
      expect(restore.stdout).not.toContain("cannot be read");
    } finally {
      t.handle.sqlite.run("rollback");
    }
    expect(readdirSync(dir).filter((f) => f.includes("before-restore"))).toEqual([]);
  }, 60_000);

  test("restore refuses a file that is not a sound backup", async () => {
    const bad = join(dir, "bad.db");
    await Bun.write(bad, "not a database at all");
    const restore = await script("restore", [bad, "--db", join(dir, "target.db")]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("Refusing to restore");
    expect(existsSync(join(dir, "target.db"))).toBe(false);
  });
});

describe("restore with the server stopped", () => {
  test("keeps the old database aside and puts the backup in its place", async () => {
    // Built by subprocesses only, so no connection of this process holds the file.
    const live = join(dir, "live.db");
    expect(
      (await script("create-admin", ["--db", live, "--create", "--username", "first"])).code,
    ).toBe(0);
    const out = join(dir, "b.db");
    expect((await script("backup", ["--db", live, "--out", out])).code).toBe(0);
    expect((await script("create-admin", ["--db", live, "--username", "second"])).code).toBe(0);
    const restore = await script("restore", [out, "--db", live]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const aside = readdirSync(dir).filter((f) => f.startsWith("live.db.before-restore-"));
    expect(aside).toHaveLength(1);
    // The restored database is one file, complete on its own: no -wal or -shm beside it (the
    // checks that opened it closed it), none of the replaced database's either.
    expect(readdirSync(dir).sort()).toEqual(
      ["b.db", "live.db", aside[0] as string, "live.db.lock"].sort(),
    );
    expect(count(live, "users")).toBe(1);
    expect(count(join(dir, aside[0] as string), "users")).toBe(2);
  });

  test("a -wal and -shm left where there is no database any more are kept aside, never played into the restored file", async () => {
    const live = join(dir, "live.db");
    expect(
      (await script("create-admin", ["--db", live, "--create", "--username", "first"])).code,
    ).toBe(0);
    const out = join(dir, "b.db");
    expect((await script("backup", ["--db", live, "--out", out])).code).toBe(0);
    // Commits that reached only the WAL, then the database file went (deleted, or moved
    // without its -wal and -shm): the two files stay where the restored one will go.
    const db = new Database(live);
    db.run("pragma wal_autocheckpoint = 0");
    db.run("update users set username = 'only-in-the-old-wal'");
    db.run("create table from_the_old_wal (x)");
    const wal = readFileSync(`${live}-wal`);
    const shm = readFileSync(`${live}-shm`);
    db.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${live}${suffix}`, { force: true });
    writeFileSync(`${live}-wal`, wal);
    writeFileSync(`${live}-shm`, shm);
    expect(wal.length).toBeGreaterThan(32);

    const restore = await script("restore", [out, "--db", live]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`There was no database at ${live}, yet files of one`);
    const aside = readdirSync(dir).filter((f) => f.startsWith("live.db.before-restore-"));
    expect(aside).toHaveLength(2);
    const [asideShm, asideWal] = aside.sort() as [string, string];
    expect(asideWal).toEndWith("-wal");
    expect(asideShm).toEndWith("-shm");
    expect(readFileSync(join(dir, asideWal)).equals(wal)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([
      "b.db",
      "live.db",
      asideShm,
      asideWal,
      "live.db.lock",
    ]);
    // The backup's state, nothing of the old WAL.
    const restored = new Database(live, { readonly: true });
    try {
      expect(restored.query("pragma integrity_check").values()).toEqual([["ok"]]);
      expect(restored.query("select username from users").values()).toEqual([["first"]]);
      expect(
        restored.query("select name from sqlite_master where name = 'from_the_old_wal'").values(),
      ).toEqual([]);
    } finally {
      restored.close();
    }
  });

  test("an empty database file with its -wal beside it is kept aside with it, not opened (SQLite would drop that WAL)", async () => {
    const live = join(dir, "live.db");
    expect(
      (await script("create-admin", ["--db", live, "--create", "--username", "first"])).code,
    ).toBe(0);
    const out = join(dir, "b.db");
    expect((await script("backup", ["--db", live, "--out", out])).code).toBe(0);
    // Every commit in the WAL, the database file itself emptied (a copy cut short, a disk full).
    const db = new Database(live);
    db.run("pragma wal_autocheckpoint = 0");
    db.run("update users set username = 'only-in-the-wal'");
    const wal = readFileSync(`${live}-wal`);
    db.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${live}${suffix}`, { force: true });
    writeFileSync(live, "");
    writeFileSync(`${live}-wal`, wal);

    const restore = await script("restore", [out, "--db", live]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(
      "The current database cannot be read (the database file is empty; its commits may be in its -wal): it is kept aside as it was, with its -wal file.",
    );
    const aside = readdirSync(dir)
      .filter((f) => f.startsWith("live.db.before-restore-"))
      .sort();
    expect(aside).toHaveLength(2);
    const [asideDb, asideWal] = aside as [string, string];
    expect(readFileSync(join(dir, asideDb)).length).toBe(0);
    expect(readFileSync(join(dir, asideWal)).equals(wal)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(
      ["b.db", "live.db", asideDb, asideWal, "live.db.lock"].sort(),
    );
    expect(count(live, "users")).toBe(1);
  });

  test("a backup copied with its -wal is restored with the WAL's commits, as one file", async () => {
    const live = join(dir, "live.db");
    expect(
      (await script("create-admin", ["--db", live, "--create", "--username", "first"])).code,
    ).toBe(0);
    // A copy of a database taken with its -wal (the last commit is in the WAL only).
    const out = join(dir, "copy.db");
    const db = new Database(live);
    db.run("pragma wal_autocheckpoint = 0");
    db.run("update users set username = 'only-in-the-wal'");
    writeFileSync(out, readFileSync(live));
    writeFileSync(`${out}-wal`, readFileSync(`${live}-wal`));
    db.close();
    const target = join(dir, "target.db");
    const restore = await script("restore", [out, "--db", target]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(
      readdirSync(dir)
        .filter((f) => f.startsWith("target.db"))
        .sort(),
    ).toEqual(["target.db", "target.db.lock"]);
    // The file alone, as it is copied or moved: the WAL's commit is in it.
    const alone = join(dir, "alone.db");
    writeFileSync(alone, readFileSync(target));
    expect(count(alone, "users")).toBe(1);
    const restored = new Database(alone, { readonly: true });
    try {
      expect(restored.query("select username from users").values()).toEqual([["only-in-the-wal"]]);
    } finally {
      restored.close();
    }
  });
});

describe("restore --from-replica --at: a bad time is a bad argument (exit 2), refused before anything is touched", () => {
  // A replica is configured, so what refuses is the --at check, not a missing REPLICA_URL.
  const atRun = (at: string) => {
    const target = join(dir, "data", "shop.db");
    return script("restore", ["--from-replica", "--at", at, "--db", target], {
      REPLICA_URL: `file://${join(dir, "replica")}`,
    });
  };

  test("one that is not an RFC 3339 time", async () => {
    const run = await atRun("yesterday");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      '--at: "yesterday" is not an RFC 3339 time, e.g. 2026-11-23T14:05:00Z\n',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  test("one in the future: no state the replica holds, not the latest with a notice", async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const run = await atRun(future);
    expect(run.code).toBe(2);
    expect(run.stderr).toStartWith(`--at ${future} is in the future (now is `);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stdout).toBe("");
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("restore of a backup whose books do not balance", () => {
  test("replaces the database all the same, lists the violations, exits 1 saying it is in place", async () => {
    const source = join(dir, "source.db");
    const t = await createTestApp(source);
    const { customerId, shopId } = await seedBasics(t);
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "10" } });
    t.handle.sqlite.run("update customers set balance_cents = 1");
    t.close();
    const out = join(dir, "unbalanced.db");
    const backup = await script("backup", ["--db", source, "--out", out, "--no-record"]);
    expect(backup.code).toBe(1);
    expect(existsSync(out)).toBe(true);

    const target = join(dir, "target.db");
    expect(
      (await script("create-admin", ["--db", target, "--create", "--username", "first"])).code,
    ).toBe(0);
    const restore = await script("restore", [out, "--db", target]);
    expect(restore.code).toBe(1);
    expect(restore.stdout).toContain(`Restored ${out} to ${target}.`);
    expect(restore.stdout).toContain("[customer-balance]");
    const [aside] = readdirSync(dir).filter((f) => f.startsWith("target.db.before-restore-"));
    expect(restore.stderr).toBe(
      `Restored, but the books do not balance (exit 1): the restored database is in place at ${target} with these violations; the previous one is kept as ${join(dir, aside as string)}. Restore an older backup, or start the server and repair them (System Admin's books check, Recalculate for a drifted balance: docs/ledger.md).\n`,
    );
    expect(count(target, "customers")).toBe(1);
  }, 60_000);
});

describe("restore over a damaged database", () => {
  const corruptions: [string, (file: Buffer) => void][] = [
    ["an overwritten header", (file) => file.write("this is no SQLite header at all", 0)],
    ["a zeroed first page", (file) => file.fill(0, 0, 4096)],
  ];
  test.each(corruptions)(
    "with %s: restores, keeps the damaged file and its WAL aside as they were, books balance",
    async (_name, corrupt) => {
      const live = join(dir, "live.db");
      expect(
        (await script("create-admin", ["--db", live, "--create", "--username", "first"])).code,
      ).toBe(0);
      const out = join(dir, "b.db");
      expect((await script("backup", ["--db", live, "--out", out])).code).toBe(0);
      const damaged = readFileSync(live);
      corrupt(damaged);
      writeFileSync(live, damaged);
      // The damage is real: the database cannot even be checkpointed.
      expect(() => {
        const db = new Database(live);
        try {
          db.run("pragma wal_checkpoint(TRUNCATE)");
        } finally {
          db.close();
        }
      }).toThrow();
      // A WAL left by the crash that did the damage: it may hold the last commits.
      const wal = Buffer.from("the WAL of a damaged database");
      writeFileSync(`${live}-wal`, wal);

      const restore = await script("restore", [out, "--db", live]);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain("The current database cannot be read (");
      expect(restore.stdout).toContain("Books check: the books balance");
      const aside = readdirSync(dir).filter((f) => f.startsWith("live.db.before-restore-"));
      expect(aside.sort()).toEqual([aside[0] as string, `${aside[0]}-wal`]);
      expect(readFileSync(join(dir, aside[0] as string)).equals(damaged)).toBe(true);
      expect(readFileSync(join(dir, `${aside[0]}-wal`)).equals(wal)).toBe(true);
      // Never the old WAL beside the restored file, nor one of its own: it is one file.
      expect(existsSync(`${live}-wal`)).toBe(false);
      expect(existsSync(`${live}-shm`)).toBe(false);
      expect(count(live, "users")).toBe(1);
      const verify = await script("verify-ledger", ["--db", live]);
      expect(verify.stdout).toContain("Books balance: no violations");
      expect(verify.code).toBe(0);
    },
    60_000,
  );
});

describe("verify-ledger", () => {
  test("exits 1 with a report when the books do not balance", async () => {
    const path = join(dir, "shop.db");
    const t = await createTestApp(path);
    const { customerId, shopId } = await seedBasics(t);
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "10" } });
    t.handle.sqlite.run("update customers set balance_cents = 1");
    t.close();
    const { code, stdout } = await script("verify-ledger", ["--db", path]);
    expect(code).toBe(1);
    expect(stdout).toContain("[customer-balance]");
    const json = await script("verify-ledger", ["--db", path, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      violations: [{ rule: "customer-balance" }],
    });
  });

  test("says so when there is no database", async () => {
    const { code, stderr } = await script("verify-ledger", ["--db", join(dir, "missing.db")]);
    expect(code).toBe(1);
    expect(stderr).toContain("No database at");
  });
});

describe("export", () => {
  test("writes the same document as the admin export, to a file or to stdout", async () => {
    const path = join(dir, "shop.db");
    const t = await createTestApp(path);
    await seedBasics(t);
    const viaApi = (await (await t.request("GET", "/api/admin/export-all-data")).json()) as {
      tables: Record<string, unknown[]>;
    };
    const file = join(dir, "export.json");
    expect((await script("export", ["--db", path, "--out", file])).code).toBe(0);
    const viaScript = JSON.parse(readFileSync(file, "utf8"));
    expect(viaScript.tables).toEqual(viaApi.tables);
    expect(Object.keys(viaScript.tables)).toEqual([...EXPORTED_TABLES]);
    const stdout = await script("export", ["--db", path]);
    expect(JSON.parse(stdout.stdout).tables).toEqual(viaApi.tables);
    expect(stdout.stdout).not.toContain("password_hash");
    t.close();
  });
});

describe("create-admin", () => {
  test("creates an admin with a printed random password, then resets it and ends sessions", async () => {
    const path = join(dir, "fresh.db");
    const created = await script("create-admin", ["--db", path, "--create", "--username", "boss"]);
    expect(created.code).toBe(0);
    expect(created.stdout).toStartWith(`Database: ${path} (new: created and migrated)\n`);
    const password = /Password \(shown once\): (\S+)/.exec(created.stdout)?.[1] as string;
    expect(password.length).toBeGreaterThanOrEqual(16);

    const t = await createTestApp(path);
    const signIn = (pw: string) =>
      t.app.request(`${ORIGIN}/api/login`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ username: "boss", password: pw }),
      });
    const first = await signIn(password);
    expect(first.status).toBe(200);
    expect((await first.json()) as object).toMatchObject({
      role: "admin",
      mustChangePassword: true,
    });
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] as string;
    // Printed to a console: its owner must replace it before anything else (decision 046).
    const blocked = await t.app.request(`${ORIGIN}/api/customers`, {
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(blocked.status).toBe(403);

    const reset = await script("create-admin", [
      "--db",
      path,
      "--username",
      "boss",
      "--password",
      "new-password-1",
    ]);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toStartWith(`Database: ${path}\n`);
    expect(reset.stdout).not.toContain("shown once");
    const me = await t.app.request(`${ORIGIN}/api/user`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(401);
    const again = await signIn("new-password-1");
    expect(((await again.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(
      false,
    );
    // Both writes name the console they were run from, not nobody (decision 082).
    const consoleName = `console:${userInfo().username}@${hostname()}`;
    expect(
      t.handle.sqlite
        .query(
          "select action, actor_id, actor_username from audit_log where action like 'user.%' and entity_type = 'USER' order by id",
        )
        .all(),
    ).toEqual([
      { action: "user.create", actor_id: null, actor_username: consoleName },
      { action: "user.password-reset", actor_id: null, actor_username: consoleName },
    ]);
    // The audit screen's search finds them by the console's name.
    const found = await t.json<{ action: string; actorUsername: string | null }[]>(
      "GET",
      `/api/admin/audit?q=${encodeURIComponent(`console:${userInfo().username}`)}`,
    );
    expect(found.map((e) => [e.action, e.actorUsername]).sort()).toEqual([
      ["user.create", consoleName],
      ["user.password-reset", consoleName],
    ]);
    t.close();
  }, 60_000);

  test("a locked-out or disabled admin is ready after it: failed sign-ins cleared, enabled again", async () => {
    const path = join(dir, "locked.db");
    const t = await createTestApp(path);
    const signIn = (username: string, password: string) =>
      t.app.request(`${ORIGIN}/api/login`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
    const run = (username: string, password: string) =>
      script("create-admin", ["--db", path, "--username", username, "--password", password]);
    expect((await run("boss", "Quiet-Harbour-Lantern-42")).code).toBe(0);
    // Locked: five failures, then even the right password is refused for 15 minutes.
    for (let i = 0; i < 5; i++) expect((await signIn("boss", "wrong-password-1")).status).toBe(401);
    expect((await signIn("boss", "Quiet-Harbour-Lantern-42")).status).toBe(429);
    // And disabled by another admin.
    const boss = t.handle.sqlite.query("select id from users where username = 'boss'").get() as {
      id: number;
    };
    await t.json("PATCH", `/api/admin/users/${boss.id}`, { body: { disabled: true }, expect: 200 });
    expect((await signIn("boss", "Quiet-Harbour-Lantern-42")).status).toBe(429);

    const reset = await run("boss", "Amber-Meadow-Compass-19");
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('User "boss" (role admin) is ready');
    const signedIn = await signIn("boss", "Amber-Meadow-Compass-19");
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()) as object).toMatchObject({ username: "boss", role: "admin" });

    // A disabled non-admin keeps its role and stays disabled: the script says so, not "ready".
    await t.json("PATCH", `/api/admin/users/${t.ids.user}`, {
      body: { disabled: true },
      expect: 200,
    });
    const staff = await run("user1", "Copper-Valley-Beacon-73");
    expect(staff.code).toBe(0);
    expect(staff.stdout).toContain('User "user1" (role user) has a new password but is disabled');
    expect(staff.stdout).not.toContain("is ready");
    expect((await signIn("user1", "Copper-Valley-Beacon-73")).status).not.toBe(200);
    t.close();
  }, 60_000);

  test("refuses a database file that does not exist unless --create, naming the path, writing nothing", async () => {
    // The operator's shell lacks DATABASE_PATH, or --db has a typo: the real database stays
    // locked, so no new one may be made and called "ready".
    const typo = join(dir, "data", "betting-shpo.db");
    const refused = await script("create-admin", [
      "--db",
      typo,
      "--username",
      "boss",
      "--password",
      "Quiet-Harbour-Lantern-42",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `No database at ${typo} (set --db or DATABASE_PATH; give --create to make a new one)\n`,
    );
    expect(refused.stdout).toBe("");
    expect(existsSync(join(dir, "data"))).toBe(false);

    // The default path, relative to the current folder, is named in full.
    const byDefault = await script("create-admin", [], {}, dir);
    expect(byDefault.code).toBe(1);
    expect(byDefault.stderr).toContain(`No database at ${join(dir, "data", "betting-shop.db")} (`);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("refuses a short password", async () => {
    const { code, stderr } = await script("create-admin", [
      "--db",
      join(dir, "x.db"),
      "--password",
      "short",
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain("at least 8 characters");
  });

  test("refuses what the password policy refuses, saying why (decision 046)", async () => {
    const run = (username: string, password: string) =>
      script("create-admin", [
        "--db",
        join(dir, "y.db"),
        "--username",
        username,
        "--password",
        password,
      ]);
    const common = await run("boss", "password123");
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("This password is too common");
    const named = await run("boss", "Boss-Orchard-Lantern-7");
    expect(named.code).toBe(1);
    expect(named.stderr).toContain("The password must not contain the username");
  });
});

describe("seed-demo", () => {
  test("writes demo data through the services whose books balance, the same for the same seed", async () => {
    const args = ["--shops", "3", "--customers", "15", "--bets", "150", "--days", "60"];
    const a = join(dir, "a.db");
    const seeded = await script("seed-demo", ["--db", a, ...args], {
      ADMIN_PASSWORD: "demo-lantern-pw",
    });
    expect(seeded.stderr).toBe("");
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain("the books balance");
    expect(count(a, "bets")).toBe(150);
    expect(count(a, "shops")).toBe(3);
    expect((await script("verify-ledger", ["--db", a])).code).toBe(0);

    const again = await script("seed-demo", ["--db", a, ...args]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--force");

    const b = join(dir, "b.db");
    expect((await script("seed-demo", ["--db", b, ...args])).code).toBe(0);
    const descriptions = (path: string) => {
      const db = new Database(path, { readonly: true });
      const rows = db.query("select description, stake_cents, status from bets order by id").all();
      db.close();
      return rows;
    };
    expect(descriptions(b)).toEqual(descriptions(a));
  }, 60_000);
});
