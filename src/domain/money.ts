/**
 * Money is integer cents everywhere; decimal strings only at the edges (API and forms).
 * One definition of every money rule, imported by the server and the web app.
 */
/** Largest amount any single field may hold: 99,999,999.99. Keeps stake x odds exact. */
export const MAX_CENTS = 9_999_999_999;
export const MIN_ODDS_HUNDREDTHS = 101;
export const MAX_ODDS_HUNDREDTHS = 100_000;

export type MoneyParse =
  | { ok: true; cents: number }
  | { ok: false; error: "Not a number" | "At most 2 decimal places" | "Too large" };

/** Money on the wire (decision 038): optional minus, digits, at most 2 decimals, nothing else. */
export const MONEY_LITERAL = /^-?\d+(\.\d{1,2})?$/;
/** Odds on the wire: digits and at most 2 decimals, never grouped. */
export const ODDS_LITERAL = /^\d+(\.\d{1,2})?$/;

/**
 * Reads an amount the way the API takes it (decision 038): a JSON number, or a string that
 * matches MONEY_LITERAL, and nothing else. No grouping, no comma, no currency sign, no
 * exponent, no spaces: "1.005" is three decimals (refused), never a thousand and five. A
 * number is read through its shortest decimal form (String(n)), so 1.005 and 0.1 + 0.2
 * are refused too, and so is any number JavaScript writes with an exponent. What a person
 * types in a form is read by the locale's parser in web/lib/money-input.ts, which hands
 * this one a literal. The result is in cents (or hundredths, for odds): never a float.
 */
export function parseMoney(value: unknown, maxCents = MAX_CENTS): MoneyParse {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, error: "Not a number" };
    text = String(value);
    // 1e21 and 1e-7: too large, or far too many decimals, written the only way JS can.
    if (/e/i.test(text)) {
      return { ok: false, error: Math.abs(value) >= 1 ? "Too large" : "At most 2 decimal places" };
    }
  } else if (typeof value === "string") {
    text = value;
  } else {
    return { ok: false, error: "Not a number" };
  }
  if (!MONEY_LITERAL.test(text)) {
    const tooPrecise = /^-?\d+\.\d{3,}$/.test(text);
    return { ok: false, error: tooPrecise ? "At most 2 decimal places" : "Not a number" };
  }
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > maxCents) return { ok: false, error: "Too large" };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/** parseMoney's cents, or null for anything it refuses. */
export function parseCents(value: unknown): number | null {
  const parsed = parseMoney(value);
  return parsed.ok ? parsed.cents : null;
}

/** 1250 -> "12.50", -5 -> "-0.05". */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** 3570000 -> "35,700.00": thousands grouped with commas, always 2 decimals. */
export function formatGrouped(cents: number): string {
  const text = formatCents(Math.abs(cents));
  const [whole = "0", frac = "00"] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}${grouped}.${frac}`;
}

/** How money is shown everywhere (issue 9): 3570000 -> "€35,700.00", -5000 -> "-€50.00". */
export function formatEuro(cents: number): string {
  const text = formatGrouped(cents);
  return text.startsWith("-") ? `-€${text.slice(1)}` : `€${text}`;
}

/**
 * Decimal string from the API ("12.50") to cents; 0 for anything unparsable. An answer is
 * not an input: a sum (a shop's potential payouts, a balance, an each-way bet's total stake)
 * may pass the 99,999,999.99 a single field may hold, so only a safe integer bounds it.
 */
export function centsOf(decimal: string | number | null | undefined): number {
  const parsed = parseMoney(decimal ?? 0, Number.MAX_SAFE_INTEGER);
  return parsed.ok ? parsed.cents : 0;
}

/** Available funds (and available credit) = balance + credit limit. */
export function availableFundsCents(balanceCents: number, creditLimitCents: number): number {
  return balanceCents + creditLimitCents;
}

/** Withdrawable amount = max(0, balance): credit is never withdrawable. */
export function withdrawableCents(balanceCents: number): number {
  return Math.max(0, balanceCents);
}

export type FundsCheck = { ok: true } | { ok: false; availableCents: number };

/**
 * The bet funds check: the stake must fit in balance + credit limit, unless the customer
 * allows overdraft or an admin ticked allow overcredit.
 */
export function checkBetFunds(input: {
  stakeCents: number;
  balanceCents: number;
  creditLimitCents: number;
  allowOverdraft: boolean;
  overcredit: boolean;
}): FundsCheck {
  const availableCents = availableFundsCents(input.balanceCents, input.creditLimitCents);
  if (input.allowOverdraft || input.overcredit) return { ok: true };
  return input.stakeCents <= availableCents ? { ok: true } : { ok: false, availableCents };
}

/**
 * Why a withdrawal is refused, with the figures its texts name. The words are the reader's
 * (decision 088): the dialog's title, message and inline alert (the SPEC's English, and German)
 * are in the web catalogue (transactions.withdrawalCheck), the server's refusal texts in
 * src/lib/refusals.ts; this rule names none of them.
 */
export type WithdrawalCheck =
  | { ok: true }
  | {
      ok: false;
      reason: "NO_POSITIVE_BALANCE" | "EXCEEDS_BALANCE";
      balanceCents: number;
      amountCents: number;
    };

/** The withdrawal rule: balance must be positive and cover the amount. */
export function checkWithdrawal(balanceCents: number, amountCents: number): WithdrawalCheck {
  if (balanceCents <= 0)
    return { ok: false, reason: "NO_POSITIVE_BALANCE", balanceCents, amountCents };
  if (amountCents > balanceCents)
    return { ok: false, reason: "EXCEEDS_BALANCE", balanceCents, amountCents };
  return { ok: true };
}
