import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { checkBooks } from "../../lib/books-check";

interface Tx {
  id: number;
  type: string;
  amount: string;
  description: string | null;
  fromEntityType: string;
  fromEntityId: number;
  toEntityType: string;
  toEntityId: number;
  archived: boolean;
  archivedAt: string | null;
  reversalOf: number | null;
  reason: string | null;
}

let t: TestApp;
let shopId: number;
let customerId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ shopId, customerId } = await seedBasics(t, { creditLimit: "50" }));
});
afterEach(() => t.close());

const balances = async () => ({
  customer: (await t.json<{ balance: string }>("GET", `/api/customers/${customerId}`)).balance,
  shop: (await t.json<{ balance: string }>("GET", `/api/shops/${shopId}`)).balance,
});
const deposit = (amount: string) =>
  t.json<Tx>("POST", "/api/deposits", { body: { customerId, shopId, amount } });
const REASON = "Paid in at the wrong till";
const reverse = (transactionId: number, expect = 201, headers?: Record<string, string>) =>
  t.json<{ original: Tx; reversal: Tx }>("POST", "/api/admin/reverse-transaction", {
    body: { transactionId, reason: REASON },
    expect,
    headers,
  });

describe("reversing a transaction", () => {
  test("archives a deposit, writes the opposite row and restores both balances", async () => {
    const dep = await deposit("100");
    expect(await balances()).toEqual({ customer: "100.00", shop: "100.00" });
    const { original, reversal } = await reverse(dep.id);
    expect(original.id).toBe(dep.id);
    expect(original.archived).toBe(true);
    expect(original.archivedAt).not.toBeNull();
    expect(reversal).toMatchObject({
      type: "DEPOSIT",
      amount: "100.00",
      description: `Reversal of #${dep.id}`,
      fromEntityType: "SHOP",
      fromEntityId: shopId,
      toEntityType: "CUSTOMER",
      toEntityId: customerId,
      archived: false,
      reversalOf: dep.id,
      reason: REASON,
    });
    expect(original.reason).toBeNull();
    expect(await balances()).toEqual({ customer: "0.00", shop: "0.00" });
    expect(checkBooks(t.deps.db).violations).toEqual([]);
  });

  test("restores the balances moved by a withdrawal", async () => {
    await deposit("80");
    const w = await t.json<Tx>("POST", "/api/withdrawals", {
      body: { customerId, shopId, amount: "30" },
    });
    expect(await balances()).toEqual({ customer: "50.00", shop: "50.00" });
    await reverse(w.id);
    expect(await balances()).toEqual({ customer: "80.00", shop: "80.00" });
  });

  test("moves a till-to-till transfer back", async () => {
    await deposit("60");
    const other = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "Quay", location: "Cork" },
    });
    const tr = await t.json<Tx>("POST", "/api/transactions", {
      body: {
        amount: "25",
        fromEntityType: "SHOP",
        fromEntityId: shopId,
        toEntityType: "SHOP",
        toEntityId: other.id,
      },
    });
    const { reversal } = await reverse(tr.id);
    expect(reversal).toMatchObject({
      type: "TRANSFER",
      fromEntityId: other.id,
      toEntityId: shopId,
    });
    expect((await t.json<{ balance: string }>("GET", `/api/shops/${shopId}`)).balance).toBe(
      "60.00",
    );
    expect((await t.json<{ balance: string }>("GET", `/api/shops/${other.id}`)).balance).toBe(
      "0.00",
    );
  });

  test("refuses a second reversal of the same transaction with 409", async () => {
    const dep = await deposit("10");
    await reverse(dep.id);
    const res = await t.request("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: dep.id, reason: REASON },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain("already been reversed");
    expect(await balances()).toEqual({ customer: "0.00", shop: "0.00" });
  });

  test("refuses to reverse a reversal with 409", async () => {
    const dep = await deposit("10");
    const { reversal } = await reverse(dep.id);
    const res = await t.request("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: reversal.id, reason: REASON },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain("itself the reversal");
  });

  test("refuses bet rows (BETTING, PAYOUT, REFUND) with 409 and says why", async () => {
    await deposit("100");
    const won = await t.json<{ id: number }>("POST", "/api/bets", {
      body: {
        customerId,
        shopId,
        description: "Won",
        stakeAmount: "10",
        odds: "2",
        outcome: "WON",
      },
    });
    await t.json("POST", "/api/bets", {
      body: {
        customerId,
        shopId,
        description: "Void",
        stakeAmount: "5",
        odds: "2",
        outcome: "VOID",
        voidReason: "Race abandoned",
      },
    });
    const rows = await t.json<Tx[]>("GET", "/api/transactions?limit=100", { expect: 200 });
    const betRows = rows.filter((r) => ["BETTING", "PAYOUT", "REFUND"].includes(r.type));
    expect(betRows.map((r) => r.type).sort()).toEqual(["BETTING", "BETTING", "PAYOUT", "REFUND"]);
    for (const row of betRows) {
      const res = await t.request("POST", "/api/admin/reverse-transaction", {
        body: { transactionId: row.id, reason: REASON },
      });
      expect(res.status).toBe(409);
      const { message } = (await res.json()) as { message: string };
      expect(message).toContain(`${row.type} transactions belong to bet`);
      expect(message).toContain("only DEPOSIT, WITHDRAWAL and TRANSFER");
    }
    expect(won.id).toBeGreaterThan(0);
    expect(checkBooks(t.deps.db).ok).toBe(true);
  });

  test("may take a customer negative (the ledger stays true) and raises the credit alert", async () => {
    const dep = await deposit("100");
    await t.json("POST", "/api/bets", {
      body: {
        customerId,
        shopId,
        description: "Lost",
        stakeAmount: "90",
        odds: "2",
        outcome: "LOST",
      },
    });
    await reverse(dep.id);
    expect(await balances()).toEqual({ customer: "-90.00", shop: "0.00" });
    const alerts = await t.json<{ title: string }[]>("GET", "/api/alerts", { expect: 200 });
    expect(alerts.map((a) => a.title)).toContain("Customer beyond credit limit");
    expect(checkBooks(t.deps.db).ok).toBe(true);
  });

  test("honours Idempotency-Key: a replay answers the first reversal and changes nothing", async () => {
    const dep = await deposit("40");
    const headers = { "Idempotency-Key": "reverse-once" };
    const first = await reverse(dep.id, 201, headers);
    const replay = await reverse(dep.id, 201, headers);
    expect(replay).toEqual(first);
    const reversals = t.handle.sqlite
      .query("select count(*) as n from transactions where reversal_of = ?")
      .get(dep.id) as { n: number };
    expect(reversals.n).toBe(1);
  });

  test("writes an audit row naming the original, the reversal and the reason", async () => {
    const dep = await deposit("15");
    const { reversal } = await reverse(dep.id);
    const rows = await t.json<{ action: string; after: { reversalId: number; reason: string } }[]>(
      "GET",
      `/api/admin/audit?entityType=TRANSACTION&entityId=${dep.id}`,
      { expect: 200 },
    );
    expect(rows.find((r) => r.action === "transaction.reverse")?.after).toMatchObject({
      reversalId: reversal.id,
      reason: REASON,
    });
  });

  test("answers 404 for an unknown transaction and 400 without an id", async () => {
    expect(
      (
        await t.request("POST", "/api/admin/reverse-transaction", {
          body: { transactionId: 999, reason: REASON },
        })
      ).status,
    ).toBe(404);
    const res = await t.request("POST", "/api/admin/reverse-transaction", {
      body: { reason: REASON },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Transaction ID is required");
  });
});

describe("the reversal's reason (issue 20)", () => {
  const post = (body: Record<string, unknown>) =>
    t.request("POST", "/api/admin/reverse-transaction", { body });

  test("is required, trimmed, 3 to 500 characters, by the real call and the dry run alike", async () => {
    const dep = await deposit("10.50");
    const cases: [unknown, string][] = [
      [undefined, "Reason is required for a reversal"],
      ["", "Reason is required for a reversal"],
      ["   ", "Reason is required for a reversal"],
      [42, "Reason is required for a reversal"],
      [" ab ", "Reason must be at least 3 characters"],
      ["x".repeat(501), "Reason is too long (at most 500 characters)"],
    ];
    for (const dryRun of [false, true]) {
      for (const [reason, message] of cases) {
        const res = await post({ transactionId: dep.id, reason, dryRun });
        expect(res.status).toBe(400);
        const body = (await res.json()) as { message: string; fields?: Record<string, string> };
        expect(body.message).toBe(message);
        expect(body.fields).toEqual({ reason: message });
      }
    }
    expect(await balances()).toEqual({ customer: "10.50", shop: "10.50" });
    const { reversal } = await reverse(dep.id);
    expect(reversal.reason).toBe(REASON);
    const longest = await deposit("1");
    const edge = await post({ transactionId: longest.id, reason: ` ${"y".repeat(500)} ` });
    expect(edge.status).toBe(201);
    expect(((await edge.json()) as { reversal: Tx }).reversal.reason).toBe("y".repeat(500));
  });

  test("the dry run echoes it on the row it would write", async () => {
    const dep = await deposit("10.50");
    const res = await post({ transactionId: dep.id, reason: "  Keyed twice  ", dryRun: true });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as { rows: { reason: string | null }[] };
    expect(preview.rows.map((r) => r.reason)).toEqual(["Keyed twice"]);
  });

  test("is in the ledger: the list's JSON and its CSV carry it on the reversal row", async () => {
    const dep = await deposit("10.50");
    const { reversal } = await reverse(dep.id);
    const rows = await t.json<Tx[]>("GET", "/api/transactions?limit=10", { expect: 200 });
    expect(rows.find((r) => r.id === reversal.id)?.reason).toBe(REASON);
    expect(rows.find((r) => r.id === dep.id)?.reason).toBeNull();
    const csv = await (await t.request("GET", "/api/transactions?format=csv")).text();
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    const columns = (header ?? "").split(",");
    const at = (name: string) => columns.indexOf(name);
    expect(at("reason")).toBeGreaterThan(-1);
    const line = lines.find((l) => l.split(",")[at("id")] === String(reversal.id));
    const cells = (line ?? "").split(",");
    expect(cells[at("reason")]).toBe(REASON);
    // From and To are the stored sides in the CSV as on every screen: the cash back.
    expect([cells[at("fromEntityType")], cells[at("toEntityType")]]).toEqual(["SHOP", "CUSTOMER"]);
  });
});

/**
 * The reversal's audit row says what changed (decision 082, 2026 update): the archive mark,
 * each balance it moved and the open shift's expected cash, before and after; the original
 * row as it was beside them (`before.original`), which the screen shows as context.
 */
describe("the reversal's audit row", () => {
  const auditRow = (transactionId: number) => {
    const row = t.handle.sqlite
      .query(
        "select before, after from audit_log where action = 'transaction.reverse' and entity_id = ?",
      )
      .get(String(transactionId)) as { before: string; after: string };
    return { before: JSON.parse(row.before), after: JSON.parse(row.after) };
  };
  const createdAt = (id: number) =>
    (
      t.handle.sqlite.query("select created_at from transactions where id = ?").get(id) as {
        created_at: number;
      }
    ).created_at;

  test("a deposit taken in an open shift: the customer's, the shop's and the till's figures", async () => {
    const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
      as: "user",
      body: { shopId, openingFloat: "20.00" },
    });
    const dep = await t.json<Tx>("POST", "/api/deposits", {
      as: "user",
      body: { customerId, shopId, amount: "90" },
    });
    const { reversal } = await reverse(dep.id);
    expect(auditRow(dep.id)).toEqual({
      before: {
        archivedAt: null,
        customerBalanceCents: 9000,
        shopBalanceCents: 9000,
        shiftExpectedCents: 11000,
        original: {
          id: dep.id,
          type: "DEPOSIT",
          amountCents: 9000,
          description: null,
          status: "COMPLETED",
          fromEntityType: "CUSTOMER",
          fromEntityId: customerId,
          toEntityType: "SHOP",
          toEntityId: shopId,
          betId: null,
          processedBy: t.ids.user,
          createdAt: createdAt(dep.id),
          archivedAt: null,
          reversalOf: null,
          shiftId: shift.id,
          reason: null,
        },
      },
      after: {
        archivedAt: createdAt(reversal.id),
        reversalId: reversal.id,
        reason: REASON,
        customerBalanceCents: 0,
        shopBalanceCents: 0,
        shiftExpectedCents: 2000,
      },
    });
  });

  test("a till-to-till transfer: both shops' balances by the original's sides, no till", async () => {
    await deposit("60");
    const quay = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "Quay", location: "Cork" },
    });
    const tr = await t.json<Tx>("POST", "/api/transactions", {
      body: {
        amount: "25",
        fromEntityType: "SHOP",
        fromEntityId: shopId,
        toEntityType: "SHOP",
        toEntityId: quay.id,
      },
    });
    const { reversal } = await reverse(tr.id);
    const { before, after } = auditRow(tr.id);
    const { original, ...changed } = before;
    expect(changed).toEqual({
      archivedAt: null,
      fromShopBalanceCents: 3500,
      toShopBalanceCents: 2500,
    });
    expect(original).toMatchObject({ id: tr.id, type: "TRANSFER", amountCents: 2500 });
    expect(after).toEqual({
      archivedAt: createdAt(reversal.id),
      reversalId: reversal.id,
      reason: REASON,
      fromShopBalanceCents: 6000,
      toShopBalanceCents: 0,
    });
  });
});
