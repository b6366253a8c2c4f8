/**
 * Issue 10, "a customer login reads everything": a customer-role user linked to its own
 * customer record sees only that record, its bets and ledger rows, shops without tills,
 * no alerts, and only itself among users. Every assertion here failed before the fix.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  createAccount,
  createTestApp,
  seedBasics,
  TEST_PASSWORD,
  type TestApp,
} from "../../../tests/helpers/test-app";

let t: TestApp;
let own: { customerId: number; shopId: number };
let other: number;
let ownBet: number;
let otherBet: number;
let cookie: string;
let userId: number;

async function as(method: string, path: string, expectStatus = 200) {
  const res = await t.app.request(`http://localhost${path}`, {
    method,
    headers: { Cookie: cookie, Origin: "http://localhost" },
  });
  const text = await res.text();
  expect(`${method} ${path} -> ${res.status}`).toBe(`${method} ${path} -> ${expectStatus}`);
  return { body: text ? JSON.parse(text) : null, total: res.headers.get("x-total-count") };
}

beforeEach(async () => {
  t = await createTestApp();
  own = await seedBasics(t, { creditLimit: "100" });
  other = (
    await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Bob", lastName: "Other", email: "bob@example.com", creditLimit: "50" },
    })
  ).id;
  for (const customerId of [own.customerId, other]) {
    await t.json("POST", "/api/deposits", {
      body: { customerId, shopId: own.shopId, amount: "20.00" },
    });
  }
  const bet = (customerId: number) =>
    t.json<{ id: number }>("POST", "/api/bets", {
      body: { customerId, shopId: own.shopId, description: "Derby", stakeAmount: "5", odds: "2" },
    });
  ownBet = (await bet(own.customerId)).id;
  otherBet = (await bet(other)).id;
  // Created by an admin, signed in and past the forced password change (decision 046).
  const created = await createAccount(t, {
    username: "ada",
    role: "customer",
    customerId: own.customerId,
  });
  expect(created.customerId).toBe(own.customerId);
  userId = created.id;
  cookie = created.cookie;
});
afterEach(() => t.close());

describe("a customer login", () => {
  test("GET /api/user names its customer record", async () => {
    const { body } = await as("GET", "/api/user");
    expect(body).toMatchObject({ id: userId, role: "customer", customerId: own.customerId });
  });

  test("lists only its own customer, and any other id is 404", async () => {
    const list = await as("GET", "/api/customers");
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([own.customerId]);
    expect(list.total).toBe("1");
    const searched = await as("GET", "/api/customers?q=bob");
    expect(searched.body).toEqual([]);
    await as("GET", `/api/customers/${own.customerId}`);
    await as("GET", `/api/customers/${own.customerId}/stats`);
    await as("GET", `/api/customers/${other}`, 404);
    await as("GET", `/api/customers/${other}/stats`, 404);
  });

  test("sees only its own bets and ledger rows", async () => {
    const bets = await as("GET", "/api/bets");
    expect(bets.body.map((b: { id: number }) => b.id)).toEqual([ownBet]);
    // Another customer's id in the filter: an empty list, not its own bets (issue 20 item 13).
    const asked = await as("GET", `/api/bets?customerId=${other}`);
    expect(asked.body).toEqual([]);
    await as("GET", `/api/bets/${ownBet}`);
    await as("GET", `/api/bets/${otherBet}`, 404);
    const txs = await as("GET", "/api/transactions");
    expect(txs.body.length).toBe(2);
    type Row = { fromEntityType: string; fromEntityId: number; toEntityId: number };
    for (const row of txs.body as Row[]) {
      const customer = row.fromEntityType === "CUSTOMER" ? row.fromEntityId : row.toEntityId;
      expect(customer).toBe(own.customerId);
    }
  });

  test("gets its own dashboard figures and counts, no alerts", async () => {
    const stats = await as("GET", "/api/dashboard/stats");
    expect(stats.body).toEqual({
      totalGivenCredit: "100.00",
      totalCreditAtStake: "0.00",
      activeBets: 1,
      totalCustomers: 1,
    });
    const counts = await as("GET", "/api/counts");
    expect(counts.body).toMatchObject({ customers: 1, pendingBets: 1, alerts: 0 });
    await as("GET", "/api/alerts", 403);
    await as("GET", "/api/events", 403);
  });

  test("sees shops without their till balances", async () => {
    const list = await as("GET", "/api/shops");
    expect(list.body[0].balance).toBeNull();
    expect((await as("GET", `/api/shops/${own.shopId}`)).body.balance).toBeNull();
    await as("GET", `/api/shops/${own.shopId}/stats`, 403);
    // Staff still see the till.
    const staff = await t.json<{ balance: string }>("GET", `/api/shops/${own.shopId}`, {
      as: "user",
    });
    expect(staff.balance).toBe("40.00");
  });

  test("sees only itself among users", async () => {
    await as("GET", `/api/users/${userId}`);
    await as("GET", `/api/users/${t.ids.admin}`, 404);
  });

  test("a customer login with no record sees nothing", async () => {
    const res = await t.request("GET", "/api/customers", { as: "customer" });
    expect(await res.json()).toEqual([]);
    const bets = await t.request("GET", "/api/bets", { as: "customer" });
    expect(await bets.json()).toEqual([]);
  });
});

describe("creating a customer login", () => {
  test("needs a customer, and an existing one", async () => {
    const missing = await t.request("POST", "/api/admin/users", {
      body: { username: "nobody", password: TEST_PASSWORD, role: "customer" },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields.customerId).toBe(
      "Customer is required for a customer login",
    );
    const unknown = await t.request("POST", "/api/admin/users", {
      body: { username: "nobody", password: TEST_PASSWORD, role: "customer", customerId: 9999 },
    });
    expect(unknown.status).toBe(404);
    const staff = await t.request("POST", "/api/admin/users", {
      body: { username: "clerk", password: TEST_PASSWORD, role: "user", customerId: other },
    });
    expect(staff.status).toBe(400);
  });

  test("a role change to customer needs a customer, as Create User does", async () => {
    // A staff user has no customer record: without one it stays staff, signed in.
    const missing = await t.request("PATCH", `/api/admin/users/${t.ids.user}/role`, {
      body: { role: "customer" },
    });
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body.message).toBe("Customer is required for a customer login");
    expect(body.fields.customerId).toBe("Customer is required for a customer login");
    const staff = await t.json<{ role: string }>("GET", "/api/user", { as: "user" });
    expect(staff.role).toBe("user");
    const unknown = await t.request("PATCH", `/api/admin/users/${t.ids.user}/role`, {
      body: { role: "customer", customerId: 9999 },
    });
    expect(unknown.status).toBe(404);

    const linked = await t.json<{ role: string; customerId: number | null }>(
      "PATCH",
      `/api/admin/users/${t.ids.user}/role`,
      { body: { role: "customer", customerId: other } },
    );
    expect(linked).toMatchObject({ role: "customer", customerId: other });
    // Once the link is dropped (a staff role), going back needs a customer again.
    await t.json("PATCH", `/api/admin/users/${userId}/role`, { body: { role: "user" } });
    const again = await t.request("PATCH", `/api/admin/users/${userId}/role`, {
      body: { role: "customer" },
    });
    expect(again.status).toBe(400);
  });

  test("a role change away from customer drops the link", async () => {
    const changed = await t.json<{ customerId: number | null }>(
      "PATCH",
      `/api/admin/users/${userId}/role`,
      { body: { role: "user" } },
    );
    expect(changed.customerId).toBeNull();
  });
});
