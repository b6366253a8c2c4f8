import { afterEach, describe, expect, test } from "bun:test";
import { isoWeekPeriod, isoWeeksInYear, periodContaining } from "./periods";

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("ISO weeks", () => {
  test("2026 has 53 ISO weeks, 2027 has 52", () => {
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2027)).toBe(52);
  });

  test.each(["UTC", "America/New_York", "Pacific/Chatham", "Asia/Kolkata"])(
    "are computed in UTC whatever the host time zone (%s)",
    (tz) => {
      process.env.TZ = tz;
      expect(periodContaining("week", Date.parse("2027-01-03T23:59:59.999Z")).value).toBe(
        "2026-W53",
      );
      expect(periodContaining("week", Date.parse("2027-01-04T00:00:00.000Z")).value).toBe(
        "2027-W01",
      );
      // The week with the spring daylight-saving change in Europe and the US.
      expect(periodContaining("week", Date.parse("2026-03-29T01:30:00Z")).label).toBe(
        "23 Mar 2026 – 29 Mar 2026",
      );
      const w53 = isoWeekPeriod(2026, 53);
      expect(new Date(w53.from as number).toISOString()).toBe("2026-12-28T00:00:00.000Z");
      expect(periodContaining("month", Date.parse("2026-11-30T23:59:59.999Z")).value).toBe(
        "2026-11",
      );
    },
  );
});
