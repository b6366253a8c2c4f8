/** A key sent twice in one JSON object is found, at any depth (decision 090). */
import { describe, expect, test } from "bun:test";
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
