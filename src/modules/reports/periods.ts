/**
 * Report periods in the business time zone (BUSINESS_TIMEZONE, decision 062): calendar
 * years, calendar months and ISO 8601 weeks (Monday to Sunday; a week that spans New Year
 * belongs to its ISO year, so 2027-01-01 is in 2026-W53) of the zone's local dates.
 *
 * A period carries its local keys (Date.UTC of its first and next-after-last local dates:
 * the roll-ups' buckets) and the UTC instants those dates start at (the bets' range), so a
 * period with a daylight-saving change is an hour shorter or longer, never shifted. Labels
 * are formatted by date-fns from the keys carried as local Dates at noon, so the host's time
 * zone cannot move a day.
 */
import { format } from "date-fns";
import {
  isoWeekKeys,
  isoWeekOfKey,
  keyStart,
  localDayKey,
  monthKeys,
  yearKeys,
} from "../../domain/business-time";
import { readPeriodValue } from "../../domain/report-periods";
import { AppError } from "../../lib/errors";

export { isoWeeksInYear } from "../../domain/report-periods";

export type PeriodType = "totals" | "year" | "month" | "week";

/** A period as a half-open range [from, to) of UTC milliseconds; null bounds for totals. */
export interface Period {
  type: PeriodType;
  value: string | null;
  label: string;
  from: number | null;
  to: number | null;
  /** The local keys of its first day and of the day after it (the roll-ups' buckets). */
  keyFrom: number | null;
  keyTo: number | null;
}

/** A local key as a host-local Date at noon (what date-fns should see). */
function calendarDay(key: number): Date {
  const d = new Date(key);
  const day = new Date(2000, 0, 1, 12);
  day.setFullYear(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return day;
}

export const TOTALS: Period = {
  type: "totals",
  value: null,
  label: "All time",
  from: null,
  to: null,
  keyFrom: null,
  keyTo: null,
};

function keyed(
  type: Exclude<PeriodType, "totals">,
  value: string,
  label: string,
  [keyFrom, keyTo]: [number, number],
  zone: string,
): Period {
  return {
    type,
    value,
    label,
    from: keyStart(keyFrom, zone),
    to: keyStart(keyTo, zone),
    keyFrom,
    keyTo,
  };
}

export function yearPeriod(year: number, zone = "UTC"): Period {
  return keyed("year", String(year), String(year), yearKeys(year), zone);
}

/** `month` is 1-12. */
export function monthPeriod(year: number, month: number, zone = "UTC"): Period {
  const keys = monthKeys(year, month);
  const value = `${year}-${String(month).padStart(2, "0")}`;
  return keyed("month", value, format(calendarDay(keys[0]), "MMMM yyyy"), keys, zone);
}

export function isoWeekPeriod(isoYear: number, week: number, zone = "UTC"): Period {
  const keys = isoWeekKeys(isoYear, week);
  const monday = calendarDay(keys[0]);
  const sunday = calendarDay(keys[1] - 86_400_000);
  return keyed(
    "week",
    `${isoYear}-W${String(week).padStart(2, "0")}`,
    `${format(monday, "d MMM yyyy")} – ${format(sunday, "d MMM yyyy")}`,
    keys,
    zone,
  );
}

/** The year, month or ISO week that contains the instant `ms` (its local date in `zone`). */
export function periodContaining(
  type: Exclude<PeriodType, "totals">,
  ms: number,
  zone = "UTC",
): Period {
  const key = localDayKey(ms, zone);
  const d = new Date(key);
  if (type === "year") return yearPeriod(d.getUTCFullYear(), zone);
  if (type === "month") return monthPeriod(d.getUTCFullYear(), d.getUTCMonth() + 1, zone);
  const { isoYear, week } = isoWeekOfKey(key);
  return isoWeekPeriod(isoYear, week, zone);
}

const bad = (message: string) => new AppError("VALIDATION", message);

export interface PeriodQuery {
  period?: string;
  year?: string;
  month?: string;
  week?: string;
}

const EXAMPLES = { year: "2026", month: "2026-11", week: "2026-W47" } as const;

/**
 * A period's value sent beside another period is a 400 naming it, as a parameter no
 * operation reads is (decision 087): `period=totals&year=2026` answered all time, and
 * `period=month&month=2026-11&year=2025` November 2026, as if the year had been read.
 */
function refuseOtherValues(query: PeriodQuery, period: string): void {
  for (const name of ["year", "month", "week"] as const) {
    if (name !== period && query[name] !== undefined) {
      throw bad(
        `${name} is only for period=${name} (e.g. period=${name}&${name}=${EXAMPLES[name]})`,
      );
    }
  }
}

/**
 * `period=year&year=2026`, `period=month&month=2026-11`, `period=week&week=2026-W47`, or no
 * parameters at all for totals. Anything else is a 400 that says what was expected, and a
 * value the period does not read (`period=totals&year=2026`) too.
 */
export function parsePeriod(query: PeriodQuery, zone = "UTC"): Period {
  const period = query.period?.trim().toLowerCase() || undefined;
  if (period === undefined || period === "totals") {
    if (period === undefined && (query.year || query.month || query.week)) {
      throw bad("period is required with year, month or week (period=year, month or week)");
    }
    refuseOtherValues(query, "totals");
    return TOTALS;
  }
  if (period === "year" || period === "month" || period === "week") {
    refuseOtherValues(query, period);
    const raw = query[period]?.trim();
    if (!raw) {
      throw bad(`${period} is required for period=${period} (e.g. ${period}=${EXAMPLES[period]})`);
    }
    const read = readPeriodValue(period, raw);
    if (!read.ok) throw bad(read.error);
    const value = read.value;
    if (value.type === "year") return yearPeriod(value.year, zone);
    if (value.type === "month") return monthPeriod(value.year, value.month, zone);
    return isoWeekPeriod(value.isoYear, value.week, zone);
  }
  throw bad("period must be one of: totals, year, month, week");
}
