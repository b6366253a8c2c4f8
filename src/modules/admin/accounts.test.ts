/**
 * Issue 10, "no account management": changing one's own password, an admin's reset (the
 * user must choose a new password at sign-in) and disabling a user.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/helpers/test-app";
import { createSession } from "../../lib/auth/session";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

function withCookie(cookie: string, method: string, path: string, body?: unknown) {
  return t.app.request(`http://localhost${path}`, {
    method,
    headers: {
      Cookie: cookie,
      Origin: "http://localhost",
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function login(username: string, password: string) {
  return t.request("POST", "/api/login", { as: "anonymous", body: { username, password } });
}

describe("PATCH /api/user/password", () => {
  test("refuses a wrong current password and changes nothing", async () => {
    const res = await t.request("PATCH", "/api/user/password", {
      as: "user",
      body: { currentPassword: "not-my-password", newPassword: "a-new-password" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      currentPassword: "Current password is incorrect",
    });
    expect((await login("user1", TEST_PASSWORD)).status).toBe(200);
  });

  test("changes it, ends the user's other sessions and keeps this one", async () => {
    const other = `session=${createSession(t.handle.db, t.ids.user, Date.now())}`;
    await t.json("PATCH", "/api/user/password", {
      as: "user",
      body: { currentPassword: TEST_PASSWORD, newPassword: "a-new-password" },
    });
    expect((await withCookie(other, "GET", "/api/user")).status).toBe(401);
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(200);
    expect((await login("user1", TEST_PASSWORD)).status).toBe(401);
    expect((await login("user1", "a-new-password")).status).toBe(200);
  });

  test("wrong current passwords count as failed sign-ins: guessing is throttled", async () => {
    const attempt = () =>
      t.request("PATCH", "/api/user/password", {
        as: "user",
        body: { currentPassword: "a-guess-1234", newPassword: "a-new-password" },
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(429);
  });

  test("a customer may change its own password too", async () => {
    await t.json("PATCH", "/api/user/password", {
      as: "customer",
      body: { currentPassword: TEST_PASSWORD, newPassword: "a-new-password" },
    });
  });
});

describe("POST /api/admin/users/:userId/password", () => {
  test("ends the user's sessions; at sign-in the user must choose a new password", async () => {
    const reset = await t.json<{ mustChangePassword: boolean }>(
      "POST",
      `/api/admin/users/${t.ids.user}/password`,
      { body: { newPassword: "temporary-pw-1" }, expect: 200 },
    );
    expect(reset.mustChangePassword).toBe(true);
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(401);

    const signedIn = await login("user1", "temporary-pw-1");
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).mustChangePassword).toBe(true);
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    // Anything else is refused until a new password is chosen.
    const refused = await withCookie(cookie, "GET", "/api/customers");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Choose a new password to continue");
    expect((await withCookie(cookie, "GET", "/api/user")).status).toBe(200);

    const changed = await withCookie(cookie, "PATCH", "/api/user/password", {
      currentPassword: "temporary-pw-1",
      newPassword: "my-own-password",
    });
    expect(changed.status).toBe(200);
    expect((await changed.json()).mustChangePassword).toBe(false);
    expect((await withCookie(cookie, "GET", "/api/customers")).status).toBe(200);
  });

  test("404 for an unknown user, 400 for a short password", async () => {
    const missing = await t.request("POST", "/api/admin/users/999/password", {
      body: { newPassword: "temporary-pw-1" },
    });
    expect(missing.status).toBe(404);
    const short = await t.request("POST", `/api/admin/users/${t.ids.user}/password`, {
      body: { newPassword: "short" },
    });
    expect(short.status).toBe(400);
  });
});

describe("PATCH /api/admin/users/:userId", () => {
  test("a disabled user's sessions end and it cannot sign in; enabling restores it", async () => {
    const disabled = await t.json<{ disabled: boolean }>(
      "PATCH",
      `/api/admin/users/${t.ids.user}`,
      {
        body: { disabled: true },
      },
    );
    expect(disabled.disabled).toBe(true);
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(401);
    const refused = await login("user1", TEST_PASSWORD);
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe("This account is disabled. Ask an admin.");
    // A wrong password says nothing about the account.
    const wrong = await login("user1", "wrong-password");
    expect((await wrong.json()).message).toBe("Invalid username or password");

    await t.json("PATCH", `/api/admin/users/${t.ids.user}`, { body: { disabled: false } });
    expect((await login("user1", TEST_PASSWORD)).status).toBe(200);
  });

  test("an admin cannot disable itself", async () => {
    const res = await t.request("PATCH", `/api/admin/users/${t.ids.admin}`, {
      body: { disabled: true },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "You cannot disable your own account",
      code: "CONFLICT",
      reason: "OWN_ACCOUNT_DISABLE",
      params: {},
    });
  });

  test("a disabled admin does not count as the admin who keeps access", async () => {
    const second = await t.json<{ id: number }>("POST", "/api/admin/users", {
      body: { username: "admin2", password: TEST_PASSWORD, role: "admin" },
    });
    await t.json("PATCH", `/api/admin/users/${second.id}`, { body: { disabled: true } });
    const demote = await t.request("PATCH", `/api/admin/users/${t.ids.admin}/role`, {
      body: { role: "user" },
    });
    expect(demote.status).toBe(409);
  });

  test("400 when disabled is not a boolean", async () => {
    const res = await t.request("PATCH", `/api/admin/users/${t.ids.user}`, {
      body: { disabled: "yes" },
    });
    expect(res.status).toBe(400);
  });
});

describe("the user list", () => {
  test("shows status and last sign-in", async () => {
    await login("user1", TEST_PASSWORD);
    await t.json("PATCH", `/api/admin/users/${t.ids.customer}`, { body: { disabled: true } });
    // Five failed sign-ins lock "Customer1" (any case) for this address.
    for (let i = 0; i < 5; i++) await login("Customer1", "not-the-password");
    type Row = {
      username: string;
      disabled: boolean;
      lastSignInAt: string | null;
      signInLocked: boolean;
    };
    const rows = await t.json<Row[]>("GET", "/api/admin/users");
    const byName = Object.fromEntries(rows.map((r) => [r.username, r]));
    expect(byName.user1?.lastSignInAt).not.toBeNull();
    expect(byName.user1?.disabled).toBe(false);
    expect(byName.customer1?.disabled).toBe(true);
    expect(byName.customer1?.lastSignInAt).toBeNull();
    expect(rows.filter((r) => r.signInLocked).map((r) => r.username)).toEqual(["customer1"]);
  });
});
