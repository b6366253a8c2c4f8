/** What a person types, read by their locale (decision 038): one table, inputs x locales. */
import { describe, expect, test } from "bun:test";
import type { MoneyParse } from "../../src/domain/money";
import { placeBetSchema } from "../../src/domain/schemas";
import {
  formatPriceReadBack,
  formatReadBack,
  readTypedAmount,
  readTypedPrice,
  separatorsOf,
  typedAmount,
  withTypedAmounts,
} from "./money-input";

const LOCALES = ["en-IE", "en-US", "de-DE", "fr-FR"] as const;
type Reading = number | (MoneyParse & { ok: false })["error"];

const NAN = "Not a number";
const DP = "At most 2 decimal places";

/** Money: what each typed text reads as, in en-IE, en-US, de-DE and fr-FR (cents or reason). */
const MONEY: [string, [Reading, Reading, Reading, Reading]][] = [
  // A lone separator before three digits: the locale decides.
  ["1.005", [DP, DP, 100500, 100500]],
  ["1,005", [100500, 100500, DP, DP]],
  ["0,001", [DP, DP, DP, DP]],
  ["0.001", [DP, DP, DP, DP]],
  // One or two digits after it can only be a decimal point (the counter's leniency).
  ["10,50", [1050, 1050, 1050, 1050]],
  ["10.50", [1050, 1050, 1050, 1050]],
  ["2,5", [250, 250, 250, 250]],
  ["0,01", [1, 1, 1, 1]],
  // Two kinds of separator: the last is the point, the other groups.
  ["1.000,50", [100050, 100050, 100050, 100050]],
  ["1,000.50", [100050, 100050, 100050, 100050]],
  ["1 000,50", [100050, 100050, 100050, 100050]],
  ["1\u00a0000,50", [100050, 100050, 100050, 100050]],
  ["1\u202f000,50", [100050, 100050, 100050, 100050]],
  ["1 000", [100000, 100000, 100000, 100000]],
  ["1'000.50", [100050, 100050, 100050, 100050]],
  // The same separator twice between threes can only group.
  ["1.000.000", [100000000, 100000000, 100000000, 100000000]],
  ["1,000,000", [100000000, 100000000, 100000000, 100000000]],
  ["1.234.567,89", [123456789, 123456789, 123456789, 123456789]],
  ["1,234,567.89", [123456789, 123456789, 123456789, 123456789]],
  // Four or more digits never group.
  ["10,5055", [DP, DP, DP, DP]],
  ["10.5055", [DP, DP, DP, DP]],
  // Plain numbers, signs and the euro.
  ["1000", [100000, 100000, 100000, 100000]],
  ["  12  ", [1200, 1200, 1200, 1200]],
  ["€12,50", [1250, 1250, 1250, 1250]],
  ["12,50 €", [1250, 1250, 1250, 1250]],
  ["-5,5", [-550, -550, -550, -550]],
  ["99999999,99", [9999999999, 9999999999, 9999999999, 9999999999]],
  ["100000000", ["Too large", "Too large", "Too large", "Too large"]],
  // Not an amount at all.
  ["-", [NAN, NAN, NAN, NAN]],
  ["€", [NAN, NAN, NAN, NAN]],
  ["", [NAN, NAN, NAN, NAN]],
  ["   ", [NAN, NAN, NAN, NAN]],
  ["ten", [NAN, NAN, NAN, NAN]],
  ["12a", [NAN, NAN, NAN, NAN]],
  ["1e3", [NAN, NAN, NAN, NAN]],
  ["10.", [NAN, NAN, NAN, NAN]],
  [",5", [NAN, NAN, NAN, NAN]],
  ["10,,5", [NAN, NAN, NAN, NAN]],
  ["1,000,50", [NAN, NAN, NAN, NAN]],
  ["1.000.50", [NAN, NAN, NAN, NAN]],
  ["1.000 000", [NAN, NAN, NAN, NAN]],
  ["1 000 5", [NAN, NAN, NAN, NAN]],
];

/** Odds never read grouping: one "." or "," is the decimal point. */
const ODDS: [string, [Reading, Reading, Reading, Reading]][] = [
  ["1.125", [DP, DP, DP, DP]],
  ["1,125", [DP, DP, DP, DP]],
  ["0.500", [DP, DP, DP, DP]],
  ["2,5", [250, 250, 250, 250]],
  ["2.50", [250, 250, 250, 250]],
  ["1000", [100000, 100000, 100000, 100000]],
  ["1,000.00", [NAN, NAN, NAN, NAN]],
  ["1 000", [NAN, NAN, NAN, NAN]],
  ["", [NAN, NAN, NAN, NAN]],
];

function expected(reading: Reading): MoneyParse {
  return typeof reading === "number" ? { ok: true, cents: reading } : { ok: false, error: reading };
}

for (const [kind, table] of [
  ["money", MONEY],
  ["odds", ODDS],
] as const) {
  describe(`${kind} typed in a form`, () => {
    for (const [text, readings] of table) {
      LOCALES.forEach((locale, i) => {
        const reading = readings[i] as Reading;
        test(`${JSON.stringify(text)} in ${locale} is ${reading}`, () => {
          expect(readTypedAmount(text, locale, kind)).toEqual(expected(reading));
        });
      });
    }
  });
}

