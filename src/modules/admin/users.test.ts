import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, ORIGIN, type TestApp } from "../../../tests/helpers/test-app";
import { userDto } from "../../domain/dto";

/** The user answer's declared fields, no more (never the password hash). */
const USER_FIELDS = Object.keys(userDto.shape).sort();

interface User {
  id: number;
  username: string;
  role: string;
  createdAt: string;
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const signIn = (username: string, password: string) =>
  t.app.request(`${ORIGIN}/api/login`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });

describe("admin users", () => {
  test("creates a user who can then sign in, without exposing the password hash", async () => {
    const user = await t.json<User & Record<string, unknown>>("POST", "/api/admin/users", {
      body: { username: "clerk", password: "long-enough-1", role: "user" },
    });
    expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(user).toMatchObject({ username: "clerk", role: "user" });
    expect((await signIn("clerk", "long-enough-1")).status).toBe(200);
  });

  test("defaults the role to user and raises an info alert", async () => {
    const user = await t.json<User>("POST", "/api/admin/users", {
      body: { username: "nobody", password: "long-enough-1" },
    });
    expect(user.role).toBe("user");
    const alerts = await t.json<{ type: string; title: string }[]>("GET", "/api/alerts", {
      expect: 200,
    });
    expect(alerts).toContainEqual(
      expect.objectContaining({ type: "info", title: "New user created" }),
    );
  });

  test("refuses a password under 8 characters and a missing username with 400", async () => {
    const short = await t.request("POST", "/api/admin/users", {
      body: { username: "shorty", password: "1234567" },
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toBe(
      "Password must be at least 8 characters",
    );
    const missing = await t.request("POST", "/api/admin/users", { body: { password: "12345678" } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(
      "Username and password are required",
    );
  });

  test("refuses a duplicate username, whatever its case, with 409", async () => {
    for (const username of ["user1", "USER1"]) {
      const res = await t.request("POST", "/api/admin/users", {
        body: { username, password: "long-enough-1" },
      });
      expect(res.status).toBe(409);
      // A refusal (decision 070): the name as asked for, and a line for the Username field.
      expect(await res.json()).toEqual({
        message: `Username "${username}" is already taken`,
        code: "CONFLICT",
        fields: { username: "Username is already taken" },
        reason: "USERNAME_TAKEN",
        params: { username },
      });
    }
  });

  test("lists users paged with X-Total-Count, searchable and sortable", async () => {
    const res = await t.request("GET", "/api/admin/users?limit=2&sort=username&order=desc");
    expect(res.headers.get("X-Total-Count")).toBe("3");
    const page = (await res.json()) as User[];
    expect(page.map((u) => u.username)).toEqual(["user1", "customer1"]);
    const found = await t.json<User[]>("GET", "/api/admin/users?q=ADMIN", { expect: 200 });
    expect(found.map((u) => u.username)).toEqual(["admin1"]);
    expect((await t.request("GET", "/api/admin/users?sort=password")).status).toBe(400);
  });
});

describe("changing a role", () => {
  test("ends all of that user's sessions and applies the new role", async () => {
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(200);
    const customer = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Ada", lastName: "Byrne", creditLimit: "0" },
    });
    const changed = await t.json<User & { customerId: number }>(
      "PATCH",
      `/api/admin/users/${t.ids.user}/role`,
      { body: { role: "customer", customerId: customer.id }, expect: 200 },
    );
    expect(changed).toMatchObject({ role: "customer", customerId: customer.id });
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(401);
    expect((await t.request("GET", "/api/customers", { as: "user" })).status).toBe(401);
    const login = await signIn("user1", "correct-horse-battery");
    expect(((await login.json()) as { role: string }).role).toBe("customer");
  });

  test("writes an audit row and raises an info alert", async () => {
    await t.json("PATCH", `/api/admin/users/${t.ids.customer}/role`, {
      body: { role: "user" },
      expect: 200,
    });
    const audit = await t.json<{ action: string; before: unknown; after: unknown }[]>(
      "GET",
      `/api/admin/audit?entityType=USER&entityId=${t.ids.customer}`,
      { expect: 200 },
    );
    expect(audit[0]).toMatchObject({
      action: "user.role-change",
      before: { role: "customer" },
      after: { role: "user" },
    });
    const alerts = await t.json<{ title: string }[]>("GET", "/api/alerts", { expect: 200 });
    expect(alerts.map((a) => a.title)).toContain("User role changed");
  });

  test("refuses to let the last admin demote themselves (409)", async () => {
    const res = await t.request("PATCH", `/api/admin/users/${t.ids.admin}/role`, {
      body: { role: "user" },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The last admin cannot be demoted; make another user admin first",
      code: "CONFLICT",
      reason: "LAST_ADMIN_DEMOTE",
      params: {},
    });
    expect((await t.request("GET", "/api/user")).status).toBe(200);
  });

  test("lets an admin step down while another admin remains", async () => {
    await t.json("PATCH", `/api/admin/users/${t.ids.user}/role`, {
      body: { role: "admin" },
      expect: 200,
    });
    const me = await t.json<User>("PATCH", `/api/admin/users/${t.ids.admin}/role`, {
      body: { role: "user" },
      expect: 200,
    });
    expect(me.role).toBe("user");
  });

  test("answers 404 for an unknown user and 400 for an unknown role", async () => {
    expect(
      (await t.request("PATCH", "/api/admin/users/999/role", { body: { role: "user" } })).status,
    ).toBe(404);
    const res = await t.request("PATCH", `/api/admin/users/${t.ids.user}/role`, {
      body: { role: "owner" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Role must be admin, user or customer",
    );
  });

  test("a customer named for a staff role is refused, as at Create User, and nothing changes", async () => {
    const res = await t.request("PATCH", `/api/admin/users/${t.ids.customer}/role`, {
      body: { role: "user", customerId: 1 },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "Only a customer login belongs to a customer",
      fields: { customerId: "Only a customer login belongs to a customer" },
    });
    const still = await t.json<{ id: number; role: string }[]>("GET", "/api/admin/users");
    expect(still.find((u) => u.id === t.ids.customer)?.role).toBe("customer");
  });
});

describe("the audit log", () => {
  test("filters by actor, entity and date, newest first, with a total count", async () => {
    await t.json("POST", "/api/shops", { body: { name: "A", location: "X" } });
    await t.json("POST", "/api/shops", { as: "user", body: { name: "B", location: "Y" } });
    const byUser = await t.request("GET", `/api/admin/audit?actorId=${t.ids.user}`);
    expect(byUser.headers.get("X-Total-Count")).toBe("1");
    const rows = (await byUser.json()) as { actorUsername: string; action: string }[];
    expect(rows).toMatchObject([{ actorUsername: "user1", action: "shop.create" }]);
    const shops = await t.json<{ entityId: string }[]>("GET", "/api/admin/audit?entityType=shop", {
      expect: 200,
    });
    expect(shops.map((r) => r.entityId)).toEqual(["2", "1"]);
    const future = await t.json<unknown[]>("GET", "/api/admin/audit?from=2999-01-01", {
      expect: 200,
    });
    expect(future).toEqual([]);
    expect((await t.request("GET", "/api/admin/audit?from=yesterday")).status).toBe(400);
  });
});
