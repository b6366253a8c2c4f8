import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { type BooksRule, checkBooks } from "./books-check";

let t: TestApp;
let ids: {
  customerId: number;
  shopId: number;
  depositId: number;
  reversedId: number;
  won: number;
  lost: number;
  voided: number;
  pending: number;
};

/** A small, correct set of books: deposits, a reversal, bets in every state, a transfer. */
beforeEach(async () => {
  t = await createTestApp();
  const { customerId, shopId } = await seedBasics(t, { creditLimit: "100" });
  const dep = await t.json<{ id: number }>("POST", "/api/deposits", {
    body: { customerId, shopId, amount: "200" },
  });
  const other = await t.json<{ id: number }>("POST", "/api/deposits", {
    body: { customerId, shopId, amount: "5" },
  });
  await t.json("POST", "/api/admin/reverse-transaction", {
    body: { transactionId: other.id, reason: "Keyed in error" },
  });
  await t.json("POST", "/api/transactions", {
    body: {
      amount: "20",
      fromEntityType: "SHOP",
      fromEntityId: shopId,
      toEntityType: "USER",
      toEntityId: t.ids.admin,
    },
  });
  const bet = async (outcome: string) =>
    (
      await t.json<{ id: number }>("POST", "/api/bets", {
        body: {
          customerId,
          shopId,
          description: outcome,
          stakeAmount: "10",
          odds: "2.5",
          outcome,
          voidReason: outcome === "VOID" ? "Abandoned" : undefined,
        },
      })
    ).id;
  ids = {
    customerId,
    shopId,
    depositId: dep.id,
    reversedId: other.id,
    won: await bet("WON"),
    lost: await bet("LOST"),
    voided: await bet("VOID"),
    pending: await bet("PENDING"),
  };
});
afterEach(() => t.close());

const run = (sql: string, ...params: (number | string | null)[]) =>
  t.handle.sqlite.run(sql, params);

describe("the books check", () => {
  test("passes on books written through the API", async () => {
    const report = await t.json<{ ok: boolean; violations: unknown[]; checkedAt: string }>(
      "GET",
      "/api/admin/ledger-check",
    );
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(Date.parse(report.checkedAt)).not.toBeNaN();
  });

  /** Each plant corrupts the books by SQL and returns the id the violation must name. */
  const plants: [BooksRule, string, () => number][] = [
    [
      "customer-balance",
      "a customer balance changed by SQL",
      () => {
        run("update customers set balance_cents = balance_cents + 1 where id = ?", ids.customerId);
        return ids.customerId;
      },
    ],
    [
      "shop-balance",
      "a shop till changed by SQL",
      () => {
        run("update shops set balance_cents = 0 where id = ?", ids.shopId);
        return ids.shopId;
      },
    ],
    [
      "bet-stake",
      "a bet whose BETTING row is gone",
      () => {
        run("pragma foreign_keys = off");
        run("delete from transactions where bet_id = ? and type = 'BETTING'", ids.pending);
        return ids.pending;
      },
    ],
    [
      "bet-payout",
      "a LOST bet with a PAYOUT",
      () => {
        run(
          `insert into transactions (type, amount_cents, status, from_entity_type, from_entity_id,
           to_entity_type, to_entity_id, bet_id, created_at)
         values ('PAYOUT', 2500, 'COMPLETED', 'SHOP', ?, 'CUSTOMER', ?, ?, 0)`,
          ids.shopId,
          ids.customerId,
          ids.lost,
        );
        return ids.lost;
      },
    ],
    [
      "bet-payout",
      "a WON bet whose PAYOUT is for the wrong amount",
      () => {
        run(
          "update transactions set amount_cents = 1 where bet_id = ? and type = 'PAYOUT'",
          ids.won,
        );
        return ids.won;
      },
    ],
    [
      "bet-refund",
      "a VOID bet without its REFUND",
      () => {
        run(
          "update bets set status = 'VOID', void_reason = 'x', actual_payout_cents = null where id = ?",
          ids.lost,
        );
        return ids.lost;
      },
    ],
    [
      "bet-state",
      "a potential payout that is not stake x odds",
      () => {
        run(
          "update bets set potential_payout_cents = potential_payout_cents + 1 where id = ?",
          ids.pending,
        );
        return ids.pending;
      },
    ],
    [
      "bet-state",
      "a VOID bet without a reason",
      () => {
        run("update bets set void_reason = '  ' where id = ?", ids.voided);
        return ids.voided;
      },
    ],
    [
      "ledger-row",
      "a DEPOSIT stored the wrong way round",
      () => {
        run(
          `update transactions set from_entity_type = 'SHOP', from_entity_id = ?,
           to_entity_type = 'CUSTOMER', to_entity_id = ? where id = ?`,
          ids.shopId,
          ids.customerId,
          ids.depositId,
        );
        return ids.depositId;
      },
    ],
    [
      "ledger-row",
      "a row naming a shop that does not exist",
      () => {
        run("update transactions set to_entity_id = 999 where id = ?", ids.depositId);
        return ids.depositId;
      },
    ],
    [
      "reversal",
      "a reversed row no longer archived",
      () => {
        run("update transactions set archived_at = null where id = ?", ids.reversedId);
        const reversal = t.handle.sqlite
          .query("select id from transactions where reversal_of = ?")
          .get(ids.reversedId) as { id: number };
        return reversal.id;
      },
    ],
    [
      "reversal",
      "an archived row without a reversal",
      () => {
        run("update transactions set archived_at = 1 where id = ?", ids.depositId);
        return ids.depositId;
      },
    ],
  ];

  test.each(plants)("finds a planted %s violation: %s", (rule, _what, plant) => {
    expect(checkBooks(t.deps.db).ok).toBe(true);
    const entityId = plant();
    const report = checkBooks(t.deps.db);
    expect(report.ok).toBe(false);
    const found = report.violations.filter((v) => v.rule === rule);
    expect(found.map((v) => v.entityId)).toContain(entityId);
    expect(found[0]?.message.length).toBeGreaterThan(10);
  });

  test("caps each rule at the limit and says the report is truncated", () => {
    run("update customers set balance_cents = 1");
    run("update shops set balance_cents = 1");
    const report = checkBooks(t.deps.db, 1);
    expect(report.truncated).toBe(true);
    expect(report.violations.filter((v) => v.rule === "customer-balance")).toHaveLength(1);
  });
});