describe("the locale's separators", () => {
  test("come from Intl: en points with '.', de and fr with ','", () => {
    expect(separatorsOf("en-IE").decimal).toBe(".");
    expect(separatorsOf("de-DE")).toEqual({ decimal: ",", group: "." });
    expect(separatorsOf("fr-FR").decimal).toBe(",");
    // A locale this file never names reads by its own habit too.
    expect(readTypedAmount("1.005", "es-ES", "money")).toEqual({ ok: true, cents: 100500 });
    expect(readTypedAmount("1'005.5", "de-CH", "money")).toEqual({ ok: true, cents: 100550 });
  });
});

describe("the read-back", () => {
  test("is in the locale's own format", () => {
    expect(formatReadBack(100500, "en-IE", "money")).toBe("= €1,005.00");
    expect(formatReadBack(100500, "de-DE", "money")).toBe("= 1.005,00\u00a0€");
    expect(formatReadBack(250, "de-DE", "odds")).toBe("= 2,50");
    expect(formatReadBack(100000, "en-IE", "odds")).toBe("= 1000.00");
  });
});

describe("an amount prefilled as the locale types it", () => {
  test("each locale's own form, read back as the same cents", () => {
    expect(typedAmount(100050, "en-IE")).toBe("1,000.50");
    expect(typedAmount(100050, "de-DE")).toBe("1.000,50");
    expect(typedAmount(100050, "fr-FR")).toBe("1\u202f000,50");
    expect(typedAmount(0, "de-DE")).toBe("0,00");
    expect(typedAmount(5, "de-DE")).toBe("0,05");
    for (const locale of [...LOCALES, "de-CH", "de-AT", "hi-IN", "ar-EG"]) {
      for (const cents of [0, 5, 100050, 123456789, -2500]) {
        expect(readTypedAmount(typedAmount(cents, locale), locale, "money")).toEqual({
          ok: true,
          cents,
        });
      }
    }
  });
});

describe("a form's resolver", () => {
  type Values = Record<string, unknown>;
  const seen: Values[] = [];
  const inner = async (values: Values) => {
    seen.push(values);
    return { values, errors: {} };
  };
  const resolver = withTypedAmounts(inner, placeBetSchema, "de-DE");
  const run = (values: Values) =>
    resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  test("hands the schema the literal of each amount, leaving other fields as typed", async () => {
    const result = await run({ stakeAmount: "1.000,50", odds: "2,5", description: "1.000,50" });
    expect(result.errors).toEqual({});
    expect(seen.at(-1)).toEqual({ stakeAmount: "1000.50", odds: "2.50", description: "1.000,50" });
  });

  test("puts the locale's reason on a field it cannot read; a blank one is the schema's", async () => {
    const result = await run({ stakeAmount: "1,005", odds: "" });
    expect(result.errors).toEqual({
      stakeAmount: { type: "amount", message: "At most 2 decimal places" },
    });
    expect(seen.at(-1)).toEqual({ stakeAmount: "1,005", odds: "" });
  });
});

describe("odds as a price (issue 21, decision 048)", () => {
  /** [typed, locale, num/den (format) or the reason, the read-back] */
  const cases: [string, string, string, string | null][] = [
    ["5/2", "en-IE", "5/2 fractional", "= 5/2, 3.50"],
    ["11/8", "de-DE", "11/8 fractional", "= 11/8, 2,38"],
    [" 100 / 30 ", "en-IE", "100/30 fractional", "= 100/30, 4.33"],
    ["evens", "fr-FR", "1/1 fractional", "= 1/1, 2,00"],
    ["EVS", "en-US", "1/1 fractional", "= 1/1, 2.00"],
    ["3.50", "en-IE", "250/100 decimal", "= 5/2, 3.50"],
    ["3,50", "de-DE", "250/100 decimal", "= 5/2, 3,50"],
    ["2.38", "en-IE", "138/100 decimal", "= 69/50, 2.38"],
    ["5/0", "en-IE", "The price's denominator must be at least 1", null],
    ["0/1", "en-IE", "Odds must be at least 1/100 (1.01)", null],
    ["1,000.00", "en-IE", NAN, null],
  ];
  for (const [typed, locale, expected, readBack] of cases) {
    test(`${JSON.stringify(typed)} in ${locale}: ${expected}`, () => {
      const parsed = readTypedPrice(typed, locale);
      if (!parsed.ok) {
        expect(parsed.error).toBe(expected);
        expect(readBack).toBeNull();
        return;
      }
      const { num, den, format } = parsed.price;
      expect(`${num}/${den} ${format}`).toBe(expected);
      expect(formatPriceReadBack(parsed.price, locale)).toBe(readBack as string);
    });
  }

  test("the form hands the API the price as typed: a fraction as is, a decimal as its literal", async () => {
    const resolver = withTypedAmounts(
      async (values) => ({ values, errors: {} }),
      placeBetSchema,
      "de-DE",
    );
    const read = async (odds: string) =>
      (
        (await resolver({ odds }, undefined, {} as never)) as unknown as {
          values: { odds: string };
        }
      ).values.odds;
    expect(await read("11/8")).toBe("11/8");
    expect(await read("evens")).toBe("1/1");
    expect(await read("3,5")).toBe("3.50");
  });
});
