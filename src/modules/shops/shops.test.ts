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

describe("deactivating a shop (decision 078)", () => {
  test("refused while a till is open there, naming the shifts; done once they are closed", async () => {
    const shop = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "Quay", location: "Cork" },
    });
    const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
      body: { shopId: shop.id, openingFloat: "15.00" },
    });
    const refused = await t.request("PATCH", `/api/shops/${shop.id}`, {
      body: { isActive: false },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: `Close this shop's open shifts first (#${shift.id}): a shop is deactivated once its tills are cashed up`,
      code: "CONFLICT",
      reason: "SHOP_HAS_OPEN_SHIFTS",
      params: { shiftIds: `#${shift.id}` },
    });
    expect((await t.json<{ isActive: boolean }>("GET", `/api/shops/${shop.id}`)).isActive).toBe(
      true,
    );
    // Other edits of the shop are not held up by its open till.
    await t.json("PATCH", `/api/shops/${shop.id}`, { body: { location: "Cork city" } });
    await t.json("POST", `/api/shifts/${shift.id}/close`, {
      body: { countedCash: "15.00" },
      expect: 200,
    });
    const done = await t.json<{ isActive: boolean }>("PATCH", `/api/shops/${shop.id}`, {
      body: { isActive: false },
    });
    expect(done.isActive).toBe(false);
  });
});
