import { describe, expect, test } from "bun:test";
import { formatCompactDateTime } from "./format";

// Local times, so the expectations hold in any time zone the tests run in.
const NOW = new Date(2026, 10, 22, 18, 0);

describe("formatCompactDateTime (table dates on one short line)", () => {
  test("this year: day, short month and 24-hour time", () => {
    expect(formatCompactDateTime(new Date(2026, 10, 22, 14, 5), NOW)).toBe("22 Nov 14:05");
    expect(formatCompactDateTime(new Date(2026, 0, 3, 9, 7), NOW)).toBe("3 Jan 09:07");
    expect(formatCompactDateTime(new Date(2026, 11, 31, 23, 59), NOW)).toBe("31 Dec 23:59");
    expect(formatCompactDateTime(new Date(2026, 5, 1, 0, 0), NOW)).toBe("1 Jun 00:00");
  });

  test("another year: the year instead of the time", () => {
    expect(formatCompactDateTime(new Date(2025, 10, 22, 14, 5), NOW)).toBe("22 Nov 2025");
    expect(formatCompactDateTime(new Date(2027, 1, 2, 8, 0), NOW)).toBe("2 Feb 2027");
  });

  test("ISO strings and epoch milliseconds; empty or invalid values give ''", () => {
    const date = new Date(2026, 10, 22, 14, 5);
    expect(formatCompactDateTime(date.toISOString(), NOW)).toBe("22 Nov 14:05");
    expect(formatCompactDateTime(date.getTime(), NOW)).toBe("22 Nov 14:05");
    expect(formatCompactDateTime(null, NOW)).toBe("");
    expect(formatCompactDateTime(undefined, NOW)).toBe("");
    expect(formatCompactDateTime("not a date", NOW)).toBe("");
  });

  test("never longer than 12 characters", () => {
    for (let month = 0; month < 12; month++) {
      const text = formatCompactDateTime(new Date(2026, month, 28, 23, 59), NOW);
      expect(text.length).toBeLessThanOrEqual(12);
    }
  });
});
