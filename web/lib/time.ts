/**
 * Dates and times on screen (issue 23, decision 063): every instant shows in the business
 * time zone (GET /api/settings `businessTimeZone`, BUSINESS_TIMEZONE on the server), not the
 * browser's, in the app's locale, with the zone's short name ("CET", "IST", "GMT+1") where a
 * time could be read in another zone. The API's times stay UTC ISO strings; only this module
 * turns them into text, and only it knows the zone.
 *
 * The zone is held here for the plain functions the screens call while rendering; the
 * signed-in shell (BusinessTimeZoneGate, ./time-gate.tsx) reads it from the settings before
 * any screen shows. This module reads no settings itself, so the API client's error texts
 * (web/i18n/errors.ts) can write dates with it.
 */
import {
  canonicalTimeZone,
  endOfLocalDate,
  localDate as localDateOf,
  localDateTime,
  localParts,
} from "../../src/domain/business-time";
import { displayLocale } from "./locale";

/** The SPEC's clock when the server names no zone. */
export const DEFAULT_TIME_ZONE = "UTC";

let currentZone = DEFAULT_TIME_ZONE;

/** Whether Intl knows the IANA name (an unknown one would throw in every formatter). */
export function isTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

/** The business time zone the formatters use (UTC until the settings say otherwise). */
export function businessTimeZone(): string {
  return currentZone;
}

