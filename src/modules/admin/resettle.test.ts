import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type {
  BetDto,
  BetSettlementDto,
  CorrectionPreviewDto,
  ResettlementDto,
} from "../../domain/dto";
import { checkBooks } from "../../lib/books-check";
import { ROLLUP_TABLES, rebuildRollups } from "../reports/rollups";

let t: TestApp;
let shopId: number;
let customerId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ shopId, customerId } = await seedBasics(t, { creditLimit: "50" }));
  await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "100" } });
});
afterEach(() => t.close());

const sqlite = () => t.handle.sqlite;
const count = (table: string) =>
  (sqlite().query(`select count(*) as n from ${table}`).get() as { n: number }).n;
const balances = async () => ({
  customer: (await t.json<{ balance: string }>("GET", `/api/customers/${customerId}`)).balance,
  shop: (await t.json<{ balance: string }>("GET", `/api/shops/${shopId}`)).balance,
});

/** A bet of 10.00 at 2.50 (pays 25.00), settled as `outcome`. */
async function settledBet(outcome: "WON" | "LOST" | "VOID") {
  const bet = await t.json<BetDto>("POST", "/api/bets", {
    body: { customerId, shopId, description: "Derby", stakeAmount: "10", odds: "2.50" },
  });
  await t.json("PATCH", `/api/bets/${bet.id}/resolve`, {
    body: { status: outcome, voidReason: outcome === "VOID" ? "Abandoned" : undefined },
  });
  return bet.id;
}

const resettle = (
  betId: number,
  body: Record<string, unknown>,
  opts: { expect?: number; as?: "admin" | "user" | "customer"; key?: string } = {},
) =>
  t.json<ResettlementDto>("POST", `/api/admin/bets/${betId}/resettle`, {
    body: { reason: "Wrong result entered", ...body },
    expect: opts.expect ?? 200,
    as: opts.as,
    headers: opts.key ? { "Idempotency-Key": opts.key } : undefined,
  });

/** Each roll-up table as stored and as rebuilt from the bets (the rebuild rolled back). */
function rollupsAgainstRecomputation() {
  const read = () =>
    ROLLUP_TABLES.map((table) => sqlite().query(`select * from ${table} order by 1, 2, 3`).all());
  const stored = read();
  sqlite().run("begin immediate");
  try {
    rebuildRollups(sqlite());
    return { stored, recomputed: read() };
  } finally {
    sqlite().run("rollback");
  }
}

/** The books check, the independent invariants and the roll-ups all agree with the data. */
function expectBooksRight() {
  expect(checkBooks(t.deps.db).violations).toEqual([]);
  expect(ledgerViolations(sqlite())).toEqual([]);
  const { stored, recomputed } = rollupsAgainstRecomputation();
  expect(stored).toEqual(recomputed);
}

const betRows = (betId: number) =>
  sqlite()
    .query(
      `select id, type, amount_cents as amount, from_entity_type as "from", to_entity_type as "to",
         reversal_of as reversalOf, archived_at as archivedAt
       from transactions where bet_id = ? order by id`,
    )
    .all(betId) as {
    id: number;
    type: string;
    amount: number;
    from: string;
    to: string;
    reversalOf: number | null;
    archivedAt: number | null;
  }[];

