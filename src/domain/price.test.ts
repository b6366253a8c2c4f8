/**
 * Prices (issue 21 item 5, decision 048): what parsePrice reads and refuses, and returnCents
 * against returns worked out by hand (each stake x (n/d + 1) written out beside it), never by
 * the code under test.
 */
import { describe, expect, test } from "bun:test";
import {
  decimalHundredths,
  formatPrice,
  formatPriceAs,
  type Price,
  parsePrice,
  payoutCents,
  returnCents,
} from "./price";

const read = (value: unknown) => {
  const parsed = parsePrice(value);
  if (!parsed.ok) throw new Error(`refused ${String(value)}: ${parsed.error}`);
  return parsed.price;
};

describe("parsePrice reads every form a counter takes", () => {
  const cases: [unknown, Price][] = [
    ["5/2", { num: 5, den: 2, format: "fractional" }],
    ["11/8", { num: 11, den: 8, format: "fractional" }],
    ["100/30", { num: 100, den: 30, format: "fractional" }],
    [" 4 / 6 ", { num: 4, den: 6, format: "fractional" }],
    ["evens", { num: 1, den: 1, format: "fractional" }],
    ["EVS", { num: 1, den: 1, format: "fractional" }],
    ["Evens", { num: 1, den: 1, format: "fractional" }],
    ["1/1", { num: 1, den: 1, format: "fractional" }],
    ["3.50", { num: 250, den: 100, format: "decimal" }],
    ["2.38", { num: 138, den: 100, format: "decimal" }],
    ["2.5", { num: 150, den: 100, format: "decimal" }],
    ["2", { num: 100, den: 100, format: "decimal" }],
    [2.5, { num: 150, den: 100, format: "decimal" }],
    ["1.01", { num: 1, den: 100, format: "decimal" }],
    ["1000.00", { num: 99_900, den: 100, format: "decimal" }],
    ["1/100", { num: 1, den: 100, format: "fractional" }],
    ["999/1", { num: 999, den: 1, format: "fractional" }],
  ];
  for (const [value, price] of cases) {
    test(`${JSON.stringify(value)} -> ${price.num}/${price.den} (${price.format})`, () => {
      expect(read(value)).toEqual(price);
    });
  }
});

describe("parsePrice refuses nonsense with a reason", () => {
  const cases: [unknown, string][] = [
    ["0/1", "Odds must be at least 1/100 (1.01)"],
    ["5/0", "The price's denominator must be at least 1"],
    ["1/101", "Odds must be at least 1/100 (1.01)"],
    ["1000/1", "Odds must be at most 999/1 (1000.00)"],
    ["5/2000", "Odds must be at least 1/100 (1.01)"],
    ["1/1001", "Odds must be at least 1/100 (1.01)"],
    ["2000/1001", "The price's denominator must be at most 1000"],
    ["12345678/1", "Not a price"],
    ["-5/2", "Not a price"],
    ["5/2/1", "Not a price"],
    ["-2.50", "Odds must be at least 1.01"],
    ["1.00", "Odds must be at least 1.01"],
    ["1000.01", "Odds must be at most 1000.00"],
    ["2.505", "At most 2 decimal places"],
    ["2,50", "Not a number"],
    ["even money", "Not a number"],
    ["", "Not a number"],
    [null, "Not a number"],
    [1e21, "Too large"],
  ];
  for (const [value, error] of cases) {
    test(`${JSON.stringify(value)}: ${error}`, () => {
      expect(parsePrice(value)).toEqual({ ok: false, error });
    });
  }
});

/** [stake in cents, price, the exact return written out, the return in cents] */
const returns: [number, string, string, number][] = [
  [800, "11/8", "8 x 19/8 = 19.00", 1900],
  [1000, "100/30", "10 x 130/30 = 43.333...", 4333],
  [1000, "5/2", "10 x 7/2 = 35.00", 3500],
  [1000, "evens", "10 x 2 = 20.00", 2000],
  [100, "1/3", "1 x 4/3 = 1.333...", 133],
  [200, "1/3", "2 x 4/3 = 2.666...", 267],
  [1, "1/2", "0.01 x 3/2 = 0.015 (half: up)", 2],
  [300, "2/9", "3 x 11/9 = 3.666...", 367],
  [1000, "4/6", "10 x 10/6 = 16.666...", 1667],
  [700, "6/4", "7 x 10/4 = 17.50", 1750],
  [300, "1/8", "3 x 9/8 = 3.375 (half: up)", 338],
  [50, "1/100", "0.50 x 101/100 = 0.505 (half: up)", 51],
  [5, "1/100", "0.05 x 101/100 = 0.0505", 5],
  [10_000, "999/1", "100 x 1000 = 100000.00", 10_000_000],
  [1000, "3.50", "10 x 3.50 = 35.00", 3500],
  [800, "2.38", "8 x 2.38 = 19.04", 1904],
  [9_999_999_999, "999/1", "99,999,999.99 x 1000 = 99,999,999,990.00", 9_999_999_999_000],
];

describe("returnCents: stake x (n/d + 1), half-up to the cent", () => {
  for (const [stake, price, written, cents] of returns) {
    test(`${price}: ${written}`, () => {
      expect(returnCents(stake, read(price))).toBe(cents);
    });
  }

  test("a decimal pays exactly what payoutCents paid at its hundredths", () => {
    for (const [stake, odds] of [
      [800, 238],
      [50, 101],
      [1234, 250],
      [3, 150],
    ] as const) {
      expect(returnCents(stake, { num: odds - 100, den: 100 })).toBe(payoutCents(stake, odds));
      expect(payoutCents(stake, odds)).toBe(Math.floor((stake * odds + 50) / 100));
    }
  });

  test("an each-way place part takes a fraction of the odds: stake x (n/d x f + 1)", () => {
    // 10 x (5/1 x 1/4 + 1) = 22.50; 10 x (11/8 x 1/5 + 1) = 12.75; 3 x (100/30 x 1/4 + 1) = 5.50
    expect(returnCents(1000, read("5/1"), { num: 1, den: 4 })).toBe(2250);
    expect(returnCents(1000, read("11/8"), { num: 1, den: 5 })).toBe(1275);
    expect(returnCents(300, read("100/30"), { num: 1, den: 4 })).toBe(550);
  });
});

describe("showing a price", () => {
  test("as entered, and in either format", () => {
    expect(formatPrice(read("11/8"))).toBe("11/8");
    expect(formatPrice(read("100/30"))).toBe("100/30");
    expect(formatPrice(read("evens"))).toBe("1/1");
    expect(formatPrice(read("3.5"))).toBe("3.50");
    expect(formatPriceAs(read("11/8"), "decimal")).toBe("2.38");
    expect(formatPriceAs(read("100/30"), "decimal")).toBe("4.33");
    expect(formatPriceAs(read("4/6"), "decimal")).toBe("1.67");
    expect(formatPriceAs(read("3.50"), "fractional")).toBe("5/2");
    expect(formatPriceAs(read("2.38"), "fractional")).toBe("69/50");
    expect(decimalHundredths(read("1/8"))).toBe(113);
    expect(decimalHundredths(read("1/100"))).toBe(101);
  });
});
