import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("placing a bet", () => {
  test("rounds the potential payout half-up to the cent (10.01 x 1.55 = 15.52)", async () => {
    const { shopId, customerId } = await seedBasics(t, { creditLimit: "100" });
    const bet = await t.json<{ potentialPayout: string; status: string }>("POST", "/api/bets", {
      body: { customerId, shopId, description: "Derby", stakeAmount: "10.01", odds: "1.55" },
    });
    expect(bet.potentialPayout).toBe("15.52");
    expect(bet.status).toBe("PENDING");
  });
});