describe("re-settling a bet", () => {
  test("WON to LOST takes the payout back with its exact opposite, never editing a row", async () => {
    const betId = await settledBet("WON");
    expect(await balances()).toEqual({ customer: "115.00", shop: "100.00" });
    const [, payout] = betRows(betId);
    const answer = await resettle(betId, { status: "LOST" });
    expect(answer.dryRun).toBe(false);
    expect(answer.bet).toMatchObject({ status: "LOST", actualPayout: "0.00", voidReason: null });
    expect(answer.rows).toEqual([
      {
        type: "PAYOUT",
        amount: "25.00",
        fromEntityType: "CUSTOMER",
        fromEntityId: customerId,
        fromName: "Ada Lovelace",
        toEntityType: "SHOP",
        toEntityId: shopId,
        toName: "Main Street",
        description: `Correction of #${payout?.id}: bet #${betId} re-settled WON to LOST`,
        betId,
        reversalOf: payout?.id ?? -1,
        reason: "Wrong result entered",
        shiftId: null,
      },
    ]);
    expect(answer.balances).toEqual([
      {
        party: "CUSTOMER",
        id: customerId,
        name: "Ada Lovelace",
        beforeAmount: "115.00",
        afterAmount: "90.00",
        creditLimit: "50.00",
      },
    ]);
    // The original PAYOUT is untouched: not archived, same amount and parties.
    expect(betRows(betId)).toEqual([
      expect.objectContaining({ type: "BETTING", amount: 1000, reversalOf: null }),
      { ...(payout as NonNullable<typeof payout>) },
      expect.objectContaining({
        type: "PAYOUT",
        amount: 2500,
        from: "CUSTOMER",
        to: "SHOP",
        reversalOf: payout?.id,
        archivedAt: null,
      }),
    ]);
    expect(await balances()).toEqual({ customer: "90.00", shop: "100.00" });
    expectBooksRight();
  });

  test("LOST to WON writes the payout", async () => {
    const betId = await settledBet("LOST");
    expect(await balances()).toEqual({ customer: "90.00", shop: "100.00" });
    const answer = await resettle(betId, { status: "WON" });
    expect(answer.bet).toMatchObject({ status: "WON", actualPayout: "25.00" });
    expect(answer.rows.map((r) => [r.type, r.amount, r.fromEntityType, r.reversalOf])).toEqual([
      ["PAYOUT", "25.00", "SHOP", null],
    ]);
    expect(await balances()).toEqual({ customer: "115.00", shop: "100.00" });
    expectBooksRight();
  });

  test("LOST to VOID refunds the stake, and back to LOST takes the refund back", async () => {
    const betId = await settledBet("LOST");
    await resettle(betId, { status: "VOID", voidReason: "Race abandoned" });
    expect(await balances()).toEqual({ customer: "100.00", shop: "100.00" });
    expectBooksRight();
    const back = await resettle(betId, { status: "LOST", reason: "Race did run after all" });
    expect(back.rows.map((r) => [r.type, r.amount, r.fromEntityType, r.toEntityType])).toEqual([
      ["REFUND", "10.00", "CUSTOMER", "SHOP"],
    ]);
    expect(back.bet).toMatchObject({ status: "LOST", actualPayout: "0.00", voidReason: null });
    expect(await balances()).toEqual({ customer: "90.00", shop: "100.00" });
    expectBooksRight();
  });

  test("WON to VOID and back to WON: each step undoes the old row and writes the new one", async () => {
    const betId = await settledBet("WON");
    const toVoid = await resettle(betId, { status: "VOID", voidReason: "Abandoned" });
    expect(toVoid.rows.map((r) => [r.type, r.amount, r.fromEntityType])).toEqual([
      ["PAYOUT", "25.00", "CUSTOMER"],
      ["REFUND", "10.00", "SHOP"],
    ]);
    expect(toVoid.balances).toEqual([
      expect.objectContaining({ beforeAmount: "115.00", afterAmount: "100.00" }),
    ]);
    expect(toVoid.bet).toMatchObject({
      status: "VOID",
      actualPayout: null,
      voidReason: "Abandoned",
    });
    expect(await balances()).toEqual({ customer: "100.00", shop: "100.00" });
    expectBooksRight();
    const toWon = await resettle(betId, { status: "WON" });
    expect(toWon.rows.map((r) => [r.type, r.amount, r.fromEntityType])).toEqual([
      ["REFUND", "10.00", "CUSTOMER"],
      ["PAYOUT", "25.00", "SHOP"],
    ]);
    expect(await balances()).toEqual({ customer: "115.00", shop: "100.00" });
    expectBooksRight();
    // Then WON to LOST corrects the second PAYOUT (the live one), not the first.
    const rowsBefore = betRows(betId);
    const livePayout = rowsBefore.filter((r) => r.type === "PAYOUT" && r.reversalOf === null)[1];
    const toLost = await resettle(betId, { status: "LOST" });
    expect(toLost.rows[0]?.reversalOf).toBe(livePayout?.id ?? -1);
    expect(await balances()).toEqual({ customer: "90.00", shop: "100.00" });
    expectBooksRight();
  });

  test("the bet keeps its history: each earlier outcome, who changed it, when and why", async () => {
    const betId = await settledBet("WON");
    await resettle(betId, { status: "VOID", voidReason: "Abandoned", reason: "Steward's inquiry" });
    await resettle(betId, { status: "LOST", reason: "Inquiry overturned" });
    const history = await t.json<BetSettlementDto[]>("GET", `/api/bets/${betId}/settlements`, {
      as: "user",
    });
    expect(history).toEqual([
      expect.objectContaining({
        betId,
        fromStatus: "WON",
        fromPayout: "25.00",
        fromVoidReason: null,
        fromResolvedByUser: { id: t.ids.admin, username: "admin1" },
        toStatus: "VOID",
        toPayout: null,
        toVoidReason: "Abandoned",
        reason: "Steward's inquiry",
        settledByUser: { id: t.ids.admin, username: "admin1" },
      }),
      expect.objectContaining({
        fromStatus: "VOID",
        fromPayout: null,
        fromVoidReason: "Abandoned",
        toStatus: "LOST",
        toPayout: "0.00",
        reason: "Inquiry overturned",
      }),
    ]);
    const bet = await t.json<BetDto>("GET", `/api/bets/${betId}`);
    expect(bet).toMatchObject({ status: "LOST", resolvedBy: t.ids.admin });
    // One audit row per re-settlement, naming the reason.
    const audits = sqlite()
      .query("select after from audit_log where action = 'bet.resettle' order by id")
      .all() as { after: string }[];
    expect(audits.map((a) => JSON.parse(a.after).reason)).toEqual([
      "Steward's inquiry",
      "Inquiry overturned",
    ]);
    // Each names the ledger rows it wrote: from a correcting row to the audit row that says why.
    // WON to VOID wrote the payout's correction and the refund; VOID to LOST the refund's.
    const [, firstPayout, ...corrections] = betRows(betId);
    expect(firstPayout?.type).toBe("PAYOUT");
    expect(audits.map((a) => JSON.parse(a.after).transactionIds)).toEqual([
      corrections.slice(0, 2).map((r) => r.id),
      corrections.slice(2).map((r) => r.id),
    ]);
    expect(corrections.length).toBe(3);
    await t.json("GET", "/api/bets/999/settlements", { expect: 404 });
  });

  test("a customer login reads its own bets' history only", async () => {
    const mine = await settledBet("WON");
    await resettle(mine, { status: "LOST" });
    sqlite().run("update users set customer_id = ? where id = ?", [customerId, t.ids.customer]);
    const history = await t.json<BetSettlementDto[]>("GET", `/api/bets/${mine}/settlements`, {
      as: "customer",
    });
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([["WON", "LOST"]]);
    const other = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Grace", lastName: "Hopper", creditLimit: "100" },
    });
    const theirs = await t.json<BetDto>("POST", "/api/bets", {
      body: { customerId: other.id, shopId, description: "Theirs", stakeAmount: "5", odds: "2" },
    });
    await t.json("GET", `/api/bets/${theirs.id}/settlements`, { as: "customer", expect: 404 });
  });

  test("refuses a pending bet (409), the same outcome (409) and bad input (400)", async () => {
    const pending = await t.json<BetDto>("POST", "/api/bets", {
      body: { customerId, shopId, description: "Open", stakeAmount: "10", odds: "2" },
    });
    const refused = await t.json<{ message: string }>(
      "POST",
      `/api/admin/bets/${pending.id}/resettle`,
      { body: { status: "WON", reason: "x" }, expect: 409 },
    );
    expect(refused.message).toContain("PENDING");
    const won = await settledBet("WON");
    await resettle(won, { status: "WON" }, { expect: 409 });
    const noReason = await t.json<{ message: string }>("POST", `/api/admin/bets/${won}/resettle`, {
      body: { status: "LOST", reason: "  " },
      expect: 400,
    });
    expect(noReason.message).toBe("Reason is required for a re-settlement");
    const noVoidReason = await t.json<{ message: string }>(
      "POST",
      `/api/admin/bets/${won}/resettle`,
      { body: { status: "VOID", reason: "x" }, expect: 400 },
    );
    expect(noVoidReason.message).toBe("Please provide a reason for voiding this bet");
    // A void reason is for a void: beside LOST it was dropped unread.
    const voidReasonForLost = await t.json<{ message: string }>(
      "POST",
      `/api/admin/bets/${won}/resettle`,
      { body: { status: "LOST", reason: "x", voidReason: "Abandoned" }, expect: 400 },
    );
    expect(voidReasonForLost.message).toBe("Only a Void settlement has a void reason");
    await resettle(999, { status: "LOST" }, { expect: 404 });
    expect(count("bet_settlements")).toBe(0);
    expectBooksRight();
  });

  test("a re-settlement naming the settlement it was previewed on is refused when another came between", async () => {
    const betId = await settledBet("WON");
    const seen = { status: "WON", deadHeat: null, rule4Deduction: null };
    // Admin A previews WON to LOST; admin B voids the bet meanwhile.
    const preview = await resettle(betId, { status: "LOST", from: seen, dryRun: true });
    expect(preview.bet.status).toBe("LOST");
    await resettle(betId, { status: "VOID", voidReason: "Non-runner", from: seen });
    const before = await snapshot();
    // A's confirmation corrects nothing it did not see: B's Void stands.
    const refused = await t.json<{ message: string; reason: string; params: unknown }>(
      "POST",
      `/api/admin/bets/${betId}/resettle`,
      { body: { status: "LOST", reason: "A: wrong result", from: seen }, expect: 409 },
    );
    expect(refused).toMatchObject({
      message: `Bet #${betId} has been settled again since it was shown: it is now VOID; preview the re-settlement again`,
      reason: "RESETTLE_CHANGED",
      params: { betId, status: "VOID" },
    });
    expect(await snapshot()).toEqual(before);
    // New terms on the same outcome are a change too (decision 084: a Rule 4 after payment).
    const won = await settledBet("WON");
    await resettle(won, { status: "WON", rule4Deduction: 10, from: seen });
    await resettle(won, { status: "LOST", from: seen }, { expect: 409 });
    // Named as it now is, it goes through; without `from`, as before, it is not checked.
    await resettle(won, { status: "LOST", from: { status: "WON", rule4Deduction: 10 } });
    await resettle(won, { status: "VOID", voidReason: "Abandoned" });
    await resettle(betId, { status: "LOST", from: { status: "DRAW" } }, { expect: 400 });
    expectBooksRight();
  });

  test("is for admins only", async () => {
    const betId = await settledBet("WON");
    await resettle(betId, { status: "LOST" }, { as: "user", expect: 403 });
    await resettle(betId, { status: "LOST" }, { as: "customer", expect: 403 });
    await resettle(betId, { status: "LOST", dryRun: true }, { as: "user", expect: 403 });
    expect((await t.json<BetDto>("GET", `/api/bets/${betId}`)).status).toBe("WON");
  });

  test("a replay with the same Idempotency-Key changes nothing the second time", async () => {
    const betId = await settledBet("WON");
    const first = await resettle(betId, { status: "LOST" }, { key: "fix-1" });
    const again = await resettle(betId, { status: "LOST" }, { key: "fix-1" });
    expect(again).toEqual(first);
    expect(count("bet_settlements")).toBe(1);
    expect(await balances()).toEqual({ customer: "90.00", shop: "100.00" });
  });
});

