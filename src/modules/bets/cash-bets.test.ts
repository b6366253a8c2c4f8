/**
 * Cash bets and slips paid at the till (issue 21 items 1 to 3, decision 051), through the
 * HTTP API against a real SQLite database: the stake is cash into the till of the taker's
 * open shift, settling moves nothing, paying the slip moves the return out of the payer's
 * till once, and the shift's expected cash follows both to the cent.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import {
  type Caller,
  createTestApp,
  seedTwoShops,
  type TestApp,
  type TwoShops,
} from "../../../tests/helpers/test-app";
import type { BetDto, ShiftDto, SlipDto } from "../../domain/dto";
import { readEnv } from "../../env";
import { checkBooks } from "../../lib/books-check";

let t: TestApp;
let ids: TwoShops;

beforeEach(async () => {
  t = await createTestApp();
  ids = await seedTwoShops(t);
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  expect(checkBooks(t.handle.db).violations).toEqual([]);
  t.close();
});

const openShift = (as: Caller, shopId = ids.shopId, openingFloat = "100.00") =>
  t.json<ShiftDto>("POST", "/api/shifts", { as, body: { shopId, openingFloat } });
const cashBet = (as: Caller, body: Record<string, unknown> = {}) =>
  t.request("POST", "/api/bets", {
    as,
    body: {
      payment: "cash",
      description: "Red Rum 3:15",
      stakeAmount: "8.00",
      odds: "11/8",
      ...body,
    },
  });
const placeCash = async (as: Caller, body: Record<string, unknown> = {}) => {
  const res = await cashBet(as, body);
  expect(res.status).toBe(201);
  return (await res.json()) as BetDto;
};
/** An account bet beside the cash ones: €20.00 deposited, €5.00 on Arkle at 2.00. */
const placeAccount = async () => {
  await t.json("POST", "/api/deposits", {
    body: { customerId: ids.customerId, shopId: ids.shopId, amount: "20.00" },
  });
  return t.json<BetDto>("POST", "/api/bets", {
    body: {
      customerId: ids.customerId,
      shopId: ids.shopId,
      description: "Arkle",
      stakeAmount: "5.00",
      odds: "2.00",
    },
  });
};
const settle = (id: number, status: string, extra: Record<string, unknown> = {}) =>
  t.json<BetDto>("PATCH", `/api/bets/${id}/resolve`, { as: "admin", body: { status, ...extra } });
const slipOf = (id: number) => t.json<SlipDto>("GET", `/api/bets/${id}/slip`);
const pay = (code: string, as: Caller = "user") =>
  t.request("POST", `/api/slips/${code}/pay`, { as, body: {} });
const current = (as: Caller) => t.json<ShiftDto>("GET", "/api/shifts/current", { as });
const shopBalance = (id: number) =>
  (
    t.handle.sqlite.query("select balance_cents as b from shops where id = ?").get(id) as {
      b: number;
    }
  ).b;
const rowsOf = (betId: number) =>
  t.handle.sqlite
    .query(
      "select type, amount_cents as amount, from_entity_type as fromType, from_entity_id as fromId, to_entity_type as toType, to_entity_id as toId, shift_id as shiftId from transactions where bet_id = ? order by id",
    )
    .all(betId);

