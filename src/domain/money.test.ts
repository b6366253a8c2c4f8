/** The one amount parser (issue 9): what a person types, in any European or English habit. */
import { describe, expect, test } from "bun:test";
import { formatEuro, type MoneyParse, parseMoney } from "./money";

const valid: [string | number, number][] = [
  ["10,50", 1050],
  ["10.50", 1050],
  ["1,000.50", 100050],
  ["1.000,50", 100050],
  ["1 000,50", 100050],
  ["1\u00a0000,50", 100050],
  ["1\u202f000,50", 100050],
  ["1'000.50", 100050],
  ["10,5", 1050],
  ["2,5", 250],
  ["0,01", 1],
  ["1000", 100000],
  ["1,000", 100000],
  ["1.000", 100000],
  ["1.234.567,89", 123456789],
  ["1,234,567.89", 123456789],
  ["1 000 000", 100000000],
  ["  12.5  ", 1250],
  ["€12", 1200],
  ["-5,5", -550],
  [12.5, 1250],
  [0.01, 1],
  ["99999999,99", 9999999999],
];

const refused: [string | number, (MoneyParse & { ok: false })["error"]][] = [
  ["10.5055", "At most 2 decimal places"],
  ["1,1234", "At most 2 decimal places"],
  ["1,2,3", "Not a number"],
  ["1,000,50", "Not a number"],
  ["1.000.50", "Not a number"],
  ["1.000 000", "Not a number"],
  ["10000,000", "Not a number"],
  ["1 000 5", "Not a number"],
  ["10.", "Not a number"],
  ["10,,5", "Not a number"],
  [",5", "Not a number"],
  ["abc", "Not a number"],
  ["12a", "Not a number"],
  ["1e3", "Not a number"],
  ["0x10", "Not a number"],
  ["", "Not a number"],
  [Number.NaN, "Not a number"],
  [1e21, "Not a number"],
  ["100000000", "Too large"],
];

describe("parseMoney", () => {
  for (const [text, cents] of valid) {
    test(`${JSON.stringify(text)} is ${cents} cents`, () => {
      expect(parseMoney(text)).toEqual({ ok: true, cents });
    });
  }
  for (const [text, error] of refused) {
    test(`${JSON.stringify(text)} is refused: ${error}`, () => {
      expect(parseMoney(text)).toEqual({ ok: false, error });
    });
  }
  test("anything but a string or a number is not a number", () => {
    for (const value of [true, null, undefined, [1], { cents: 1 }]) {
      expect(parseMoney(value)).toEqual({ ok: false, error: "Not a number" });
    }
  });
});

describe("formatEuro", () => {
  test("groups thousands and keeps two decimals", () => {
    expect(formatEuro(3570000)).toBe("€35,700.00");
    expect(formatEuro(-5000)).toBe("-€50.00");
    expect(formatEuro(5)).toBe("€0.05");
    expect(formatEuro(123456789)).toBe("€1,234,567.89");
  });
});
