import { afterEach, describe, expect, test } from "bun:test";
import { applyLanguage } from "../i18n";
import { setLanguageChosenByUser } from "./locale";
import {
  appLocale,
  businessTimeZone,
  businessToday,
  endOfLocalDay,
  formatCompactDateTime,
  formatDate,
  formatDateTime,
  formatTime,
  inRepeatedHour,
  localDate,
  setBusinessTimeZone,
  timeZoneName,
} from "./time";

// 00:19 on 27 November in Berlin (CET, UTC+1) is still the 26th in UTC: the night.
const BERLIN_0019 = "2026-11-26T23:19:00.000Z";
const berlin = { locale: "en-GB", timeZone: "Europe/Berlin" };

afterEach(() => setBusinessTimeZone("UTC"));

describe("Europe/Berlin at 00:19", () => {
  test("shows the Berlin day and time, with the zone's name", () => {
    expect(formatDate(BERLIN_0019, berlin)).toBe("27 Nov 2026");
    expect(formatDateTime(BERLIN_0019, berlin)).toBe("27 Nov 2026, 00:19 CET");
    expect(formatTime(BERLIN_0019, berlin)).toBe("00:19 CET");
    // UTC would have said the day before.
    expect(formatDate(BERLIN_0019, { locale: "en-GB", timeZone: "UTC" })).toBe("26 Nov 2026");
  });

  test("today, the local date and a day's end are Berlin's", () => {
    expect(businessToday(new Date(BERLIN_0019), "Europe/Berlin")).toBe("2026-11-27");
    expect(businessToday(new Date(BERLIN_0019), "UTC")).toBe("2026-11-26");
    expect(localDate(BERLIN_0019, "Europe/Berlin")).toBe("2026-11-27");
    expect(endOfLocalDay("2026-11-27", "Europe/Berlin")).toBe("2026-11-27T22:59:59.999Z");
  });

  test("in German: the German date and the German zone name", () => {
    expect(formatDateTime(BERLIN_0019, { locale: "de-DE", timeZone: "Europe/Berlin" })).toBe(
      "27. Nov. 2026, 00:19 MEZ",
    );
  });

  test("the zone's short name follows daylight saving time", () => {
    expect(timeZoneName(new Date(BERLIN_0019), berlin)).toBe("CET");
    expect(timeZoneName(new Date("2026-07-01T12:00:00.000Z"), berlin)).toBe("CEST");
    // en-US has no name of its own for Berlin's zone: the offset instead.
    expect(timeZoneName(new Date(BERLIN_0019), { ...berlin, locale: "en-US" })).toBe("GMT+1");
  });
});

describe("Europe/Dublin", () => {
  const dublin = { locale: "en-IE", timeZone: "Europe/Dublin" };

  test("summer is IST (UTC+1), winter GMT", () => {
    expect(formatDateTime("2026-07-01T12:00:00.000Z", dublin)).toBe("1 Jul 2026, 13:00 IST");
    expect(formatDateTime("2026-01-01T12:00:00.000Z", dublin)).toBe("1 Jan 2026, 12:00 GMT");
    // 23:30 UTC on 30 June is already 1 July in Dublin.
    expect(localDate("2026-06-30T23:30:00.000Z", "Europe/Dublin")).toBe("2026-07-01");
  });

  test("a day's end across the 23-hour and the 25-hour day", () => {
    // 29 March 2026: clocks go forward at 01:00 UTC, the day ends at 23:00 UTC.
    expect(endOfLocalDay("2026-03-28", "Europe/Dublin")).toBe("2026-03-28T23:59:59.999Z");
    expect(endOfLocalDay("2026-03-29", "Europe/Dublin")).toBe("2026-03-29T22:59:59.999Z");
    // 25 October 2026: clocks go back, the day ends at midnight UTC again.
    expect(endOfLocalDay("2026-10-25", "Europe/Dublin")).toBe("2026-10-25T23:59:59.999Z");
  });
});

