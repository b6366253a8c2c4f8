/**
 * Dead heats and Rule 4 (decision 084): the two ways a winning bet pays less than its price
 * says, both known only when the race is settled.
 *
 * - **Dead heat.** When runners tie for a paid position, a part's stake is shared among them:
 *   two runners dead-heating for the win pay half the stake at the full price and lose the
 *   other half. In general the part keeps k/n of its stake (n runners tying for k paid
 *   positions: three tying for the last two places keep 2/3). The win part and an each-way
 *   bet's place part each have their own (a winner may dead-heat for first, a placed
 *   runner for the last place).
 * - **Rule 4.** A runner withdrawn after the price was taken leaves a shorter field, so the
 *   winnings (not the stake) are reduced by a deduction in cents in the euro (pence in the
 *   pound, Tattersalls' Rule 4(c)): 25 keeps 75% of the winnings. It applies to both parts.
 *
 * A part returns stake x k/n x (1 + odds x f x (100 - r)/100), rounded half-up to the cent
 * once (src/domain/price.ts). Without terms every return is what it always was.
 * Shared by the server and the web app.
 */

/** The largest Rule 4 deduction, in cents in the euro (a withdrawn 1/9 favourite). */
export const RULE4_MAX = 90;
/** A dead heat's fraction k/n: n runners at most (beyond it, a void is the honest answer). */
export const DEAD_HEAT_MAX_RUNNERS = 20;

const DEAD_HEAT = /^\s*(\d{1,2})\s*\/\s*(\d{1,2})\s*$/;

/** The dead-heat fractions of a settlement: the win part's, the place part's (null: none). */
export interface DeadHeat {
  win: string | null;
  place: string | null;
}

/** What a Won or Placed settlement was subject to; both null for an ordinary one. */
export interface SettlementTerms {
  deadHeat: DeadHeat | null;
  /** Rule 4: cents in the euro deducted from the winnings (1..90). */
  rule4Deduction: number | null;
}

export const NO_TERMS: SettlementTerms = { deadHeat: null, rule4Deduction: null };

/** A fraction { num, den }. */
export type Part = { num: number; den: number };

/**
 * Reads a dead heat as the API takes it: "k/n" with 1 <= k < n <= 20 ("1/2" for two runners
 * tying for one position). The error names what is wrong.
 */
export function parseDeadHeat(
  text: string,
): { ok: true; part: Part } | { ok: false; error: string } {
  const m = DEAD_HEAT.exec(text);
  if (!m) return { ok: false, error: 'Dead heat must be a fraction such as "1/2"' };
  const num = Number(m[1]);
  const den = Number(m[2]);
  if (den < 2 || den > DEAD_HEAT_MAX_RUNNERS) {
    return {
      ok: false,
      error: `Dead heat must be shared by 2 to ${DEAD_HEAT_MAX_RUNNERS} runners`,
    };
  }
  if (num < 1 || num >= den) {
    return { ok: false, error: "Dead heat must keep less than the whole stake (1/2, 2/3…)" };
  }
  return { ok: true, part: { num, den } };
}

/**
 * A dead heat as stored and compared: in lowest terms, no leading zeros ("01/2" and "2/4" are
 * "1/2"), so the same share is always the same text (a re-settlement to it changes nothing).
 */
export function deadHeatText(part: Part): string {
  const g = gcd(part.num, part.den);
  return `${part.num / g}/${part.den / g}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "1/2" as { num: 1, den: 2 }; null (no dead heat) as the whole stake, 1/1. */
export function deadHeatPart(text: string | null): Part {
  if (text === null) return { num: 1, den: 1 };
  const parsed = parseDeadHeat(text);
  return parsed.ok ? parsed.part : { num: 1, den: 1 };
}

/** Two stored dead-heat columns as the API answers them: null when neither part has one. */
export function deadHeatOf(win: string | null, place: string | null): DeadHeat | null {
  return win === null && place === null ? null : { win, place };
}

/** The stored columns as terms. */
export function termsOf(bet: {
  deadHeatWin: string | null;
  deadHeatPlace: string | null;
  rule4Deduction: number | null;
}): SettlementTerms {
  return {
    deadHeat: deadHeatOf(bet.deadHeatWin, bet.deadHeatPlace),
    rule4Deduction: bet.rule4Deduction,
  };
}

/** The terms as the bet's columns (a settlement without terms clears them). */
export function termsColumns(terms: SettlementTerms): {
  deadHeatWin: string | null;
  deadHeatPlace: string | null;
  rule4Deduction: number | null;
} {
  return {
    deadHeatWin: terms.deadHeat?.win ?? null,
    deadHeatPlace: terms.deadHeat?.place ?? null,
    rule4Deduction: terms.rule4Deduction,
  };
}

/** True when two settlements' terms are the same. */
export function sameTerms(a: SettlementTerms, b: SettlementTerms): boolean {
  const x = termsColumns(a);
  const y = termsColumns(b);
  return (
    x.deadHeatWin === y.deadHeatWin &&
    x.deadHeatPlace === y.deadHeatPlace &&
    x.rule4Deduction === y.rule4Deduction
  );
}

/** True when a settlement carries neither a dead heat nor a Rule 4 deduction. */
export function hasNoTerms(terms: SettlementTerms): boolean {
  return sameTerms(terms, NO_TERMS);
}

/**
 * The terms in English, as the books check, the slip and the logs say them:
 * "dead heat 1/2 (win), Rule 4 25c". Empty for none.
 */
export function formatTerms(terms: SettlementTerms): string {
  const parts: string[] = [];
  if (terms.deadHeat?.win) parts.push(`dead heat ${terms.deadHeat.win} (win)`);
  if (terms.deadHeat?.place) parts.push(`dead heat ${terms.deadHeat.place} (place)`);
  if (terms.rule4Deduction !== null) parts.push(`Rule 4 ${terms.rule4Deduction}c`);
  return parts.join(", ");
}
