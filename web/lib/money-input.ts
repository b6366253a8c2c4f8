/**
 * Amounts as a person types them into a form, read by their locale (decision 038). The API
 * reads only literals ("1000.50", src/domain/money.ts); the forms turn what was typed into
 * that literal here, before the shared schema (the API contract) validates it.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { formatCents, MAX_CENTS, type MoneyParse } from "../../src/domain/money";
import {
  decimalHundredths,
  formatPriceAs,
  PRICE_LITERAL,
  type Price,
  type PriceParse,
  parsePrice,
} from "../../src/domain/price";
import { type AmountKind, amountFieldsOf } from "../../src/domain/schemas";

export type { AmountKind };

interface Separators {
  /** The locale's decimal point: "." (en) or "," (de, fr, ...). */
  decimal: "." | ",";
  /** The locale's own grouping character (",", ".", a narrow no-break space, "'", ...). */
  group: string;
}

const separatorCache = new Map<string, Separators>();

/** The locale's separators, as Intl writes its numbers (never a hard-coded list of locales). */
export function separatorsOf(locale: string): Separators {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { numberingSystem: "latn" }).formatToParts(
      1234567.5,
    );
    const decimal = parts.find((p) => p.type === "decimal")?.value;
    const group = parts.find((p) => p.type === "group")?.value ?? "";
    // A script with its own decimal sign (Arabic "٫") types Latin digits with a point.
    found = { decimal: decimal === "," ? "," : ".", group };
    separatorCache.set(locale, found);
  }
  return found;
}

/** Spaces of every width group thousands alike ("1 000", "1\u00a0000", "1\u202f000"). */
const SPACE = /[\s\u00a0\u202f]/;
const APOSTROPHE = /['\u2019]/;

/** Which separators count as the same one: all spaces are one, all apostrophes are one. */
function classOf(separator: string): string {
  if (SPACE.test(separator)) return " ";
  if (APOSTROPHE.test(separator)) return "'";
  return separator;
}

/**
 * Digits with the same separator between groups of three, the first group 1 to 3 digits and
 * no leading zero ("1,000,000"; never "0,001" nor "10,00").
 */
function groupsThousands(runs: string[], classes: string[]): boolean {
  const first = runs[0] as string;
  return (
    classes.every((c) => c === classes[0]) &&
    /^[1-9]\d{0,2}$/.test(first) &&
    runs.slice(1).every((r) => r.length === 3)
  );
}

/** Every separator a person may type between digits, and the locale's own grouping one. */
function separatorPattern(group: string): RegExp {
  const own = group.replace(/[\\\]^-]/g, "\\$&");
  return new RegExp(`[.,'\u2019\\s\u00a0\u202f${own}]`, "g");
}

const NOT_A_NUMBER = { ok: false, error: "Not a number" } as const;
const TOO_PRECISE = { ok: false, error: "At most 2 decimal places" } as const;

/**
 * Reads what a person typed, in cents (or hundredths, for odds), by their locale:
 *
 * - The locale's decimal point is one (en "1.005": "At most 2 decimal places"), unless it
 *   appears more than once between groups of three ("1.000.000" can only be grouping).
 * - The other of "." and "," groups thousands when it is followed by exactly three digits and
 *   the whole number groups cleanly (en "1,005" and de "1.005" are 1005.00). Spaces,
 *   no-break spaces and apostrophes only ever group.
 * - Otherwise the last "." or "," can only be a decimal point, and reads as one: "10,50" in
 *   en and "10.50" in de are 10.50, "1.000,50" and "1,000.50" are 1000.50 anywhere, and
 *   "10,5055" in en is "At most 2 decimal places" (four digits never group).
 * - Odds are never grouped: one "." or "," is the decimal point, whatever follows it.
 *
 * A leading "-" and a "€" before or after the amount are allowed. Blank is "Not a number"
 * (a form leaves a blank field to its schema's own message).
 */
