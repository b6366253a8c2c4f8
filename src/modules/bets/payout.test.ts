/**
 * Potential payout = stake x odds rounded half-up to the cent (SPEC; payoutCents in
 * src/domain/money.ts), at the edges, through the API: exact half cents round up, anything
 * below a half rounds down, and a WON bet pays exactly the potential payout. The expected
 * values are worked out by hand (stake x odds written out beside each), not by the code
 * under test.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "100.00" });
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.close();
});

const place = (stakeAmount: string, odds: string) =>
  t.json<{ id: number; potentialPayout: string }>("POST", "/api/bets", {
    body: { ...ids, description: "Edge", stakeAmount, odds },
  });

/** [stake, odds, the exact product, the payout it rounds to] */
const cases: [string, string, string, string][] = [
  ["0.50", "1.01", "0.505", "0.51"], // exactly half a cent: up
  ["0.50", "1.03", "0.515", "0.52"], // exactly half a cent: up
  ["0.01", "1.50", "0.015", "0.02"], // exactly half a cent: up
  ["0.03", "1.50", "0.045", "0.05"], // exactly half a cent: up
  ["0.01", "1.49", "0.0149", "0.01"], // below half: down
  ["0.49", "1.01", "0.4949", "0.49"], // below half: down
  ["0.99", "1.01", "0.9999", "1.00"], // above half: up
  ["12.34", "2.50", "30.85", "30.85"], // exact: unchanged
];

describe("potential payout at the half cent", () => {
  for (const [stake, odds, product, payout] of cases) {
    test(`${stake} x ${odds} = ${product} -> ${payout}`, async () => {
      const bet = await place(stake, odds);
      expect(bet.potentialPayout).toBe(payout);
      const read = await t.json<{ potentialPayout: string }>("GET", `/api/bets/${bet.id}`);
      expect(read.potentialPayout).toBe(payout);
    });
  }

  test("a client's own potentialPayout must be the half-up one: 0.51 accepted, 0.50 refused", async () => {
    const body = { ...ids, description: "Edge", stakeAmount: "0.50", odds: "1.01" };
    const low = await t.request("POST", "/api/bets", {
      body: { ...body, potentialPayout: "0.50" },
    });
    expect(low.status).toBe(400);
    const right = await t.request("POST", "/api/bets", {
      body: { ...body, potentialPayout: "0.51" },
    });
    expect(right.status).toBe(201);
  });

  test("WON pays the rounded payout: 0.50 x 1.01 = 0.505 pays a PAYOUT row of 0.51", async () => {
    const bet = await place("0.50", "1.01");
    const won = await t.json<{ status: string; actualPayout: string }>(
      "PATCH",
      `/api/bets/${bet.id}/resolve`,
      { body: { status: "WON" } },
    );
    expect(won).toMatchObject({ status: "WON", actualPayout: "0.51" });
    const rows = await t.json<{ type: string; amount: string; fromEntityType: string }[]>(
      "GET",
      `/api/transactions?betId=${bet.id}&type=PAYOUT`,
    );
    expect(rows.map((r) => [r.type, r.amount, r.fromEntityType])).toEqual([
      ["PAYOUT", "0.51", "SHOP"],
    ]);
    // -0.50 stake, +0.51 payout.
    const customer = await t.json<{ balance: string }>("GET", `/api/customers/${ids.customerId}`);
    expect(customer.balance).toBe("0.01");
  });

  test("WON pays the rounded-down payout: 0.01 x 1.49 = 0.0149 pays 0.01", async () => {
    const bet = await place("0.01", "1.49");
    const won = await t.json<{ actualPayout: string }>("PATCH", `/api/bets/${bet.id}/resolve`, {
      body: { status: "WON" },
    });
    expect(won.actualPayout).toBe("0.01");
    const rows = await t.json<{ amount: string }[]>(
      "GET",
      `/api/transactions?betId=${bet.id}&type=PAYOUT`,
    );
    expect(rows.map((r) => r.amount)).toEqual(["0.01"]);
    // -0.01 stake, +0.01 payout.
    const customer = await t.json<{ balance: string }>("GET", `/api/customers/${ids.customerId}`);
    expect(customer.balance).toBe("0.00");
  });
});
