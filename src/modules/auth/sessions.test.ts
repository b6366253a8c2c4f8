/**
 * Issue 25 item 7: a sign-in over a valid session ends it; a user lists its own active
 * sessions (started, last seen, address, browser, which is this one) and ends the others;
 * an admin ends all of a user's sessions. Every ending is on the audit trail.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  createTestApp,
  ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../../../tests/helpers/test-app";
import { auditLog, sessions } from "../../db/schema";
import { describeUserAgent } from "../../lib/auth/user-agent";
import { MAX_PER_USERNAME_ADDRESS } from "./auth.service";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

interface SessionItem {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  browser: string;
  device: { browser: string | null; system: string | null };
  current: boolean;
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A request from a peer at `ip` (the server's own view of the connection, no proxy). */
function from(ip: string, path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Origin", ORIGIN);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.body) headers.set("Content-Type", "application/json");
  return t.app.request(`${ORIGIN}${path}`, { ...init, headers }, {
    server: { requestIP: () => ({ address: ip }) },
  } as never);
}

async function signIn(ip: string, userAgent: string, opts: { cookie?: string } = {}) {
  const res = await from(ip, "/api/login", {
    method: "POST",
    body: JSON.stringify({ username: "user1", password: TEST_PASSWORD }),
    headers: { "User-Agent": userAgent },
    cookie: opts.cookie,
  });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** Ending a session confirms the password (ASVS 5.0 7.5.2). */
const WITH_PASSWORD = JSON.stringify({ password: TEST_PASSWORD });

const idOf = (cookie: string) => cookie.replace("session=", "").split(".")[0] ?? "";

async function listAs(cookie: string): Promise<SessionItem[]> {
  const res = await from("10.0.0.1", "/api/user/sessions", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionItem[];
}

function auditRows(action: string) {
  return t.handle.db.select().from(auditLog).where(eq(auditLog.action, action)).all();
}

describe("signing in over a session", () => {
  test("ends the session whose cookie came with the sign-in, and says so in the audit row", async () => {
    const first = await signIn("10.0.0.1", CHROME_LINUX);
    const second = await signIn("10.0.0.1", CHROME_LINUX, { cookie: first });
    expect(idOf(second)).not.toBe(idOf(first));
    expect((await from("10.0.0.1", "/api/user", { cookie: first })).status).toBe(401);
    expect((await from("10.0.0.1", "/api/user", { cookie: second })).status).toBe(200);
    const row = t.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, idOf(first)))
      .get();
    expect(row).toBeUndefined();
    const logins = auditRows("auth.login");
    expect(JSON.parse(logins.at(-1)?.after ?? "null")).toEqual({
      previousSessionEnded: { userId: t.ids.user },
    });
  });

  test("another user's session on the same browser ends too (a till handed over)", async () => {
    const first = await signIn("10.0.0.1", CHROME_LINUX);
    const res = await from("10.0.0.1", "/api/login", {
      method: "POST",
      body: JSON.stringify({ username: "admin1", password: TEST_PASSWORD }),
      cookie: first,
    });
    expect(res.status).toBe(200);
    expect((await from("10.0.0.1", "/api/user", { cookie: first })).status).toBe(401);
  });

  test("a failed sign-in leaves the session alone", async () => {
    const first = await signIn("10.0.0.1", CHROME_LINUX);
    const res = await from("10.0.0.1", "/api/login", {
      method: "POST",
      body: JSON.stringify({ username: "user1", password: "not-the-password" }),
      cookie: first,
    });
    expect(res.status).toBe(401);
    expect((await from("10.0.0.1", "/api/user", { cookie: first })).status).toBe(200);
  });
});

