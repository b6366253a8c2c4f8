import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const valid = { firstName: "Grace", lastName: "Hopper", creditLimit: "250.00" };

describe("shops", () => {
  test("creates a shop (active by default) and refuses missing name and location", async () => {
    const shop = await t.json<Record<string, unknown>>("POST", "/api/shops", {
      body: { name: "Quay", location: "Cork", address: "", phone: null },
    });
    expect(shop).toMatchObject({
      name: "Quay",
      isActive: true,
      address: null,
      phone: null,
      balance: "0.00",
    });
    const res = await t.request("POST", "/api/shops", { body: { name: " ", location: "" } });
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(res.status).toBe(400);
    expect(body.fields).toMatchObject({
      name: "Shop name is required",
      location: "Location is required",
    });
  });

  test("shop stats sum stakes and potential payouts", async () => {
    const c = await t.json<{ id: number }>("POST", "/api/customers", { body: valid });
    const shop = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "S", location: "L" },
    });
    await t.json("POST", "/api/bets", {
      body: { customerId: c.id, shopId: shop.id, description: "a", stakeAmount: "10", odds: "1.5" },
    });
    await t.json("POST", "/api/bets", {
      body: {
        customerId: c.id,
        shopId: shop.id,
        description: "b",
        stakeAmount: "2.50",
        odds: "3",
        outcome: "VOID",
        voidReason: "x",
      },
    });
    const stats = await t.json("GET", `/api/shops/${shop.id}/stats`);
    expect(stats).toEqual({
      totalBets: 2,
      activeBets: 1,
      wonBets: 0,
      placedBets: 0,
      lostBets: 0,
      voidBets: 1,
      totalStakes: "12.50",
      potentialPayouts: "22.50",
    });
  });
});
