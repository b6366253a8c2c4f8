/**
 * Prices as a counter takes them (issue 21 item 5, decision 048): a fraction ("5/2",
 * "100/30"), evens ("evens", "EVS", "1/1") or a decimal ("3.50"). A price is kept exactly as
 * the fractional odds n/d (a decimal 3.50 is 250/100: decimal odds minus one), so a return is
 * stake x (n/d + 1) with no decimal rounded first: EUR 8 at 11/8 returns 19.00, where the
 * decimal 2.38 would return 19.04. Shared by the server and the web app.
 */
import { formatCents, MAX_ODDS_HUNDREDTHS, MIN_ODDS_HUNDREDTHS, parseMoney } from "./money";

export const PRICE_FORMATS = ["decimal", "fractional"] as const;
export type PriceFormat = (typeof PRICE_FORMATS)[number];

/** A price: the fractional odds num/den, and how it was entered (how its slip shows it). */
export interface Price {
  num: number;
  den: number;
  format: PriceFormat;
}

/** A fraction's parts stay small enough that stake x (num + den) is exact in SQLite too. */
export const MAX_PRICE_DEN = 1000;

export type PriceParse = { ok: true; price: Price } | { ok: false; error: string };

const FRACTION = /^(\d{1,7})\s*\/\s*(\d{1,7})$/;
const EVENS = /^ev(en)?s$/i;
/** A fractional price on the wire (the API's schema): "5/2", "100/30", "evens", "EVS". */
export const PRICE_LITERAL = /^\s*(\d{1,7}\s*\/\s*\d{1,7}|[Ee][Vv]([Ee][Nn])?[Ss])\s*$/;

/**
 * Reads odds as the API and the forms take them: a fraction, evens, or a decimal literal
 * (a JSON number or a string, exactly as parseMoney reads it: at most 2 decimals, no grouping).
 * The decimal odds must lie between 1.01 and 1000.00, a fraction between 1/100 and 999/1.
 */
export function parsePrice(value: unknown): PriceParse {
  if (typeof value === "string") {
    const text = value.trim();
    if (EVENS.test(text)) return { ok: true, price: { num: 1, den: 1, format: "fractional" } };
    const fraction = FRACTION.exec(text);
    if (fraction) {
      const num = Number(fraction[1]);
      const den = Number(fraction[2]);
      if (den === 0) return { ok: false, error: "The price's denominator must be at least 1" };
      if (num === 0) return { ok: false, error: "Odds must be at least 1/100 (1.01)" };
      // At least 1/100 and at most 999/1: the decimal odds' own range, 1.01 to 1000.00.
      if (num * 100 < den) return { ok: false, error: "Odds must be at least 1/100 (1.01)" };
      if (num > 999 * den) return { ok: false, error: "Odds must be at most 999/1 (1000.00)" };
      // In range but finer than any price a bookmaker writes (2000/1001): "Too large" said of
      // the tiny 1/1001 read as its price being too large.
      if (den > MAX_PRICE_DEN) {
        return { ok: false, error: `The price's denominator must be at most ${MAX_PRICE_DEN}` };
      }
      return { ok: true, price: { num, den, format: "fractional" } };
    }
    if (text.includes("/")) return { ok: false, error: "Not a price" };
  }
  const parsed = parseMoney(value);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.cents > MAX_ODDS_HUNDREDTHS) {
    return { ok: false, error: "Odds must be at most 1000.00" };
  }
  if (parsed.cents < MIN_ODDS_HUNDREDTHS) return { ok: false, error: "Odds must be at least 1.01" };
  return { ok: true, price: { num: parsed.cents - 100, den: 100, format: "decimal" } };
}

/** a / b rounded half-up, exact for any size (BigInt): the one rounding of every return. */
function divideHalfUp(a: bigint, b: bigint): number {
  return Number((2n * a + b) / (2n * b));
}

/**
 * What a stake returns at a price: stake x (num/den + 1), rounded half-up to the cent, in
 * integers only. `fraction` takes a part of the odds (an each-way place part at 1/4 or 1/5 of
 * the win price: stake x (num/den x f + 1)); without it, the whole price. `settled` applies a
 * dead heat and a Rule 4 deduction (src/domain/settlement-terms.ts).
 */
export function returnCents(
  stakeCents: number,
  price: { num: number; den: number },
  fraction: { num: number; den: number } = { num: 1, den: 1 },
  settled: { deadHeat?: { num: number; den: number }; rule4?: number } = {},
): number {
  // Dead heat and Rule 4 (decision 084): the part keeps k/n of its stake, and its winnings
  // lose r cents in the euro: stake x k/n x (1 + odds x f x (100 - r)/100), rounded once.
  // Without them the same rational as ever, so the same cent.
  const share = settled.deadHeat ?? { num: 1, den: 1 };
  const kept = BigInt(100 - (settled.rule4 ?? 0));
  const den = BigInt(price.den) * BigInt(fraction.den) * 100n;
  const num = BigInt(price.num) * BigInt(fraction.num) * kept + den;
  return divideHalfUp(BigInt(stakeCents) * BigInt(share.num) * num, den * BigInt(share.den));
}

/**
 * Potential payout at decimal odds in hundredths: the price (odds - 1)/100, through the one
 * return function (a bet from before prices pays exactly as it did).
 */
export function payoutCents(stakeCents: number, oddsHundredths: number): number {
  return returnCents(stakeCents, { num: oddsHundredths - 100, den: 100 });
}

/** The decimal odds in hundredths, rounded half-up (100/30 -> 433): the `odds` field. */
export function decimalHundredths(price: { num: number; den: number }): number {
  return divideHalfUp(BigInt(price.num + price.den) * 100n, BigInt(price.den));
}

/** A price in its own format, as entered: "11/8", or the decimal "3.50". */
export function formatPrice(price: Price): string {
  return formatPriceAs(price, price.format);
}

/**
 * A price shown as `format` asks: "11/8" (a decimal 2.50 shows as 3/2 fractional, reduced),
 * or the decimal with 2 places ("2.38" for 11/8, rounded half-up).
 */
export function formatPriceAs(price: Price, format: PriceFormat): string {
  if (format === "decimal") return formatCents(decimalHundredths(price));
  // As entered when it was a fraction ("100/30" stays); a decimal's n/100 is reduced.
  if (price.format === "fractional") return `${price.num}/${price.den}`;
  const g = gcd(price.num, price.den);
  return `${price.num / g}/${price.den / g}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A price from the stored columns; a bet from before migration 0019's backfill as n/100. */
export function priceOf(bet: {
  oddsHundredths: number;
  priceNum: number | null;
  priceDen: number | null;
  priceFormat: string | null;
}): Price {
  if (bet.priceNum === null || bet.priceDen === null) {
    return { num: bet.oddsHundredths - 100, den: 100, format: "decimal" };
  }
  return {
    num: bet.priceNum,
    den: bet.priceDen,
    format: bet.priceFormat === "fractional" ? "fractional" : "decimal",
  };
}
