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

/** Separators a person may type between digits: comma, full stop, spaces (incl. no-break). */
const SEPARATOR = /[.,\s\u00a0\u202f']/;

/**
 * Reads an amount the way a person at the counter means it, in any European or English
 * habit (issue 9): "10,50", "10.50", "1,000.50", "1.000,50" and "1 000,50" are all valid.
 * A separator followed by exactly three digits groups thousands; the last separator
 * followed by one or two digits is the decimal point. Grouping separators are all the same
 * character and differ from the decimal one. A leading "-" and a leading "€" are allowed.
 * The result is in cents (or hundredths, for odds): never a float.
 */
export function parseMoney(value: unknown): MoneyParse {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, error: "Not a number" };
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return { ok: false, error: "Not a number" };
  }
  let negative = false;
  if (text.startsWith("-")) {
    negative = true;
    text = text.slice(1).trim();
  }
  if (text.startsWith("€")) text = text.slice(1).trim();
  if (!/^\d/.test(text) || !/\d$/.test(text.replace(/[.,]$/, ""))) {
    return { ok: false, error: "Not a number" };
  }
  // Digit runs and the separators between them ("1.000,50" -> 1 . 000 , 50).
  const runs = text.split(SEPARATOR);
  const separators = text.match(new RegExp(SEPARATOR.source, "g")) ?? [];
  if (runs.some((run) => !/^\d+$/.test(run))) {
    // Two separators in a row, a trailing separator, or a letter.
    return { ok: false, error: "Not a number" };
  }
  let whole = runs.join("");
  let fraction = "";
  const last = runs[runs.length - 1] as string;
  const lastSeparator = separators[separators.length - 1];
  const isDecimal = separators.length > 0 && last.length !== 3;
  if (isDecimal) {
    if (lastSeparator === undefined || /\s|'/.test(lastSeparator)) {
      return { ok: false, error: "Not a number" };
    }
    if (last.length > 2) return { ok: false, error: "At most 2 decimal places" };
    fraction = last;
    whole = runs.slice(0, -1).join("");
  }
  const groups = isDecimal ? separators.slice(0, -1) : separators;
  if (groups.length > 0) {
    const groupRuns = runs.slice(1, isDecimal ? -1 : undefined);
    const first = runs[0] as string;
    const sameChar = groups.every((g) => g === groups[0]);
    const apartFromDecimal = !isDecimal || groups[0] !== lastSeparator;
    if (
      !sameChar ||
      !apartFromDecimal ||
      first.length > 3 ||
      groupRuns.some((r) => r.length !== 3)
    ) {
      return { ok: false, error: "Not a number" };
    }
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return { ok: false, error: "Too large" };
  return { ok: true, cents: negative ? -cents : cents };
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

/** Decimal string from the API ("12.50") to cents; 0 for anything unparsable. */
export function centsOf(decimal: string | number | null | undefined): number {
  return parseCents(decimal ?? 0) ?? 0;
}

/** Potential payout = stake x odds, rounded half-up to the cent (odds in hundredths). */
export function payoutCents(stakeCents: number, oddsHundredths: number): number {
  return Math.floor((stakeCents * oddsHundredths + 50) / 100);
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

export type WithdrawalCheck =
  | { ok: true }
  | { ok: false; reason: "NO_POSITIVE_BALANCE"; title: string; message: string; inline: string }
  | { ok: false; reason: "EXCEEDS_BALANCE"; title: string; message: string; inline: string };

/** The withdrawal rule: balance must be positive and cover the amount. */
export function checkWithdrawal(balanceCents: number, amountCents: number): WithdrawalCheck {
  if (balanceCents <= 0) {
    return {
      ok: false,
      reason: "NO_POSITIVE_BALANCE",
      title: "Withdrawal Not Allowed",
      message: "Customer has no positive balance available for withdrawal.",
      inline: "This customer has no positive balance available for withdrawal.",
    };
  }
  if (amountCents > balanceCents) {
    return {
      ok: false,
      reason: "EXCEEDS_BALANCE",
      title: "Insufficient Balance",
      message: `Customer has €${formatCents(balanceCents)} available. Withdrawal of €${formatCents(amountCents)} exceeds this amount.`,
      inline: "This withdrawal amount exceeds the customer's available balance.",
    };
  }
  return { ok: true };
}

/** Odds "2.5" -> 250 hundredths (same 2-decimal rule as money). */
export function parseOdds(value: unknown): number | null {
  const hundredths = parseCents(value);
  if (hundredths === null || hundredths > MAX_ODDS_HUNDREDTHS) return null;
  return hundredths;
}
