import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { userDto } from "../../domain/dto";

/** The user answer's declared fields, no more (never the password hash). */
const USER_FIELDS = Object.keys(userDto.shape).sort();

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const valid = { firstName: "Grace", lastName: "Hopper", creditLimit: "250.00" };

describe("users and dashboard", () => {
  test("GET /api/users/:id returns the user without secrets; unknown is 404", async () => {
    const u = await t.json<Record<string, unknown>>("GET", `/api/users/${t.ids.user}`, {
      as: "user",
    });
    expect(u).toMatchObject({ id: t.ids.user, username: "user1", role: "user" });
    expect(Object.keys(u).sort()).toEqual(USER_FIELDS);
    expect((await t.request("GET", "/api/users/999")).status).toBe(404);
  });

  test("dashboard stats follow DESIGN.md's definitions", async () => {
    const a = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { ...valid, creditLimit: "100" },
    });
    const b = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { ...valid, creditLimit: "40" },
    });
    await t.json("PATCH", `/api/customers/${b.id}`, { body: { isActive: false } });
    const shop = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "S", location: "L" },
    });
    await t.json("POST", "/api/bets", {
      body: { customerId: a.id, shopId: shop.id, description: "a", stakeAmount: "30", odds: "2" },
    });
    await t.json("POST", "/api/deposits", {
      body: { customerId: a.id, shopId: shop.id, amount: "10" },
    });
    const stats = await t.json("GET", "/api/dashboard/stats", { as: "user" });
    expect(stats).toEqual({
      totalGivenCredit: "100.00",
      totalCreditAtStake: "20.00",
      activeBets: 1,
      totalCustomers: 2,
    });
  });
});

describe("settings", () => {
  test("GET /api/settings names the large-amount threshold and the credit-limit cap for every signed-in role", async () => {
    for (const as of ["customer", "user", "admin"] as const) {
      expect(await t.json("GET", "/api/settings", { as, expect: 200 })).toEqual({
        largeAmount: "1000.00",
        creditLimitCap: "1000.00",
        // CASH_BET_MAX_STAKE unset: LARGE_AMOUNT (decision 051).
        cashBetMaxStake: "1000.00",
        oddsFormat: "decimal",
        defaultLanguage: "en",
        backupIntervalHours: null,
        businessTimeZone: "UTC",
      });
    }
  });
});

describe("counts", () => {
  test("GET /api/counts answers the real numbers of customers, shops, pending bets and alerts", async () => {
    const { shopId, customerId } = await seedBasics(t, { creditLimit: "5000" });
    await t.json("POST", "/api/shops", { body: { name: "Second", location: "Cork" } });
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      body: { customerId, shopId, description: "Big", stakeAmount: "1000", odds: "2" },
    });
    await t.json("POST", "/api/bets", {
      body: { customerId, shopId, description: "Small", stakeAmount: "1", odds: "2" },
    });
    await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "LOST" }, expect: 200 });
    expect(await t.json("GET", "/api/counts", { as: "user", expect: 200 })).toEqual({
      customers: 1,
      shops: 2,
      pendingBets: 1,
      alerts: 1,
    });
  });
});