export function readTypedAmount(text: string, locale: string, kind: AmountKind): MoneyParse {
  const { decimal, group } = separatorsOf(locale);
  let rest = text.trim();
  let negative = false;
  if (/^[-\u2212]/.test(rest)) {
    negative = true;
    rest = rest.slice(1).trim();
  }
  rest = rest.replace(/^€/, "").replace(/€$/, "").trim();
  if (!/^\d/.test(rest) || !/\d$/.test(rest)) return NOT_A_NUMBER;
  const separator = separatorPattern(group);
  const runs = rest.split(separator);
  const classes = (rest.match(separator) ?? []).map(classOf);
  if (runs.some((run) => !/^\d+$/.test(run))) return NOT_A_NUMBER;

  let whole = runs;
  let fraction = "";
  const last = classes[classes.length - 1];
  if (last !== undefined) {
    const point = last === "." || last === ",";
    if (kind === "odds") {
      if (classes.length > 1 || !point) return NOT_A_NUMBER;
      whole = runs.slice(0, 1);
      fraction = runs[1] as string;
    } else {
      const groups = groupsThousands(runs, classes) && (last !== decimal || classes.length > 1);
      if (!groups) {
        if (!point) return NOT_A_NUMBER;
        fraction = runs[runs.length - 1] as string;
        if (fraction.length > 2) return TOO_PRECISE;
        whole = runs.slice(0, -1);
        const wholeClasses = classes.slice(0, -1);
        // The separators before the decimal point group thousands, and are not that point.
        if (
          wholeClasses.length > 0 &&
          (!groupsThousands(whole, wholeClasses) || wholeClasses[0] === last)
        ) {
          return NOT_A_NUMBER;
        }
      }
    }
  }
  if (fraction.length > 2) return TOO_PRECISE;
  const cents = Number(whole.join("")) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return { ok: false, error: "Too large" };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/** What was typed, in cents, or null when blank or not an amount (for live previews). */
export function typedCents(text: unknown, locale: string, kind: AmountKind = "money") {
  if (typeof text !== "string" || text.trim() === "") return null;
  const parsed = readTypedAmount(text, locale, kind);
  return parsed.ok ? parsed.cents : null;
}

const typedFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a person in `locale` types it, to prefill a form's field: "1,000.50" (en),
 * "1.000,50" (de), so the value and its read-back ("= 1.000,50 €") speak one language. Read
 * back in the same locale it is the same cents; a locale whose own writing this module would
 * read otherwise gets the API's literal ("1000.50"), which every locale reads.
 */
export function typedAmount(cents: number, locale: string): string {
  let format = typedFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      numberingSystem: "latn",
    });
    typedFormats.set(locale, format);
  }
  // The exact decimal string, so no cent is ever rounded through a float.
  const text = format.format(formatCents(cents) as unknown as number);
  const back = readTypedAmount(text, locale, "money");
  return back.ok && back.cents === cents ? text : formatCents(cents);
}

/**
 * The value as read, in the locale's own format, shown beside the field before submit:
 * "= €1,000.50" (en), "= 1.000,50 €" (de); odds without grouping ("= 2,50" in de).
 */
export function formatReadBack(cents: number, locale: string, kind: AmountKind): string {
  const format = new Intl.NumberFormat(
    locale,
    kind === "money"
      ? { style: "currency", currency: "EUR" }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false },
  );
  // The exact decimal string, so no cent is ever rounded through a float.
  return `= ${format.format(formatCents(cents) as unknown as number)}`;
}

/**
 * Odds as typed (issue 21, decision 048): a fraction or evens as it is ("5/2", "EVS"), else a
 * decimal read by the locale like any amount ("3,50" in de), then checked as a price.
 */
export function readTypedPrice(text: string, locale: string): PriceParse {
  if (PRICE_LITERAL.test(text)) return parsePrice(text.trim());
  const decimal = readTypedAmount(text, locale, "odds");
  return decimal.ok ? parsePrice(formatCents(decimal.cents)) : decimal;
}

/** What was typed as a price, or null when blank or not one (for live previews). */
export function typedPrice(text: unknown, locale: string): Price | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  const parsed = readTypedPrice(text, locale);
  return parsed.ok ? parsed.price : null;
}

/** The literal the API takes for a price: "11/8" as typed, or the decimal "3.50". */
export function priceLiteral(price: Price): string {
  return price.format === "fractional"
    ? `${price.num}/${price.den}`
    : formatPriceAs(price, "decimal");
}

/**
 * A price read back in both forms beside the field: "= 5/2, 3.50" (the decimal in the
 * locale's format: "= 5/2, 3,50" in de), for a fraction and a decimal alike.
 */
export function formatPriceReadBack(price: Price, locale: string): string {
  const decimal = formatReadBack(decimalHundredths(price), locale, "odds").slice(2);
  return `= ${formatPriceAs(price, "fractional")}, ${decimal}`;
}

/**
 * Wraps a form's resolver: every money and odds field of `schema` (found by its meta, like
 * the API's) is read by the locale and handed on as the literal the schema takes ("1.000,50"
 * in de becomes "1000.50"); one the locale cannot read gets the reason on that field.
 * Blank fields pass as they are, so the schema's own message ("... is required") stands.
 */
export function withTypedAmounts<TValues extends FieldValues, TContext, TOut>(
  resolver: Resolver<TValues, TContext, TOut>,
  schema: z.ZodType,
  locale: string,
): Resolver<TValues, TContext, TOut> {
  const fields = Object.entries(amountFieldsOf(schema));
  return (values, context, options) => {
    const literal: Record<string, unknown> = { ...values };
    const refused: Record<string, FieldError> = {};
    for (const [name, kind] of fields) {
      const typed = values[name];
      if (typeof typed !== "string" || typed.trim() === "") continue;
      if (kind === "odds") {
        const price = readTypedPrice(typed, locale);
        if (price.ok) literal[name] = priceLiteral(price.price);
        else refused[name] = { type: "amount", message: price.error };
        continue;
      }
      const parsed = readTypedAmount(typed, locale, kind);
      if (parsed.ok) literal[name] = formatCents(parsed.cents);
      else refused[name] = { type: "amount", message: parsed.error };
    }
    // Handed straight back when all was read: no extra tick between typing and the errors.
    const result = resolver(literal as TValues, context, options);
    if (Object.keys(refused).length === 0) return result;
    return Promise.resolve(result).then(({ errors }) => ({
      values: {},
      errors: { ...errors, ...refused } as FieldErrors<TValues>,
    }));
  };
}