describe("taking a cash bet", () => {
  test("needs the taker's open shift (422), and no customer (400)", async () => {
    const none = await cashBet("user");
    expect(none.status).toBe(422);
    expect((await none.json()).message).toBe("A cash bet needs an open shift: open one first");
    await openShift("user");
    const withCustomer = await cashBet("user", { customerId: ids.customerId });
    expect(withCustomer.status).toBe(400);
    expect((await withCustomer.json()).fields.customerId).toBe(
      "A cash bet has no customer: leave the customer out",
    );
    const elsewhere = await cashBet("user", { shopId: ids.quayId });
    expect(elsewhere.status).toBe(422);
    expect((await elsewhere.json()).message).toContain("Your open shift is at Main Street");
    // An account bet still needs its customer, word for word as the SPEC has it.
    const account = await t.request("POST", "/api/bets", {
      as: "user",
      body: { shopId: ids.shopId, description: "x", stakeAmount: "1.00", odds: "2.00" },
    });
    expect(account.status).toBe(400);
    expect((await account.json()).fields.customerId).toBe("Customer is required");
  });

  test("is cash into the shift's till: CASH -> SHOP, no customer, the shop's till and the shift move", async () => {
    const shift = await openShift("user");
    const before = shopBalance(ids.shopId);
    const bet = await placeCash("user");
    expect(bet).toMatchObject({
      payment: "cash",
      customerId: null,
      customer: null,
      shopId: ids.shopId,
      shiftId: shift.id,
      stakeAmount: "8.00",
      totalStake: "8.00",
      price: "11/8",
      potentialPayout: "19.00",
      status: "PENDING",
      paid: null,
    });
    expect(rowsOf(bet.id)).toEqual([
      {
        type: "BETTING",
        amount: 800,
        fromType: "CASH",
        fromId: 0,
        toType: "SHOP",
        toId: ids.shopId,
        shiftId: shift.id,
      },
    ]);
    expect(shopBalance(ids.shopId)).toBe(before + 800);
    const now = await current("user");
    expect(now).toMatchObject({ cashStakes: "8.00", cashStakeCount: 1, expectedCash: "108.00" });
    // Funds, credit and limits are an account's: a customer with no credit could not take it.
    const slip = await slipOf(bet.id);
    expect(slip).toMatchObject({ customer: null, payment: "cash", paid: null });
  });

  test("above CASH_BET_MAX_STAKE (default LARGE_AMOUNT) needs an admin", async () => {
    await openShift("user");
    await openShift("admin");
    const big = await cashBet("user", { stakeAmount: "1000.01", odds: "2.00" });
    expect(big.status).toBe(403);
    expect((await big.json()).message).toBe(
      "An admin is needed to take a cash bet above €1,000.00",
    );
    expect((await cashBet("user", { stakeAmount: "1000.00", odds: "2.00" })).status).toBe(201);
    expect((await cashBet("admin", { stakeAmount: "1000.01", odds: "2.00" })).status).toBe(201);
    const settings = await t.json<{ cashBetMaxStake: string }>("GET", "/api/settings");
    expect(settings.cashBetMaxStake).toBe("1000.00");
  });

  test("shows as Cash in lists, is left out of customer figures and counted in the shop's", async () => {
    await openShift("user");
    const cash = await placeCash("user");
    const account = await placeAccount();
    const list = await t.json<BetDto[]>("GET", "/api/bets?sort=customer&order=asc");
    // No customer sorts first, as every empty column does.
    expect(list.map((b) => [b.id, b.payment])).toEqual([
      [cash.id, "cash"],
      [account.id, "account"],
    ]);
    const own = await t.json<BetDto[]>("GET", `/api/bets?customerId=${ids.customerId}`);
    expect(own.map((b) => b.id)).toEqual([account.id]);
    const report = await t.json<{
      betting: { totalBets: number };
      financial: { totalStakes: number };
      customers: { topCustomers: { id: number; totalStaked: number }[] };
    }>("GET", "/api/reports?period=totals");
    expect(report.betting.totalBets).toBe(2);
    expect(report.financial.totalStakes).toBe(13);
    expect(report.customers.topCustomers).toEqual([
      expect.objectContaining({ id: ids.customerId, totalStaked: 5 }),
    ]);
    // A customer login never sees a cash bet.
    const seen = await t.request("GET", `/api/bets/${cash.id}`, { as: "customer" });
    expect(seen.status).toBe(404);
  });
});

