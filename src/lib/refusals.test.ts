/**
 * Business refusals carry their reason and params (decision 070), through the HTTP API
 * against a real SQLite database: the counter's 422s and 409s answer `{ message, code,
 * reason, params }`, the English `message` as before, word for word, and the params the
 * values it was written from. The expected bodies are written out by hand.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedTwoShops, type TestApp } from "../../tests/helpers/test-app";
import { errorBodySchema } from "./endpoint";
import { REFUSAL_REASONS } from "./errors";
import { REFUSALS } from "./refusals";

let t: TestApp;
let ids: { shopId: number; customerId: number; quayId: number };
/** The customer and shop a bet names: the body takes no other field (decision 087). */
const placing = () => ({ customerId: ids.customerId, shopId: ids.shopId });

beforeEach(async () => {
  t = await createTestApp(":memory:", { businessTimeZone: "Europe/Berlin" });
  ids = await seedTwoShops(t);
});
afterEach(() => t.close());

/** The answer's status and body, the body also checked against the OpenAPI Error schema. */
async function answer(res: Response) {
  const body = await res.json();
  expect(errorBodySchema.safeParse(body).success).toBe(true);
  return { status: res.status, body };
}

const post = (path: string, body: unknown, as: "admin" | "user" = "user") =>
  t.request("POST", path, { as, body });
const accountBet = (stakeAmount: string) =>
  post("/api/bets", { ...placing(), description: "Derby", stakeAmount, odds: "2.00" });

