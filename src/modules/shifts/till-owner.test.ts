/**
 * A till is a person's, and holds what it holds (decision 078), through the real app and a
 * real SQLite database:
 * - an API token acts with its admin's id but has no till: its deposits and withdrawals are
 *   in no shift (never in the admin's open one), with REQUIRE_SHIFT on it moves no money, it
 *   takes no cash bet, and opening, closing, moving cash in or paying a slip from a till
 *   need a person;
 * - nor is any shift its own (decision 086): `current` is null under a token, and a
 *   `user`-role token sees no shift as its own, where an admin-role token sees what an admin
 *   sees;
 * - a withdrawal taken in a shift is refused when the till is not expected to hold it, as a
 *   pick-up and a slip's payment are (decision 070).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { CreatedApiTokenDto } from "../../domain/dto";

let t: TestApp;
let shopId: number;
let customerId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ shopId, customerId } = await seedBasics(t));
});
afterEach(() => t.close());

interface Shift {
  id: number;
  deposits: string;
  withdrawals: string;
  expectedCash: string;
}

/** A request with the token, as a machine client sends it (no cookie, no Origin). */
const withToken = (token: string, method: string, path: string, body?: unknown) =>
  t.request(method, path, { bearer: token, body, peer: "192.0.2.9" });

const makeToken = async (role: "admin" | "user") =>
  (
    await t.json<CreatedApiTokenDto>("POST", "/api/admin/tokens", {
      body: { name: `sync-${role}`, role },
    })
  ).token;
const adminToken = () => makeToken("admin");

const openShift = (openingFloat: string) =>
  t.json<Shift>("POST", "/api/shifts", { body: { shopId, openingFloat } });

const currentShift = () => t.json<Shift>("GET", "/api/shifts/current");

describe("an API token has no till", () => {
  test("its deposit and withdrawal are in no shift, and the admin's open till is untouched", async () => {
    const shift = await openShift("50.00");
    const token = await adminToken();
    const deposit = await withToken(token, "POST", "/api/deposits", {
      customerId,
      shopId,
      amount: "40.00",
    });
    expect(deposit.status).toBe(201);
    expect(((await deposit.json()) as { shiftId: number | null }).shiftId).toBeNull();
    const withdrawal = await withToken(token, "POST", "/api/withdrawals", {
      customerId,
      shopId,
      amount: "15.00",
    });
    expect(withdrawal.status).toBe(201);
    expect(((await withdrawal.json()) as { shiftId: number | null }).shiftId).toBeNull();
    expect(await currentShift()).toMatchObject({
      id: shift.id,
      deposits: "0.00",
      withdrawals: "0.00",
      expectedCash: "50.00",
    });
    // The same deposit by the admin in person is the till's.
    const inPerson = await t.json<{ shiftId: number | null }>("POST", "/api/deposits", {
      body: { customerId, shopId, amount: "10.00" },
    });
    expect(inPerson.shiftId).toBe(shift.id);
    expect((await currentShift()).expectedCash).toBe("60.00");
  });

  test("with REQUIRE_SHIFT on it moves no money, though its admin has a shift open there", async () => {
    await openShift("50.00");
    t.deps.requireShift = true;
    const token = await adminToken();
    for (const path of ["/api/deposits", "/api/withdrawals"]) {
      const res = await withToken(token, "POST", path, { customerId, shopId, amount: "5.00" });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        code: "UNPROCESSABLE",
        reason: "TOKEN_NO_TILL",
        message: "An API token has no till: cash is taken and paid by a person with an open shift",
      });
    }
    const count = t.handle.sqlite.query("select count(*) as n from transactions").get() as {
      n: number;
    };
    expect(count.n).toBe(0);
  });

  test("it takes no cash bet, and the till's own endpoints need a person", async () => {
    const shift = await openShift("50.00");
    const token = await adminToken();
    const cashBet = await withToken(token, "POST", "/api/bets", {
      payment: "cash",
      description: "Red Rum to win",
      stakeAmount: "5",
      odds: "2",
    });
    expect(cashBet.status).toBe(422);
    expect(((await cashBet.json()) as { reason: string }).reason).toBe("TOKEN_NO_TILL");
    // A cash bet taken in person, settled Won: its slip is paid by a person, not a token.
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      body: { payment: "cash", description: "Arkle to win", stakeAmount: "5", odds: "2" },
    });
    await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "WON" } });
    const { code } = await t.json<{ code: string }>("GET", `/api/bets/${bet.id}/slip`);
    const refused: [string, string, unknown?][] = [
      ["POST", `/api/slips/${code}/pay`],
      ["POST", "/api/shifts", { shopId, openingFloat: "10.00" }],
      [
        "POST",
        `/api/shifts/${shift.id}/movements`,
        { kind: "topup", amount: "5.00", reason: "Coins" },
      ],
      ["POST", `/api/shifts/${shift.id}/close`, { countedCash: "55.00" }],
    ];
    for (const [method, path, body] of refused) {
      const res = await withToken(token, method, path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    expect(await currentShift()).toMatchObject({ id: shift.id, expectedCash: "55.00" });
  });
});

