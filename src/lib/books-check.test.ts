import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { refreshStatistics } from "../db/client";
import { type BooksRule, type BooksViolation, betRowsSql, checkBooks } from "./books-check";

let t: TestApp;
let ids: {
  customerId: number;
  shopId: number;
  depositId: number;
  reversedId: number;
  reversalId: number;
  transferId: number;
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
  const transfer = await t.json<{ id: number }>("POST", "/api/transactions", {
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
    reversalId: rowId("select id from transactions where reversal_of = ?", other.id),
    transferId: transfer.id,
    won: await bet("WON"),
    lost: await bet("LOST"),
    voided: await bet("VOID"),
    pending: await bet("PENDING"),
  };
});
afterEach(() => t.close());

const run = (sql: string, ...params: (number | string | null)[]) =>
  t.handle.sqlite.run(sql, params);

function rowId(sql: string, ...params: (number | string | null)[]): number {
  const row = t.handle.sqlite.query(sql).get(...params) as { id: number } | null;
  if (!row) throw new Error(`no row for ${sql}`);
  return row.id;
}

/** A bet's one row of a type. */
const rowOf = (type: string) => (betId: number) =>
  rowId(`select id from transactions where bet_id = ? and type = '${type}'`, betId);
const betting = rowOf("BETTING");
const payout = rowOf("PAYOUT");
const refund = rowOf("REFUND");

/** A COMPLETED ledger row written by SQL, without touching any balance. */
function insertRow(
  type: string,
  amountCents: number,
  from: [string, number],
  to: [string, number],
  extra: { betId?: number; reversalOf?: number } = {},
): number {
  return rowId(
    `insert into transactions (type, amount_cents, status, from_entity_type, from_entity_id,
       to_entity_type, to_entity_id, bet_id, reversal_of, created_at)
     values (?, ?, 'COMPLETED', ?, ?, ?, ?, ?, ?, 0) returning id`,
    type,
    amountCents,
    from[0],
    from[1],
    to[0],
    to[1],
    extra.betId ?? null,
    extra.reversalOf ?? null,
  );
}

function insertCustomer(balanceCents: number): number {
  return rowId(
    `insert into customers (first_name, last_name, balance_cents, created_at)
     values ('No', 'Ledger', ?, 0) returning id`,
    balanceCents,
  );
}

const newShop = async () =>
  (
    await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "Quay Street", location: "Galway" },
    })
  ).id;

/** Puts a stored balance back in line with a planted row's effect on its ledger. */
const moveCustomer = (cents: number) =>
  run("update customers set balance_cents = balance_cents + ? where id = ?", cents, ids.customerId);
const moveShop = (cents: number) =>
  run("update shops set balance_cents = balance_cents + ? where id = ?", cents, ids.shopId);

const violation = (
  rule: BooksRule,
  entityType: BooksViolation["entityType"],
  entityId: number,
  message: string,
): BooksViolation => ({ rule, entityType, entityId, message });
const customerDrift = (id: number, stored: string, ledger: string) =>
  violation(
    "customer-balance",
    "CUSTOMER",
    id,
    `Customer #${id} has a stored balance of €${stored} but its ledger gives €${ledger}`,
  );
const shopDrift = (id: number, stored: string, ledger: string) =>
  violation(
    "shop-balance",
    "SHOP",
    id,
    `Shop #${id} has a stored balance of €${stored} but its ledger gives €${ledger}`,
  );
const betStake = (id: number, found: string) =>
  violation(
    "bet-stake",
    "BET",
    id,
    `Bet #${id} should have one BETTING row of its stake €10.00 from its customer to its shop; ${found}`,
  );
const betState = (id: number, problem: string) =>
  violation("bet-state", "BET", id, `Bet #${id}: ${problem}`);
const ledgerRow = (id: number, problem: string) =>
  violation("ledger-row", "TRANSACTION", id, `Transaction #${id}: ${problem}`);
const reversal = (id: number, problem: string) =>
  violation("reversal", "TRANSACTION", id, `Transaction #${id} ${problem}`);

