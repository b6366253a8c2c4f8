/**
 * DESIGN.md section 2's ledger table, one transaction type at a time, through the API; and
 * postLedgerEntry's assertion that every customer and shop it names exists.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { balances, ledgerViolations } from "../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { groupWrite } from "./group-commit";
import { type LedgerEntry, MissingPartyError, postLedgerEntry } from "./ledger";

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

const now = () => balances(t.handle.sqlite, ids.customerId, ids.shopId);
const deposit = (amount: string) => t.json("POST", "/api/deposits", { body: { ...ids, amount } });
const bet = (stakeAmount: string, odds = "2.00", extra: Record<string, unknown> = {}) =>
  t.json<{ id: number }>("POST", "/api/bets", {
    body: { ...ids, description: "Race 1", stakeAmount, odds, ...extra },
  });
const resolve = (id: number, body: Record<string, unknown>) =>
  t.json("PATCH", `/api/bets/${id}/resolve`, { body });

describe("ledger effects", () => {
  test("DEPOSIT: CUSTOMER -> SHOP, customer + amount, shop + amount", async () => {
    const row = await t.json<{ fromEntityType: string; toEntityType: string; type: string }>(
      "POST",
      "/api/deposits",
      { body: { ...ids, amount: "25.50" } },
    );
    expect(row).toMatchObject({
      type: "DEPOSIT",
      fromEntityType: "CUSTOMER",
      toEntityType: "SHOP",
    });
    expect(now()).toEqual({ customer: 2550, shop: 2550 });
  });

  test("WITHDRAWAL: SHOP -> CUSTOMER, customer - amount, shop - amount", async () => {
    await deposit("30");
    const row = await t.json<{ fromEntityType: string; toEntityType: string }>(
      "POST",
      "/api/withdrawals",
      {
        body: { ...ids, amount: "10.25" },
      },
    );
    expect(row).toMatchObject({ fromEntityType: "SHOP", toEntityType: "CUSTOMER" });
    expect(now()).toEqual({ customer: 1975, shop: 1975 });
  });

  test("BETTING: CUSTOMER -> SHOP, customer - stake, till untouched", async () => {
    await bet("12.00");
    expect(now()).toEqual({ customer: -1200, shop: 0 });
    const rows = await t.json<{ type: string; fromEntityType: string; amount: string }[]>(
      "GET",
      "/api/transactions?type=BETTING",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fromEntityType: "CUSTOMER", amount: "12.00" });
  });

  test("PAYOUT on WON: customer + potential payout, actualPayout set", async () => {
    const placed = await bet("10.00", "2.50");
    const won = await t.json<{ actualPayout: string; status: string }>(
      "PATCH",
      `/api/bets/${placed.id}/resolve`,
      {
        body: { status: "WON" },
      },
    );
    expect(won).toMatchObject({ status: "WON", actualPayout: "25.00" });
    expect(now()).toEqual({ customer: 1500, shop: 0 });
  });

  test("LOST: actualPayout 0, no further rows", async () => {
    const placed = await bet("10.00");
    const lost = await t.json<{ actualPayout: string }>("PATCH", `/api/bets/${placed.id}/resolve`, {
      body: { status: "LOST" },
    });
    expect(lost.actualPayout).toBe("0.00");
    expect(now()).toEqual({ customer: -1000, shop: 0 });
    expect(await t.json<unknown[]>("GET", `/api/transactions?betId=${placed.id}`)).toHaveLength(1);
  });

  test("REFUND on VOID: customer + stake, reason trimmed and stored", async () => {
    const placed = await bet("10.00");
    const voided = await t.json<{ status: string; voidReason: string }>(
      "PATCH",
      `/api/bets/${placed.id}/resolve`,
      {
        body: { status: "VOID", voidReason: "  Race abandoned  " },
      },
    );
    expect(voided).toMatchObject({ status: "VOID", voidReason: "Race abandoned" });
    expect(now()).toEqual({ customer: 0, shop: 0 });
  });

  test("TRANSFER between tills moves only the tills (admin)", async () => {
    const other = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "Quay", location: "Cork" },
    });
    await deposit("50");
    await t.json("POST", "/api/transactions", {
      body: {
        type: "TRANSFER",
        amount: "20",
        fromEntityType: "SHOP",
        fromEntityId: ids.shopId,
        toEntityType: "SHOP",
        toEntityId: other.id,
      },
    });
    await t.json("POST", "/api/transactions", {
      body: {
        amount: "5",
        fromEntityType: "SHOP",
        fromEntityId: other.id,
        toEntityType: "USER",
        toEntityId: t.ids.admin,
      },
    });
    await t.json("POST", "/api/transactions", {
      body: {
        amount: "1.50",
        fromEntityType: "USER",
        fromEntityId: t.ids.admin,
        toEntityType: "SHOP",
        toEntityId: ids.shopId,
      },
    });
    expect(now()).toEqual({ customer: 5000, shop: 3150 });
    const quay = await t.json<{ balance: string }>("GET", `/api/shops/${other.id}`);
    expect(quay.balance).toBe("15.00");
  });

  test("a transfer between two users is refused", async () => {
    const res = await t.request("POST", "/api/transactions", {
      body: {
        amount: "5",
        fromEntityType: "USER",
        fromEntityId: t.ids.admin,
        toEntityType: "USER",
        toEntityId: t.ids.user,
      },
    });
    expect(res.status).toBe(400);
  });

  test("an outcome other than PENDING places and resolves in one step with the same rows", async () => {
    const won = await t.json<{ status: string; actualPayout: string }>("POST", "/api/bets", {
      body: { ...ids, description: "Settled", stakeAmount: "4.00", odds: "3.00", outcome: "WON" },
    });
    expect(won).toMatchObject({ status: "WON", actualPayout: "12.00" });
    const voided = await t.json<{ status: string }>("POST", "/api/bets", {
      body: {
        ...ids,
        description: "Void",
        stakeAmount: "4.00",
        odds: "3.00",
        outcome: "VOID",
        voidReason: "Dead heat",
      },
    });
    expect(voided.status).toBe("VOID");
    expect(now()).toEqual({ customer: 800, shop: 0 });
  });

  test("bet placed with an outcome of VOID needs a reason", async () => {
    const res = await t.request("POST", "/api/bets", {
      body: { ...ids, description: "Void", stakeAmount: "4.00", odds: "3.00", outcome: "VOID" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Please provide a reason for voiding this bet",
    );
  });

  test("reading the customer shows the balance as a 2-decimal string", async () => {
    await deposit("0.1");
    await bet("0.05");
    const c = await t.json<{ balance: string; creditLimit: string }>(
      "GET",
      `/api/customers/${ids.customerId}`,
    );
    expect(c).toMatchObject({ balance: "0.05", creditLimit: "100.00" });
  });

  test("resolve is refused for a bet that is not pending (409) and changes nothing", async () => {
    const placed = await bet("10.00");
    await resolve(placed.id, { status: "LOST" });
    const again = await t.request("PATCH", `/api/bets/${placed.id}/resolve`, {
      body: { status: "WON" },
    });
    expect(again.status).toBe(409);
    expect(now()).toEqual({ customer: -1000, shop: 0 });
  });
});

describe("postLedgerEntry for a party that does not exist", () => {
  const MISSING = 999_999;
  const rowCount = () =>
    (t.handle.sqlite.query("select count(*) as n from transactions").get() as { n: number }).n;
  const post = (entry: Omit<LedgerEntry, "processedBy">) =>
    groupWrite(t.handle.db, (tx) =>
      postLedgerEntry(tx, { ...entry, processedBy: t.ids.admin }, Date.now()),
    );

  test("a missing customer is a thrown error and nothing is written", async () => {
    await deposit("10");
    const before = { rows: rowCount(), balances: now() };
    await expect(
      post({
        type: "DEPOSIT",
        amountCents: 500,
        from: { type: "CUSTOMER", id: MISSING },
        to: { type: "SHOP", id: ids.shopId },
      }),
    ).rejects.toThrow(new MissingPartyError({ type: "CUSTOMER", id: MISSING }));
    expect({ rows: rowCount(), balances: now() }).toEqual(before);
  });

  test("a missing shop is a thrown error: the customer's move already made is undone too", async () => {
    await deposit("10");
    const before = { rows: rowCount(), balances: now() };
    // The customer (the `from` side) is moved first, then the shop is found missing.
    await expect(
      post({
        type: "DEPOSIT",
        amountCents: 500,
        from: { type: "CUSTOMER", id: ids.customerId },
        to: { type: "SHOP", id: MISSING },
      }),
    ).rejects.toThrow(new MissingPartyError({ type: "SHOP", id: MISSING }));
    expect({ rows: rowCount(), balances: now() }).toEqual(before);
  });

  test("a missing shop on a bet row, which moves no till, is a thrown error too", async () => {
    const before = { rows: rowCount(), balances: now() };
    await expect(
      post({
        type: "BETTING",
        amountCents: 500,
        from: { type: "CUSTOMER", id: ids.customerId },
        to: { type: "SHOP", id: MISSING },
      }),
    ).rejects.toThrow(new MissingPartyError({ type: "SHOP", id: MISSING }));
    expect({ rows: rowCount(), balances: now() }).toEqual(before);
  });

  test("the services answer 404 first: a missing customer or shop in a body writes nothing", async () => {
    const before = { rows: rowCount(), balances: now() };
    const attempts = [
      ["/api/deposits", { customerId: MISSING, shopId: ids.shopId, amount: "5" }],
      ["/api/deposits", { customerId: ids.customerId, shopId: MISSING, amount: "5" }],
      ["/api/withdrawals", { customerId: MISSING, shopId: ids.shopId, amount: "5" }],
      [
        "/api/bets",
        {
          customerId: ids.customerId,
          shopId: MISSING,
          description: "x",
          stakeAmount: "1",
          odds: "2",
        },
      ],
      [
        "/api/transactions",
        {
          amount: "5",
          fromEntityType: "SHOP",
          fromEntityId: MISSING,
          toEntityType: "USER",
          toEntityId: t.ids.admin,
        },
      ],
    ] as const;
    for (const [path, body] of attempts) {
      const res = await t.request("POST", path, { body });
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 404 });
    }
    expect({ rows: rowCount(), balances: now() }).toEqual(before);
  });
});
