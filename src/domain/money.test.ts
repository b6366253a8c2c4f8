/** The API's amount reader (decision 038): literals only; forms read by locale elsewhere. */
import { describe, expect, test } from "bun:test";
import { centsOf, formatEuro, type MoneyParse, parseMoney } from "./money";

const valid: [string | number, number][] = [
  ["10.50", 1050],
  ["10.5", 1050],
  ["0.01", 1],
  ["1000", 100000],
  ["1000.50", 100050],
  ["-5.50", -550],
  ["-0", 0],
  ["007.5", 750],
  ["99999999.99", 9999999999],
  [12.5, 1250],
  [0.01, 1],
  [1000, 100000],
  [-2.25, -225],
];

const refused: [string | number, (MoneyParse & { ok: false })["error"]][] = [
  // The cases: three decimals are never grouping.
  ["1.005", "At most 2 decimal places"],
  [1.005, "At most 2 decimal places"],
  [0.1 + 0.2, "At most 2 decimal places"],
  ["10.5055", "At most 2 decimal places"],
  [1e-7, "At most 2 decimal places"],
  ["0,001", "Not a number"],
  ["1.000.000", "Not a number"],
  ["1e3", "Not a number"],
  // Anything a person would type but the API does not read.
  ["10,50", "Not a number"],
  ["1,000.50", "Not a number"],
  ["1.000,50", "Not a number"],
  ["1 000", "Not a number"],
  ["1\u00a0000", "Not a number"],
  ["1'000", "Not a number"],
  ["€12", "Not a number"],
  ["12€", "Not a number"],
  [" 12.50", "Not a number"],
  ["12.50 ", "Not a number"],
  ["+12", "Not a number"],
  ["10.", "Not a number"],
  [".5", "Not a number"],
  ["0x10", "Not a number"],
  ["abc", "Not a number"],
  ["", "Not a number"],
  ["-", "Not a number"],
  [Number.NaN, "Not a number"],
  [Number.POSITIVE_INFINITY, "Not a number"],
  [1e21, "Too large"],
  ["100000000", "Too large"],
  ["99999999999999999999", "Too large"],
];

describe("parseMoney", () => {
  for (const [value, cents] of valid) {
    test(`${JSON.stringify(value)} is ${cents} cents`, () => {
      expect(parseMoney(value)).toEqual({ ok: true, cents });
    });
  }
  for (const [value, error] of refused) {
    test(`${typeof value === "number" ? String(value) : JSON.stringify(value)} is refused: ${error}`, () => {
      expect(parseMoney(value)).toEqual({ ok: false, error });
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

describe("centsOf (an answer, not an input)", () => {
  test("reads sums past the largest input, up to a safe integer of cents", () => {
    expect(parseMoney("100000000.00")).toEqual({ ok: false, error: "Too large" });
    expect(centsOf("100000000.00")).toBe(10_000_000_000);
    expect(centsOf("-125075000486.53")).toBe(-12_507_500_048_653);
    expect(centsOf("90071992547409.91")).toBe(9_007_199_254_740_991);
    expect(centsOf("90071992547409.92")).toBe(0);
    expect(centsOf("1.005")).toBe(0);
  });
});
