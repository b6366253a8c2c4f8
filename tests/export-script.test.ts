/**
 * `bun run export` (scripts/export.ts) as an operator pipes it: a reader that stops early
 * (`| head`) ends it quietly with the status SIGPIPE gives other tools, and an export that
 * fails part-way into a file leaves nothing that could pass for a whole one (decision 080).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client";
import { runBun } from "./helpers/server-process";

const ROOT = join(import.meta.dir, "..");
/** Audit rows: ~1 MB of JSON, far more than a pipe holds, so the writer meets the closed end. */
const ROWS = 8_000;

let dir: string;
let databasePath: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "export-script-"));
  mkdirSync(join(dir, "data"));
  databasePath = join(dir, "data", "shop.db");
  const handle = openDatabase(databasePath);
  handle.sqlite.run(
    `insert into audit_log (action, entity_type, entity_id, after, created_at)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
     select 'customer.update', 'customer', i, '{"note":"a row long enough to add up"}', 0 from n`,
  );
  handle.close();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `bash -c script` from the repository root; its stdout, stderr and status. */
async function bash(script: string, ...args: string[]) {
  const proc = Bun.spawn(["bash", "-c", script, "bash", ...args], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, DATABASE_PATH: "" },
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

/** The database's own files: anything else in its folder was left by the export. */
const strays = () =>
  readdirSync(join(dir, "data")).filter((n) => !/^shop\.db(-wal|-shm)?$/.test(n));

describe("bun run export to stdout", () => {
  test("ends quietly with status 141 when the reader closes the pipe early", async () => {
    const run = await bash(
      'bun scripts/export.ts --db "$1" | head -c 100; s=$PIPESTATUS; echo; echo "export status $s"',
      databasePath,
    );
    // Not a word on stderr: no stack, no "EPIPE" line; the shell sees 128 + SIGPIPE (13).
    expect(run.stderr).toBe("");
    const [head, statuses] = run.stdout.split("\n");
    expect(head).toHaveLength(100);
    expect(head).toStartWith('{"version":1,"exportedAt":"');
    expect(statuses).toBe("export status 141");
    expect(strays()).toEqual([]);
  }, 30_000);

  test("writes the whole document to a reader that reads it all", async () => {
    const run = await runBun(["scripts/export.ts", "--db", databasePath]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { tables: Record<string, unknown[]> };
    expect(doc.tables.audit_log).toHaveLength(ROWS);
  }, 30_000);
});

describe("bun run export --out", () => {
  test("that fails part-way leaves neither the file nor its .partial", async () => {
    const broken = join(dir, "broken.db");
    const handle = openDatabase(broken);
    handle.sqlite.run(
      `insert into audit_log (action, entity_type, created_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
       select 'customer.update', 'customer', 0 from n`,
    );
    // The last table exported: the rows before it are already in the .partial when it fails.
    handle.sqlite.run("drop table backups");
    handle.close();
    const out = join(dir, "out", "export.json");
    mkdirSync(join(dir, "out"));

    const run = await runBun(["scripts/export.ts", "--db", broken, "--out", out]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toStartWith("Export failed: ");
    expect(run.stderr).toContain(`nothing was written to ${out}`);
    expect(readdirSync(join(dir, "out"))).toEqual([]);
  }, 30_000);

  test("replaces a .partial left by an export cut short rather than writing through it", async () => {
    const out = join(dir, "again", "export.json");
    mkdirSync(join(dir, "again"));
    const elsewhere = join(dir, "again", "someone-elses.txt");
    writeFileSync(elsewhere, "not the export's to write");
    symlinkSync(elsewhere, `${out}.partial`);

    const run = await runBun(["scripts/export.ts", "--db", databasePath, "--out", out]);
    expect(run.code).toBe(0);
    expect(readFileSync(elsewhere, "utf8")).toBe("not the export's to write");
    expect(lstatSync(out).isFile()).toBe(true);
    expect(existsSync(`${out}.partial`)).toBe(false);
    const doc = JSON.parse(readFileSync(out, "utf8")) as { tables: Record<string, unknown[]> };
    expect(doc.tables.audit_log).toHaveLength(ROWS);
  }, 30_000);
});
