import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import {
  createTestApp,
  ORIGIN,
  seedBasics,
  TEST_PASSWORD,
  type TestApp,
} from "../../../tests/helpers/test-app";
import { auditLog, loginFailures, sessions, users } from "../../db/schema";
import type { CreatedApiTokenDto } from "../../domain/dto";
import { ensureFirstAdmin } from "./auth.service";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

function login(username: string, password: string, headers: Record<string, string> = {}) {
  return t.request("POST", "/api/login", {
    as: "anonymous",
    body: { username, password },
    headers,
  });
}

function sessionCookie(res: Response): string {
  const raw = res.headers.get("set-cookie") ?? "";
  return raw.split(";")[0] ?? "";
}

describe("sign-in", () => {
  test("signs in with the right password, returns the user and sets a hardened cookie", async () => {
    const res = await login("admin1", TEST_PASSWORD);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { username: string; role: string };
    expect(body).toMatchObject({ username: "admin1", role: "admin" });
    expect(body).not.toHaveProperty("passwordHash");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^session=[a-z0-9]+\.[a-z0-9]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    const me = await t.app.request(`${ORIGIN}/api/user`, {
      headers: { Cookie: sessionCookie(res) },
    });
    expect(((await me.json()) as { username: string }).username).toBe("admin1");
  });

  test("stores only a hash of the session secret", async () => {
    const res = await login("user1", TEST_PASSWORD);
    const token = sessionCookie(res).replace("session=", "");
    const [id, secret] = token.split(".");
    const row = t.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, id ?? ""))
      .get();
    expect(row).toBeDefined();
    expect(Buffer.from(row?.secretHash ?? []).toString("utf8")).not.toContain(secret ?? "x");
    expect(row?.secretHash.length).toBe(32);
  });

  test("answers unknown user and wrong password alike", async () => {
    const wrong = await login("admin1", "nope-nope-nope");
    const unknown = await login("ghost", "nope-nope-nope");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  test("requires username and password with the SPEC's messages", async () => {
    const res = await login("", "");
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(body.fields.username).toBe("Username is required");
    expect(body.fields.password).toBe("Password is required");
  });

  test("throttles a username after 5 failures in 15 minutes with 429 and Retry-After, and raises an alert", async () => {
    for (let i = 0; i < 5; i++) expect((await login("user1", "wrong-password")).status).toBe(401);
    const blocked = await login("user1", TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const alerts = await t.json<{ title: string; type: string }[]>("GET", "/api/alerts");
    expect(alerts.some((a) => a.type === "error" && a.title === "Repeated failed sign-ins")).toBe(
      true,
    );
    // Another username is unaffected.
    expect((await login("admin1", TEST_PASSWORD)).status).toBe(200);
  });

  test("failures older than 15 minutes do not count", async () => {
    const old = Date.now() - 16 * 60_000;
    for (let i = 0; i < 5; i++) {
      t.handle.db.insert(loginFailures).values({ username: "user1", createdAt: old }).run();
    }
    expect((await login("user1", TEST_PASSWORD)).status).toBe(200);
  });

  test("a successful sign-in writes an audit row", async () => {
    await login("user1", TEST_PASSWORD);
    const rows = t.handle.db.select().from(auditLog).where(eq(auditLog.action, "auth.login")).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorUsername).toBe("user1");
  });
});

describe("sessions", () => {
  test("logout ends the session on the server", async () => {
    const res = await login("user1", TEST_PASSWORD);
    const cookie = sessionCookie(res);
    const out = await t.app.request(`${ORIGIN}/api/logout`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toContain("session=;");
    const me = await t.app.request(`${ORIGIN}/api/user`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(401);
  });

  test("logout under an API token is refused (403): a token is revoked, not logged out", async () => {
    const { token } = await t.json<CreatedApiTokenDto>("POST", "/api/admin/tokens", {
      body: { name: "sync", role: "admin" },
    });
    // A cookie beside the bearer is ignored (decision 058): its session is not ended either.
    const out = await t.request("POST", "/api/logout", {
      bearer: token,
      headers: { Cookie: t.cookies.admin },
    });
    expect(out.status).toBe(403);
    expect(await out.json()).toEqual({
      code: "FORBIDDEN",
      message: "An API token is revoked, not logged out: DELETE /api/admin/tokens/{tokenId}",
    });
    expect(out.headers.get("set-cookie")).toBeNull();
    expect((await t.request("GET", "/api/user", { bearer: token })).status).toBe(200);
    expect((await t.request("GET", "/api/user", { as: "admin" })).status).toBe(200);
    const logouts = t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "auth.logout"))
      .all();
    expect(logouts).toEqual([]);
  });

  test("an idle-expired session is refused and removed", async () => {
    const idle = Date.now() - 31 * 60_000;
    t.handle.db.update(sessions).set({ lastVerifiedAt: idle }).run();
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(401);
    expect(t.handle.db.select({ n: count() }).from(sessions).get()?.n).toBe(2);
  });

  test("a session past its absolute lifetime is refused even when active", async () => {
    t.handle.db
      .update(sessions)
      .set({ createdAt: Date.now() - 13 * 3_600_000 })
      .run();
    expect((await t.request("GET", "/api/customers", { as: "admin" })).status).toBe(401);
  });

  test("a forged secret for a real session id is refused", async () => {
    const [id] = t.cookies.user.replace("session=", "").split(".");
    const res = await t.app.request(`${ORIGIN}/api/user`, {
      headers: { Cookie: `session=${id}.forged` },
    });
    expect(res.status).toBe(401);
  });
});

