/**
 * A customer's age (issue 20, item 6; docs/decisions/041-minimum-age.md), counted on the
 * business date (BUSINESS_TIMEZONE, decision 062; UTC by default) of the injected clock,
 * never the machine's: a customer is 18 from the first minute of the birthday in the shop.
 */
import { localParts } from "./business-time";

/** True when `text` is a real calendar date written YYYY-MM-DD (2026-02-31 is not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/**
 * Whole years from `dateOfBirth` (YYYY-MM-DD) to the local date of `now` in `zone`: a birthday
 * counts from its own day; one on 29 February counts from 1 March in a common year.
 */
export function ageOn(dateOfBirth: string, now: number, zone = "UTC"): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const { year: ty, month: tm, day: td } = localParts(now, zone);
  const hadBirthday = tm > m || (tm === m && td >= d);
  return ty - y - (hadBirthday ? 0 : 1);
}

/** The refusal for a customer younger than `minAge`. */
export function underAgeMessage(minAge: number): string {
  return `Customer is under ${minAge}`;
}

/** The refusal for a customer without a date of birth when one is required. */
export const NO_DATE_OF_BIRTH_MESSAGE = "Customer has no date of birth on record";

/** The minimum age unless MIN_AGE says otherwise. */
export const DEFAULT_MIN_AGE = 18;
