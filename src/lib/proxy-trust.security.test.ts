/**
 * Issue 25 items 2 and 3, through the real app: X-Forwarded-* count only when the connecting
 * peer is a proxy TRUST_PROXY names (`true`: loopback only), the client is the right-most
 * untrusted hop, and a peer outside the list is throttled and audited by its own address
 * whatever it sends. PUBLIC_ORIGIN, when set, is the only origin accepted and its host name
 * the only one served (421 otherwise). The peer is what Bun's server would report
 * (tests/helpers/test-app.ts `fromPeer`).
 */
import { afterEach, describe, expect, test } from "bun:test";
import { desc, isNotNull } from "drizzle-orm";
import { createTestApp, fromPeer, TEST_PASSWORD, type TestApp } from "../../tests/helpers/test-app";
import { auditLog, loginFailures } from "../db/schema";
import { readEnv } from "../env";
import { MAX_PER_USERNAME_ADDRESS } from "../modules/auth/auth.service";

let t: TestApp;
afterEach(() => t.close());

const SHOP = { name: "Main Street", location: "Dublin" };
/** Argon2id is slow on purpose, and these tests check a handful of passwords. */
const SLOW = 30_000;

const lastAuditIp = () =>
  t.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()?.ip;

/** A shop opened by the admin from `peer` with `headers`; answers the audit row's address. */
async function auditedAddress(peer: string, headers: Record<string, string>) {
  await t.json("POST", "/api/shops", { body: SHOP, peer, headers });
  return lastAuditIp();
}

/** A POST of a shop to `url` (its host is the request's Host) from `peer`. */
function postTo(url: string, peer: string, headers: Record<string, string>) {
  return t.app.request(
    url,
    {
      method: "POST",
      headers: { Cookie: t.cookies.admin, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(SHOP),
    },
    fromPeer(peer),
  );
}

describe("TRUST_PROXY=true trusts loopback only (the medium finding)", () => {
  test(
    "a peer that is not loopback inventing X-Forwarded-For addresses is throttled (429) and recorded by its own address",
    async () => {
      t = await createTestApp(":memory:", { trustProxy: true });
      const attacker = "192.0.2.50";
      const guess = (i: number) =>
        t.request("POST", "/api/login", {
          as: "anonymous",
          peer: attacker,
          body: { username: "admin1", password: `guess-${i}` },
          headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
        });
      for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
        expect((await guess(i)).status).toBe(401);
      }
      // Another invented address changes nothing: the peer itself is refused now.
      const refused = await guess(99);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      const failures = t.handle.db.select().from(loginFailures).all();
      expect(failures.length).toBe(MAX_PER_USERNAME_ADDRESS);
      expect(new Set(failures.map((f) => f.ip))).toEqual(new Set([attacker]));
      // Every audit row that names an address (failed sign-ins among them) names the peer.
      const audited = t.handle.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(isNotNull(auditLog.ip))
        .all();
      expect(new Set(audited.map((r) => r.ip))).toEqual(
        audited.length ? new Set([attacker]) : new Set(),
      );
      // The real user behind the loopback proxy still signs in.
      const owner = await t.request("POST", "/api/login", {
        as: "anonymous",
        body: { username: "admin1", password: TEST_PASSWORD },
        headers: { "X-Forwarded-For": "198.51.100.20" },
      });
      expect(owner.status).toBe(200);
    },
    SLOW,
  );

  test("a write from a peer that is not loopback is audited by the peer, whatever it claims", async () => {
    t = await createTestApp(":memory:", { trustProxy: true });
    expect(await auditedAddress("192.0.2.50", { "X-Forwarded-For": "6.6.6.6" })).toBe("192.0.2.50");
  });

  test("an IPv4 client on a dual-stack socket is recorded by its IPv4 address", async () => {
    t = await createTestApp(":memory:", { trustProxy: true });
    expect(await auditedAddress("::ffff:192.0.2.9", {})).toBe("192.0.2.9");
    expect(
      await auditedAddress("::ffff:127.0.0.1", { "X-Forwarded-For": "::ffff:198.51.100.8" }),
    ).toBe("198.51.100.8");
  });

  test("from loopback, IPv4, IPv6 or IPv4-mapped, the proxy's X-Forwarded-For counts", async () => {
    t = await createTestApp(":memory:", { trustProxy: true });
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect({
        peer,
        ip: await auditedAddress(peer, { "X-Forwarded-For": "198.51.100.7" }),
      }).toEqual({ peer, ip: "198.51.100.7" });
    }
  });
});

