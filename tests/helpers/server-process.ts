/**
 * The real server as a separate process (`bun src/index.ts`), the way it runs in
 * production, for tests that must kill it (tests/crash.test.ts) and for the browser suite
 * (which builds the web bundle first; the API answers without one). It waits for /healthz
 * and keeps the tail of the server's stderr for error messages.
 */
import { createServer } from "node:net";
import { resolve } from "node:path";
import type { Subprocess } from "bun";

const ROOT = resolve(import.meta.dir, "../..");

/** Servers started here and still running: killed when the test process ends, come what may. */
const running = new Set<Subprocess>();
process.once("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
});

/** Kills every server this helper started that is still running (for afterAll). */
export async function killRunningServers(): Promise<void> {
  const procs = [...running];
  for (const proc of procs) proc.kill("SIGKILL");
  await Promise.all(procs.map((proc) => proc.exited));
}

/** What a finished `bun` command said: its exit code and both outputs. */
export interface BunRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `bun <args>` to its end, as the operator runs a script (DATABASE_PATH cleared unless
 * `env` gives one), from the repository root unless `cwd` says otherwise.
 */
export async function runBun(
  args: string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<BunRun> {
  const proc = Bun.spawn(["bun", ...args], {
    cwd,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, DATABASE_PATH: "", ...env },
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** The last few KB the server wrote to stderr. */
  stderrTail(): string;
  /** All the server wrote to stdout (its info log) once it has ended, with `keepStdout`. */
  stdoutText(): Promise<string>;
  /** Sends the signal and waits for the process to end. */
  kill(signal: "SIGKILL" | "SIGTERM"): Promise<void>;
}

/**
 * Starts the server with `dbPath` on `port` (a free one by default), once it answers
 * /healthz. The browser suite starts its servers here too (e2e/harness.ts).
 */
export async function spawnServer(
  dbPath: string,
  adminPassword: string,
  port?: number,
  /** More settings (READ_WORKERS, SHUTDOWN_GRACE_SECONDS...). */
  settings: Record<string, string> = {},
  /** Keep the whole of stdout (give LOG_LEVEL: "info" in `settings` for the request log). */
  { keepStdout = false }: { keepStdout?: boolean } = {},
): Promise<ServerProcess> {
  port ??= await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATABASE_PATH: dbPath,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: "warn",
  };
  // Nothing from the caller's environment that changes how the server runs.
  for (const name of [
    "HOST",
    "BACKUP_DIR",
    "TLS_CERT_PATH",
    "TLS_KEY_PATH",
    "TRUST_PROXY",
    "PUBLIC_ORIGIN",
    "NODE_ENV",
  ]) {
    delete env[name];
  }
  Object.assign(env, settings);
  const proc = Bun.spawn(["bun", "src/index.ts"], {
    cwd: ROOT,
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  // Drain stderr (a full pipe would stall the server) and keep its tail.
  let stderrText = "";
  void (async () => {
    const decoder = new TextDecoder();
    const reader = proc.stderr.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      stderrText = (stderrText + decoder.decode(value, { stream: true })).slice(-8_000);
    }
  })();
  // Drain stdout too, kept only when asked.
  let stdoutText = "";
  const stdoutDrained = (async () => {
    const decoder = new TextDecoder();
    const reader = proc.stdout.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (keepStdout) stdoutText += decoder.decode(value, { stream: true });
    }
  })();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill("SIGKILL");
      throw new Error(`server did not start: ${stderrText.slice(-4_000)}`);
    }
    await Bun.sleep(50);
  }
  return {
    url,
    proc,
    stderrTail: () => stderrText.slice(-4_000),
    stdoutText: () => stdoutDrained.then(() => stdoutText),
    async kill(signal) {
      proc.kill(signal);
      await proc.exited;
    },
  };
}

/** A signed-in session on a server over HTTP: its cookie, and fetch with it (and Origin, JSON). */
export interface HttpSession {
  cookie: string;
  api: (path: string, init?: RequestInit) => Promise<Response>;
}

/** Signs in over HTTP, as a browser does (same-origin `Origin`); throws unless it is a 200. */
export async function signInOverHttp(
  url: string,
  username: string,
  password: string,
): Promise<HttpSession> {
  const login = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { Origin: url, "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) {
    throw new Error(`sign-in as ${username} answered ${login.status}: ${await login.text()}`);
  }
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
  return {
    cookie,
    api: (path, init = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: {
          Origin: url,
          Cookie: cookie,
          "Content-Type": "application/json",
          ...(init.headers as Record<string, string>),
        },
      }),
  };
}
