/**
 * Issue 10, proxies, origins and leaks, through the real app: X-Forwarded-* count only with
 * TRUST_PROXY (and then only the nearest hop), the Origin check compares scheme, host and
 * port, malformed paths are 400, an unexpected error is a plain 500 with a request id, and a
 * client's X-Request-Id is kept only when it is a short token.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { desc } from "drizzle-orm";
import { createTestApp, fromPeer, ORIGIN, type TestApp } from "../../tests/helpers/test-app";
import { auditLog } from "../db/schema";

let t: TestApp;
afterEach(() => t.close());

const SHOP = { name: "Main Street", location: "Dublin" };

function lastAuditIp(): string | null | undefined {
  return t.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()?.ip;
}

/** A POST to `url` with the admin's cookie and the given headers, from `peer` (loopback). */
function post(url: string, headers: Record<string, string>, peer = "127.0.0.1") {
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

describe("X-Forwarded-* headers", () => {
  test("a forged X-Forwarded-For does not reach the audit row without TRUST_PROXY", async () => {
    t = await createTestApp();
    await t.json("POST", "/api/shops", { body: SHOP, headers: { "X-Forwarded-For": "6.6.6.6" } });
    expect(lastAuditIp()).not.toBe("6.6.6.6");
  });

  test("with TRUST_PROXY only the nearest hop counts", async () => {
    t = await createTestApp(":memory:", { trustProxy: true });
    await t.json("POST", "/api/shops", {
      body: SHOP,
      headers: { "X-Forwarded-For": "6.6.6.6, 10.0.0.5" },
    });
    expect(lastAuditIp()).toBe("10.0.0.5");
  });

  test("an evil Origin with a matching X-Forwarded-Host is refused without TRUST_PROXY", async () => {
    t = await createTestApp();
    const res = await post(`${ORIGIN}/api/shops`, {
      Origin: "http://evil.example",
      "X-Forwarded-Host": "evil.example",
    });
    expect(res.status).toBe(403);
  });

  test("with TRUST_PROXY the proxy's X-Forwarded-Proto and -Host define our origin", async () => {
    t = await createTestApp(":memory:", { trustProxy: true });
    const behindProxy = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example" };
    const ok = await post(`${ORIGIN}/api/shops`, {
      Origin: "https://shop.example",
      ...behindProxy,
    });
    expect(ok.status).toBe(201);
    const plain = await post(`${ORIGIN}/api/shops`, {
      Origin: "http://shop.example",
      ...behindProxy,
    });
    expect(plain.status).toBe(403);
  });
});

describe("the Origin check compares scheme, host and port", () => {
  test("an http origin is refused when the server is https; the https one passes", async () => {
    t = await createTestApp();
    expect((await post("https://localhost/api/shops", { Origin: "http://localhost" })).status).toBe(
      403,
    );
    expect(
      (await post("https://localhost/api/shops", { Origin: "https://localhost" })).status,
    ).toBe(201);
  });

  test("another port is another origin; the default port is the same origin", async () => {
    t = await createTestApp();
    expect((await post(`${ORIGIN}/api/shops`, { Origin: "http://localhost:8080" })).status).toBe(
      403,
    );
    expect((await post(`${ORIGIN}/api/shops`, { Origin: "http://localhost:80" })).status).toBe(201);
    expect((await post(`${ORIGIN}/api/shops`, { Origin: "null" })).status).toBe(403);
  });
});

describe("a write with no credentials", () => {
  const bare = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  test("is 401 Not signed in, not a misleading Cross-origin: it acts as nobody", async () => {
    t = await createTestApp();
    const res = await bare("/api/deposits", { customerId: 1, shopId: 1, amount: "1.00" });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("UNAUTHENTICATED");
    // From another site it is refused all the same, and nothing was written.
    const evil = await bare(
      "/api/shops",
      { name: "X", location: "Y" },
      { Origin: "https://evil.example" },
    );
    expect(evil.status).toBe(401);
    const shops = t.handle.sqlite.query("select count(*) as n from shops").get() as { n: number };
    expect(shops.n).toBe(0);
  });

  test("signing in still needs our Origin (a forged sign-in), and a cookie still does", async () => {
    t = await createTestApp();
    const login = await bare("/api/login", { username: "admin1", password: "x" });
    expect(login.status).toBe(403);
    const withCookie = await bare(
      "/api/shops",
      { name: "X", location: "Y" },
      { Cookie: t.cookies.admin },
    );
    expect(withCookie.status).toBe(403);
    expect(((await withCookie.json()) as { message: string }).message).toBe(
      "Cross-origin request refused",
    );
  });
});

describe("no leaks", () => {
  test("a malformed path is a 400, not a 500", async () => {
    t = await createTestApp();
    for (const path of ["/api/%", "/api/customers/%E0%A4%A"]) {
      const res = await t.request("GET", path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(await res.json()).toEqual({ message: "Malformed path", code: "VALIDATION" });
    }
  });

  test("an unexpected error is a plain 500 naming the request id, without stack or paths", async () => {
    t = await createTestApp();
    t.handle.sqlite.close(); // every query now throws
    const res = await t.request("GET", "/api/customers");
    expect(res.status).toBe(500);
    const requestId = res.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      message: `Internal server error (request id ${requestId})`,
      code: "INTERNAL",
    });
    expect(text).not.toMatch(/\.ts\b|\bat \w|\/work\/|node_modules/);
  });

  test("a client's X-Request-Id is kept only when it is a short token", async () => {
    t = await createTestApp();
    const idOf = async (given: string) =>
      (await t.request("GET", "/api/user", { headers: { "X-Request-Id": given } })).headers.get(
        "x-request-id",
      );
    expect(await idOf("req-42.abc_DEF")).toBe("req-42.abc_DEF");
    for (const hostile of ["x".repeat(65), "<script>alert(1)</script>", "a b", "a\u00e9"]) {
      const id = await idOf(hostile);
      expect(id).not.toBe(hostile);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