describe("TRUST_PROXY as a list of addresses and ranges", () => {
  const LIST = ["127.0.0.1", "10.0.0.0/8", "::1"];

  test("the client is the right-most hop that is not a trusted proxy", async () => {
    t = await createTestApp(":memory:", { trustProxy: LIST });
    // The client's own claim (6.6.6.6) is left of the hop our proxy added.
    expect(await auditedAddress("10.1.2.3", { "X-Forwarded-For": "6.6.6.6, 203.0.113.7" })).toBe(
      "203.0.113.7",
    );
    // A second proxy of ours (10.9.9.9) is skipped.
    expect(await auditedAddress("10.1.2.3", { "X-Forwarded-For": "203.0.113.7, 10.9.9.9" })).toBe(
      "203.0.113.7",
    );
    // No header: the proxy itself.
    expect(await auditedAddress("10.1.2.3", {})).toBe("10.1.2.3");
  });

  test("a peer outside the list is recorded by its own address", async () => {
    t = await createTestApp(":memory:", { trustProxy: LIST });
    expect(await auditedAddress("192.168.1.40", { "X-Forwarded-For": "10.0.0.1" })).toBe(
      "192.168.1.40",
    );
  });

  test("X-Forwarded-Host and -Proto count only from a listed proxy", async () => {
    t = await createTestApp(":memory:", { trustProxy: LIST });
    const behindProxy = {
      Origin: "https://shop.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "shop.example",
    };
    expect((await postTo("http://localhost/api/shops", "10.0.0.2", behindProxy)).status).toBe(201);
    expect((await postTo("http://localhost/api/shops", "192.168.1.40", behindProxy)).status).toBe(
      403,
    );
  });

  test("no TRUST_PROXY: nobody's X-Forwarded-* count, loopback's neither", async () => {
    t = await createTestApp(":memory:", { peer: "127.0.0.1" });
    expect(await auditedAddress("127.0.0.1", { "X-Forwarded-For": "6.6.6.6" })).toBe("127.0.0.1");
  });
});

describe("TRUST_PROXY and PUBLIC_ORIGIN at start (src/env.ts)", () => {
  test("a list, true (loopback only), or nothing", () => {
    expect(readEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).TRUST_PROXY).toEqual({
      list: ["127.0.0.1", "10.0.0.0/8", "::1"],
      fromTrue: false,
    });
    expect(readEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({
      list: ["loopback"],
      fromTrue: true,
    });
    for (const off of [undefined, "", "false", "0"]) {
      expect(readEnv({ TRUST_PROXY: off }).TRUST_PROXY).toEqual({ list: [], fromTrue: false });
    }
  });

  test("an entry that is not an address or range stops the start, naming it", () => {
    for (const bad of ["10.0.0.0/33", "proxy.local", "127.0.0.1,yes", "300.1.1.1"]) {
      const entry = bad.split(",").at(-1);
      expect(() => readEnv({ TRUST_PROXY: bad })).toThrow(
        `Invalid environment: TRUST_PROXY: "${entry}" is not an IP address or CIDR range`,
      );
    }
  });

  test("PUBLIC_ORIGIN is a scheme and host only", () => {
    expect(readEnv({ PUBLIC_ORIGIN: "https://Bets.Example.ie/" }).PUBLIC_ORIGIN).toBe(
      "https://bets.example.ie",
    );
    expect(readEnv({ PUBLIC_ORIGIN: "" }).PUBLIC_ORIGIN).toBeUndefined();
    for (const bad of ["bets.example.ie", "https://bets.example.ie/app", "ftp://bets.example.ie"]) {
      expect(() => readEnv({ PUBLIC_ORIGIN: bad })).toThrow("Invalid environment: PUBLIC_ORIGIN");
    }
  });
});