describe("America/New_York", () => {
  const newYork = { locale: "en-US", timeZone: "America/New_York" };

  test("00:19 UTC on the 27th is 19:19 on the 26th (EST)", () => {
    const at = "2026-11-27T00:19:00.000Z";
    expect(formatDateTime(at, newYork)).toBe("Nov 26, 2026, 07:19 PM EST");
    expect(formatTime(at, newYork)).toBe("07:19 PM EST");
    expect(businessToday(new Date(at), "America/New_York")).toBe("2026-11-26");
    expect(endOfLocalDay("2026-11-26", "America/New_York")).toBe("2026-11-27T04:59:59.999Z");
  });

  test("summer is EDT", () => {
    expect(timeZoneName(new Date("2026-07-01T12:00:00.000Z"), newYork)).toBe("EDT");
  });
});

describe("the business zone the formatters default to", () => {
  test("UTC until set; a missing or unknown name is UTC", () => {
    expect(businessTimeZone()).toBe("UTC");
    setBusinessTimeZone("Europe/Berlin");
    expect(businessTimeZone()).toBe("Europe/Berlin");
    expect(formatDateTime(BERLIN_0019, { locale: "en-GB" })).toBe("27 Nov 2026, 00:19 CET");
    expect(businessToday(new Date(BERLIN_0019))).toBe("2026-11-27");
    setBusinessTimeZone("Mars/Olympus_Mons");
    expect(businessTimeZone()).toBe("UTC");
    setBusinessTimeZone("Europe/Berlin");
    setBusinessTimeZone(undefined);
    expect(businessTimeZone()).toBe("UTC");
  });

  test("a calendar date (a date of birth) is that day in any zone", () => {
    setBusinessTimeZone("America/New_York");
    expect(formatDate("1990-05-01", { locale: "en-GB" })).toBe("1 May 1990");
  });

  test("empty or invalid values give ''", () => {
    for (const format of [formatDate, formatDateTime, formatTime]) {
      expect(format(null)).toBe("");
      expect(format(undefined)).toBe("");
      expect(format("not a date")).toBe("");
    }
    expect(formatCompactDateTime(null)).toBe("");
    expect(formatCompactDateTime("not a date")).toBe("");
  });
});

