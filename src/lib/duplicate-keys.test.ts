/** A key sent twice in one JSON object, and a parameter sent twice, are refused (decision 087). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import { duplicateKeyPath } from "./duplicate-keys";

describe("duplicateKeyPath", () => {
  const cases: [string, string | null][] = [
    ['{"amount":"1.00","shopId":1}', null],
    ['{"amount":"1.00","amount":"100.00"}', "amount"],
    // The same key once escaped: JSON.parse reads both as "amount".
    ['{"amount":"1.00","\\u0061mount":"100.00"}', "amount"],
    // Nested, and the same key in two different objects is no duplicate.
    ['{"deadHeat":{"places":2,"places":3}}', "deadHeat.places"],
    ['{"a":{"x":1},"b":{"x":1}}', null],
    ['{"items":[{"x":1},{"x":1,"x":2}]}', "items.1.x"],
    // A key inside a string value is not a key; a quote inside a key is escaped.
    ['{"description":"\\"amount\\": 5, \\"amount\\"","amount":"1.00"}', null],
    ['{"a\\"b":1,"a\\"b":2}', 'a"b'],
    ['[{"x":1},{"x":2}]', null],
    ["not json", null],
    ["", null],
  ];
  for (const [text, path] of cases) {
    test(`${text || "(empty)"} -> ${path}`, () => {
      expect(duplicateKeyPath(text)).toBe(path);
    });
  }
});

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "100.00" });
});
afterAll(() => t.close());

const count = (table: string) =>
  (t.handle.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("over HTTP", () => {
  test("a deposit with its amount twice is refused, not read as the last (400), and writes nothing", async () => {
    const before = { ledger: count("transactions"), audit: count("audit_log") };
    const res = await t.request("POST", "/api/deposits", {
      as: "user",
      body: `{"customerId":${ids.customerId},"shopId":${ids.shopId},"amount":"1.00","amount":"100.00"}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Field sent twice: amount",
      code: "VALIDATION",
      fields: { amount: "Sent twice" },
    });
    expect({ ledger: count("transactions"), audit: count("audit_log") }).toEqual(before);
  });

  test("a number written with an exponent beside a duplicate is still refused as sent twice", async () => {
    const res = await t.request("POST", "/api/deposits", {
      as: "user",
      body: `{"customerId":${ids.customerId},"shopId":${ids.shopId},"amount":1e3,"amount":"1.00"}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Field sent twice: amount");
  });

  test("a list filter sent twice is refused, not read as the first", async () => {
    const res = await t.request(
      "GET",
      `/api/bets?customerId=${ids.customerId}&customerId=${ids.customerId + 1}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Parameter sent twice: customerId",
      code: "VALIDATION",
    });
    expect((await t.request("GET", `/api/bets?customerId=${ids.customerId}`)).status).toBe(200);
  });
});
