/**
 * Issue 25 item 5, every failed sign-in on the record: a refused sign-in
 * (`auth.login-failed`), a refusal by the throttle (`auth.login-locked`) and a refused
 * password confirmation (`auth.confirm-failed`) each write an audit row with the username as
 * typed (64 characters at most, control and bidi characters written out), the address and
 * the reason, which the caller's answer never tells. The audit list filters them and the
 * export carries them.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import {
  createTestApp,
  ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../../../tests/helpers/test-app";
import { auditLog, loginFailures, users } from "../../db/schema";
import { SIGN_IN_FAILURE_ACTIONS } from "../../domain/audit-actions";
import {
  auditUsername,
  FAILURE_RETENTION_MS,
  FAILURE_WINDOW_MS,
  MAX_PER_ADDRESS,
  MAX_PER_USERNAME_ADDRESS,
  pruneLoginFailures,
} from "./auth.service";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A request from a peer at `ip` (the connection's own address; no proxy involved). */
function from(
  ip: string,
  method: string,
  path: string,
  opts: { body?: unknown; cookie?: string } = {},
) {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  return t.app.request(
    `${ORIGIN}${path}`,
    { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
    { server: { requestIP: () => ({ address: ip }) } } as never,
  );
}

const login = (ip: string, username: string, password: string) =>
  from(ip, "POST", "/api/login", { body: { username, password } });

function failures() {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(inArray(auditLog.action, [...SIGN_IN_FAILURE_ACTIONS]))
    .orderBy(auditLog.id)
    .all()
    .map((row) => ({
      action: row.action,
      actorId: row.actorId,
      entityType: row.entityType,
      entityId: row.entityId,
      ip: row.ip,
      after: JSON.parse(row.after ?? "null") as Record<string, unknown>,
    }));
}

describe("a refused sign-in is on the audit trail", () => {
  test("unknown user and wrong password: one row each with the reason; the caller hears the same", async () => {
    const unknown = await login("203.0.113.5", "nobody", "whatever-pw");
    const wrong = await login("203.0.113.5", "user1", "not-the-password");
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(await unknown.json()).toEqual(await wrong.json());
    expect(failures()).toEqual([
      {
        action: "auth.login-failed",
        actorId: null,
        entityType: "USER",
        entityId: null,
        ip: "203.0.113.5",
        after: { username: "nobody", reason: "unknown-user" },
      },
      {
        action: "auth.login-failed",
        actorId: null,
        entityType: "USER",
        entityId: String(t.ids.user),
        ip: "203.0.113.5",
        after: { username: "user1", reason: "wrong-password" },
      },
    ]);
  });

  test("a disabled account's right password: refused and recorded as disabled", async () => {
    t.handle.db.update(users).set({ disabledAt: Date.now() }).where(eq(users.id, t.ids.user)).run();
    const res = await login("203.0.113.6", "user1", TEST_PASSWORD);
    expect(res.status).toBe(401);
    expect(failures()).toEqual([
      {
        action: "auth.login-failed",
        actorId: null,
        entityType: "USER",
        entityId: String(t.ids.user),
        ip: "203.0.113.6",
        after: { username: "user1", reason: "disabled" },
      },
    ]);
  });

  test("the throttle's refusal is auth.login-locked, with which limit", async () => {
    for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
      expect((await login("203.0.113.7", "user1", `guess-${i}`)).status).toBe(401);
    }
    const refused = await login("203.0.113.7", "user1", TEST_PASSWORD);
    expect(refused.status).toBe(429);
    const rows = failures();
    expect(rows.map((r) => r.action)).toEqual([
      ...Array(MAX_PER_USERNAME_ADDRESS).fill("auth.login-failed"),
      "auth.login-locked",
    ]);
    expect(rows.at(-1)).toEqual({
      action: "auth.login-locked",
      actorId: null,
      entityType: "USER",
      entityId: String(t.ids.user),
      ip: "203.0.113.7",
      after: { username: "user1", reason: "throttled", limit: "username-and-address", refusals: 1 },
    });
  });

  test("a successful sign-in writes no failure row", async () => {
    expect((await login("203.0.113.8", "user1", TEST_PASSWORD)).status).toBe(200);
    expect(failures()).toEqual([]);
  });

  test("the typed username is bounded: 64 characters and an ellipsis", async () => {
    const typed = `${"é".repeat(10)}${"x".repeat(90)}`;
    expect((await login("203.0.113.9", typed, "whatever-pw")).status).toBe(401);
    const [row] = failures();
    expect(row?.after.username).toBe(`${"é".repeat(10)}${"x".repeat(54)}…`);
  });

  test("control, format and bidi characters are written out, so the text shows as typed", () => {
    // The sign-in form's schema refuses most of these already; the trail does not rely on it.
    expect(auditUsername("\u202Egnp.exe\u0000ad\u200Bmin\u2066")).toBe(
      "\\u{202e}gnp.exe\\u{0}ad\\u{200b}min\\u{2066}",
    );
    expect(auditUsername("=cmd|' /C calc'!A0")).toBe("=cmd|' /C calc'!A0");
    expect(auditUsername("😀".repeat(70))).toBe(`${"😀".repeat(64)}…`);
  });
});