describe("formatCompactDateTime (table dates on one short line)", () => {
  const now = new Date(BERLIN_0019);

  test("this year: day, month and time of the business zone", () => {
    expect(formatCompactDateTime(BERLIN_0019, now, { ...berlin, zoneName: false })).toBe(
      "27 Nov, 00:19",
    );
    expect(formatCompactDateTime(BERLIN_0019, now, { ...berlin, zoneName: true })).toBe(
      "27 Nov, 00:19 CET",
    );
  });

  test("the zone's name by default only where the browser's clock reads otherwise", () => {
    const browserZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(
      formatCompactDateTime(BERLIN_0019, now, { locale: "en-GB", timeZone: browserZone }),
    ).toBe(
      formatCompactDateTime(BERLIN_0019, now, {
        locale: "en-GB",
        timeZone: browserZone,
        zoneName: false,
      }),
    );
    const elsewhere = browserZone === "Pacific/Kiritimati" ? "Pacific/Niue" : "Pacific/Kiritimati";
    expect(formatCompactDateTime(BERLIN_0019, now, { locale: "en-GB", timeZone: elsewhere })).toBe(
      formatCompactDateTime(BERLIN_0019, now, {
        locale: "en-GB",
        timeZone: elsewhere,
        zoneName: true,
      }),
    );
  });

  test("the hour a clock goes back repeats: its times name their zone, so the two differ", () => {
    // 25 Oct 2026 in Berlin: 02:30 CEST (00:30 UTC), then 02:30 CET (01:30 UTC).
    const summer = "2026-10-25T00:30:00.000Z";
    const winter = "2026-10-25T01:30:00.000Z";
    expect(inRepeatedHour(Date.parse(summer), "Europe/Berlin")).toBe(true);
    expect(inRepeatedHour(Date.parse(winter), "Europe/Berlin")).toBe(true);
    expect(inRepeatedHour(Date.parse("2026-10-25T02:30:00.000Z"), "Europe/Berlin")).toBe(false);
    // The hour a clock skips (29 Mar 2026, 02:00 to 03:00) repeats nothing.
    expect(inRepeatedHour(Date.parse("2026-03-29T00:30:00.000Z"), "Europe/Berlin")).toBe(false);
    expect(inRepeatedHour(Date.parse("2026-03-29T01:30:00.000Z"), "Europe/Berlin")).toBe(false);
    const october = new Date(summer);
    expect(formatCompactDateTime(summer, october, berlin)).toBe("25 Oct, 02:30 CEST");
    expect(formatCompactDateTime(winter, october, berlin)).toBe("25 Oct, 02:30 CET");
  });

  test("another year: the date with its year, in the zone's calendar", () => {
    expect(formatCompactDateTime("2025-11-26T23:19:00.000Z", now, berlin)).toBe("27 Nov 2025");
    // 23:30 UTC on New Year's Eve is already next year in Berlin.
    const newYear = new Date("2027-01-01T10:00:00.000Z");
    expect(
      formatCompactDateTime("2026-12-31T23:30:00.000Z", newYear, { ...berlin, zoneName: false }),
    ).toBe("1 Jan, 00:30");
  });

  test("lists and details agree on the day (the issue's '24 Nov 00:17' beside another day)", () => {
    setBusinessTimeZone("Europe/Berlin");
    const compact = formatCompactDateTime(BERLIN_0019, now, { locale: "en-GB" });
    const full = formatDateTime(BERLIN_0019, { locale: "en-GB" });
    expect(compact.startsWith("27 Nov, 00:19")).toBe(true);
    expect(full).toBe("27 Nov 2026, 00:19 CET");
  });
});

describe("dates in the language shown (the display locale of web/lib/locale.ts)", () => {
  const browser = (tag: string) =>
    Object.defineProperty(window.navigator, "language", { value: tag, configurable: true });
  const original = window.navigator.language;

  afterEach(() => {
    browser(original);
    setLanguageChosenByUser(false);
    applyLanguage("en");
  });

  test("German shows German dates; an en-US browser in English keeps its habits", () => {
    browser("en-US");
    applyLanguage("en");
    expect(appLocale()).toBe("en-US");
    expect(formatDate(BERLIN_0019, { timeZone: "Europe/Berlin" })).toBe("Nov 27, 2026");
    applyLanguage("de");
    expect(appLocale()).toBe("de-DE");
    expect(formatDateTime(BERLIN_0019, { timeZone: "Europe/Berlin" })).toBe(
      "27. Nov. 2026, 00:19 MEZ",
    );
    expect(
      formatCompactDateTime(BERLIN_0019, new Date(BERLIN_0019), {
        timeZone: "Europe/Berlin",
        zoneName: false,
      }),
    ).toBe("27. Nov., 00:19");
    expect(formatTime(BERLIN_0019, { timeZone: "Europe/Berlin" })).toBe("00:19 MEZ");
  });

  test("German with a fr-FR browser: German dates (the numbers typed keep the browser's)", () => {
    browser("fr-FR");
    applyLanguage("de");
    expect(appLocale()).toBe("de-DE");
    expect(formatDate("1990-05-01")).toBe("1. Mai 1990");
  });

  test("a de-AT browser in German keeps its own habits", () => {
    browser("de-AT");
    applyLanguage("de");
    expect(appLocale()).toBe("de-AT");
  });

  test("a day that is not a date has no end", () => {
    expect(() => endOfLocalDay("2026-02-30", "Europe/Berlin")).toThrow(RangeError);
  });
});
