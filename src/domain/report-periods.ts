/**
 * The value a report period is named by (`2026`, `2026-11`, `2026-W47`), read the same way by
 * the server (a 400 with the message) and by the Reports screen (a URL it cannot read asks
 * for a period instead), so the screen never shows a period the server would refuse.
 */
import { isoWeekOfKey } from "./business-time";

export const MIN_REPORT_YEAR = 1970;
export const MAX_REPORT_YEAR = 9999;

export type PeriodValue =
  | { type: "year"; year: number }
  | { type: "month"; year: number; month: number }
  | { type: "week"; isoYear: number; week: number };

type Read = { ok: true; value: PeriodValue } | { ok: false; error: string };

/** Number of ISO weeks (52 or 53) in an ISO week-numbering year. */
export function isoWeeksInYear(isoYear: number): number {
  // 28 December is always in the last week of its ISO year.
  return isoWeekOfKey(Date.UTC(isoYear, 11, 28)).week;
}

function yearOf(raw: string, what: string): number | string {
  const year = Number(raw);
  if (!/^\d{4}$/.test(raw) || year < MIN_REPORT_YEAR || year > MAX_REPORT_YEAR) {
    return `${what} must have a four-digit year from ${MIN_REPORT_YEAR} (e.g. 2026)`;
  }
  return year;
}

const fail = (error: string): Read => ({ ok: false, error });

/**
 * Reads a year (`2026`), a month (`2026-11`) or an ISO week (`2026-W47`; week 53 only in a
 * year that has one). Surrounding spaces are ignored; an error says what was expected.
 */
export function readPeriodValue(type: PeriodValue["type"], input: string): Read {
  const raw = input.trim();
  if (type === "year") {
    const year = yearOf(raw, "year");
    return typeof year === "string" ? fail(year) : { ok: true, value: { type, year } };
  }
  if (type === "month") {
    const match = /^(\d{4})-(\d{2})$/.exec(raw);
    const month = Number(match?.[2]);
    if (!match || month < 1 || month > 12) return fail("month must look like 2026-11 (YYYY-MM)");
    const year = yearOf(match[1] as string, "month");
    return typeof year === "string" ? fail(year) : { ok: true, value: { type, year, month } };
  }
  const match = /^(\d{4})-W(\d{2})$/i.exec(raw);
  if (!match) return fail("week must be an ISO week like 2026-W47 (YYYY-Www)");
  const isoYear = yearOf(match[1] as string, "week");
  if (typeof isoYear === "string") return fail(isoYear);
  const week = Number(match[2]);
  const weeks = isoWeeksInYear(isoYear);
  if (week < 1 || week > weeks) return fail(`week must be from 1 to ${weeks} in ${isoYear}`);
  return { ok: true, value: { type, isoYear, week } };
}

/** A period value in its one spelling (`2026`, `2026-11`, `2026-W47`). */
export function periodValueText(value: PeriodValue): string {
  const two = (n: number) => String(n).padStart(2, "0");
  if (value.type === "year") return String(value.year);
  if (value.type === "month") return `${value.year}-${two(value.month)}`;
  return `${value.isoYear}-W${two(value.week)}`;
}