/** Sets the business time zone; a missing or unknown name means UTC. */
export function setBusinessTimeZone(zone: string | null | undefined): void {
  currentZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * The locale dates are written in: the display locale of web/lib/locale.ts (the one money
 * and numbers are shown in: the user's language, refined by the browser's tag when it speaks
 * that language), so lists, details, slips and charts follow the language shown.
 */
export function appLocale(): string {
  return displayLocale();
}

/** The browser's own zone (where the person at the screen is). */
function viewerTimeZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone ?? DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export interface TimeOptions {
  /** BCP 47 locale; default the app's locale. */
  locale?: string;
  /** IANA zone; default the business time zone. */
  timeZone?: string;
}

export type Instant = string | number | Date | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Intl.DateTimeFormat is slow to build and the lists call these per cell: one per shape.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The one formatter per locale, zone and shape (for shapes this module has no function for). */
export function formatter(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

function resolve(options: TimeOptions): { locale: string; timeZone: string } {
  return { locale: options.locale ?? appLocale(), timeZone: options.timeZone ?? currentZone };
}

const DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };

/**
 * The date of an instant in the business zone: "27 Nov 2026" (en-IE), "Nov 27, 2026"
 * (en-US), "27.11.2026"-like in German. A calendar date ("1990-05-01", a date of birth) is
 * that day wherever the screen is.
 */
export function formatDate(value: Instant, options: TimeOptions = {}): string {
  if (value === null || value === undefined) return "";
  const { locale, timeZone } = resolve(options);
  if (typeof value === "string" && CALENDAR_DATE.test(value)) {
    const day = toDate(`${value}T00:00:00.000Z`);
    return day ? formatter(locale, "UTC", DATE).format(day) : "";
  }
  const date = toDate(value);
  return date ? formatter(locale, timeZone, DATE).format(date) : "";
}

/** The time of an instant in the business zone with the zone's name: "00:19 CET". */
export function formatTime(value: Instant, options: TimeOptions = {}): string {
  if (value === null || value === undefined) return "";
  const date = toDate(value);
  if (!date) return "";
  const { locale, timeZone } = resolve(options);
  return formatter(locale, timeZone, { ...TIME, timeZoneName: "short" }).format(date);
}

/**
 * Date and time of an instant in the business zone with the zone's name, for details,
 * receipts, slips, the Z report and titles: "27 Nov 2026, 00:19 CET".
 */
export function formatDateTime(value: Instant, options: TimeOptions = {}): string {
  if (value === null || value === undefined) return "";
  const date = toDate(value);
  if (!date) return "";
  const { locale, timeZone } = resolve(options);
  return formatter(locale, timeZone, { ...DATE, ...TIME, timeZoneName: "short" }).format(date);
}

/**
 * An end that is a day or a moment (a self-exclusion's, decision 062): the date alone when it
 * is the first instant of a day in the business zone (an end typed as a date, where the
 * server starts it), else the date and time with the zone's name: "22 May 2027" ("22. Mai
 * 2027"), "21 May 2027, 22:00 GMT-4". The server's own English ("2027-05-22",
 * src/domain/limits.ts formatExclusionEnd) stays for its messages.
 */
export function formatDayOrDateTime(value: Instant, options: TimeOptions = {}): string {
  if (value === null || value === undefined) return "";
  const date = toDate(value);
  if (!date) return "";
  const { timeZone } = resolve(options);
  const dayOnly = localDateTime(date.getTime(), timeZone).endsWith(" 00:00:00");
  return dayOnly ? formatDate(date, options) : formatDateTime(date, options);
}

/**
 * A table's date in one short line: "27 Nov, 00:19" this year (in the business zone), the
 * date with its year for another year; the full date and time belong in a title on hover.
 * With `zoneName` (default: when the browser's clock reads otherwise at that instant, or in
 * the hour a clock going back repeats) the zone's short name follows the time, so a reader
 * elsewhere does not take it for their own, and the two 02:30s of that night differ.
 */
export function formatCompactDateTime(
  value: Instant,
  now: Date = new Date(),
  options: TimeOptions & { zoneName?: boolean } = {},
): string {
  if (value === null || value === undefined) return "";
  const date = toDate(value);
  if (!date) return "";
  const { locale, timeZone } = resolve(options);
  const year = (d: Date) => localParts(d.getTime(), timeZone).year;
  if (year(date) !== year(now)) return formatter(locale, timeZone, DATE).format(date);
  // The browser's clock reads otherwise at that instant (the wall clocks of the two zones).
  const wall = (zone: string) => localDateTime(date.getTime(), zone);
  const zoneName =
    options.zoneName ??
    (wall(viewerTimeZone()) !== wall(timeZone) || inRepeatedHour(date.getTime(), timeZone));
  // A 24-hour clock in every locale: a table's column stays narrow ("Nov 27, 16:07", not
  // "Nov 27, 04:07 PM"); the title on hover gives the locale's own full form.
  return formatter(locale, timeZone, {
    month: "short",
    day: "numeric",
    ...TIME,
    hourCycle: "h23",
    ...(zoneName ? { timeZoneName: "short" } : {}),
  }).format(date);
}

const HOUR_MS = 3_600_000;

/**
 * Whether the zone's clock reads the same an hour before or after `ms`: the hour a clock
 * goes back repeats (02:30 CEST, then 02:30 CET on 25 Oct 2026 in Berlin), and only the
 * zone's name tells the two apart.
 */
export function inRepeatedHour(ms: number, timeZone = currentZone): boolean {
  const wall = localDateTime(ms, timeZone);
  return (
    wall === localDateTime(ms - HOUR_MS, timeZone) || wall === localDateTime(ms + HOUR_MS, timeZone)
  );
}

/** The zone's short name at an instant: "CET" / "CEST" (en-GB), "IST" (en-IE), "GMT+1". */
export function timeZoneName(at: Date = new Date(), options: TimeOptions = {}): string {
  const { locale, timeZone } = resolve(options);
  const parts = formatter(locale, timeZone, { timeZoneName: "short" }).formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** The calendar date (YYYY-MM-DD) of an instant in the zone (default the business zone). */
export function localDate(value: Date | number | string, timeZone = currentZone): string {
  const date = toDate(value);
  return date ? localDateOf(date.getTime(), timeZone) : "";
}

/**
 * Today in the business zone (YYYY-MM-DD): "Today's bets", the dashboard's chart and a date
 * picker's default. The server reads `from`/`to`/`day` as dates of the same zone.
 */
export function businessToday(now: Date = new Date(), timeZone = currentZone): string {
  return localDate(now, timeZone);
}

/** The last millisecond of a local date in the zone, as an ISO instant (an expiry date). */
export function endOfLocalDay(day: string, timeZone = currentZone): string {
  // The server's own day boundaries (a 23- or 25-hour day too); the end is exclusive there.
  const end = endOfLocalDate(day, timeZone);
  if (end === null) throw new RangeError(`Not a date: ${day}`);
  return new Date(end - 1).toISOString();
}
