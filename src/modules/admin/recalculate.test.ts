import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let shopId: number;
let customerId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ shopId, customerId } = await seedBasics(t, { creditLimit: "100" }));
  await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "70" } });
  await t.json("POST", "/api/bets", {
    body: {
      customerId,
      shopId,
      description: "Won",
      stakeAmount: "20",
      odds: "2.5",
      outcome: "WON",
    },
  });
  // Ledger: customer 70 - 20 + 50 = 100.00; shop till 70.00.
});
afterEach(() => t.close());

const recalc = (entityType: string, entityId: number, expect = 200) =>
  t.json<{
    entityType: string;
    entityId: number;
    balance: string;
    previousBalance: string;
    drift: string;
  }>("POST", "/api/admin/recalculate-balance", { body: { entityType, entityId }, expect });

const alertTitles = async () =>
  (await t.json<{ title: string; description: string }[]>("GET", "/api/alerts", { expect: 200 }))
    .filter((a) => a.title === "Balance drift corrected")
    .map((a) => a.description);

describe("recalculating a balance", () => {
  test("reports the drift of a customer balance corrupted by SQL, fixes it and raises an error alert", async () => {
    t.handle.sqlite
      .query("update customers set balance_cents = 12345 where id = ?")
      .run(customerId);
    const result = await recalc("CUSTOMER", customerId);
    expect(result).toEqual({
      entityType: "CUSTOMER",
      entityId: customerId,
      balance: "100.00",
      previousBalance: "123.45",
      drift: "-23.45",
    });
    expect((await t.json<{ balance: string }>("GET", `/api/customers/${customerId}`)).balance).toBe(
      "100.00",
    );
    const alerts = await alertTitles();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain("drift -€23.45");
  });

  test("fixes a shop till and reports a positive drift", async () => {
    t.handle.sqlite.query("update shops set balance_cents = 0 where id = ?").run(shopId);
    expect(await recalc("SHOP", shopId)).toMatchObject({
      balance: "70.00",
      previousBalance: "0.00",
      drift: "70.00",
    });
    expect((await t.json<{ balance: string }>("GET", `/api/shops/${shopId}`)).balance).toBe(
      "70.00",
    );
  });

  test("reports zero drift on a true balance and raises no alert", async () => {
    expect(await recalc("CUSTOMER", customerId)).toMatchObject({
      balance: "100.00",
      drift: "0.00",
    });
    expect(await alertTitles()).toEqual([]);
  });

  test("writes an audit row with the before and after balances", async () => {
    t.handle.sqlite.query("update customers set balance_cents = 1 where id = ?").run(customerId);
    await recalc("CUSTOMER", customerId);
    const rows = await t.json<{ action: string; before: unknown; after: unknown }[]>(
      "GET",
      "/api/admin/audit?q=balance.recalculate",
      { expect: 200 },
    );
    expect(rows[0]).toMatchObject({
      action: "balance.recalculate",
      before: { balanceCents: 1 },
      after: { balanceCents: 10000, driftCents: 9999 },
    });
  });

  test("answers 404 for an unknown entity and 400 with the SPEC message for a bad body", async () => {
    await recalc("SHOP", 999, 404);
    for (const body of [{}, { entityType: "CUSTOMER" }, { entityType: "BET", entityId: 1 }]) {
      const res = await t.request("POST", "/api/admin/recalculate-balance", { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        "Entity type and ID are required",
      );
    }
  });
});
