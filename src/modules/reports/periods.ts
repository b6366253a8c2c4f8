/**
 * Report periods, all in UTC: calendar years, calendar months and ISO 8601 weeks (Monday to
 * Sunday; a week that spans New Year belongs to its ISO year, so 2027-01-01 is in 2026-W53).
 *
 * date-fns computes on local-time Dates. A UTC calendar day is therefore carried as a local
 * Date at noon and turned back into UTC milliseconds with Date.UTC, so neither the host's
 * time zone nor a daylight-saving change can move a day.
 */
import {
  addDays,
  addWeeks,
  format,
  getISOWeek,
  getISOWeeksInYear,
  getISOWeekYear,
  startOfISOWeek,
  startOfISOWeekYear,
} from "date-fns";
import { AppError } from "../../lib/errors";

export type PeriodType = "totals" | "year" | "month" | "week";

/** A period as a half-open range [from, to) of UTC milliseconds; null bounds for totals. */
export interface Period {
  type: PeriodType;
  value: string | null;
  label: string;
  from: number | null;
  to: number | null;
}

const MIN_YEAR = 1970;
const MAX_YEAR = 9999;

/** The UTC calendar day of `ms` as a local Date at noon (what date-fns should see). */
function calendarDay(ms: number): Date {
  const d = new Date(ms);
  const day = new Date(2000, 0, 1, 12);
  day.setFullYear(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return day;
}

/** Midnight UTC of a calendar day produced by calendarDay or date-fns. */
function utcMidnight(day: Date): number {
  return Date.UTC(day.getFullYear(), day.getMonth(), day.getDate());
}

export const TOTALS: Period = {
  type: "totals",
  value: null,
  label: "All time",
  from: null,
  to: null,
};

export function yearPeriod(year: number): Period {
  return {
    type: "year",
    value: String(year),
    label: String(year),
    from: Date.UTC(year, 0, 1),
    to: Date.UTC(year + 1, 0, 1),
  };
}

/** `month` is 1-12. */
export function monthPeriod(year: number, month: number): Period {
  const from = Date.UTC(year, month - 1, 1);
  return {
    type: "month",
    value: `${year}-${String(month).padStart(2, "0")}`,
    label: format(calendarDay(from), "MMMM yyyy"),
    from,
    to: Date.UTC(year, month, 1),
  };
}

/** Number of ISO weeks (52 or 53) in an ISO week-numbering year. */
export function isoWeeksInYear(isoYear: number): number {
  return getISOWeeksInYear(calendarDay(Date.UTC(isoYear, 5, 1)));
}

export function isoWeekPeriod(isoYear: number, week: number): Period {
  const weekOne = startOfISOWeekYear(calendarDay(Date.UTC(isoYear, 0, 4)));
  const monday = addWeeks(weekOne, week - 1);
  const sunday = addDays(monday, 6);
  const from = utcMidnight(monday);
  return {
    type: "week",
    value: `${isoYear}-W${String(week).padStart(2, "0")}`,
    label: `${format(monday, "d MMM yyyy")} – ${format(sunday, "d MMM yyyy")}`,
    from,
    to: from + 7 * 86_400_000,
  };
}

/** The year, month or ISO week that contains the instant `ms`. */
export function periodContaining(type: Exclude<PeriodType, "totals">, ms: number): Period {
  const d = new Date(ms);
  if (type === "year") return yearPeriod(d.getUTCFullYear());
  if (type === "month") return monthPeriod(d.getUTCFullYear(), d.getUTCMonth() + 1);
  const day = startOfISOWeek(calendarDay(ms));
  return isoWeekPeriod(getISOWeekYear(day), getISOWeek(day));
}

const bad = (message: string) => new AppError("VALIDATION", message);

function parseYear(raw: string, what: string): number {
  const year = Number(raw);
  if (!/^\d{4}$/.test(raw) || year < MIN_YEAR || year > MAX_YEAR) {
    throw bad(`${what} must have a four-digit year from ${MIN_YEAR} (e.g. 2026)`);
  }
  return year;
}

export interface PeriodQuery {
  period?: string;
  year?: string;
  month?: string;
  week?: string;
}

/**
 * `period=year&year=2026`, `period=month&month=2026-11`, `period=week&week=2026-W47`, or no
 * parameters at all for totals. Anything else is a 400 that says what was expected.
 */
export function parsePeriod(query: PeriodQuery): Period {
  const period = query.period?.trim().toLowerCase() || undefined;
  if (period === undefined || period === "totals") {
    if (period === undefined && (query.year || query.month || query.week)) {
      throw bad("period is required with year, month or week (period=year, month or week)");
    }
    return TOTALS;
  }
  if (period === "year") {
    if (!query.year) throw bad("year is required for period=year (e.g. year=2026)");
    return yearPeriod(parseYear(query.year.trim(), "year"));
  }
  if (period === "month") {
    const raw = query.month?.trim();
    if (!raw) throw bad("month is required for period=month (e.g. month=2026-11)");
    const match = /^(\d{4})-(\d{2})$/.exec(raw);
    const month = Number(match?.[2]);
    if (!match || month < 1 || month > 12) throw bad("month must look like 2026-11 (YYYY-MM)");
    return monthPeriod(parseYear(match[1] as string, "month"), month);
  }
  if (period === "week") {
    const raw = query.week?.trim();
    if (!raw) throw bad("week is required for period=week (e.g. week=2026-W47)");
    const match = /^(\d{4})-W(\d{2})$/i.exec(raw);
    if (!match) throw bad("week must be an ISO week like 2026-W47 (YYYY-Www)");
    const isoYear = parseYear(match[1] as string, "week");
    const week = Number(match[2]);
    const weeks = isoWeeksInYear(isoYear);
    if (week < 1 || week > weeks) throw bad(`week must be from 1 to ${weeks} in ${isoYear}`);
    return isoWeekPeriod(isoYear, week);
  }
  throw bad("period must be one of: totals, year, month, week");
}