describe("own sessions", () => {
  test("lists the active ones with start, last seen, address and browser, this one marked", async () => {
    const phone = await signIn("10.0.0.7", FIREFOX_WINDOWS);
    const desk = await signIn("10.0.0.8", CHROME_LINUX);
    const list = await listAs(desk);
    // The test app's own session for user1 has neither address nor browser.
    const mine = list.filter((s) => s.ip !== null);
    expect(mine.map((s) => [s.id, s.ip, s.browser, s.current])).toEqual([
      [idOf(desk), "10.0.0.8", "Chrome on Linux", true],
      [idOf(phone), "10.0.0.7", "Firefox on Windows", false],
    ]);
    // The same in parts, for a client writing it in its own language.
    expect(mine.map((s) => s.device)).toEqual([
      { browser: "Chrome", system: "Linux" },
      { browser: "Firefox", system: "Windows" },
    ]);
    expect(list.find((s) => s.ip === null)?.device).toEqual({ browser: null, system: null });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    for (const s of list) {
      expect(Date.parse(s.createdAt)).toBeGreaterThan(0);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // Never the secret, nor another user's session.
    expect(JSON.stringify(list)).not.toContain(phone.split(".")[1] ?? "x");
    const adminsOwn = await t.json<SessionItem[]>("GET", "/api/user/sessions");
    expect(adminsOwn.map((s) => s.id)).not.toContain(idOf(desk));
  });

  test("an expired session is not listed", async () => {
    const old = await signIn("10.0.0.7", FIREFOX_WINDOWS);
    const desk = await signIn("10.0.0.8", CHROME_LINUX);
    t.handle.db
      .update(sessions)
      .set({ lastVerifiedAt: Date.now() - t.deps.sessionPolicy.idleMs - 1 })
      .where(eq(sessions.id, idOf(old)))
      .run();
    expect((await listAs(desk)).map((s) => s.id)).not.toContain(idOf(old));
  });

  test("ends another of its own sessions, audited; that session is signed out", async () => {
    const phone = await signIn("10.0.0.7", FIREFOX_WINDOWS);
    const desk = await signIn("10.0.0.8", CHROME_LINUX);
    const res = await from("10.0.0.8", `/api/user/sessions/${idOf(phone)}`, {
      method: "DELETE",
      cookie: desk,
      body: WITH_PASSWORD,
    });
    expect(res.status).toBe(204);
    expect((await from("10.0.0.7", "/api/user", { cookie: phone })).status).toBe(401);
    expect((await listAs(desk)).map((s) => s.id)).not.toContain(idOf(phone));
    const [row] = auditRows("auth.session-end");
    expect(row).toMatchObject({
      actorId: t.ids.user,
      entityType: "USER",
      entityId: String(t.ids.user),
      ip: "10.0.0.8",
    });
    expect(JSON.parse(row?.before ?? "null")).toEqual({
      session: { ip: "10.0.0.7", browser: "Firefox on Windows" },
    });
  });

  test("another user's session is 404 and stays; its own current one is 422", async () => {
    const adminSession = await from("10.0.0.9", "/api/login", {
      method: "POST",
      body: JSON.stringify({ username: "admin1", password: TEST_PASSWORD }),
    });
    const adminCookie = (adminSession.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const desk = await signIn("10.0.0.8", CHROME_LINUX);
    const other = await from("10.0.0.8", `/api/user/sessions/${idOf(adminCookie)}`, {
      method: "DELETE",
      cookie: desk,
      body: WITH_PASSWORD,
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "Session not found", code: "NOT_FOUND" });
    expect((await from("10.0.0.9", "/api/user", { cookie: adminCookie })).status).toBe(200);
    const missing = await from("10.0.0.8", "/api/user/sessions/nosuchsession", {
      method: "DELETE",
      cookie: desk,
      body: WITH_PASSWORD,
    });
    expect(missing.status).toBe(404);
    const malformed = await from("10.0.0.8", "/api/user/sessions/..%2F1", {
      method: "DELETE",
      cookie: desk,
      body: WITH_PASSWORD,
    });
    expect(malformed.status).toBe(404);
    const own = await from("10.0.0.8", `/api/user/sessions/${idOf(desk)}`, {
      method: "DELETE",
      cookie: desk,
      body: WITH_PASSWORD,
    });
    expect(own.status).toBe(422);
    expect((await from("10.0.0.8", "/api/user", { cookie: desk })).status).toBe(200);
    expect(auditRows("auth.session-end")).toEqual([]);
  });

  test("without the right password nothing ends: 400, the refusal audited, the throttle counts it", async () => {
    const phone = await signIn("10.0.0.7", FIREFOX_WINDOWS);
    const desk = await signIn("10.0.0.8", CHROME_LINUX);
    const path = `/api/user/sessions/${idOf(phone)}`;
    const none = await from("10.0.0.8", path, { method: "DELETE", cookie: desk });
    expect(none.status).toBe(400);
    const wrong = await from("10.0.0.8", path, {
      method: "DELETE",
      cookie: desk,
      body: JSON.stringify({ password: "not-the-password" }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      message: "Password is incorrect",
      code: "VALIDATION",
      fields: { password: "Password is incorrect" },
    });
    expect((await from("10.0.0.7", "/api/user", { cookie: phone })).status).toBe(200);
    expect(auditRows("auth.session-end")).toEqual([]);
    const refused = auditRows("auth.confirm-failed");
    expect(refused.map((r) => [r.actorId, r.ip, JSON.parse(r.after ?? "null")])).toEqual([
      [t.ids.user, "10.0.0.8", { username: "user1", reason: "wrong-password" }],
    ]);
    for (let i = 1; i < MAX_PER_USERNAME_ADDRESS; i++) {
      await from("10.0.0.8", path, {
        method: "DELETE",
        cookie: desk,
        body: JSON.stringify({ password: `guess-${i}` }),
      });
    }
    const locked = await from("10.0.0.8", path, {
      method: "DELETE",
      cookie: desk,
      body: WITH_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect((await from("10.0.0.7", "/api/user", { cookie: phone })).status).toBe(200);
  });

  test("a customer login lists its own sessions too", async () => {
    const list = await t.json<SessionItem[]>("GET", "/api/user/sessions", { as: "customer" });
    expect(list).toHaveLength(1);
    expect(list[0]?.current).toBe(true);
  });
});

describe("an admin ends a user's sessions", () => {
  test("every session of the user ends, with one audit row naming how many", async () => {
    const phone = await signIn("10.0.0.7", FIREFOX_WINDOWS);
    const desk = await signIn("10.0.0.8", CHROME_LINUX);
    const body = await t.json<{ ended: number }>(
      "POST",
      `/api/admin/users/${t.ids.user}/sessions/end`,
      { expect: 200 },
    );
    // The two above and the test app's own.
    expect(body).toEqual({ ended: 3 });
    for (const cookie of [phone, desk, t.cookies.user]) {
      expect((await from("10.0.0.1", "/api/user", { cookie })).status).toBe(401);
    }
    const rows = auditRows("user.sessions-end");
    expect(rows.map((r) => [r.actorId, r.entityId, r.before, r.after])).toEqual([
      [t.ids.admin, String(t.ids.user), '{"sessions":3}', '{"sessions":0}'],
    ]);
    // The admin's own session is untouched.
    expect((await t.request("GET", "/api/user")).status).toBe(200);
  });

  test("on the admin's own account, the session doing it stays", async () => {
    const other = await from("10.0.0.9", "/api/login", {
      method: "POST",
      body: JSON.stringify({ username: "admin1", password: TEST_PASSWORD }),
    });
    const otherCookie = (other.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const body = await t.json<{ ended: number }>(
      "POST",
      `/api/admin/users/${t.ids.admin}/sessions/end`,
      { expect: 200 },
    );
    expect(body).toEqual({ ended: 1 });
    expect((await from("10.0.0.9", "/api/user", { cookie: otherCookie })).status).toBe(401);
    expect((await t.request("GET", "/api/user")).status).toBe(200);
  });

  test("an unknown user is 404; staff and customers are refused", async () => {
    expect((await t.request("POST", "/api/admin/users/999/sessions/end")).status).toBe(404);
    for (const as of ["user", "customer"] as const) {
      const res = await t.request("POST", `/api/admin/users/${t.ids.admin}/sessions/end`, { as });
      expect(res.status).toBe(403);
    }
    expect((await t.request("GET", "/api/user")).status).toBe(200);
  });
});

describe("browser names", () => {
  test("the common browsers and systems read as a person says them", () => {
    const cases: [string | null, string][] = [
      [CHROME_LINUX, "Chrome on Linux"],
      [FIREFOX_WINDOWS, "Firefox on Windows"],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Safari on macOS",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari on iOS",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Chrome on Android",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge on Windows",
      ],
      ["curl/8.5.0", "curl"],
      ["", "Unknown browser"],
      [null, "Unknown browser"],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Pale Moon",
        "Unknown browser on Windows",
      ],
    ];
    for (const [ua, name] of cases)
      expect({ ua, name: describeUserAgent(ua) }).toEqual({ ua, name });
  });
});