describe("a refusal's body", () => {
  test("a stake above the funds: INSUFFICIENT_FUNDS with each amount in cents", async () => {
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { creditLimit: "50.00" } });
    expect(await answer(await accountBet("1234.56"))).toEqual({
      status: 422,
      body: {
        message:
          "Insufficient Funds: balance €0.00, credit limit €50.00, available €50.00, stake €1234.56",
        code: "UNPROCESSABLE",
        reason: "INSUFFICIENT_FUNDS",
        params: {
          balanceCents: 0,
          creditLimitCents: 5000,
          availableCents: 5000,
          stakeCents: 123456,
        },
      },
    });
  });

  test("an inactive customer and an inactive shop: no params, a reason each", async () => {
    await t.json("PATCH", `/api/shops/${ids.quayId}`, { body: { isActive: false } });
    const atQuay = { customerId: ids.customerId, shopId: ids.quayId, amount: "10.00" };
    expect(await answer(await post("/api/deposits", atQuay))).toEqual({
      status: 422,
      body: {
        message: "Shop is inactive",
        code: "UNPROCESSABLE",
        reason: "SHOP_INACTIVE",
        params: {},
      },
    });
    await t.json("PATCH", `/api/customers/${ids.customerId}`, { body: { isActive: false } });
    const atMain = { customerId: ids.customerId, shopId: ids.shopId, amount: "10.00" };
    expect((await answer(await post("/api/deposits", atMain))).body).toEqual({
      message: "Customer is inactive",
      code: "UNPROCESSABLE",
      reason: "CUSTOMER_INACTIVE",
      params: {},
    });
    expect((await answer(await accountBet("1.00"))).body).toMatchObject({
      message: "Customer is inactive and cannot take new bets",
      reason: "CUSTOMER_INACTIVE_FOR_BETS",
    });
  });

  test("withdrawals: NO_POSITIVE_BALANCE, then EXCEEDS_BALANCE with the balance", async () => {
    const withdraw = (amount: string) =>
      post("/api/withdrawals", { customerId: ids.customerId, shopId: ids.shopId, amount });
    expect((await answer(await withdraw("5.00"))).body).toEqual({
      message: "Withdrawal Not Allowed: Customer has no positive balance available for withdrawal.",
      code: "UNPROCESSABLE",
      reason: "NO_POSITIVE_BALANCE",
      params: {},
    });
    await post("/api/deposits", {
      customerId: ids.customerId,
      shopId: ids.shopId,
      amount: "20.00",
    });
    expect((await answer(await withdraw("20.01"))).body).toEqual({
      message:
        "Insufficient Balance: Customer has €20.00 available. Withdrawal of €20.01 exceeds this amount.",
      code: "UNPROCESSABLE",
      reason: "EXCEEDS_BALANCE",
      params: { balanceCents: 2000, amountCents: 2001 },
    });
  });

  test("a customer under age: UNDER_AGE with the age, and the field named", async () => {
    const res = await post(
      "/api/customers",
      { firstName: "Tim", lastName: "Young", creditLimit: "0", dateOfBirth: "2020-02-02" },
      "admin",
    );
    expect(await answer(res)).toEqual({
      status: 422,
      body: {
        message: "Customer is under 18",
        code: "UNPROCESSABLE",
        fields: { dateOfBirth: "Customer is under 18" },
        reason: "UNDER_AGE",
        params: { minAge: 18 },
      },
    });
  });

  test("the till: SHIFT_REQUIRED, SHIFT_ALREADY_OPEN, PICKUP_ABOVE_EXPECTED", async () => {
    const cash = { payment: "cash", description: "Derby", stakeAmount: "8.00", odds: "11/8" };
    expect((await answer(await post("/api/bets", cash))).body).toEqual({
      message: "A cash bet needs an open shift: open one first",
      code: "UNPROCESSABLE",
      reason: "SHIFT_REQUIRED",
      params: {},
    });
    const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
      as: "user",
      body: { shopId: ids.shopId, openingFloat: "1500.00" },
    });
    expect(
      await answer(await post("/api/shifts", { shopId: ids.quayId, openingFloat: "0" })),
    ).toEqual({
      status: 409,
      body: {
        message: `You already have an open shift at Main Street (#${shift.id}); close it first`,
        code: "CONFLICT",
        reason: "SHIFT_ALREADY_OPEN",
        params: { shiftShop: "Main Street", shiftId: shift.id },
      },
    });
    const lift = { kind: "pickup", amount: "1500.01", reason: "To the safe" };
    expect((await answer(await post(`/api/shifts/${shift.id}/movements`, lift))).body).toEqual({
      message: "A pick-up cannot exceed the cash expected in the till (€1500.00)",
      code: "UNPROCESSABLE",
      reason: "PICKUP_ABOVE_EXPECTED",
      params: { expectedCents: 150000 },
    });
  });

  test("a paid slip: SLIP_ALREADY_PAID with the amount, the instant, the zone, where and who", async () => {
    await t.json("POST", "/api/shifts", {
      as: "user",
      body: { shopId: ids.shopId, openingFloat: "100.00" },
    });
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      as: "user",
      body: { payment: "cash", description: "Derby", stakeAmount: "8.00", odds: "11/8" },
    });
    await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "WON" } });
    const { code } = await t.json<{ code: string }>("GET", `/api/bets/${bet.id}/slip`);
    const paid = await t.json<{ paidAt: string }>("POST", `/api/slips/${code}/pay`, {
      as: "user",
      body: {},
      expect: 200,
    });
    const again = await answer(await post(`/api/slips/${code}/pay`, {}));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "CONFLICT",
      reason: "SLIP_ALREADY_PAID",
      params: {
        amountCents: 1900,
        paidAt: paid.paidAt,
        zone: "Europe/Berlin",
        shop: "Main Street",
        paidBy: "user1",
      },
    });
    // Told in the business zone, as before (decision 062).
    expect(again.body.message).toMatch(
      /^Slip already paid: €19\.00 on \d{4}-\d\d-\d\d \d\d:\d\d CES?T at Main Street by user1$/,
    );
  });

  test("corrections and settling twice: BET_NOT_PENDING, ALREADY_REVERSED, RESETTLE_SAME", async () => {
    await post("/api/deposits", {
      customerId: ids.customerId,
      shopId: ids.shopId,
      amount: "20.00",
    });
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      body: { ...placing(), description: "Derby", stakeAmount: "5.00", odds: "2.00" },
    });
    await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "LOST" } });
    const again = await t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
      body: { status: "WON" },
    });
    expect(await answer(again)).toEqual({
      status: 409,
      body: {
        message: "Only a pending bet can be resolved; this bet is LOST",
        code: "CONFLICT",
        reason: "BET_NOT_PENDING",
        params: { status: "LOST" },
      },
    });
    const same = await t.request("POST", `/api/admin/bets/${bet.id}/resettle`, {
      body: { status: "LOST", reason: "Stewards' enquiry" },
    });
    expect((await answer(same)).body).toEqual({
      message: `Bet #${bet.id} is already LOST`,
      code: "CONFLICT",
      reason: "RESETTLE_SAME",
      params: { betId: bet.id, status: "LOST" },
    });
    const deposit = t.handle.sqlite
      .query("select id from transactions where type = 'DEPOSIT'")
      .get() as { id: number };
    const reverse = () =>
      t.request("POST", "/api/admin/reverse-transaction", {
        body: { transactionId: deposit.id, reason: "Counted twice" },
      });
    expect((await reverse()).status).toBe(201);
    expect((await answer(await reverse())).body).toEqual({
      message: `Transaction #${deposit.id} has already been reversed`,
      code: "CONFLICT",
      reason: "ALREADY_REVERSED",
      params: { transactionId: deposit.id },
    });
  });

  test("an error that is no refusal carries neither reason nor params", async () => {
    const res = await t.request("GET", "/api/customers/999999");
    expect(await answer(res)).toEqual({
      status: 404,
      body: { message: "Customer not found", code: "NOT_FOUND" },
    });
  });
});

describe("the list of reasons", () => {
  test("each reason has a rule, 422 or 409, and the OpenAPI Error schema lists them all", async () => {
    expect(Object.keys(REFUSALS).sort()).toEqual([...REFUSAL_REASONS].sort());
    const doc = await t.json<{
      components: { schemas: { Error: { properties: { reason: { enum: string[] } } } } };
    }>("GET", "/api/openapi.json");
    expect(doc.components.schemas.Error.properties.reason.enum).toEqual([...REFUSAL_REASONS]);
  });
});
