/**
 * Issue 25 items 2 and 3 on a real server process (`bun src/index.ts`) over real sockets:
 * the start-up log says how TRUST_PROXY and PUBLIC_ORIGIN were understood, a bad value stops
 * the start naming it, a client reaching TRUST_PROXY=true's server by a non-loopback address
 * is throttled by that address whatever X-Forwarded-For it invents, and with PUBLIC_ORIGIN
 * the pages (served outside the API) refuse another host name too (decision 045).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_PER_USERNAME_ADDRESS } from "../src/modules/auth/auth.service";

const ROOT = join(import.meta.dir, "..");
const PASSWORD = "quartz-lantern-orchard-91";

/** An address of this machine that is not loopback (the LAN's view of it), if it has one. */
const LAN_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

if (!LAN_ADDRESS) {
  console.warn("tests/request-trust.test.ts: no non-loopback IPv4 address, that test skipped");
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "request-trust-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `bun src/index.ts` on a fresh database with `env`; PORT 0 lets the system pick. */
function spawnServer(env: Record<string, string>) {
  const clean: Record<string, string | undefined> = { ...process.env };
  for (const name of ["BACKUP_DIR", "TRUST_PROXY", "PUBLIC_ORIGIN", "NODE_ENV"]) delete clean[name];
  const proc = Bun.spawn(["bun", "src/index.ts"], {
    cwd: ROOT,
    env: {
      ...clean,
      PORT: "0",
      DATABASE_PATH: join(dir, `db-${crypto.randomUUID()}.db`),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "info",
      WEB_DIST: join(dir, "no-web-build"),
      READ_WORKERS: "0",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { proc, stderr: new Response(proc.stderr).text() };
}

type Server = ReturnType<typeof spawnServer>;

/** The log lines up to "listening", and the port. */
async function started(server: Server): Promise<{ lines: string[]; port: string }> {
  const reader = server.proc.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`server exited: ${await server.stderr}`);
    text += decoder.decode(value, { stream: true });
    const lines = text.split("\n");
    const listening = lines.find((l) => l.includes('"msg":"listening"'));
    if (listening) {
      // Keep draining so the server never blocks on a full pipe.
      void (async () => {
        while (!(await reader.read()).done) {}
      })().catch(() => {});
      const { url } = JSON.parse(listening) as { url: string };
      return { lines, port: new URL(url).port };
    }
  }
}

async function stop(server: Server) {
  server.proc.kill();
  await server.proc.exited;
}

const messages = (lines: string[]) =>
  lines.filter((l) => l.startsWith("{")).map((l) => (JSON.parse(l) as { msg: string }).msg);

describe("the start-up log", () => {
  test("TRUST_PROXY=true says it means loopback only; PUBLIC_ORIGIN unset says any host name is accepted", async () => {
    const server = spawnServer({ TRUST_PROXY: "true" });
    try {
      const { lines } = await started(server);
      expect(messages(lines)).toContain(
        "TRUST_PROXY=true trusts loopback only (127.0.0.0/8, ::1): X-Forwarded-* from any other peer are ignored; list a proxy elsewhere by its address or range",
      );
      expect(messages(lines)).toContain(
        "PUBLIC_ORIGIN is not set: any host name is accepted (a LAN set-up); set it when the server has a public name",
      );
    } finally {
      await stop(server);
    }
  }, 30_000);

  test("a list and a public origin are named", async () => {
    const server = spawnServer({
      TRUST_PROXY: "127.0.0.1,10.0.0.0/8,::1",
      PUBLIC_ORIGIN: "https://bets.example.ie",
    });
    try {
      const { lines } = await started(server);
      const json = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
      expect(json).toContainEqual(
        expect.objectContaining({
          msg: "X-Forwarded-For/-Host/-Proto are read only from these proxies",
          trustProxy: ["127.0.0.1", "10.0.0.0/8", "::1"],
        }),
      );
      expect(json).toContainEqual(
        expect.objectContaining({
          msg: "only the public origin is served; any other host name is answered 421",
          publicOrigin: "https://bets.example.ie",
        }),
      );
    } finally {
      await stop(server);
    }
  }, 30_000);

  test("an invalid TRUST_PROXY or PUBLIC_ORIGIN stops the start with a message naming it", async () => {
    const badProxy = spawnServer({ TRUST_PROXY: "10.0.0.0/8,proxy.lan" });
    expect(await badProxy.proc.exited).not.toBe(0);
    expect(await badProxy.stderr).toContain(
      'Invalid environment: TRUST_PROXY: "proxy.lan" is not an IP address or CIDR range',
    );
    const badOrigin = spawnServer({ PUBLIC_ORIGIN: "https://bets.example.ie/shop" });
    expect(await badOrigin.proc.exited).not.toBe(0);
    expect(await badOrigin.stderr).toContain(
      "Invalid environment: PUBLIC_ORIGIN: must be an origin (give scheme and host only, e.g. https://bets.example.ie)",
    );
  }, 30_000);
});

describe.skipIf(!LAN_ADDRESS)("TRUST_PROXY=true over a real socket", () => {
  test("a client on the LAN inventing X-Forwarded-For is throttled by its own address; loopback's header counts", async () => {
    const server = spawnServer({ TRUST_PROXY: "true" });
    try {
      const { port } = await started(server);
      const base = `http://${LAN_ADDRESS}:${port}`;
      const guess = (i: number) =>
        fetch(`${base}/api/login`, {
          method: "POST",
          headers: {
            Origin: base,
            "Content-Type": "application/json",
            "X-Forwarded-For": `203.0.113.${i + 1}`,
          },
          body: JSON.stringify({ username: "admin", password: `guess-${i}` }),
        });
      for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
        expect((await guess(i)).status).toBe(401);
      }
      expect((await guess(99)).status).toBe(429);
      // The same username from loopback (the proxy) for another client is not refused.
      const local = `http://127.0.0.1:${port}`;
      const viaProxy = await fetch(`${local}/api/login`, {
        method: "POST",
        headers: {
          Origin: local,
          "Content-Type": "application/json",
          "X-Forwarded-For": "198.51.100.20",
        },
        body: JSON.stringify({ username: "admin", password: PASSWORD }),
      });
      expect(viaProxy.status).toBe(200);
    } finally {
      await stop(server);
    }
  }, 60_000);
});

describe("PUBLIC_ORIGIN on a real server", () => {
  test("a page or an API call for another host name is 421 with a JSON message; the public host is served", async () => {
    const server = spawnServer({ PUBLIC_ORIGIN: "http://bets.example.ie" });
    try {
      const { port } = await started(server);
      const local = `http://127.0.0.1:${port}`;
      for (const path of ["/", "/customers", "/api/user"]) {
        const res = await fetch(`${local}${path}`, { headers: { Host: "evil.example" } });
        expect({ path, status: res.status }).toEqual({ path, status: 421 });
        expect(await res.json()).toEqual({
          message: "This server answers only for bets.example.ie",
          code: "MISDIRECTED",
        });
      }
      // The public host name is served (no web build here: the page answers what it has).
      const page = await fetch(`${local}/`, { headers: { Host: "bets.example.ie" } });
      expect(page.status).not.toBe(421);
      const login = await fetch(`${local}/api/login`, {
        method: "POST",
        headers: {
          Host: "bets.example.ie",
          Origin: "http://bets.example.ie",
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ username: "admin", password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      // A health probe by address still answers.
      expect((await fetch(`${local}/healthz`)).status).toBe(200);
    } finally {
      await stop(server);
    }
  }, 30_000);
});
