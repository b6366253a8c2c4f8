/**
 * Issue 10, as the operator runs things: a real `bun src/index.ts` without NODE_ENV never
 * shows Bun's developer error page, `bun run restore <a directory>` answers one line, and
 * housekeeping prunes expired sessions and old failed sign-ins.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { count } from "drizzle-orm";
import { createTestApp } from "../tests/helpers/test-app";
import { loginFailures, sessions } from "./db/schema";
import { FAILURE_RETENTION_MS } from "./modules/auth/auth.service";
import { housekeeping } from "./server";

const ROOT = join(import.meta.dir, "..");
/** Leaks we look for: a stack frame, a source file, a path of this machine. */
const LEAK = /\bat \S+ \(|\.tsx?\b|\/work\/|node_modules|SQLiteError|bun:/;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "shop-server-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of `bun start` as an operator has it: no NODE_ENV. */
function operatorEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "NODE_ENV") env[key] = value;
  }
  return { ...env, ...extra };
}

/** Starts the server on a free port and answers its base URL once it listens. */
async function startServer(
  webDist: string,
): Promise<{ url: string; proc: Subprocess; errorLog: Promise<string> }> {
  const proc = Bun.spawn(["bun", join(ROOT, "src/index.ts")], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
    env: operatorEnv({
      PORT: "0",
      DATABASE_PATH: join(dir, "shop.db"),
      ADMIN_PASSWORD: "long-enough-password",
      WEB_DIST: webDist,
      LOG_LEVEL: "info",
    }),
  });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening: ${seen}`);
    seen += decoder.decode(value);
    const url = /"msg":"listening","url":"(http:\/\/localhost:\d+)"/.exec(seen)?.[1];
    if (url) {
      // Keep draining the log so the server never blocks on a full pipe.
      void (async () => {
        while (!(await reader.read()).done) {}
      })().catch(() => {});
      return { url, proc, errorLog: new Response(proc.stderr as ReadableStream).text() };
    }
  }
}

describe("a real server without NODE_ENV", () => {
  let proc: Subprocess | null = null;
  afterEach(async () => {
    proc?.kill();
    await proc?.exited;
    proc = null;
  });

  test("answers malformed paths with 400 and never a developer page", async () => {
    const started = await startServer(join(dir, "no-build"));
    proc = started.proc;
    for (const path of ["/%", "/api/%", "/a%00.js", "/api/customers/%zz"]) {
      const res = await fetch(`${started.url}${path}`);
      const text = await res.text();
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(text).not.toMatch(LEAK);
    }
  }, 30_000);

  test("an unexpected error outside the API is a plain 500 with a request id, the stack only in the log", async () => {
    // A web build whose index.html is a directory: serving it throws inside Bun.
    const web = join(dir, "web");
    mkdirSync(join(web, "index.html"), { recursive: true });
    const started = await startServer(web);
    proc = started.proc;
    const res = await fetch(`${started.url}/customers`);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    const requestId = res.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const text = await res.text();
    expect(text).toBe(`Internal server error (request id ${requestId})`);
    proc.kill();
    const log = await started.errorLog;
    expect(log).toContain(`"msg":"unhandled error","requestId":"${requestId}"`);
  }, 30_000);
});

describe("bun run restore", () => {
  test("given a directory, prints one line without a stack and exits non-zero", async () => {
    const backupDir = join(dir, "backups");
    mkdirSync(backupDir);
    const run = Bun.spawn(
      ["bun", join(ROOT, "scripts/restore.ts"), backupDir, "--db", join(dir, "x.db")],
      { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: operatorEnv({ DATABASE_PATH: "" }) },
    );
    const [stdout, stderr, code] = await Promise.all([
      new Response(run.stdout).text(),
      new Response(run.stderr).text(),
      run.exited,
    ]);
    expect(code).not.toBe(0);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toEqual([
      `${backupDir} is a directory: give the backup file itself`,
    ]);
    expect(stderr.replace(backupDir, "")).not.toMatch(LEAK);
  }, 30_000);
});

describe("housekeeping", () => {
  test("deletes expired sessions (idle or past their lifetime) and failed sign-ins older than a day", async () => {
    const t = await createTestApp();
    try {
      const now = Date.now();
      const policy = { idleMs: 60_000, absoluteMs: 3_600_000 };
      const { db } = t.handle;
      db.delete(sessions).run();
      const session = (id: string, createdAt: number, lastVerifiedAt: number) =>
        db
          .insert(sessions)
          .values({
            id,
            secretHash: Buffer.alloc(32),
            userId: t.ids.user,
            createdAt,
            lastVerifiedAt,
          })
          .run();
      session("live", now - 30_000, now - 30_000);
      session("idle-exactly", now - 60_000, now - 60_000);
      session("idle", now - 120_000, now - 120_000);
      session("too-old", now - 3_600_000, now - 1_000);
      db.insert(loginFailures)
        .values({ username: "x", createdAt: now - 60_000 })
        .run();
      db.insert(loginFailures)
        .values({ username: "y", createdAt: now - FAILURE_RETENTION_MS - 1 })
        .run();

      housekeeping({ db, sessionPolicy: policy, clock: () => now });

      const left = db.select({ id: sessions.id }).from(sessions).all();
      expect(left.map((s) => s.id)).toEqual(["live"]);
      const failures = db.select({ username: loginFailures.username }).from(loginFailures).all();
      expect(failures.map((f) => f.username)).toEqual(["x"]);
      expect(db.select({ n: count() }).from(sessions).get()?.n).toBe(1);
    } finally {
      t.close();
    }
  });
});
