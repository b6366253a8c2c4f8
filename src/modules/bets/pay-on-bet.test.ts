/**
 * Paying a cash bet's slip from the bet's page (decision 051, amended), through the HTTP API
 * against a real SQLite database: what the page relies on, with no endpoint of its own. Staff
 * read the code from GET /api/bets/{id}/slip and pay with it; the payment answers the bet as
 * GET /api/bets/{id} then reads it (the page shows it at once); a customer login reads neither
 * the cash bet nor its slip's code.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  createTestApp,
  seedTwoShops,
  type TestApp,
  type TwoShops,
} from "../../../tests/helpers/test-app";
import type { BetDto, SlipDto } from "../../domain/dto";

let t: TestApp;
let ids: TwoShops;

beforeEach(async () => {
  t = await createTestApp();
  ids = await seedTwoShops(t);
});
afterEach(() => t.close());

/** A cash bet taken by staff at Main Street and settled WON: €19.00 to pay on its slip. */
async function wonCashBet(): Promise<BetDto> {
  await t.json("POST", "/api/shifts", {
    as: "user",
    body: { shopId: ids.shopId, openingFloat: "100.00" },
  });
  const bet = await t.json<BetDto>("POST", "/api/bets", {
    as: "user",
    body: { payment: "cash", description: "Red Rum 3:15", stakeAmount: "8.00", odds: "11/8" },
  });
  return t.json<BetDto>("PATCH", `/api/bets/${bet.id}/resolve`, {
    as: "admin",
    body: { status: "WON" },
  });
}

describe("paying from the bet's page", () => {
  test("staff read the slip's code from the bet, pay with it, and the bet reads paid as the answer said", async () => {
    const bet = await wonCashBet();
    expect(bet).toMatchObject({ payment: "cash", status: "WON", paid: null });
    const slip = await t.json<SlipDto>("GET", `/api/bets/${bet.id}/slip`, { as: "user" });
    const res = await t.request("POST", `/api/slips/${slip.code}/pay`, { as: "user" });
    expect(res.status).toBe(200);
    const payment = (await res.json()) as { bet: BetDto; amount: string };
    expect(payment.amount).toBe("19.00");
    const after = await t.json<BetDto>("GET", `/api/bets/${bet.id}`, { as: "user" });
    expect(after.paid).toMatchObject({
      amount: "19.00",
      by: { username: "user1" },
      shop: { id: ids.shopId, name: "Main Street" },
    });
    // The page puts the payment's bet in place of the one it showed: the same as a read.
    expect(payment.bet).toEqual(after);
    // Paid once: a second press is the 409 naming when, where and by whom.
    const again = await t.request("POST", `/api/slips/${slip.code}/pay`, { as: "user" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toStartWith("Slip already paid: €19.00 on ");
  });

  test("a customer login reads neither the cash bet nor its slip's code, and pays nothing", async () => {
    const bet = await wonCashBet();
    const slip = await t.json<SlipDto>("GET", `/api/bets/${bet.id}/slip`, { as: "user" });
    for (const path of [`/api/bets/${bet.id}`, `/api/bets/${bet.id}/slip`]) {
      const res = await t.request("GET", path, { as: "customer" });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(slip.code);
    }
    const pay = await t.request("POST", `/api/slips/${slip.code}/pay`, { as: "customer" });
    expect(pay.status).toBe(403);
    const still = await t.json<BetDto>("GET", `/api/bets/${bet.id}`, { as: "user" });
    expect(still.paid).toBeNull();
  });
});

describe("a payment reads no body", () => {
  test("a field, a non-object or malformed JSON is refused and pays nothing; {} pays", async () => {
    const bet = await wonCashBet();
    const slip = await t.json<SlipDto>("GET", `/api/bets/${bet.id}/slip`, { as: "user" });
    const pay = (body?: string) =>
      t.request("POST", `/api/slips/${slip.code}/pay`, { as: "user", body });
    const refusals: [string, string][] = [
      ['{"amount":"5.00","note":"part payment"}', "Unknown fields: amount, note"],
      ["{not json", "Malformed JSON in request body"],
      ["[]", "This operation reads no body: send none, or {}"],
      ['"5.00"', "This operation reads no body: send none, or {}"],
    ];
    for (const [body, message] of refusals) {
      const res = await pay(body);
      expect(`${body}: ${res.status}`).toBe(`${body}: 400`);
      expect(((await res.json()) as { message: string }).message).toBe(message);
      const unpaid = await t.json<BetDto>("GET", `/api/bets/${bet.id}`, { as: "user" });
      expect(unpaid.paid).toBeNull();
    }
    const res = await pay("{}");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { amount: string }).amount).toBe("19.00");
  });
});
