/**
 * The deployment settings of issue 10 on a real server process (`bun src/index.ts`).
 * HTTPS without a proxy: with TLS_CERT_PATH and TLS_KEY_PATH it speaks HTTPS and sets the
 * session cookie Secure; half a TLS setting, a missing file, a file that is not PEM, the two
 * swapped or a key that is not the certificate's stops it at start, before it creates
 * anything. The certificate is made here with openssl (self-signed for 127.0.0.1), so those
 * tests are skipped where openssl is not installed. BACKUP_DIR: it takes its backups by itself.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  freePort,
  killRunningServers,
  runBun,
  spawnServer as startUntilHealthy,
} from "./helpers/server-process";

const ROOT = join(import.meta.dir, "..");
const OPENSSL = Bun.which("openssl");
const PASSWORD = "tls-test-orchard-password";

if (!OPENSSL) {
  console.warn("tests/deployment.test.ts: HTTPS tests skipped, openssl is not on PATH");
}

let dir: string;
let cert: string;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tls-test-"));
  cert = join(dir, "cert.pem");
  key = join(dir, "key.pem");
  if (!OPENSSL) return;
  const made = Bun.spawn(
    [
      OPENSSL,
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdout: "ignore", stderr: "pipe" },
  );
  if ((await made.exited) !== 0) throw new Error(await new Response(made.stderr).text());
});
afterAll(async () => {
  await killRunningServers();
  rmSync(dir, { recursive: true, force: true });
});

/** `bun src/index.ts` with a fresh database and `env`; PORT 0 lets the system pick. */
function spawnServer(env: Record<string, string>) {
  return Bun.spawn(["bun", "src/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_PATH: join(dir, `db-${crypto.randomUUID()}.db`),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "info",
      WEB_DIST: join(dir, "no-web-build"),
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** Reads the server's stdout until its "listening" log line and returns it. */
async function listeningLine(proc: ReturnType<typeof spawnServer>) {
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`server exited: ${await new Response(proc.stderr).text()}`);
    text += decoder.decode(value, { stream: true });
    const line = text.split("\n").find((l) => l.includes('"msg":"listening"'));
    if (line) {
      reader.releaseLock();
      return JSON.parse(line) as { url: string };
    }
  }
}

describe.skipIf(!OPENSSL)("HTTPS with TLS_CERT_PATH and TLS_KEY_PATH", () => {
  test("the server speaks HTTPS and the session cookie is Secure", async () => {
    const proc = spawnServer({ TLS_CERT_PATH: cert, TLS_KEY_PATH: key });
    try {
      const { url } = await listeningLine(proc);
      expect(url).toStartWith("https://");
      const port = new URL(url).port;
      const origin = `https://127.0.0.1:${port}`;
      const insecure = { tls: { rejectUnauthorized: false } };

      const health = await fetch(`${origin}/healthz`, insecure);
      expect(health.status).toBe(200);

      const login = await fetch(`${origin}/api/login`, {
        ...insecure,
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin },
        body: JSON.stringify({ username: "admin", password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get("set-cookie") ?? "";
      expect(cookie).toStartWith("session=");
      expect(cookie.split(";").map((part) => part.trim())).toContain("Secure");
    } finally {
      proc.kill();
      await proc.exited;
    }
  });

  test("only one of the two set: the server refuses to start", async () => {
    const proc = spawnServer({ TLS_CERT_PATH: cert });
    expect(await proc.exited).not.toBe(0);
    expect(await new Response(proc.stderr).text()).toContain(
      "set both TLS_CERT_PATH and TLS_KEY_PATH, or neither",
    );
  });

  test("a missing file: the server refuses to start, naming it", async () => {
    const missing = join(dir, "missing-key.pem");
    const proc = spawnServer({ TLS_CERT_PATH: cert, TLS_KEY_PATH: missing });
    expect(await proc.exited).not.toBe(0);
    expect(await new Response(proc.stderr).text()).toContain(`TLS_KEY_PATH: no file at ${missing}`);
  });

  /**
   * A bad file stops the start with one line naming the setting and the file, before anything
   * is created: no data folder, no database, no first admin (a fresh DATABASE_PATH used to get
   * all three, the generated password printed, and then OpenSSL's bare code).
   */
  async function refusedBeforeAnything(tls: { cert: string; key: string }): Promise<string> {
    const data = join(dir, `fresh-${crypto.randomUUID()}`);
    const proc = spawnServer({
      TLS_CERT_PATH: tls.cert,
      TLS_KEY_PATH: tls.key,
      DATABASE_PATH: join(data, "shop.db"),
      ADMIN_PASSWORD: "",
    });
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    expect(code).toBe(1);
    expect(stdout).not.toMatch(/first start/i);
    expect(existsSync(data)).toBe(false);
    return stderr.trim();
  }

  test("a file that is not PEM: refused naming the setting and the file, nothing created", async () => {
    const notPem = join(dir, "not-pem.txt");
    await Bun.write(notPem, "this is not a certificate\n");
    expect(await refusedBeforeAnything({ cert: notPem, key })).toBe(
      `Not started: TLS_CERT_PATH ${notPem}: not a PEM certificate`,
    );
    expect(await refusedBeforeAnything({ cert, key: notPem })).toBe(
      `Not started: TLS_KEY_PATH ${notPem}: not a PEM private key`,
    );
  });

  test("certificate and key swapped: refused, saying so", async () => {
    expect(await refusedBeforeAnything({ cert: key, key: cert })).toBe(
      `Not started: TLS_CERT_PATH ${key}: not a PEM certificate (it holds a private key: are TLS_CERT_PATH and TLS_KEY_PATH swapped?)`,
    );
  });

  test("a key that is not the certificate's: refused, saying they do not match", async () => {
    const otherKey = join(dir, "other-key.pem");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    await Bun.write(otherKey, privateKey.export({ type: "pkcs8", format: "pem" }) as string);
    expect(await refusedBeforeAnything({ cert, key: otherKey })).toBe(
      `Not started: TLS_CERT_PATH and TLS_KEY_PATH do not match: the key is not the certificate's (${cert}, ${otherKey})`,
    );
  });
});

describe("BACKUP_DIR", () => {
  test("the server takes a checked backup by itself and records it", async () => {
    const backups = join(dir, "auto-backups");
    const databasePath = join(dir, "backed-up.db");
    const proc = spawnServer({ DATABASE_PATH: databasePath, BACKUP_DIR: backups });
    try {
      await listeningLine(proc);
      // None was ever taken, so the first is due at once; wait for its row (no timing assumed).
      const db = new Database(databasePath);
      db.run("pragma busy_timeout = 5000");
      type Row = { path: string; ok: number; detail: string };
      const first = () => db.query("select path, ok, detail from backups").get() as Row | null;
      while (first() === null) await Bun.sleep(50);
      const row = first() as Row;
      db.close();
      expect(row).toMatchObject({ ok: 1, detail: "integrity ok, books balanced" });
      expect(readdirSync(backups)).toEqual([row.path.split("/").at(-1) as string]);
      expect(row.path).toMatch(/betting-shop-auto-[\dTZ-]+\.db$/);
    } finally {
      proc.kill();
      await proc.exited;
    }
  });
});

/** The one line a server that refuses to start writes (no stack trace), and its exit code. */
async function refusal(proc: ReturnType<typeof spawnServer>) {
  const code = await proc.exited;
  const stderr = await new Response(proc.stderr).text();
  expect(stderr).not.toContain("    at ");
  const lines = stderr.split("\n").filter((line) => line.startsWith("Not started: "));
  expect(lines).toHaveLength(1);
  return { code, line: lines[0] as string };
}

describe("one server per port and per database (decision 054)", () => {
  test("a second server on a taken port stops at once, saying so", async () => {
    const port = await freePort();
    const first = await startUntilHealthy(join(dir, "port-first.db"), PASSWORD, port);
    const second = spawnServer({ PORT: String(port), DATABASE_PATH: join(dir, "port-second.db") });
    const { code, line } = await refusal(second);
    expect(code).not.toBe(0);
    expect(line).toBe(`Not started: Port ${port} is in use: is another server running?`);
    // The first one still answers every request (none go to a second one).
    for (let i = 0; i < 5; i++) expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    await first.kill("SIGTERM");
  });

  test("a second server on the same database refuses to start, naming the running one's pid; a crashed one's lock does not block a restart", async () => {
    const databasePath = join(dir, "locked.db");
    const first = await startUntilHealthy(databasePath, PASSWORD);
    const second = spawnServer({ DATABASE_PATH: databasePath });
    const { code, line } = await refusal(second);
    expect(code).not.toBe(0);
    expect(line).toContain(
      `Database ${databasePath} is in use by another server (pid ${first.proc.pid})`,
    );
    // kill -9 leaves the lock file behind, but the kernel dropped its lock with the process.
    await first.kill("SIGKILL");
    expect(existsSync(`${databasePath}.lock`)).toBe(true);
    const restarted = await startUntilHealthy(databasePath, PASSWORD);
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    await restarted.kill("SIGTERM");
    expect(restarted.proc.exitCode).toBe(0);
  });
});

describe("one database, whatever it is called (symbolic links)", () => {
  test("a second server, or a restore, through a link to a database in use is refused; stopped, a restore through the link replaces its target and keeps the link", async () => {
    const databasePath = join(dir, "linked-target.db");
    const link = join(dir, "link-to-target.db");
    const linkedDir = join(dir, "linked-folder");
    const first = await startUntilHealthy(databasePath, PASSWORD);
    symlinkSync(databasePath, link);
    symlinkSync(dir, linkedDir, "dir");
    for (const other of [link, join(linkedDir, "linked-target.db")]) {
      const { code, line } = await refusal(spawnServer({ DATABASE_PATH: other }));
      expect(code).not.toBe(0);
      expect(line).toContain(
        `Database ${other} is in use by another server (pid ${first.proc.pid})`,
      );
    }
    // A backup to restore: the running server's own, through the API-less backup script.
    const backup = join(dir, "linked-backup.db");
    const made = await runBun(["scripts/backup.ts", "--db", databasePath, "--out", backup]);
    expect(made.code).toBe(0);
    const refused = await runBun(["scripts/restore.ts", backup, "--db", link]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Refusing to restore: Database");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    await first.kill("SIGTERM");

    const restored = await runBun(["scripts/restore.ts", backup, "--db", link]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).some((f) => f.startsWith("linked-target.db.before-restore"))).toBe(
      true,
    );
    expect(readdirSync(dir).some((f) => f.startsWith("link-to-target.db.before-restore"))).toBe(
      false,
    );
  });
});

/** Whether this machine can listen on `host` (all of 127.0.0.0/8 is loopback on Linux). */
function canListenOn(host: string): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once("error", () => done(false));
    srv.listen(0, host, () => srv.close(() => done(true)));
  });
}

const SECOND_LOOPBACK = "127.0.0.2";
const secondLoopback = await canListenOn(SECOND_LOOPBACK);

describe("HOST", () => {
  test.skipIf(!secondLoopback)("the server listens on HOST's address only", async () => {
    const proc = spawnServer({ HOST: SECOND_LOOPBACK });
    try {
      const { url, host } = (await listeningLine(proc)) as { url: string; host: string };
      expect(host).toBe(SECOND_LOOPBACK);
      const port = new URL(url).port;
      expect(url).toBe(`http://${SECOND_LOOPBACK}:${port}`);
      expect((await fetch(`http://${SECOND_LOOPBACK}:${port}/healthz`)).status).toBe(200);
      // Another loopback address of the same machine: nobody listens there.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      proc.kill();
      await proc.exited;
    }
  });

  test("unset, the server listens on every address", async () => {
    const proc = spawnServer({});
    try {
      const { url, host } = (await listeningLine(proc)) as { url: string; host: string };
      expect(host).toBe("0.0.0.0");
      const port = new URL(url).port;
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      proc.kill();
      await proc.exited;
    }
  });
});

describe("ADMIN_PASSWORD", () => {
  test("one the password rules refuse stops the first start with one clear line", async () => {
    const databasePath = join(dir, "weak-admin.db");
    const proc = spawnServer({ DATABASE_PATH: databasePath, ADMIN_PASSWORD: "Xq7!pz" });
    const { code, line } = await refusal(proc);
    expect(code).not.toBe(0);
    expect(line).toBe(
      "Not started: ADMIN_PASSWORD is refused: Password must be at least 8 characters",
    );
    // A good one then starts the same database.
    const fixed = await startUntilHealthy(databasePath, PASSWORD);
    await fixed.kill("SIGTERM");
  });
});