describe("paying a cash bet's slip", () => {
  test("cash bet -> settle Won -> pay the slip -> the shift closes balanced to the cent", async () => {
    const shift = await openShift("user", ids.shopId, "100.00");
    const bet = await placeCash("user");
    const before = shopBalance(ids.shopId);
    const settled = await settle(bet.id, "WON");
    // Settling a cash bet moves no money: the bearer is paid at a till.
    expect(rowsOf(bet.id)).toHaveLength(1);
    expect(settled).toMatchObject({ status: "WON", actualPayout: "19.00", paid: null });
    expect(shopBalance(ids.shopId)).toBe(before);
    const { code } = await slipOf(bet.id);
    const res = await pay(code);
    expect(res.status).toBe(200);
    const paid = await res.json();
    expect(paid).toMatchObject({
      amount: "19.00",
      paidBy: { id: t.ids.user, username: "user1" },
      shiftId: shift.id,
      shop: { id: ids.shopId, name: "Main Street" },
      bet: {
        id: bet.id,
        paid: {
          amount: "19.00",
          by: { id: t.ids.user, username: "user1" },
          shiftId: shift.id,
          shop: { id: ids.shopId, name: "Main Street" },
        },
      },
    });
    expect(rowsOf(bet.id)[1]).toEqual({
      type: "PAYOUT",
      amount: 1900,
      fromType: "SHOP",
      fromId: ids.shopId,
      toType: "CASH",
      toId: 0,
      shiftId: shift.id,
    });
    expect(shopBalance(ids.shopId)).toBe(before - 1900);
    const figures = await current("user");
    // 100.00 float + 8.00 stake - 19.00 paid.
    expect(figures).toMatchObject({
      cashStakes: "8.00",
      cashPayouts: "19.00",
      cashPayoutCount: 1,
      expectedCash: "89.00",
    });
    const closed = await t.json<ShiftDto>("POST", `/api/shifts/${shift.id}/close`, {
      as: "user",
      body: { countedCash: "89.00" },
      expect: 200,
    });
    expect(closed).toMatchObject({ expectedCash: "89.00", discrepancy: "0.00" });
    // The shift's ledger rows, as the Z report lists them (CASH is party 0 in the answer).
    const rows = await t.json<{ type: string; fromEntityType: string; toEntityId: number }[]>(
      "GET",
      `/api/transactions?shiftId=${shift.id}&sort=createdAt&order=asc`,
    );
    expect(rows.map((r) => [r.type, r.fromEntityType])).toEqual([
      ["BETTING", "CASH"],
      ["PAYOUT", "SHOP"],
    ]);
    expect(rows[1]?.toEntityId).toBe(0);
    const slip = await slipOf(bet.id);
    expect(slip.paid).toMatchObject({ amount: "19.00", shop: { name: "Main Street" } });
    expect(slip).toMatchObject({ status: "WON", actualPayout: "19.00" });
  });

  test("a second payment is 409 naming when, where and by whom", async () => {
    await openShift("user");
    await openShift("admin", ids.quayId);
    const bet = await placeCash("user");
    await settle(bet.id, "WON");
    const { code } = await slipOf(bet.id);
    expect((await pay(code, "admin")).status).toBe(200);
    const again = await pay(code, "user");
    expect(again.status).toBe(409);
    const { message } = await again.json();
    expect(message).toMatch(
      /^Slip already paid: €19\.00 on \d{4}-\d\d-\d\d \d\d:\d\d UTC at Quay by admin1$/,
    );
    // Paid at Quay's till, though taken at Main Street.
    expect(rowsOf(bet.id).filter((r) => (r as { type: string }).type === "PAYOUT")).toHaveLength(1);
  });

  test("a retry with its key is the same request however the code is typed", async () => {
    await openShift("user");
    const bet = await placeCash("user");
    await settle(bet.id, "WON");
    const { code } = await slipOf(bet.id);
    const headers = { "Idempotency-Key": "pay-once-0001" };
    const first = await t.request("POST", `/api/slips/${code}/pay`, {
      as: "user",
      body: {},
      headers,
    });
    expect(first.status).toBe(200);
    // Typed again at the counter: lower case, with a dash, as the slip prints it.
    const typed = `${code.slice(0, 5)}-${code.slice(5)}`.toLowerCase();
    const retry = await t.request("POST", `/api/slips/${typed}/pay`, {
      as: "user",
      body: {},
      headers,
    });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(rowsOf(bet.id).filter((r) => (r as { type: string }).type === "PAYOUT")).toHaveLength(1);
  });

  test("concurrent payments of one slip pay once", async () => {
    await openShift("user");
    await openShift("admin");
    const bet = await placeCash("user");
    await settle(bet.id, "WON");
    const { code } = await slipOf(bet.id);
    const answers = await Promise.all([pay(code, "user"), pay(code, "admin"), pay(code, "user")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const payouts = t.handle.sqlite
      .query("select count(*) as n from transactions where bet_id = ? and type = 'PAYOUT'")
      .get(bet.id) as { n: number };
    expect(payouts.n).toBe(1);
  });

  test("a void slip returns the stake; lost, pending and account bets pay nothing", async () => {
    const shift = await openShift("user");
    const voided = await placeCash("user", { stakeAmount: "6.50" });
    await settle(voided.id, "VOID", { voidReason: "Non-runner" });
    const refund = await pay((await slipOf(voided.id)).code);
    expect(refund.status).toBe(200);
    expect((await refund.json()).amount).toBe("6.50");
    expect(rowsOf(voided.id)[1]).toMatchObject({ type: "REFUND", amount: 650, toType: "CASH" });

    const lost = await placeCash("user");
    await settle(lost.id, "LOST");
    const lostPay = await pay((await slipOf(lost.id)).code);
    expect(lostPay.status).toBe(409);
    expect((await lostPay.json()).message).toBe("This bet lost: nothing to pay");

    const pending = await placeCash("user");
    const pendingPay = await pay((await slipOf(pending.id)).code);
    expect(pendingPay.status).toBe(409);
    expect((await pendingPay.json()).message).toBe("This bet is not settled yet: nothing to pay");

    const account = await placeAccount();
    await settle(account.id, "WON");
    const accountPay = await pay((await slipOf(account.id)).code);
    expect(accountPay.status).toBe(409);
    expect((await accountPay.json()).message).toContain("An account bet is paid into");

    expect((await pay("ABCDEFGHJK")).status).toBe(404);
    // 100 + 6.50 + 8 + 8 taken, 6.50 returned.
    expect((await current("user")).expectedCash).toBe("116.00");
    expect(shift.id).toBeGreaterThan(0);
  });

  test("never pays more than the till should hold: 422 TILL_SHORT until it is topped up", async () => {
    // Issue 21: a €2,000.00 slip from a till opened with nothing in it answered 200 and left
    // the shift's expected cash at -2000.00. Only the €1,000.00 stake is in this till.
    const shift = await openShift("admin", ids.shopId, "0.00");
    const bet = await placeCash("admin", { stakeAmount: "1000.00", odds: "2.00" });
    await settle(bet.id, "WON");
    const { code } = await slipOf(bet.id);
    const rows = rowsOf(bet.id).length;
    const short = await pay(code, "admin");
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({
      message:
        "This slip pays €2,000.00 but the till should hold only €1,000.00: top up the till first",
      code: "UNPROCESSABLE",
      reason: "TILL_SHORT",
      params: { amountCents: 200_000, expectedCents: 100_000 },
    });
    // Nothing moved: no row, the slip unpaid, the till as it was.
    expect(rowsOf(bet.id)).toHaveLength(rows);
    expect((await slipOf(bet.id)).paid).toBeNull();
    expect((await current("admin")).expectedCash).toBe("1000.00");
    // A cent short is still short; with the till topped up to the amount, it pays to zero.
    const topUp = (amount: string) =>
      t.json("POST", `/api/shifts/${shift.id}/movements`, {
        as: "admin",
        body: { kind: "topup", amount, reason: "From the safe" },
      });
    await topUp("999.99");
    expect((await pay(code, "admin")).status).toBe(422);
    await topUp("0.01");
    expect((await pay(code, "admin")).status).toBe(200);
    expect((await current("admin")).expectedCash).toBe("0.00");
  });

  test("needs the payer's open shift (422); LARGE_AMOUNT or more needs an admin (403)", async () => {
    // €500.00 float + the €500.00 stake: the till holds the €1,000.00 the slip pays.
    await openShift("admin", ids.shopId, "500.00");
    const bet = await placeCash("admin", { stakeAmount: "500.00", odds: "2.00" });
    await settle(bet.id, "WON");
    const { code } = await slipOf(bet.id);
    const noShift = await pay(code, "user");
    expect(noShift.status).toBe(422);
    expect((await noShift.json()).message).toBe(
      "Paying a slip needs an open shift: open one first",
    );
    await openShift("user");
    const staff = await pay(code, "user");
    expect(staff.status).toBe(403);
    expect((await staff.json()).message).toBe("An admin is needed to pay €1,000.00 or more");
    expect((await pay(code, "admin")).status).toBe(200);
  });

  test("a paid slip's outcome stands; an unpaid cash bet re-settles without ledger rows", async () => {
    await openShift("user");
    const paid = await placeCash("user");
    await settle(paid.id, "WON");
    expect((await pay((await slipOf(paid.id)).code)).status).toBe(200);
    const refused = await t.request("POST", `/api/admin/bets/${paid.id}/resettle`, {
      body: { status: "LOST", reason: "Stewards' enquiry" },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain("slip has been paid");

    const unpaid = await placeCash("user");
    await settle(unpaid.id, "WON");
    const moved = await t.json<{ bet: BetDto }>("POST", `/api/admin/bets/${unpaid.id}/resettle`, {
      body: { status: "LOST", reason: "Stewards' enquiry" },
      expect: 200,
    });
    expect(moved.bet.status).toBe("LOST");
    expect(rowsOf(unpaid.id)).toHaveLength(1);
  });

  test("each shift counts only its own cash: other users' and shops' bets and payments stay out", async () => {
    const mine = await openShift("user", ids.shopId, "50.00");
    const theirs = await openShift("admin", ids.quayId, "0.00");
    await placeCash("user", { stakeAmount: "10.00", odds: "2.00" });
    const b = await placeCash("admin", { stakeAmount: "4.00", odds: "3.00" });
    await settle(b.id, "WON");
    // The admin's winner is paid from the user's till: the user's shift pays it out.
    expect((await pay((await slipOf(b.id)).code, "user")).status).toBe(200);
    const userFigures = await t.json<ShiftDto>("GET", `/api/shifts/${mine.id}`);
    expect(userFigures).toMatchObject({
      cashStakes: "10.00",
      cashPayouts: "12.00",
      expectedCash: "48.00",
    });
    const adminFigures = await t.json<ShiftDto>("GET", `/api/shifts/${theirs.id}`);
    expect(adminFigures).toMatchObject({
      cashStakes: "4.00",
      cashPayouts: "0.00",
      expectedCash: "4.00",
    });
  });
});

describe("the books check covers cash bets", () => {
  test("a paid slip without its row, or a row for an unpaid slip, is found", async () => {
    await openShift("user");
    const bet = await placeCash("user");
    await settle(bet.id, "WON");
    expect((await pay((await slipOf(bet.id)).code)).status).toBe(200);
    const unpaid = await placeCash("user");
    await settle(unpaid.id, "WON");
    const db = t.handle.sqlite;
    db.run("update bets set paid_at = null, paid_by = null, paid_shift_id = null where id = ?", [
      bet.id,
    ]);
    db.run(
      "update bets set paid_at = 1, paid_by = null, paid_shift_id = (select id from shifts limit 1) where id = ?",
      [unpaid.id],
    );
    const report = checkBooks(t.handle.db);
    expect(report.violations.map((v) => [v.rule, v.entityId])).toEqual(
      expect.arrayContaining([
        ["bet-payout", bet.id],
        ["bet-payout", unpaid.id],
      ]),
    );
    // Put back as it was, so afterEach's checks see honest books.
    db.run("update bets set paid_at = null, paid_shift_id = null where id = ?", [unpaid.id]);
    db.run(
      "update bets set paid_at = 1, paid_by = ?, paid_shift_id = (select id from shifts limit 1) where id = ?",
      [t.ids.user, bet.id],
    );
  });
});

describe("CASH_BET_MAX_STAKE", () => {
  test("unset is LARGE_AMOUNT; a literal amount sets it; anything else stops the start", () => {
    expect(readEnv({}).CASH_BET_MAX_STAKE).toBeUndefined();
    expect(readEnv({ CASH_BET_MAX_STAKE: "" }).CASH_BET_MAX_STAKE).toBeUndefined();
    expect(readEnv({ CASH_BET_MAX_STAKE: "250.00" }).CASH_BET_MAX_STAKE).toBe(25_000);
    for (const bad of ["0", "1,000.00", "-5", "lots"]) {
      expect(() => readEnv({ CASH_BET_MAX_STAKE: bad })).toThrow("CASH_BET_MAX_STAKE");
    }
  });

  test("a lower cap than LARGE_AMOUNT holds staff to it", async () => {
    t.deps.cashBetMaxStakeCents = 25_000;
    await openShift("user");
    const over = await cashBet("user", { stakeAmount: "250.01", odds: "2.00" });
    expect(over.status).toBe(403);
    expect((await over.json()).message).toBe("An admin is needed to take a cash bet above €250.00");
    expect((await cashBet("user", { stakeAmount: "250.00", odds: "2.00" })).status).toBe(201);
  });
});
