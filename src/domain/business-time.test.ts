/**
 * The business time zone's days (decision 062) at both daylight-saving changes in
 * Europe/Dublin: 2026-03-29 has 23 hours (01:00 GMT becomes 02:00 IST), 2026-10-25 has 25
 * (02:00 IST becomes 01:00 GMT). Whatever the host's own time zone.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readEnv } from "../env";
import {
  canonicalTimeZone,
  dateKey,
  dayRange,
  dayRangeOf,
  isoWeekKeys,
  isoWeekOfKey,
  keyStart,
  keyToDate,
  localDate,
  localDateTime,
  localTime,
  withLocalDateFilters,
  zoneOffsets,
} from "./business-time";

const DUBLIN = "Europe/Dublin";
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe.each(["UTC", "America/New_York", "Asia/Kolkata"])("on a host in %s", (hostZone) => {
  test("the spring change: a 23-hour day, 00:30 and 23:30 local on it", () => {
    process.env.TZ = hostZone;
    const day = dayRange("2026-03-29", DUBLIN);
    expect(day && { from: iso(day.from), to: iso(day.to) }).toEqual({
      from: "2026-03-29T00:00:00.000Z",
      to: "2026-03-29T23:00:00.000Z",
    });
    expect(day && (day.to - day.from) / HOUR).toBe(23);
    // 00:30 GMT and 23:30 IST (22:30 UTC) are the 29th; 23:30 UTC is already the 30th.
    expect(localDate(Date.parse("2026-03-29T00:30:00Z"), DUBLIN)).toBe("2026-03-29");
    expect(localDate(Date.parse("2026-03-29T22:30:00Z"), DUBLIN)).toBe("2026-03-29");
    expect(localDate(Date.parse("2026-03-29T23:30:00Z"), DUBLIN)).toBe("2026-03-30");
    expect(localDate(Date.parse("2026-03-28T23:30:00Z"), DUBLIN)).toBe("2026-03-28");
    expect(localTime(Date.parse("2026-03-29T22:30:00Z"), DUBLIN)).toBe("23:30");
  });

  test("the autumn change: a 25-hour day, 00:30 and 23:30 local on it", () => {
    process.env.TZ = hostZone;
    const day = dayRange("2026-10-25", DUBLIN);
    expect(day && { from: iso(day.from), to: iso(day.to) }).toEqual({
      from: "2026-10-24T23:00:00.000Z",
      to: "2026-10-26T00:00:00.000Z",
    });
    expect(day && (day.to - day.from) / HOUR).toBe(25);
    // 00:30 IST is 23:30 UTC the day before; 23:30 GMT is 23:30 UTC.
    expect(localDate(Date.parse("2026-10-24T23:30:00Z"), DUBLIN)).toBe("2026-10-25");
    expect(localDate(Date.parse("2026-10-25T23:30:00Z"), DUBLIN)).toBe("2026-10-25");
    expect(localDate(Date.parse("2026-10-24T22:30:00Z"), DUBLIN)).toBe("2026-10-24");
    expect(localDate(Date.parse("2026-10-26T00:30:00Z"), DUBLIN)).toBe("2026-10-26");
    // 01:30 happens twice: first IST, then GMT.
    expect(localDateTime(Date.parse("2026-10-25T00:30:00Z"), DUBLIN)).toBe("2026-10-25 01:30:00");
    expect(localDateTime(Date.parse("2026-10-25T01:30:00Z"), DUBLIN)).toBe("2026-10-25 01:30:00");
  });

  test("the business day of an instant, and ISO weeks by local date", () => {
    process.env.TZ = hostZone;
    const range = dayRangeOf(Date.parse("2026-10-25T12:00:00Z"), DUBLIN);
    expect(iso(range.from)).toBe("2026-10-24T23:00:00.000Z");
    expect((range.to - range.from) / HOUR).toBe(25);
    // 2026-W43 is Monday 19 to Sunday 25 October; in Dublin it starts at 23:00 UTC on the 18th.
    const [monday, next] = isoWeekKeys(2026, 43);
    expect(iso(keyStart(monday, DUBLIN))).toBe("2026-10-18T23:00:00.000Z");
    expect(iso(keyStart(next, DUBLIN))).toBe("2026-10-26T00:00:00.000Z");
    expect(isoWeekOfKey(Date.UTC(2027, 0, 1))).toEqual({ isoYear: 2026, week: 53 });
    expect(isoWeekOfKey(Date.UTC(2026, 0, 1))).toEqual({ isoYear: 2026, week: 1 });
  });
});

describe("the zone's offsets (the roll-ups' table)", () => {
  test("Dublin changes twice a year at 01:00 UTC; UTC has none; Kolkata one row", () => {
    const rows = zoneOffsets(DUBLIN);
    const in2026 = rows.filter((r) => r.fromMs > 0 && iso(r.fromMs).startsWith("2026"));
    expect(in2026.map((r) => [iso(r.fromMs), r.offsetMs / HOUR])).toEqual([
      ["2026-03-29T01:00:00.000Z", 1],
      ["2026-10-25T01:00:00.000Z", 0],
    ]);
    expect(zoneOffsets("UTC")).toEqual([]);
    expect(zoneOffsets("Asia/Kolkata")).toEqual([
      { fromMs: Number.MIN_SAFE_INTEGER, offsetMs: 5.5 * HOUR },
    ]);
  });

  test("a change on the half hour is found to the minute (Lord Howe)", () => {
    const rows = zoneOffsets("Australia/Lord_Howe");
    const oct2026 = rows.find((r) => r.fromMs > 0 && iso(r.fromMs).startsWith("2026-10"));
    // 02:00 local (+10:30) on 4 October 2026 is 15:30 UTC on the 3rd.
    expect(oct2026 && iso(oct2026.fromMs)).toBe("2026-10-03T15:30:00.000Z");
  });
});

describe("list date filters", () => {
  test("a bare from/to is a local date: from its first instant to the next date's", () => {
    const q = withLocalDateFilters(
      { from: 0, to: 0, limit: 5 },
      { from: "2026-10-25", to: "2026-10-25" },
      DUBLIN,
    );
    expect({ from: iso(q.from), to: iso(q.to), limit: q.limit }).toEqual({
      from: "2026-10-24T23:00:00.000Z",
      to: "2026-10-26T00:00:00.000Z",
      limit: 5,
    });
  });

  test("an ISO date-time keeps its instant; a query without dates is untouched", () => {
    const parsed = { from: Date.parse("2026-10-25T10:00:00Z"), to: undefined };
    expect(withLocalDateFilters(parsed, { from: "2026-10-25T10:00:00Z" }, DUBLIN)).toBe(parsed);
    const none = { limit: 20 };
    expect(withLocalDateFilters(none, {}, DUBLIN)).toBe(none);
  });
});

describe("BUSINESS_TIMEZONE", () => {
  test("defaults to UTC and takes an IANA name in any case", () => {
    expect(readEnv({}).BUSINESS_TIMEZONE).toBe("UTC");
    expect(readEnv({ BUSINESS_TIMEZONE: "europe/dublin" }).BUSINESS_TIMEZONE).toBe(DUBLIN);
    expect(readEnv({ BUSINESS_TIMEZONE: " " }).BUSINESS_TIMEZONE).toBe("UTC");
  });

  test("an unknown zone stops the start with one line", () => {
    expect(() => readEnv({ BUSINESS_TIMEZONE: "Europe/Dublni" })).toThrow(
      'Invalid environment: BUSINESS_TIMEZONE: "Europe/Dublni" is not an IANA time zone (give e.g. Europe/Dublin, America/New_York or UTC)',
    );
    expect(canonicalTimeZone("Not/A_Zone")).toBeNull();
  });
});

describe("dateKey", () => {
  test("a real date with any four-digit year reads as itself; an unreal one is null", () => {
    // A date field being typed holds "0002-03-01" after the year's first digit.
    for (const date of ["0002-03-01", "0099-12-31", "1900-02-28", "2028-02-29", "9999-12-31"]) {
      const key = dateKey(date);
      expect(key === null ? null : keyToDate(key)).toBe(date);
    }
    for (const date of ["2026-02-29", "0002-02-30", "2026-13-01", "2026-00-10", "2026-1-01"]) {
      expect(dateKey(date)).toBeNull();
    }
  });
});