describe("no shift is a token's own (decision 086)", () => {
  /** The admin's open shift and a cashier's, each opened in person. */
  const twoOpenShifts = async () => {
    const admins = await openShift("50.00");
    const cashiers = await t.json<Shift>("POST", "/api/shifts", {
      as: "user",
      body: { shopId, openingFloat: "20.00" },
    });
    return { admins, cashiers };
  };
  const listed = async (token: string) => {
    const res = await withToken(token, "GET", "/api/shifts");
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as Shift[]).map((s) => s.id).sort((a, b) => a - b);
    return { ids, total: res.headers.get("X-Total-Count") };
  };

  const current = async (token: string) => {
    const res = await withToken(token, "GET", "/api/shifts/current");
    expect(res.status).toBe(200);
    return res.json();
  };

  test("an admin-role token has no current shift, and sees every shift as an admin does", async () => {
    const { admins, cashiers } = await twoOpenShifts();
    const token = await adminToken();
    expect(await current(token)).toBeNull();
    expect(await listed(token)).toEqual({ ids: [admins.id, cashiers.id], total: "2" });
    for (const id of [admins.id, cashiers.id]) {
      const res = await withToken(token, "GET", `/api/shifts/${id}`);
      expect({ id, status: res.status }).toEqual({ id, status: 200 });
    }
    // The admin in person still has theirs.
    expect((await currentShift()).id).toBe(admins.id);
  });

  test("a user-role token has no current shift, lists none and reads none (404)", async () => {
    const { admins, cashiers } = await twoOpenShifts();
    const token = await makeToken("user");
    expect(await current(token)).toBeNull();
    expect(await listed(token)).toEqual({ ids: [], total: "0" });
    // Asking for the admin's shifts by userId changes nothing: the scope is forced.
    const byUser = await withToken(token, "GET", `/api/shifts?userId=${t.ids.admin}`);
    expect(await byUser.json()).toEqual([]);
    for (const id of [admins.id, cashiers.id]) {
      const res = await withToken(token, "GET", `/api/shifts/${id}`);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
  });
});

describe("a withdrawal from a till that does not hold it", () => {
  test("is refused beyond the till's expected cash, and taken up to it", async () => {
    // €200.00 on the account from elsewhere (no shift), then a shift with a €20.00 float.
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "200.00" } });
    const shift = await openShift("20.00");
    const res = await t.request("POST", "/api/withdrawals", {
      body: { customerId, shopId, amount: "20.01" },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message:
        "This withdrawal pays €20.01 but the till should hold only €20.00: top up the till first",
      code: "UNPROCESSABLE",
      reason: "WITHDRAWAL_TILL_SHORT",
      params: { amountCents: 2001, expectedCents: 2000 },
    });
    expect((await currentShift()).withdrawals).toBe("0.00");
    const taken = await t.json<{ shiftId: number }>("POST", "/api/withdrawals", {
      body: { customerId, shopId, amount: "20.00" },
    });
    expect(taken.shiftId).toBe(shift.id);
    expect((await currentShift()).expectedCash).toBe("0.00");
  });

  test("outside a shift the till is not known, and the customer's balance alone decides", async () => {
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "30.00" } });
    const taken = await t.json<{ shiftId: number | null }>("POST", "/api/withdrawals", {
      body: { customerId, shopId, amount: "30.00" },
    });
    expect(taken.shiftId).toBeNull();
  });
});