const sorted = (list: BooksViolation[]) =>
  [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** Every rule the check has: the compiler refuses this list when a rule is added or gone. */
const EVERY_RULE = {
  "customer-balance": true,
  "shop-balance": true,
  "bet-stake": true,
  "bet-payout": true,
  "bet-refund": true,
  "bet-state": true,
  "ledger-row": true,
  reversal: true,
} satisfies Record<BooksRule, true>;

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

  /**
   * Every clause of every rule, each planted alone by SQL on correct books (a stored balance
   * that the corruption would also drift is put back in line, so the plant shows one fault),
   * with the exact violations the check must report, worked out by hand. The books before a
   * plant: the customer holds €195.00 (200 + 5 − 5 reversed − 4 × 10 staked + 25 won + 10
   * refunded), the shop's till €180.00 (200 + 5 − 5 − 20 transferred).
   */
  const plants: [string, () => BooksViolation[] | Promise<BooksViolation[]>][] = [
    // customer-balance
    [
      "customer-balance: a stored balance drifted from its ledger",
      () => {
        run("update customers set balance_cents = balance_cents + 1 where id = ?", ids.customerId);
        return [customerDrift(ids.customerId, "195.01", "195.00")];
      },
    ],
    [
      "customer-balance: a balance with no ledger row at all",
      () => {
        const id = insertCustomer(700);
        return [customerDrift(id, "7.00", "0.00")];
      },
    ],
    // shop-balance
    [
      "shop-balance: a till drifted from its ledger",
      () => {
        run("update shops set balance_cents = 0 where id = ?", ids.shopId);
        return [shopDrift(ids.shopId, "0.00", "180.00")];
      },
    ],
    [
      "shop-balance: a till with no till row at all (bet rows do not move it)",
      async () => {
        const id = await newShop();
        run("update shops set balance_cents = 300 where id = ?", id);
        run("update transactions set to_entity_id = ? where id = ?", id, betting(ids.pending));
        return [shopDrift(id, "3.00", "0.00"), betStake(ids.pending, "found 1 row(s), 0 matching")];
      },
    ],
    // bet-stake
    [
      "bet-stake: a bet whose BETTING row is gone",
      () => {
        run("pragma foreign_keys = off");
        run("delete from transactions where id = ?", betting(ids.pending));
        moveCustomer(1000);
        return [betStake(ids.pending, "found 0 row(s), 0 matching")];
      },
    ],
    [
      "bet-stake: a BETTING row of another amount than the stake",
      () => {
        run("update transactions set amount_cents = 999 where id = ?", betting(ids.pending));
        moveCustomer(1);
        return [betStake(ids.pending, "found 1 row(s), 0 matching")];
      },
    ],
    [
      "bet-stake: two BETTING rows",
      () => {
        insertRow("BETTING", 1000, ["CUSTOMER", ids.customerId], ["SHOP", ids.shopId], {
          betId: ids.pending,
        });
        moveCustomer(-1000);
        return [betStake(ids.pending, "found 2 row(s), 2 matching")];
      },
    ],
    [
      "bet-stake: a BETTING row to another shop than the bet's",
      async () => {
        const other = await newShop();
        run("update transactions set to_entity_id = ? where id = ?", other, betting(ids.pending));
        return [betStake(ids.pending, "found 1 row(s), 0 matching")];
      },
    ],
    // bet-payout
    [
      "bet-payout: a WON bet without its PAYOUT",
      () => {
        run("delete from transactions where id = ?", payout(ids.won));
        moveCustomer(-2500);
        return [
          violation(
            "bet-payout",
            "BET",
            ids.won,
            `WON bet #${ids.won} should have one PAYOUT of its actual payout €25.00; found 0 row(s) net of corrections, 0 matching`,
          ),
        ];
      },
    ],
    [
      "bet-payout: a WON bet with two PAYOUTs",
      () => {
        insertRow("PAYOUT", 2500, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          betId: ids.won,
        });
        moveCustomer(2500);
        return [
          violation(
            "bet-payout",
            "BET",
            ids.won,
            `WON bet #${ids.won} should have one PAYOUT of its actual payout €25.00; found 2 row(s) net of corrections, 2 matching`,
          ),
        ];
      },
    ],
    [
      "bet-payout: a WON bet whose PAYOUT is for the wrong amount",
      () => {
        run("update transactions set amount_cents = 1 where id = ?", payout(ids.won));
        moveCustomer(-2499);
        return [
          violation(
            "bet-payout",
            "BET",
            ids.won,
            `WON bet #${ids.won} should have one PAYOUT of its actual payout €25.00; found 1 row(s) net of corrections, 0 matching`,
          ),
        ];
      },
    ],
    [
      "bet-payout: a LOST bet with a PAYOUT",
      () => {
        insertRow("PAYOUT", 2500, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          betId: ids.lost,
        });
        moveCustomer(2500);
        return [
          violation(
            "bet-payout",
            "BET",
            ids.lost,
            `LOST bet #${ids.lost} should have no PAYOUT; found 1 net of corrections`,
          ),
        ];
      },
    ],
    [
      "bet-payout: a PENDING bet with a PAYOUT",
      () => {
        insertRow("PAYOUT", 2500, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          betId: ids.pending,
        });
        moveCustomer(2500);
        return [
          violation(
            "bet-payout",
            "BET",
            ids.pending,
            `PENDING bet #${ids.pending} should have no PAYOUT; found 1 net of corrections`,
          ),
        ];
      },
    ],
    // bet-refund
    [
      "bet-refund: a VOID bet without its REFUND",
      () => {
        run("delete from transactions where id = ?", refund(ids.voided));
        moveCustomer(-1000);
        return [
          violation(
            "bet-refund",
            "BET",
            ids.voided,
            `VOID bet #${ids.voided} should have one REFUND of its stake €10.00; found 0 row(s) net of corrections, 0 matching`,
          ),
        ];
      },
    ],
    [
      "bet-refund: a VOID bet with two REFUNDs",
      () => {
        insertRow("REFUND", 1000, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          betId: ids.voided,
        });
        moveCustomer(1000);
        return [
          violation(
            "bet-refund",
            "BET",
            ids.voided,
            `VOID bet #${ids.voided} should have one REFUND of its stake €10.00; found 2 row(s) net of corrections, 2 matching`,
          ),
        ];
      },
    ],
    [
      "bet-refund: a VOID bet whose REFUND is not its stake",
      () => {
        run("update transactions set amount_cents = 999 where id = ?", refund(ids.voided));
        moveCustomer(-1);
        return [
          violation(
            "bet-refund",
            "BET",
            ids.voided,
            `VOID bet #${ids.voided} should have one REFUND of its stake €10.00; found 1 row(s) net of corrections, 0 matching`,
          ),
        ];
      },
    ],
    [
      "bet-refund: a LOST bet with a REFUND",
      () => {
        insertRow("REFUND", 1000, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          betId: ids.lost,
        });
        moveCustomer(1000);
        return [
          violation(
            "bet-refund",
            "BET",
            ids.lost,
            `LOST bet #${ids.lost} should have no REFUND; found 1 net of corrections`,
          ),
        ];
      },
    ],
    // bet-state
    [
      "bet-state: a potential payout that is not stake x odds",
      () => {
        run("update bets set potential_payout_cents = 2501 where id = ?", ids.pending);
        return [
          betState(ids.pending, "potential payout €25.01 is not stake x odds at 2.50 (€25.00)"),
        ];
      },
    ],
    [
      "bet-state: decimal odds that are not the decimal of the bet's exact price",
      () => {
        run("update bets set odds_hundredths = 251 where id = ?", ids.pending);
        return [betState(ids.pending, "odds 2.51 are not the decimal of its price 2.50")];
      },
    ],
    [
      "bet-state: a WON bet paid (and recorded) other than its potential payout",
      () => {
        run("update bets set actual_payout_cents = 2400 where id = ?", ids.won);
        run("update transactions set amount_cents = 2400 where id = ?", payout(ids.won));
        moveCustomer(-100);
        return [betState(ids.won, "WON with actual payout €24.00, expected €25.00")];
      },
    ],
    [
      "bet-state: a LOST bet with an actual payout",
      () => {
        run("update bets set actual_payout_cents = 5 where id = ?", ids.lost);
        return [betState(ids.lost, "LOST with an actual payout other than 0.00")];
      },
    ],
    [
      "bet-state: a VOID bet with an actual payout",
      () => {
        run("update bets set actual_payout_cents = 1000 where id = ?", ids.voided);
        return [betState(ids.voided, "VOID with an actual payout")];
      },
    ],
    [
      "bet-state: a VOID bet without a reason",
      () => {
        run("update bets set void_reason = '  ' where id = ?", ids.voided);
        return [betState(ids.voided, "VOID without a reason")];
      },
    ],
    [
      "bet-state: a PENDING bet with a resolution time",
      () => {
        run("update bets set resolved_at = 1 where id = ?", ids.pending);
        return [betState(ids.pending, "PENDING but carries a payout or a resolution time")];
      },
    ],
    [
      "bet-state: a PENDING bet with an actual payout",
      () => {
        run("update bets set actual_payout_cents = 0 where id = ?", ids.pending);
        return [betState(ids.pending, "PENDING but carries a payout or a resolution time")];
      },
    ],
    [
      "bet-state: a settled bet without a resolution time",
      () => {
        run("update bets set resolved_at = null where id = ?", ids.lost);
        return [betState(ids.lost, "LOST without a resolution time")];
      },
    ],
    // ledger-row
    [
      "ledger-row: a bet row without a bet",
      () => {
        const id = insertRow("REFUND", 100, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId]);
        moveCustomer(100);
        return [ledgerRow(id, "REFUND row without a bet")];
      },
    ],
    [
      "ledger-row: a till row tied to a bet",
      () => {
        run("update transactions set bet_id = ? where id = ?", ids.pending, ids.depositId);
        return [ledgerRow(ids.depositId, `DEPOSIT row tied to bet #${ids.pending}`)];
      },
    ],
    [
      "ledger-row: a DEPOSIT stored the wrong way round",
      () => {
        run(
          `update transactions set from_entity_type = 'SHOP', from_entity_id = ?,
           to_entity_type = 'CUSTOMER', to_entity_id = ? where id = ?`,
          ids.shopId,
          ids.customerId,
          ids.depositId,
        );
        // Its €200.00 now counts against both parties: −400.00 each.
        moveCustomer(-40000);
        moveShop(-40000);
        return [ledgerRow(ids.depositId, "DEPOSIT row from SHOP to CUSTOMER is not allowed")];
      },
    ],
    [
      "ledger-row: a row that moves money from a party to itself",
      () => {
        run(
          "update transactions set to_entity_type = 'SHOP', to_entity_id = ? where id = ?",
          ids.shopId,
          ids.transferId,
        );
        moveShop(2000);
        return [ledgerRow(ids.transferId, "moves money from a party to itself")];
      },
    ],
    [
      "ledger-row: a row naming a customer that does not exist",
      () => {
        run("update transactions set from_entity_id = 999 where id = ?", ids.depositId);
        moveCustomer(-20000);
        return [ledgerRow(ids.depositId, "names a customer that does not exist")];
      },
    ],
    [
      "ledger-row: a row naming a shop that does not exist",
      () => {
        run("update transactions set to_entity_id = 999 where id = ?", ids.depositId);
        moveShop(-20000);
        return [ledgerRow(ids.depositId, "names a shop that does not exist")];
      },
    ],
    // reversal
    [
      "reversal: a reversal of a row that does not exist",
      () => {
        const id = insertRow("DEPOSIT", 100, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          reversalOf: 999_999,
        });
        moveCustomer(-100);
        moveShop(-100);
        return [reversal(id, "reverses #999999, which does not exist")];
      },
    ],
    [
      "reversal: a reversal of a reversal",
      () => {
        const id = insertRow("DEPOSIT", 500, ["CUSTOMER", ids.customerId], ["SHOP", ids.shopId], {
          reversalOf: ids.reversalId,
        });
        moveCustomer(500);
        moveShop(500);
        return [
          ledgerRow(id, "DEPOSIT row from CUSTOMER to SHOP (a reversal) is not allowed"),
          reversal(id, `reverses #${ids.reversalId}, which is itself a reversal`),
        ];
      },
    ],
    [
      "reversal: a reversal of a BETTING row",
      () => {
        const id = insertRow("BETTING", 1000, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          betId: ids.pending,
          reversalOf: betting(ids.pending),
        });
        moveCustomer(1000);
        return [
          betStake(ids.pending, "found 2 row(s), 1 matching"),
          ledgerRow(id, "BETTING row from SHOP to CUSTOMER (a reversal) is not allowed"),
          reversal(id, "reverses a BETTING row"),
        ];
      },
    ],
    [
      "reversal: a reversal that is not the exact opposite of its original",
      () => {
        run("update transactions set amount_cents = 400 where id = ?", ids.reversalId);
        moveCustomer(100);
        moveShop(100);
        return [reversal(ids.reversalId, `is not the exact opposite of #${ids.reversedId}`)];
      },
    ],
    [
      "reversal: a re-settlement's correction of an archived PAYOUT",
      async () => {
        await t.json("POST", `/api/admin/bets/${ids.won}/resettle`, {
          body: { status: "LOST", reason: "Wrong result keyed" },
          expect: 200,
        });
        expect(checkBooks(t.deps.db).violations).toEqual([]);
        const original = payout(ids.won);
        const correction = (
          t.handle.sqlite
            .query("select id from transactions where reversal_of = ?")
            .get(original) as { id: number }
        ).id;
        run("update transactions set archived_at = 1 where id = ?", original);
        return [reversal(correction, `corrects #${original}, which is archived`)];
      },
    ],
    [
      "reversal: a reversed row no longer archived",
      () => {
        run("update transactions set archived_at = null where id = ?", ids.reversedId);
        return [reversal(ids.reversalId, `reverses #${ids.reversedId}, which is not archived`)];
      },
    ],
    [
      "reversal: an archived reversal",
      () => {
        run("update transactions set archived_at = 1 where id = ?", ids.reversalId);
        return [
          reversal(ids.reversalId, "is a reversal but is archived"),
          reversal(ids.reversalId, "is archived but has no reversal"),
        ];
      },
    ],
    [
      "reversal: a row reversed twice",
      () => {
        const id = insertRow("DEPOSIT", 500, ["SHOP", ids.shopId], ["CUSTOMER", ids.customerId], {
          reversalOf: ids.reversedId,
        });
        moveCustomer(-500);
        moveShop(-500);
        return [
          reversal(ids.reversalId, `#${ids.reversedId} has been reversed more than once`),
          reversal(id, `#${ids.reversedId} has been reversed more than once`),
        ];
      },
    ],
    [
      "reversal: an archived row without a reversal",
      () => {
        run("update transactions set archived_at = 1 where id = ?", ids.depositId);
        return [reversal(ids.depositId, "is archived but has no reversal")];
      },
    ],
  ];

  test.each(plants)("reports exactly the planted fault: %s", async (_what, plant) => {
    expect(checkBooks(t.deps.db).violations).toEqual([]);
    const expected = await plant();
    const report = checkBooks(t.deps.db);
    expect(report.ok).toBe(false);
    expect(sorted(report.violations)).toEqual(sorted(expected));
  });

  test("every rule has a planted fault", () => {
    const planted = new Set(plants.map(([what]) => what.split(":")[0]));
    expect([...planted].sort()).toEqual(Object.keys(EVERY_RULE).sort());
  });

  test("reports each step as a job step code, in order, then done", () => {
    const seen: [number, number, string][] = [];
    checkBooks(t.deps.db, undefined, (done, total, step) => seen.push([done, total, step.code]));
    expect(seen).toEqual([
      [0, 4, "books-balances"],
      [1, 4, "books-bets"],
      [2, 4, "books-ledger-rows"],
      [3, 4, "books-reversals"],
      [4, 4, "done"],
    ]);
  });

  test("caps each rule at the limit and says the report is truncated", () => {
    run("update customers set balance_cents = 1");
    run("update shops set balance_cents = 1");
    const report = checkBooks(t.deps.db, 1);
    expect(report.truncated).toBe(true);
    expect(report.violations.filter((v) => v.rule === "customer-balance")).toHaveLength(1);
  });
});

describe("the bet rules' plan, on a database without statistics", () => {
  // A shop's own file is never ANALYZEd by hand: without sqlite_stat1 the planner once chose
  // the status index, visiting every COMPLETED row for each bet (minutes at 30,000 bets).
  test("reads each bet's rows through transactions_bet_idx, not the status index", () => {
    const stats = t.handle.sqlite
      .query("select count(*) as n from sqlite_master where name = 'sqlite_stat1'")
      .get() as { n: number };
    expect(stats.n).toBe(0);
    const plan = t.handle.db
      .all<{ detail: string }>(sql`explain query plan ${betRowsSql(100)}`)
      .map((r) => r.detail)
      .join("\n");
    expect(plan).toContain("transactions_bet_idx");
    expect(plan).not.toContain("transactions_status_idx");
  });

  test("refreshStatistics gives the planner its statistics", () => {
    refreshStatistics(t.handle.sqlite, true);
    const rows = t.handle.sqlite
      .query("select count(*) as n from sqlite_stat1 where tbl = 'transactions'")
      .get() as { n: number };
    expect(rows.n).toBeGreaterThan(0);
  });
});
