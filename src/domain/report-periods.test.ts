import { describe, expect, test } from "bun:test";
import { periodValueText, readPeriodValue } from "./report-periods";

describe("readPeriodValue (one reading for the API and the Reports screen's URL)", () => {
  test("reads each period's value, spaces and a lower-case w aside, back in one spelling", () => {
    for (const [type, raw, text] of [
      ["year", " 2026 ", "2026"],
      ["month", "2026-02", "2026-02"],
      ["week", "2026-w53", "2026-W53"],
    ] as const) {
      const read = readPeriodValue(type, raw);
      expect(read.ok && periodValueText(read.value)).toBe(text);
    }
  });

  test("refuses what names no period, saying what was expected", () => {
    expect(readPeriodValue("year", "1969")).toEqual({
      ok: false,
      error: "year must have a four-digit year from 1970 (e.g. 2026)",
    });
    expect(readPeriodValue("month", "2026-13")).toEqual({
      ok: false,
      error: "month must look like 2026-11 (YYYY-MM)",
    });
    expect(readPeriodValue("week", "2027-W53")).toEqual({
      ok: false,
      error: "week must be from 1 to 52 in 2027",
    });
    expect(readPeriodValue("week", "2026-47")).toEqual({
      ok: false,
      error: "week must be an ISO week like 2026-W47 (YYYY-Www)",
    });
  });
});