describe("a refused password confirmation is on the audit trail", () => {
  test("a wrong current password at change-password: auth.confirm-failed by the signed-in user", async () => {
    const res = await from("198.51.100.4", "PATCH", "/api/user/password", {
      cookie: t.cookies.user,
      body: { currentPassword: "not-the-password", newPassword: "Another-long-passphrase-9" },
    });
    expect(res.status).toBe(400);
    expect(failures()).toEqual([
      {
        action: "auth.confirm-failed",
        actorId: t.ids.user,
        entityType: "USER",
        entityId: String(t.ids.user),
        ip: "198.51.100.4",
        after: { username: "user1", reason: "wrong-password" },
      },
    ]);
  });

  test("delete-all's wrong password, then the throttle: auth.confirm-failed each, the last throttled", async () => {
    for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
      const res = await from("198.51.100.5", "DELETE", "/api/admin/delete-all-data", {
        cookie: t.cookies.admin,
        body: { password: `guess-${i}` },
      });
      expect(res.status).toBe(403);
    }
    const refused = await from("198.51.100.5", "DELETE", "/api/admin/delete-all-data", {
      cookie: t.cookies.admin,
      body: { password: TEST_PASSWORD },
    });
    expect(refused.status).toBe(429);
    const rows = failures();
    expect(rows.map((r) => [r.action, r.actorId, r.after.reason])).toEqual([
      ...Array(MAX_PER_USERNAME_ADDRESS).fill([
        "auth.confirm-failed",
        t.ids.admin,
        "wrong-password",
      ]),
      ["auth.confirm-failed", t.ids.admin, "throttled"],
    ]);
  });
});

describe("the throttle's refusals do not flood the trail (decision 072)", () => {
  /** A fixed clock the test moves by hand. */
  function fixedClock(start = Date.UTC(2026, 10, 22, 9)) {
    let now = start;
    t.deps.clock = () => now;
    return {
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  const locked = () => failures().filter((row) => row.action === "auth.login-locked");

  test("a burst of 300 refused sign-ins adds one row, which counts them", async () => {
    fixedClock();
    for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
      expect((await login("203.0.113.20", "user1", `guess-${i}`)).status).toBe(401);
    }
    // Typed in any case: the throttle's key and the row's are the same username.
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        login("203.0.113.20", i % 2 ? "USER1" : "user1", TEST_PASSWORD),
      ),
    );
    expect(new Set(burst.map((res) => res.status))).toEqual(new Set([429]));
    expect(locked()).toEqual([
      {
        action: "auth.login-locked",
        actorId: null,
        entityType: "USER",
        entityId: String(t.ids.user),
        ip: "203.0.113.20",
        after: {
          username: "user1",
          reason: "throttled",
          limit: "username-and-address",
          refusals: 300,
          lastRefusedAt: "2026-11-22T09:00:00.000Z",
        },
      },
    ]);
    // Another address's refusals are its own row.
    for (let i = 0; i < MAX_PER_USERNAME_ADDRESS + 2; i++) {
      await login("203.0.113.21", "user1", `guess-${i}`);
    }
    expect(locked().map((row) => [row.ip, row.after.refusals])).toEqual([
      ["203.0.113.20", 300],
      ["203.0.113.21", 2],
    ]);
  });

  test("one row per window: refusals after it has passed open the next", async () => {
    const clock = fixedClock();
    const lockOut = async (refusals: number) => {
      for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
        expect((await login("203.0.113.22", "user1", `guess-${i}`)).status).toBe(401);
      }
      for (let i = 0; i < refusals; i++) {
        expect((await login("203.0.113.22", "user1", TEST_PASSWORD)).status).toBe(429);
        clock.advance(1000);
      }
    };
    await lockOut(10);
    clock.advance(FAILURE_WINDOW_MS);
    await lockOut(3);
    expect(locked().map((row) => [row.after.refusals, row.after.lastRefusedAt])).toEqual([
      [10, "2026-11-22T09:00:09.000Z"],
      [3, "2026-11-22T09:15:12.000Z"],
    ]);
  });

  test("the address limit: one row per address whatever usernames are sprayed", async () => {
    fixedClock();
    for (let i = 0; i < MAX_PER_ADDRESS; i++) {
      expect((await login("203.0.113.23", `spray-${i}`, "whatever-pw")).status).toBe(401);
    }
    for (let i = MAX_PER_ADDRESS; i < MAX_PER_ADDRESS + 50; i++) {
      expect((await login("203.0.113.23", `spray-${i}`, "whatever-pw")).status).toBe(429);
    }
    const rows = failures();
    expect(rows.filter((row) => row.action === "auth.login-failed")).toHaveLength(MAX_PER_ADDRESS);
    expect(locked()).toEqual([
      {
        action: "auth.login-locked",
        actorId: null,
        entityType: "USER",
        entityId: null,
        ip: "203.0.113.23",
        after: {
          username: `spray-${MAX_PER_ADDRESS}`,
          reason: "throttled",
          limit: "address",
          refusals: 50,
          lastRefusedAt: "2026-11-22T09:00:00.000Z",
        },
      },
    ]);
  });

  test("a throttled confirmation counts into one auth.confirm-failed row too", async () => {
    fixedClock();
    const change = (currentPassword: string) =>
      from("198.51.100.6", "PATCH", "/api/user/password", {
        cookie: t.cookies.user,
        body: { currentPassword, newPassword: "Another-long-passphrase-9" },
      });
    for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
      expect((await change(`guess-${i}`)).status).toBe(400);
    }
    for (let i = 0; i < 20; i++) expect((await change(TEST_PASSWORD)).status).toBe(429);
    const throttled = failures().filter((row) => row.after.reason === "throttled");
    expect(throttled.map((row) => [row.action, row.actorId, row.after.refusals])).toEqual([
      ["auth.confirm-failed", t.ids.user, 20],
    ]);
  });
});

