/**
 * The deployment settings of issue 10 on a real server process (`bun src/index.ts`).
 * HTTPS without a proxy: with TLS_CERT_PATH and TLS_KEY_PATH it speaks HTTPS and sets the
 * session cookie Secure; half a TLS setting, or a missing file, stops it at start. The
 * certificate is made here with openssl (self-signed for 127.0.0.1), so those tests are
 * skipped where openssl is not installed. BACKUP_DIR: it takes its backups by itself.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
