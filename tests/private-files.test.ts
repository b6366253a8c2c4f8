/**
 * Issue 25 item 4, private files, on a real server process (`bun src/index.ts`) and the real
 * scripts: what they create is owner-only (folders 0700; the database, its WAL and SHM, backups
 * and exports 0600) whatever the caller's umask (this test runs with the usual 0022), and at
 * start a database or backup folder others could read is made private with a log line naming
 * what changed, or a warning where it is left open (decision 045). A DATABASE_PATH that names a
 * folder or a file that is not SQLite stops the start with one line naming it, before anything
 * is made private or locked.
 */

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client";
import { runBun } from "./helpers/server-process";

const ROOT = join(import.meta.dir, "..");
const PASSWORD = "quartz-lantern-orchard-91";
const DEADLINE_MS = 30_000;

let dir: string;
let savedUmask: number;
beforeAll(() => {
  // As an operator's shell has it: without the server's own umask, files would be 0644.
  savedUmask = process.umask(0o022);
  dir = mkdtempSync(join(tmpdir(), "private-files-"));
});
afterAll(() => {
  process.umask(savedUmask);
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => (statSync(path).mode & 0o7777).toString(8).padStart(4, "0");

/** `bun src/index.ts` with `env`; PORT 0 lets the system pick. */
function spawnServer(env: Record<string, string>) {
  const clean: Record<string, string | undefined> = { ...process.env };
  for (const name of ["BACKUP_DIR", "TRUST_PROXY", "PUBLIC_ORIGIN", "NODE_ENV"]) delete clean[name];
  const proc = Bun.spawn(["bun", "src/index.ts"], {
    cwd: ROOT,
    env: {
      ...clean,
      PORT: "0",
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "info",
      WEB_DIST: join(dir, "no-web-build"),
      READ_WORKERS: "0",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  stderrOf.set(proc, new Response(proc.stderr).text());
  return proc;
}

type Proc = ReturnType<typeof spawnServer>;

/** Everything each server wrote to stderr, read from the start (a full pipe would stall it). */
const stderrOf = new WeakMap<Proc, Promise<string>>();

/** Reads stdout until the "listening" line; answers the server's URL. */
async function listening(proc: Proc): Promise<string> {
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`server exited: ${await stderrOf.get(proc)}`);
    text += decoder.decode(value, { stream: true });
    const line = text.split("\n").find((l) => l.includes('"msg":"listening"'));
    if (line) {
      reader.releaseLock();
      return (JSON.parse(line) as { url: string }).url;
    }
  }
}

/** Waits (up to 30 s) until `ready()` holds. */
async function until(what: string, ready: () => boolean) {
  const deadline = Date.now() + DEADLINE_MS;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

async function stop(proc: Proc): Promise<string> {
  proc.kill();
  await proc.exited;
  return (await stderrOf.get(proc)) ?? "";
}

async function run(args: string[]) {
  const { code, stderr } = await runBun(args);
  if (code !== 0) throw new Error(`${args.join(" ")} exited ${code}: ${stderr}`);
}

describe("what the server creates is owner-only", () => {
  test("the data folder 0700; the database, its WAL and SHM 0600; the backup folder 0700 and its backups 0600", async () => {
    const data = join(dir, "fresh", "data");
    const databasePath = join(data, "shop.db");
    const backups = join(dir, "fresh", "backups");
    const proc = spawnServer({ DATABASE_PATH: databasePath, BACKUP_DIR: backups });
    try {
      await listening(proc);
      // The first scheduled backup is due at once; wait for its file.
      const done = () =>
        existsSync(backups) && readdirSync(backups).some((name) => name.endsWith(".db"));
      await until("the first scheduled backup", done);
      expect(modeOf(data)).toBe("0700");
      for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
        expect({ file, mode: modeOf(file) }).toEqual({ file, mode: "0600" });
      }
      expect(modeOf(backups)).toBe("0700");
      for (const name of readdirSync(backups)) {
        expect({ name, mode: modeOf(join(backups, name)) }).toEqual({ name, mode: "0600" });
      }
    } finally {
      await stop(proc);
    }
  }, 60_000);
});

describe("what the scripts create is owner-only", () => {
  test("bun run backup, export and restore write 0600 files in 0700 folders", async () => {
    // A database made as an older version would have left it: 0644 under umask 0022.
    const source = join(dir, "scripts", "shop.db");
    mkdirSync(join(dir, "scripts"), { mode: 0o755 });
    openDatabase(source).close();
    chmodSync(source, 0o644);

    const out = join(dir, "scripts", "backups");
    await run(["scripts/backup.ts", "--db", source, "--dir", out]);
    expect(modeOf(out)).toBe("0700");
    const [copy] = readdirSync(out);
    expect(copy).toMatch(/^betting-shop-.*\.db$/);
    expect(modeOf(join(out, copy as string))).toBe("0600");

    const exported = join(dir, "scripts", "export.json");
    await run(["scripts/export.ts", "--db", source, "--out", exported]);
    expect(modeOf(exported)).toBe("0600");

    // A backup copied about as 0644 is restored 0600, and the database it replaced is kept 0600.
    const backupFile = join(out, copy as string);
    chmodSync(backupFile, 0o644);
    await run(["scripts/restore.ts", backupFile, "--db", source]);
    expect(modeOf(source)).toBe("0600");
    const aside = readdirSync(join(dir, "scripts")).find((n) => n.includes(".before-restore-"));
    expect(modeOf(join(dir, "scripts", aside as string))).toBe("0600");
  }, 60_000);
});

describe("at start, what others could read is made private", () => {
  test("an existing 0644 database in a 0755 folder and a 0755 backup folder of 0644 backups are fixed, with a log line naming each", async () => {
    const data = join(dir, "old", "data");
    mkdirSync(data, { recursive: true, mode: 0o755 });
    chmodSync(data, 0o755);
    const databasePath = join(data, "shop.db");
    openDatabase(databasePath).close();
    chmodSync(databasePath, 0o644);
    const backups = join(dir, "old", "backups");
    mkdirSync(backups, { mode: 0o755 });
    chmodSync(backups, 0o755);
    const oldBackup = join(backups, "betting-shop-2026-01-01T00-00-00-000Z.db");
    await Bun.write(oldBackup, "an old copy");
    chmodSync(oldBackup, 0o644);
    expect([modeOf(data), modeOf(databasePath), modeOf(backups), modeOf(oldBackup)]).toEqual([
      "0755",
      "0644",
      "0755",
      "0644",
    ]);

    // A scheduled backup may be written meanwhile: it comes out private too.
    const proc = spawnServer({ DATABASE_PATH: databasePath, BACKUP_DIR: backups });
    let log = "";
    try {
      await listening(proc);
      expect(modeOf(data)).toBe("0700");
      expect(modeOf(databasePath)).toBe("0600");
      expect(modeOf(`${databasePath}-wal`)).toBe("0600");
      expect(modeOf(backups)).toBe("0700");
      expect(modeOf(oldBackup)).toBe("0600");
    } finally {
      log = await stop(proc);
    }
    const line = log.split("\n").find((l) => l.includes('"msg":"made private'));
    expect(line).toBeDefined();
    const changed = (JSON.parse(line as string) as { changed: string[] }).changed;
    expect(changed).toEqual([
      `${data} 0755 -> 0700`,
      `${databasePath} 0644 -> 0600`,
      `${backups} 0755 -> 0700`,
      `${oldBackup} 0644 -> 0600`,
    ]);
  }, 60_000);

  test("a database in a shared (sticky) folder: the file is made private, the folder left open with a warning", async () => {
    const shared = join(dir, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const databasePath = join(shared, "shop.db");
    openDatabase(databasePath).close();
    chmodSync(databasePath, 0o644);
    const proc = spawnServer({ DATABASE_PATH: databasePath });
    let log = "";
    try {
      await listening(proc);
      expect(modeOf(databasePath)).toBe("0600");
      expect(modeOf(shared)).toBe("1777");
    } finally {
      log = await stop(proc);
    }
    const line = log.split("\n").find((l) => l.includes('"msg":"could not make private'));
    expect(line).toBeDefined();
    const leftOpen = (JSON.parse(line as string) as { leftOpen: string[] }).leftOpen;
    expect(leftOpen).toEqual([
      `${shared} (1777): a shared folder, left as it is; its database files are private, but give them a folder of their own`,
    ]);
  }, 60_000);
});

describe("a DATABASE_PATH that is not a database is refused, naming it, and left as it is", () => {
  /** Starts the server on `databasePath`; answers its exit code and its stderr. */
  async function refused(databasePath: string): Promise<{ code: number; stderr: string }> {
    const proc = spawnServer({ DATABASE_PATH: databasePath });
    const code = await proc.exited;
    return { code, stderr: ((await stderrOf.get(proc)) ?? "").trim() };
  }

  test("a folder: one line naming DATABASE_PATH, nothing made private, no lock", async () => {
    const parent = join(dir, "given-a-folder");
    const folder = join(parent, "data");
    mkdirSync(folder, { recursive: true });
    chmodSync(parent, 0o755);
    chmodSync(folder, 0o755);
    expect(await refused(folder)).toEqual({
      code: 1,
      stderr: `Not started: DATABASE_PATH ${folder}: is a folder, not a database file`,
    });
    expect([modeOf(parent), modeOf(folder)]).toEqual(["0755", "0755"]);
    expect(readdirSync(parent)).toEqual(["data"]);
    expect(readdirSync(folder)).toEqual([]);
  }, 60_000);

  test("a file that is not SQLite: one line naming DATABASE_PATH, the file and its folder untouched", async () => {
    const parent = join(dir, "given-a-csv");
    mkdirSync(parent);
    chmodSync(parent, 0o755);
    const file = join(parent, "customers.csv");
    const text = "id,name\n1,Una\n";
    await Bun.write(file, text);
    chmodSync(file, 0o644);
    expect(await refused(file)).toEqual({
      code: 1,
      stderr: `Not started: DATABASE_PATH ${file}: not a SQLite database`,
    });
    expect([modeOf(parent), modeOf(file)]).toEqual(["0755", "0644"]);
    expect(await Bun.file(file).text()).toBe(text);
    expect(readdirSync(parent)).toEqual(["customers.csv"]);
  }, 60_000);

  test("another application's SQLite file: refused, not taken over, and left byte for byte", async () => {
    const file = join(dir, "invoices.db");
    const other = new Database(file, { create: true });
    other.run("create table invoices (id integer primary key, total integer)");
    other.run("insert into invoices (total) values (1250)");
    other.close();
    chmodSync(file, 0o600);
    const before = await Bun.file(file).bytes();
    expect(await refused(file)).toEqual({
      code: 1,
      stderr: `Not started: The database ${file} is not a betting-shop database: it holds other tables (invoices) and no __drizzle_migrations table; point DATABASE_PATH at this shop's database file. Nothing was changed.`,
    });
    expect(await Bun.file(file).bytes()).toEqual(before);
  }, 60_000);

  test("a damaged database: one line naming the file and the way back", async () => {
    const file = join(dir, "damaged.db");
    openDatabase(file).close();
    // Cut short, as a disk that filled up mid-copy leaves it.
    const whole = await Bun.file(file).bytes();
    await Bun.write(file, whole.slice(0, Math.floor(whole.length / 2)));
    chmodSync(file, 0o600);
    const { code, stderr } = await refused(file);
    expect(code).toBe(1);
    expect(stderr).toStartWith(`Not started: DATABASE_PATH ${file}: the database is damaged (`);
    expect(stderr).toEndWith(
      "); restore the latest backup (bun run restore <backup>, or --from-replica; docs/operations.md)",
    );
    expect(stderr.split("\n")).toHaveLength(1);
  }, 60_000);

  test("an empty file is fine: SQLite makes it the database", async () => {
    const databasePath = join(dir, "empty.db");
    await Bun.write(databasePath, "");
    const proc = spawnServer({ DATABASE_PATH: databasePath });
    try {
      await listening(proc);
    } finally {
      await stop(proc);
    }
    const head = Buffer.from(await Bun.file(databasePath).slice(0, 16).arrayBuffer());
    expect(head.toString("latin1")).toBe("SQLite format 3\0");
  }, 60_000);
});