/** Every table a correction could write, counted, and both balances. */
async function snapshot() {
  return {
    tables: Object.fromEntries(
      ["transactions", "bets", "bet_settlements", "audit_log", "idempotency_keys", "alerts"].map(
        (table) => [table, count(table)],
      ),
    ),
    bets: sqlite().query("select * from bets order by id").all(),
    ledger: sqlite().query("select * from transactions order by id").all(),
    balances: await balances(),
  };
}

describe("dry runs", () => {
  test("a re-settlement's dry run writes nothing and answers what the real one then does", async () => {
    const betId = await settledBet("WON");
    // The payout spent: taking it back goes below zero and past the credit limit.
    await t.json("POST", "/api/withdrawals", { body: { customerId, shopId, amount: "115" } });
    const before = await snapshot();
    const preview = await resettle(
      betId,
      { status: "LOST", dryRun: true },
      { key: "preview-then-real" },
    );
    expect(await snapshot()).toEqual(before);
    expect(preview.dryRun).toBe(true);
    expect(preview.bet).toMatchObject({ status: "LOST" });
    expect(preview.balances).toEqual([
      {
        party: "CUSTOMER",
        id: customerId,
        name: "Ada Lovelace",
        beforeAmount: "0.00",
        afterAmount: "-25.00",
        creditLimit: "50.00",
      },
    ]);
    // The real one (with the same key: the dry run stored none) answers the same rows.
    const real = await resettle(betId, { status: "LOST" }, { key: "preview-then-real" });
    expect({ ...real, dryRun: true, bet: null }).toEqual({ ...preview, bet: null });
    expect((await balances()).customer).toBe("-25.00");
    expectBooksRight();
  });

  test("a dry run that would raise an alert raises none", async () => {
    const betId = await settledBet("WON");
    await t.json("POST", "/api/withdrawals", { body: { customerId, shopId, amount: "115" } });
    await t.json("PATCH", `/api/customers/${customerId}`, { body: { creditLimit: "0" } });
    const alerts = count("alerts");
    const preview = await resettle(betId, { status: "LOST", dryRun: true });
    expect(preview.balances[0]?.afterAmount).toBe("-25.00");
    expect(count("alerts")).toBe(alerts);
    await resettle(betId, { status: "LOST" });
    expect(count("alerts")).toBe(alerts + 1);
  });

  test("a refused dry run is refused like the real one", async () => {
    const betId = await settledBet("LOST");
    await resettle(betId, { status: "LOST", dryRun: true }, { expect: 409 });
  });

  test("reverse-transaction with dryRun answers the preview and writes nothing", async () => {
    const dep = await t.json<{ id: number }>("POST", "/api/deposits", {
      body: { customerId, shopId, amount: "40" },
    });
    await t.json("POST", "/api/bets", {
      body: { customerId, shopId, description: "Spent", stakeAmount: "140", odds: "2" },
    });
    const before = await snapshot();
    const preview = await t.json<CorrectionPreviewDto>("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: dep.id, reason: "Paid in twice", dryRun: true },
      expect: 200,
    });
    expect(await snapshot()).toEqual(before);
    expect(preview).toEqual({
      dryRun: true,
      rows: [
        {
          type: "DEPOSIT",
          amount: "40.00",
          fromEntityType: "SHOP",
          fromEntityId: shopId,
          fromName: "Main Street",
          toEntityType: "CUSTOMER",
          toEntityId: customerId,
          toName: "Ada Lovelace",
          description: `Reversal of #${dep.id}`,
          betId: null,
          reversalOf: dep.id,
          reason: "Paid in twice",
          shiftId: null,
        },
      ],
      balances: [
        {
          party: "SHOP",
          id: shopId,
          name: "Main Street",
          beforeAmount: "140.00",
          afterAmount: "100.00",
          creditLimit: null,
        },
        {
          party: "CUSTOMER",
          id: customerId,
          name: "Ada Lovelace",
          beforeAmount: "0.00",
          afterAmount: "-40.00",
          creditLimit: "50.00",
        },
      ],
      tills: [],
    });
    // The real reversal still answers the rows themselves, and moves what the preview said.
    const real = await t.json<{ original: { archived: boolean }; reversal: { amount: string } }>(
      "POST",
      "/api/admin/reverse-transaction",
      { body: { transactionId: dep.id, reason: "Paid in twice" } },
    );
    expect(real.original.archived).toBe(true);
    expect(real.reversal.amount).toBe("40.00");
    expect(await balances()).toEqual({ customer: "-40.00", shop: "100.00" });
    expectBooksRight();
  });

  test("reverse-transaction's dry run is for admins only and refuses what the real one refuses", async () => {
    const dep = await t.json<{ id: number }>("POST", "/api/deposits", {
      body: { customerId, shopId, amount: "5" },
    });
    await t.json("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: dep.id, reason: "Wrong till", dryRun: true },
      as: "user",
      expect: 403,
    });
    await t.json("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: dep.id, reason: "Wrong till" },
    });
    await t.json("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: dep.id, reason: "Wrong till", dryRun: true },
      expect: 409,
    });
  });
});

