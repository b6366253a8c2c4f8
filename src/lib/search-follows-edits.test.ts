/**
 * Every search index follows every edit of the columns it indexes (issue 20, item 11), as the
 * roll-ups follow their bets (src/modules/reports/rollups.test.ts): each indexed column of
 * customers, shops, bets and ledger rows is changed to a new value, the way the app changes it
 * (the API for customers and shops; a repair's direct UPDATE for the descriptions of bets and
 * ledger rows, which the app never edits), and its list must find the row by the new value
 * and no longer by the old one. Dropping a column from an update trigger fails here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { rebuildSearchIndexes } from "./search-index";

let t: TestApp;
let ids: { shopId: number; customerId: number };
let betId: number;
let depositId: number;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, {
    creditLimit: "100",
    email: "ada@example.com",
    phone: "085 3401590",
    address: "1 Mill Lane",
  });
  await t.json("PATCH", `/api/shops/${ids.shopId}`, {
    body: { address: "2 Quay Street", phone: "091 555 1234" },
  });
  betId = (
    await t.json<{ id: number }>("POST", "/api/bets", {
      body: { ...ids, description: "Galway Plate", stakeAmount: "1.00", odds: "2.00" },
    })
  ).id;
  depositId = (
    await t.json<{ id: number }>("POST", "/api/deposits", {
      body: { ...ids, amount: "5.00", description: "Cash at the counter" },
    })
  ).id;
});
afterAll(() => t.close());

/** The ids a list's q finds. */
async function found(list: string, q: string): Promise<number[]> {
  const rows = await t.json<{ id: number }[]>("GET", `/api/${list}?q=${encodeURIComponent(q)}`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

interface Edit {
  list: string;
  column: string;
  old: string;
  /** Sets the new value (a distinctive token) the app's way. */
  set: (value: string) => Promise<unknown>;
  /** The text to search for the new value (the value itself unless said). */
  query?: (value: string) => string;
  /** The row that must be found. */
  id: () => number;
}

const patch = (path: string, field: string) => (value: string) =>
  t.json("PATCH", path, { body: { [field]: value } });
/** A repair's direct UPDATE (the app never edits these). */
const repair = (table: string, column: string, id: () => number) => async (value: string) =>
  t.handle.sqlite.run(`update ${table} set ${column} = ? where id = ?`, [value, id()]);

const EDITS: Edit[] = [
  {
    list: "customers",
    column: "first_name",
    old: "Ada Lovelace",
    set: (v) => patch(`/api/customers/${ids.customerId}`, "firstName")(v),
    query: (v) => `${v} Lovelace`,
    id: () => ids.customerId,
  },
  {
    list: "customers",
    column: "last_name",
    old: "Lovelace",
    set: (v) => patch(`/api/customers/${ids.customerId}`, "lastName")(v),
    id: () => ids.customerId,
  },
  {
    list: "customers",
    column: "email",
    old: "ada@example.com",
    set: (v) => patch(`/api/customers/${ids.customerId}`, "email")(`${v}@example.org`),
    id: () => ids.customerId,
  },
  {
    list: "customers",
    column: "phone (its digits)",
    old: "0853401590",
    set: () => patch(`/api/customers/${ids.customerId}`, "phone")("+353 86 123 4567"),
    query: () => "0861234567",
    id: () => ids.customerId,
  },
  {
    list: "customers",
    column: "phone",
    old: "86 123 4567",
    set: (v) => patch(`/api/customers/${ids.customerId}`, "phone")(`${v} 77`),
    id: () => ids.customerId,
  },
  {
    list: "customers",
    column: "address",
    old: "Mill Lane",
    set: (v) => patch(`/api/customers/${ids.customerId}`, "address")(`${v} Road`),
    id: () => ids.customerId,
  },
  {
    list: "shops",
    column: "name",
    old: "Main Street",
    set: (v) => patch(`/api/shops/${ids.shopId}`, "name")(v),
    id: () => ids.shopId,
  },
  {
    list: "shops",
    column: "location",
    old: "Dublin",
    set: (v) => patch(`/api/shops/${ids.shopId}`, "location")(v),
    id: () => ids.shopId,
  },
  {
    list: "shops",
    column: "address",
    old: "Quay Street",
    set: (v) => patch(`/api/shops/${ids.shopId}`, "address")(`${v} Square`),
    id: () => ids.shopId,
  },
  {
    list: "shops",
    column: "phone",
    old: "091 555 1234",
    set: (v) => patch(`/api/shops/${ids.shopId}`, "phone")(`${v} 88`),
    id: () => ids.shopId,
  },
  {
    list: "bets",
    column: "description",
    old: "Galway Plate",
    set: repair("bets", "description", () => betId),
    id: () => betId,
  },
  {
    list: "transactions",
    column: "description",
    old: "Cash at the counter",
    set: repair("transactions", "description", () => depositId),
    id: () => depositId,
  },
];

describe("every search index follows every edit of its columns", () => {
  for (const [n, edit] of EDITS.entries()) {
    test(`${edit.list}.${edit.column}`, async () => {
      expect(await found(edit.list, edit.old)).toContain(edit.id());
      // Letters only (the phone columns take digits): a token no other text holds.
      const token = edit.column.startsWith("phone") ? `0${n}99 42${n}` : `Zq${"xyzw"[n % 4]}v${n}k`;
      await edit.set(token);
      const query = edit.query?.(token) ?? token;
      expect({ query, ids: await found(edit.list, query) }).toEqual({ query, ids: [edit.id()] });
      expect({ old: edit.old, ids: await found(edit.list, edit.old) }).toEqual({
        old: edit.old,
        ids: [],
      });
      // The rebuild (delete-all, bulk loads) reads the same columns as the triggers.
      rebuildSearchIndexes(t.handle.db);
      expect({ query, ids: await found(edit.list, query) }).toEqual({ query, ids: [edit.id()] });
    });
  }

  test("a customer's and a shop's new names find their bets and ledger rows", async () => {
    const customer = await t.json<{ firstName: string; lastName: string }>(
      "GET",
      `/api/customers/${ids.customerId}`,
    );
    const shop = await t.json<{ name: string }>("GET", `/api/shops/${ids.shopId}`);
    expect(await found("bets", customer.lastName)).toEqual([betId]);
    expect(await found("bets", shop.name)).toEqual([betId]);
    // The stake row and the deposit both name the customer and the shop.
    expect((await found("transactions", customer.lastName)).length).toBe(2);
    expect((await found("transactions", shop.name)).length).toBe(2);
  });
});
