/**
 * Issue 10, sign-in that holds: every attempt is counted before its password is checked,
 * failures count per username+address and per address, a username attacked from elsewhere
 * is slowed (never locked) for its owner, an admin clears a lock, alerts quote the username
 * and come once per window; and sessions in use survive a short idle timeout. Through the
 * real app; addresses come from X-Forwarded-For with TRUST_PROXY on.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/helpers/test-app";
import { alerts, auditLog, loginFailures } from "../../db/schema";
import {
  ALERT_AFTER,
  MAX_DELAY_MS,
  MAX_PER_ADDRESS,
  MAX_PER_USERNAME_ADDRESS,
  signInDelayMs,
  signInLocked,
  slowdownMs,
} from "./auth.service";

let t: TestApp;
afterEach(() => t.close());

/** A fixed clock the test moves by hand. */
function fixedClock(app: TestApp, start = Date.UTC(2026, 10, 22, 9)) {
  let now = start;
  app.deps.clock = () => now;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function login(username: string, password: string, from?: string) {
  return t.request("POST", "/api/login", {
    as: "anonymous",
    body: { username, password },
    headers: from ? { "X-Forwarded-For": from } : {},
  });
}

/** Failures recorded directly, as earlier attempts would have left them (argon2 is slow). */
function seedFailures(username: string, ip: string | null, n: number) {
  for (let i = 0; i < n; i++) {
    t.handle.db.insert(loginFailures).values({ username, ip, createdAt: t.deps.clock() }).run();
  }
}

/** Tests that check many passwords (argon2id, on purpose slow). */
const SLOW = 30_000;

const failureRows = () => t.handle.db.select({ n: count() }).from(loginFailures).get()?.n ?? 0;

describe("the attempt is counted before the password is checked", () => {
  test(
    "a burst of 41 concurrent sign-ins (40 wrong, then right) evaluates at most 5; the rest get 429",
    async () => {
      t = await createTestApp();
      const burst = [
        ...Array.from({ length: 40 }, () => login("user1", "wrong-password")),
        login("user1", TEST_PASSWORD),
      ];
      const statuses = (await Promise.all(burst)).map((r) => r.status);
      const evaluated = statuses.filter((s) => s === 401 || s === 200);
      expect(evaluated.length).toBeLessThanOrEqual(MAX_PER_USERNAME_ADDRESS);
      expect(statuses.filter((s) => s === 429)).toHaveLength(41 - evaluated.length);
      expect(failureRows()).toBeLessThanOrEqual(MAX_PER_USERNAME_ADDRESS);
    },
    SLOW,
  );

  test(
    "a refusal names when to retry, and refusals do not extend the lock",
    async () => {
      t = await createTestApp();
      const clock = fixedClock(t);
      for (let i = 0; i < 5; i++) expect((await login("user1", "wrong-password")).status).toBe(401);
      clock.advance(10 * 60_000);
      const refused = await login("user1", TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBe(5 * 60);
      expect(failureRows()).toBe(5);
      clock.advance(5 * 60_000 + 1);
      expect((await login("user1", TEST_PASSWORD)).status).toBe(200);
    },
    SLOW,
  );
});

describe("per username and address, per address; slowed, never locked, for the owner", () => {
  test(
    "wrong passwords in mixed case from one address do not lock the owner's address",
    async () => {
      t = await createTestApp(":memory:", { trustProxy: true });
      const attacker = "203.0.113.66";
      for (const name of ["USER1", "User1", "uSeR1", "user1", "USER1"]) {
        expect((await login(name, "wrong-password", attacker)).status).toBe(401);
      }
      // The attacker's address is refused even with the right password ...
      expect((await login("user1", TEST_PASSWORD, attacker)).status).toBe(429);
      expect(signInLocked(t.handle.db, "User1", t.deps.clock())).toBe(true);
      // ... the owner's address is slowed, not refused.
      const owner = "192.168.1.20";
      expect(signInDelayMs(t.handle.db, "user1", owner, t.deps.clock())).toBeGreaterThan(0);
      expect(signInDelayMs(t.handle.db, "user1", attacker, t.deps.clock())).toBe(0);
      expect((await login("user1", TEST_PASSWORD, owner)).status).toBe(200);
      // The owner's success clears only its own address: the attacker stays refused.
      expect((await login("user1", TEST_PASSWORD, attacker)).status).toBe(429);
    },
    SLOW,
  );

  test("the slowdown grows with failures from elsewhere and is capped", () => {
    expect(slowdownMs(4)).toBe(0);
    expect(slowdownMs(5)).toBeGreaterThan(0);
    expect(slowdownMs(6)).toBeGreaterThan(slowdownMs(5));
    expect(slowdownMs(1000)).toBe(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).toBeLessThanOrEqual(5_000);
  });

  test(`one address trying many usernames is refused after ${MAX_PER_ADDRESS} attempts; other addresses are not`, async () => {
    t = await createTestApp(":memory:", { trustProxy: true });
    const sprayer = "198.51.100.9";
    for (let i = 0; i < MAX_PER_ADDRESS - 1; i++) seedFailures(`guess${i}`, sprayer, 1);
    expect((await login("guess-last", "wrong-password", sprayer)).status).toBe(401);
    expect((await login("admin1", TEST_PASSWORD, sprayer)).status).toBe(429);
    expect((await login("admin1", TEST_PASSWORD, "198.51.100.10")).status).toBe(200);
  });
});

describe("an admin can clear a lock", () => {
  test("POST /api/admin/users/:id/unlock forgets the username's failures from every address", async () => {
    t = await createTestApp(":memory:", { trustProxy: true });
    for (const from of ["203.0.113.1", "203.0.113.2"]) {
      seedFailures("user1", from, MAX_PER_USERNAME_ADDRESS);
      expect((await login("user1", TEST_PASSWORD, from)).status).toBe(429);
    }
    const body = await t.json<{ id: number; username: string }>(
      "POST",
      `/api/admin/users/${t.ids.user}/unlock`,
      { expect: 200 },
    );
    expect(body).toMatchObject({ id: t.ids.user, username: "user1" });
    expect(signInLocked(t.handle.db, "user1", t.deps.clock())).toBe(false);
    const rows = t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.unlock"))
      .all();
    expect(rows.map((r) => [r.actorId, r.entityId])).toEqual([[t.ids.admin, String(t.ids.user)]]);
    expect((await login("user1", TEST_PASSWORD, "203.0.113.1")).status).toBe(200);
  });

  test("an unknown user is 404; staff may not unlock", async () => {
    t = await createTestApp();
    await t.json("POST", "/api/admin/users/999999/unlock", { expect: 404 });
    await t.json("POST", `/api/admin/users/${t.ids.admin}/unlock`, { as: "user", expect: 403 });
  });
});

describe("failed-login alerts", () => {
  // Up to the 100 characters a username may have.
  const hostile = `URGENT: call 555-0100 now, the system is down; ${"x".repeat(50)}`;

  test(
    "quote the typed username truncated to 64 characters, once per username per window",
    async () => {
      t = await createTestApp(":memory:", { trustProxy: true });
      const clock = fixedClock(t);
      for (let i = 0; i < ALERT_AFTER; i++) await login(hostile, "wrong-password", "203.0.113.5");
      const raised = t.handle.db.select().from(alerts).all();
      expect(raised).toHaveLength(1);
      const alert = raised[0] as (typeof raised)[number];
      expect(alert.title).toBe("Repeated failed sign-ins");
      expect(alert.description).toContain(`"${hostile.slice(0, 64)}…"`);
      expect(alert.description).not.toContain(hostile);
      expect(alert.description).not.toMatch(/^URGENT/);

      // Dismissed, then attacked again from elsewhere within the window: no second alert.
      // A security alert is dismissed with a note (decisions/044).
      await t.json("POST", `/api/alerts/${alert.id}/dismiss`, {
        body: { note: "Seen: an attack from outside" },
        expect: 204,
      });
      clock.advance(60_000);
      seedFailures(hostile.toLowerCase(), "203.0.113.6", ALERT_AFTER - 1);
      expect((await login(hostile, "wrong-password", "203.0.113.6")).status).toBe(401);
      expect(t.handle.db.select({ n: count() }).from(alerts).get()?.n).toBe(1);

      // The next window raises the next one.
      clock.advance(16 * 60_000);
      seedFailures(hostile.toLowerCase(), "203.0.113.7", ALERT_AFTER - 1);
      expect((await login(hostile, "wrong-password", "203.0.113.7")).status).toBe(401);
      expect(t.handle.db.select({ n: count() }).from(alerts).get()?.n).toBe(2);
    },
    SLOW,
  );

  test(
    "count failures for one username across addresses",
    async () => {
      t = await createTestApp(":memory:", { trustProxy: true });
      for (let i = 0; i < ALERT_AFTER; i++) await login("admin1", "wrong-password", `10.0.0.${i}`);
      const raised = t.handle.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.title, "Repeated failed sign-ins")))
        .all();
      expect(raised.map((a) => a.description)).toEqual([
        `${ALERT_AFTER} failed sign-ins within 15 minutes for the username "admin1".`,
      ]);
    },
    SLOW,
  );
});

describe("sessions at a short idle timeout", () => {
  test("with a 1-minute idle timeout, a session used every 20 s lives past 60 s", async () => {
    t = await createTestApp();
    t.deps.sessionPolicy = { idleMs: 60_000, absoluteMs: 12 * 3_600_000 };
    const clock = fixedClock(t);
    const res = await login("user1", TEST_PASSWORD);
    expect(res.status).toBe(200);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const me = () =>
      t.request("GET", "/api/user", { as: "anonymous", headers: { Cookie: cookie } });
    for (let second = 20; second <= 300; second += 20) {
      clock.advance(20_000);
      expect({ second, status: (await me()).status }).toEqual({ second, status: 200 });
    }
    // Left alone for the idle timeout, it ends.
    clock.advance(60_000);
    expect((await me()).status).toBe(401);
  });
});