describe("PUBLIC_ORIGIN: one public origin", () => {
  const PUBLIC = "https://bets.example.ie";

  test("Host evil.example with Origin http://evil.example is refused with 421 and a JSON message", async () => {
    t = await createTestApp(":memory:", { publicOrigin: PUBLIC, peer: "192.168.1.40" });
    const res = await postTo("http://evil.example/api/shops", "192.168.1.40", {
      Origin: "http://evil.example",
    });
    expect(res.status).toBe(421);
    expect(await res.json()).toEqual({
      message: "This server answers only for bets.example.ie",
      code: "MISDIRECTED",
    });
    // Reads too: a rebinding page reads nothing either.
    const read = await t.app.request(
      "http://evil.example/api/user",
      { headers: { Cookie: t.cookies.admin } },
      fromPeer("192.168.1.40"),
    );
    expect(read.status).toBe(421);
    // Sign-in attempts from the till's own address never reach the password check.
    const login = await t.app.request(
      "http://evil.example/api/login",
      {
        method: "POST",
        headers: { Origin: "http://evil.example", "Content-Type": "application/json" },
        body: JSON.stringify({ username: "admin1", password: "guess" }),
      },
      fromPeer("192.168.1.40"),
    );
    expect(login.status).toBe(421);
    expect(t.handle.db.select().from(loginFailures).all()).toEqual([]);
  });

  test("the public origin passes; any other Origin is refused even on the public host", async () => {
    t = await createTestApp(":memory:", { publicOrigin: PUBLIC, peer: "192.168.1.40" });
    expect((await postTo(`${PUBLIC}/api/shops`, "192.168.1.40", { Origin: PUBLIC })).status).toBe(
      201,
    );
    for (const origin of ["http://bets.example.ie", "https://evil.example", "http://localhost"]) {
      const res = await postTo(`${PUBLIC}/api/shops`, "192.168.1.40", { Origin: origin });
      expect({ origin, status: res.status }).toEqual({ origin, status: 403 });
    }
  });

  test("behind a trusted proxy its X-Forwarded-Host counts; from anyone else it does not", async () => {
    t = await createTestApp(":memory:", { publicOrigin: PUBLIC, trustProxy: ["10.0.0.0/8"] });
    const viaProxy = {
      Origin: PUBLIC,
      "X-Forwarded-Host": "bets.example.ie",
      "X-Forwarded-Proto": "https",
    };
    // The proxy reaches us as 127.0.0.1:3000; its X-Forwarded-Host names the public host.
    expect((await postTo("http://127.0.0.1:3000/api/shops", "10.0.0.2", viaProxy)).status).toBe(
      201,
    );
    // The same headers from a peer that is not the proxy: its Host is what counts.
    expect((await postTo("http://127.0.0.1:3000/api/shops", "192.168.1.40", viaProxy)).status).toBe(
      421,
    );
    // And a trusted proxy forwarding another host name is refused like a direct request.
    const elsewhere = { ...viaProxy, "X-Forwarded-Host": "evil.example" };
    expect((await postTo(`${PUBLIC}/api/shops`, "10.0.0.2", elsewhere)).status).toBe(421);
  });

  test("unset: any host name is accepted, as on a LAN today", async () => {
    t = await createTestApp(":memory:", { peer: "192.168.1.40" });
    const res = await postTo("http://till-3.lan:3000/api/shops", "192.168.1.40", {
      Origin: "http://till-3.lan:3000",
    });
    expect(res.status).toBe(201);
  });
});