describe("request hardening", () => {
  test("a cross-origin POST with a valid cookie is 403", async () => {
    const res = await t.request("POST", "/api/shops", {
      body: { name: "X", location: "Y" },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });

  test("a POST with neither Origin nor Sec-Fetch-Site is 403; same-origin fetch metadata passes", async () => {
    const base = { method: "POST", body: JSON.stringify({ name: "X", location: "Y" }) };
    const none = await t.app.request(`${ORIGIN}/api/shops`, {
      ...base,
      headers: { Cookie: t.cookies.admin, "Content-Type": "application/json" },
    });
    expect(none.status).toBe(403);
    const meta = await t.app.request(`${ORIGIN}/api/shops`, {
      ...base,
      headers: {
        Cookie: t.cookies.admin,
        "Content-Type": "application/json",
        "Sec-Fetch-Site": "same-origin",
      },
    });
    expect(meta.status).toBe(201);
  });

  test("a mutation with a non-JSON body is 415", async () => {
    const res = await t.request("POST", "/api/shops", {
      body: "name=X&location=Y",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
  });

  test("a body over the limit is 413", async () => {
    const res = await t.request("POST", "/api/shops", {
      body: { name: "x".repeat(200 * 1024), location: "Y" },
    });
    expect(res.status).toBe(413);
  });

  test("malformed JSON is a 400, not a 500", async () => {
    const res = await t.request("POST", "/api/shops", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("JSON");
  });

  test("API responses carry no-store and security headers", async () => {
    const res = await t.request("GET", "/api/customers");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("first start", () => {
  test("creates admin with ADMIN_PASSWORD only when there is no user", async () => {
    const empty = await createTestApp();
    empty.handle.sqlite.exec("DELETE FROM sessions; DELETE FROM users;");
    const created = await ensureFirstAdmin(empty.handle.db, "first-password", Date.now());
    expect(created).toMatchObject({ username: "admin", generated: false });
    const admin = empty.handle.db.select().from(users).where(eq(users.username, "admin")).get();
    expect(admin?.role).toBe("admin");
    expect(await Bun.password.verify("first-password", admin?.passwordHash ?? "")).toBe(true);
    expect(await ensureFirstAdmin(empty.handle.db, "again", Date.now())).toBeNull();
    empty.close();
  });

  test("generates a random password when ADMIN_PASSWORD is unset", async () => {
    const empty = await createTestApp();
    empty.handle.sqlite.exec("DELETE FROM sessions; DELETE FROM users;");
    const created = await ensureFirstAdmin(empty.handle.db, undefined, Date.now());
    expect(created?.generated).toBe(true);
    expect(created?.password.length).toBeGreaterThanOrEqual(12);
    empty.close();
  });
});

describe("working shop", () => {
  test("a staff user's working shop is remembered and answered by GET /api/user", async () => {
    const t = await createTestApp();
    const { shopId } = await seedBasics(t);
    expect(
      (await t.json<{ shopId: number | null }>("GET", "/api/user", { as: "user", expect: 200 }))
        .shopId,
    ).toBeNull();
    const set = await t.json<{ shopId: number }>("PATCH", "/api/user/shop", {
      as: "user",
      body: { shopId },
      expect: 200,
    });
    expect(set.shopId).toBe(shopId);
    expect(
      (await t.json<{ shopId: number }>("GET", "/api/user", { as: "user", expect: 200 })).shopId,
    ).toBe(shopId);
    // Another user's choice is their own.
    expect(
      (await t.json<{ shopId: number | null }>("GET", "/api/user", { as: "admin", expect: 200 }))
        .shopId,
    ).toBeNull();
    await t.json("PATCH", "/api/user/shop", { as: "user", body: { shopId: null }, expect: 200 });
    expect(
      (await t.json<{ shopId: number | null }>("GET", "/api/user", { as: "user", expect: 200 }))
        .shopId,
    ).toBeNull();
    t.close();
  });

  test("an unknown shop is 404, an inactive one 422, a customer-role user 403", async () => {
    const t = await createTestApp();
    const { shopId } = await seedBasics(t);
    expect(
      (await t.request("PATCH", "/api/user/shop", { as: "user", body: { shopId: 9999 } })).status,
    ).toBe(404);
    await t.json("PATCH", `/api/shops/${shopId}`, { body: { isActive: false }, expect: 200 });
    const inactive = await t.request("PATCH", "/api/user/shop", { as: "user", body: { shopId } });
    expect(inactive.status).toBe(422);
    // The refusal a deposit there answers, with its reason to translate (decision 070).
    expect(await inactive.json()).toEqual({
      message: "Shop is inactive",
      code: "UNPROCESSABLE",
      reason: "SHOP_INACTIVE",
      params: {},
    });
    expect(
      (await t.request("PATCH", "/api/user/shop", { as: "customer", body: { shopId } })).status,
    ).toBe(403);
    t.close();
  });
});
