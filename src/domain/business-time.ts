/**
 * The business time zone (BUSINESS_TIMEZONE, decision 062): every day-based rule ("today",
 * date filters, reports and their series, the daily deposit limit, shift days, file names)
 * reads the zone's local dates. Instants stay UTC milliseconds; a local date is read and its
 * UTC range computed here, with @date-fns/tz, so a 23- or 25-hour day (a daylight-saving
 * change) is exactly as long as it is.
 *
 * A "local key" is a local date's midnight read as if it were UTC (Date.UTC of the date):
 * what the report roll-ups use as buckets (drizzle/0024_business_zone.sql). In UTC a key is
 * the instant itself.
 */
import { TZDate, tzOffset, tzScan } from "@date-fns/tz";

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** An IANA zone name the runtime knows, in its canonical spelling; null when unknown. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone's offset from UTC at `ms`, in milliseconds (Dublin in summer: +3,600,000). */
export function offsetMs(zone: string, ms: number): number {
  return tzOffset(zone, new Date(ms)) * MINUTE_MS;
}

/** The local key (Date.UTC of the local date) of the day `ms` falls on in `zone`. */
export function localDayKey(ms: number, zone: string): number {
  const wall = ms + offsetMs(zone, ms);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/** `YYYY-MM-DD` of a local key. */
export function keyToDate(key: number): string {
  return new Date(key).toISOString().slice(0, 10);
}

/** The local date (`YYYY-MM-DD`) of the instant `ms` in `zone`. */
export function localDate(ms: number, zone: string): string {
  return keyToDate(localDayKey(ms, zone));
}

/** Year, month (1-12) and day of the local date of `ms`. */
export function localParts(ms: number, zone: string): { year: number; month: number; day: number } {
  const d = new Date(localDayKey(ms, zone));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The UTC instant a local date starts at: its midnight, or the first moment after it where a
 * change skips midnight. `key` is the date's local key.
 */
export function keyStart(key: number, zone: string): number {
  const d = new Date(key);
  return new TZDate(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), zone).getTime();
}

/** The local key of `YYYY-MM-DD`, or null when it is not a real date. */
export function dateKey(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999, so a year
  // typed digit by digit into a date field ("0002-03-01") would be no date.
  const day = new Date(0);
  day.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const key = day.getTime();
  // The date rolls 2026-02-30 over to March: a real date reads back the same.
  return Number.isNaN(key) || keyToDate(key) !== date.trim() ? null : key;
}

/** A half-open UTC range [from, to) in milliseconds. */
export interface Range {
  from: number;
  to: number;
}

/** The UTC range of the local days from key `fromKey` up to (not including) `toKey`. */
export function keyRange(fromKey: number, toKey: number, zone: string): Range {
  return { from: keyStart(fromKey, zone), to: keyStart(toKey, zone) };
}

/** The UTC range of one local date (23, 24 or 25 hours long). `date` is `YYYY-MM-DD`. */
export function dayRange(date: string, zone: string): Range | null {
  const key = dateKey(date);
  return key === null ? null : keyRange(key, key + DAY_MS, zone);
}

/** The UTC range of the business day `ms` falls on. */
export function dayRangeOf(ms: number, zone: string): Range {
  const key = localDayKey(ms, zone);
  return keyRange(key, key + DAY_MS, zone);
}

/** The first instant of the local date `date` (`YYYY-MM-DD`), or null when not a date. */
export function startOfLocalDate(date: string, zone: string): number | null {
  const key = dateKey(date);
  return key === null ? null : keyStart(key, zone);
}

/** The first instant after the local date `date` (its end, exclusive), or null. */
export function endOfLocalDate(date: string, zone: string): number | null {
  const key = dateKey(date);
  return key === null ? null : keyStart(key + DAY_MS, zone);
}

/** The local keys of a year's first day and the next year's. */
export function yearKeys(year: number): [number, number] {
  return [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
}

/** The local keys of a month's first day and the next month's (`month` 1-12). */
export function monthKeys(year: number, month: number): [number, number] {
  return [Date.UTC(year, month - 1, 1), Date.UTC(year, month, 1)];
}

/** The local keys of an ISO week's Monday and the next Monday. */
export function isoWeekKeys(isoYear: number, week: number): [number, number] {
  // 4 January is always in week 1; its Monday starts the ISO year.
  const jan4 = Date.UTC(isoYear, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = jan4 - weekday * DAY_MS + (week - 1) * 7 * DAY_MS;
  return [monday, monday + 7 * DAY_MS];
}

/** The ISO year and week of a local key. */
export function isoWeekOfKey(key: number): { isoYear: number; week: number } {
  const weekday = (new Date(key).getUTCDay() + 6) % 7;
  const thursday = key + (3 - weekday) * DAY_MS;
  const isoYear = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(isoYear, 0, 1)) / (7 * DAY_MS)) + 1;
  return { isoYear, week };
}

/** The local time of `ms` as `HH:MM`. */
export function localTime(ms: number, zone: string): string {
  const wall = new Date(ms + offsetMs(zone, ms));
  return wall.toISOString().slice(11, 16);
}

/** The local date and time of `ms` as `YYYY-MM-DD HH:MM:SS` (for people: CSV, messages). */
export function localDateTime(ms: number, zone: string): string {
  const wall = new Date(ms + offsetMs(zone, ms));
  return wall.toISOString().slice(0, 19).replace("T", " ");
}

/** `ms` as people at the counter read it: "2026-11-26 15:03 CET" (messages; decision 062). */
export function localMinute(ms: number, zone: string): string {
  return `${localDateTime(ms, zone).slice(0, 16)} ${zoneAbbreviation(zone, ms)}`;
}

/** The zone's short name at `ms` ("GMT", "IST", "CET", "EST"; "GMT+5:30" where none is common). */
export function zoneAbbreviation(zone: string, ms: number): string {
  if (zone === "UTC") return "UTC";
  const part = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" })
    .formatToParts(new Date(ms))
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? zone;
}

/** One row of the zone's offsets: from `fromMs` (UTC) on, local = UTC + `offsetMs`. */
export interface ZoneOffset {
  fromMs: number;
  offsetMs: number;
}

/** The roll-ups' offsets reach from here (first row: the offset before it too)... */
const OFFSETS_FROM = Date.UTC(1970, 0, 1);
/** ...to here (after it, the last offset holds). */
const OFFSETS_TO = Date.UTC(2100, 0, 1);

/**
 * The zone's UTC offsets from 1970 to 2100 as rows for business_zone_offsets: the first row
 * starts at the smallest safe integer, then one row per change, its instant to the minute.
 * Empty for a zone that is always UTC (what an empty table means).
 */
export function zoneOffsets(zone: string): ZoneOffset[] {
  const rows: ZoneOffset[] = [
    { fromMs: Number.MIN_SAFE_INTEGER, offsetMs: offsetMs(zone, OFFSETS_FROM) },
  ];
  const changes = tzScan(zone, { start: new Date(OFFSETS_FROM), end: new Date(OFFSETS_TO) });
  for (const change of changes) {
    // tzScan finds the hour; the change itself may be on a half hour: search the minute.
    let hi = change.date.getTime();
    let lo = hi - 3_600_000;
    const after = change.offset * MINUTE_MS;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMs(zone, mid) === after) hi = mid;
      else lo = mid;
    }
    rows.push({ fromMs: hi, offsetMs: after });
  }
  return rows.every((r) => r.offsetMs === 0) ? [] : rows;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list's `from`/`to` filters (src/domain/list-query.ts parses them) with bare dates read as
 * local dates of `zone`: `from` from that date's first instant, `to` up to the next date's
 * first (the whole day included). ISO date-times keep their instant. `raw` is the request's
 * query string as sent.
 */
export function withLocalDateFilters<Q>(
  query: Q,
  raw: Record<string, string | undefined>,
  zone: string,
): Q {
  if (typeof query !== "object" || query === null) return query;
  const q = query as Record<string, unknown>;
  const out: Record<string, unknown> = { ...q };
  let changed = false;
  for (const [name, end] of [
    ["from", false],
    ["to", true],
  ] as const) {
    const text = raw[name]?.trim();
    if (typeof q[name] !== "number" || !text || !DATE_ONLY.test(text)) continue;
    const at = end ? endOfLocalDate(text, zone) : startOfLocalDate(text, zone);
    if (at !== null) {
      out[name] = at;
      changed = true;
    }
  }
  return changed ? (out as Q) : query;
}
