/**
 * The real server as the bench scripts start it (bench/run.ts, bench/lighthouse.ts):
 * `bun src/index.ts` on a database of the script's own, without the scheduled checks and
 * backups, waited for at /healthz and signed in to through the API.
 */
import { resolve } from "node:path";
import type { Subprocess } from "bun";

export const ROOT = resolve(import.meta.dir, "..");

/** Runs `cmd` in the repository to its end: whether it succeeded, and what it printed. */
export function run(cmd: string[], env: Record<string, string> = {}): { ok: boolean; out: string } {
  const result = Bun.spawnSync(cmd, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { ok: result.exitCode === 0, out: `${result.stdout}${result.stderr}` };
}

/** Waits for `url` to answer 200, for at most `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await Bun.sleep(10);
  }
}

export interface ServerOptions {
  port: number;
  dbPath: string;
  /** The built web app it serves (scripts/build-web.ts's WEB_DIST). */
  webDist: string;
  /** Where its stderr goes: its warnings and errors (LOG_LEVEL warn). */
  logPath: string;
  /** How long it may take to answer /healthz. */
  timeoutMs: number;
  /** More of its environment (HOST, ADMIN_PASSWORD ...). */
  env?: Record<string, string>;
}

/**
 * Starts the server and waits for its /healthz (throws when it does not come up in time);
 * `startupS` is spawn to the first 200. It is killed when the script exits, before the
 * script's own exit handlers run.
 */
export async function startServer(
  options: ServerOptions,
): Promise<{ server: Subprocess; startupS: number }> {
  const spawnedAt = performance.now();
  const server = Bun.spawn(["bun", "src/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATABASE_PATH: options.dbPath,
      WEB_DIST: options.webDist,
      LOG_LEVEL: "warn",
      // The daily full check is a background cost of its own (its duration is recorded in
      // integrity_checks); the bench measures what requests see.
      INTEGRITY_CHECK_HOURS: "0",
      // Likewise the scheduled books check (decision 037; bench/run.ts runs its own at the end).
      BOOKS_CHECK_HOURS: "0",
      BACKUP_DIR: "",
      ...options.env,
    },
    stdout: "ignore",
    stderr: Bun.file(options.logPath),
  });
  // First of the exit handlers: the server is gone before a script's own clean-up removes its files.
  process.prependListener("exit", () => server.kill("SIGKILL"));
  await waitForOk(`http://127.0.0.1:${options.port}/healthz`, options.timeoutMs);
  return { server, startupS: (performance.now() - spawnedAt) / 1000 };
}

/** Signs in through POST /api/login; the session cookie ("name=value"). */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200)
    throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