describe("the books check after re-settlements stays strict", () => {
  const run = (sql: string, ...params: number[]) => sqlite().run(sql, params);

  test("a correction removed, altered or doubled is found", async () => {
    const betId = await settledBet("WON");
    await resettle(betId, { status: "LOST" });
    expect(checkBooks(t.deps.db).ok).toBe(true);
    const correction = betRows(betId).find((r) => r.reversalOf !== null);
    if (!correction) throw new Error("no correction row");

    // Doubled: a second opposite of the same PAYOUT.
    run(
      `insert into transactions (type, amount_cents, status, from_entity_type, from_entity_id,
         to_entity_type, to_entity_id, bet_id, created_at, reversal_of)
       values ('PAYOUT', 2500, 'COMPLETED', 'CUSTOMER', ?, 'SHOP', ?, ?, 0, ?)`,
      customerId,
      shopId,
      betId,
      correction.reversalOf ?? 0,
    );
    let rules = checkBooks(t.deps.db).violations.map((v) => v.rule);
    expect(rules).toContain("reversal");
    expect(rules).toContain("bet-payout");
    run("delete from transactions where id = (select max(id) from transactions)");

    // Altered: the opposite for a different amount.
    run("update transactions set amount_cents = 2400 where id = ?", correction.id);
    rules = checkBooks(t.deps.db).violations.map((v) => v.rule);
    expect(rules).toContain("reversal");
    run("update transactions set amount_cents = 2500 where id = ?", correction.id);

    // Archived original: a correction archives nothing.
    run("update transactions set archived_at = 1 where id = ?", correction.reversalOf ?? 0);
    rules = checkBooks(t.deps.db).violations.map((v) => v.rule);
    expect(rules).toContain("reversal");
    run("update transactions set archived_at = null where id = ?", correction.reversalOf ?? 0);

    // Removed: the LOST bet has its PAYOUT again.
    run("delete from transactions where id = ?", correction.id);
    rules = checkBooks(t.deps.db).violations.map((v) => v.rule);
    expect(rules).toContain("bet-payout");
  });
});