describe("a sign-in refused as invalid input is not a password check (docs/security.md)", () => {
  test("a 400 before any password is verified: not counted by the throttle, not audited", async () => {
    for (const body of [
      { username: "u".repeat(101), password: "whatever-pw" },
      { username: "user1\u202E", password: "whatever-pw" },
      { username: "   ", password: "whatever-pw" },
      { username: "user1", password: "" },
      { username: "user1" },
    ]) {
      const res = await from("203.0.113.30", "POST", "/api/login", { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("VALIDATION");
    }
    expect(failures()).toEqual([]);
    expect(t.handle.db.select().from(loginFailures).all()).toEqual([]);
    // Nor do they use up the address's attempts: the owner signs in from it.
    expect((await login("203.0.113.30", "user1", TEST_PASSWORD)).status).toBe(200);
  });
});

describe("where the failures show", () => {
  test("the audit list and its CSV filter each action; the export carries the rows", async () => {
    await login("203.0.113.10", "user1", "not-the-password");
    await login("203.0.113.10", "ghost", "not-the-password");
    const listed = await t.json<{ action: string; ip: string; after: { username: string } }[]>(
      "GET",
      "/api/admin/audit?action=auth.login-failed",
    );
    expect(listed.map((e) => [e.action, e.ip, e.after.username])).toEqual([
      ["auth.login-failed", "203.0.113.10", "ghost"],
      ["auth.login-failed", "203.0.113.10", "user1"],
    ]);
    for (const action of SIGN_IN_FAILURE_ACTIONS) {
      expect((await t.request("GET", `/api/admin/audit?action=${action}`)).status).toBe(200);
    }
    const doc = (await (await t.request("GET", "/api/admin/export-all-data")).json()) as {
      tables: { audit_log: { action: string; ip: string; after: string }[] };
    };
    const exported = doc.tables.audit_log.filter((r) => r.action === "auth.login-failed");
    expect(exported.map((r) => [r.ip, JSON.parse(r.after).reason])).toEqual([
      ["203.0.113.10", "wrong-password"],
      ["203.0.113.10", "unknown-user"],
    ]);
    // The audit trail's CSV export, filtered to the action: the same rows, reason and address.
    const csv = await t.request("GET", "/api/admin/audit?action=auth.login-failed&format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toStartWith("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "id,actorId,actorUsername,action,entityType,entityId,before,after,ip,requestId,localTime,createdAt",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      ',auth.login-failed,USER,,,"{""username"":""ghost"",""reason"":""unknown-user""}",203.0.113.10,',
    );
    expect(lines[2]).toContain(
      `,auth.login-failed,USER,${t.ids.user},,"{""username"":""user1"",""reason"":""wrong-password""}",203.0.113.10,`,
    );
    // Kept with the trail after housekeeping prunes the throttle's day-long counts.
    pruneLoginFailures(t.handle.db, Date.now() + 2 * FAILURE_RETENTION_MS);
    expect(failures()).toHaveLength(2);
  });
});
