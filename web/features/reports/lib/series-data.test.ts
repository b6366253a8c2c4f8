import { describe, expect, test } from "bun:test";
import { labelInterval, labelWidth } from "./series-data";

describe("labelInterval (every how-many-th category label fits)", () => {
  const hours = Array.from({ length: 24 }, () => 31);

  test("a wide axis shows every label", () => {
    // 24 bands of 50 px, each label 31 px and 8 px apart: all fit.
    expect(labelInterval(hours, 1200, 8)).toBe(0);
  });

  test("a narrower axis skips labels so that none touch", () => {
    // 24 bands of 36 px: a label and its gap take 39 px, so every second label.
    expect(labelInterval(hours, 864, 8)).toBe(1);
    // A phone: 24 bands of 10 px, every fourth label (40 px apart).
    expect(labelInterval(hours, 240, 8)).toBe(3);
  });

  test("the widest label decides", () => {
    const months = [20, 20, 62, 20];
    // Bands of 50 px; the 62 px label and its 12 px gap need two bands.
    expect(labelInterval(months, 200, 12)).toBe(1);
  });

  test("labels shown are never closer than the gap", () => {
    for (const width of [120, 240, 390, 700, 1000, 1400]) {
      const interval = labelInterval(hours, width, 8);
      const band = width / hours.length;
      expect((interval + 1) * band).toBeGreaterThanOrEqual(31 + 8);
      // ...and one label fewer apart would be too close (no label hidden needlessly).
      if (interval > 0) expect(interval * band).toBeLessThan(31 + 8);
    }
  });

  test("an axis not yet sized, or no labels, shows every label", () => {
    expect(labelInterval(hours, 0, 8)).toBe(0);
    expect(labelInterval(hours, Number.NaN, 8)).toBe(0);
    expect(labelInterval([], 500, 8)).toBe(0);
  });
});

describe("labelWidth (a label's width, estimated from its characters)", () => {
  // Widths as Liberation Sans / Arial draw them (advance widths in em, from the fonts'
  // metrics: digits 0.556, ":" and "." and " " 0.278, "N" 0.722, "M" 0.833, "o" "ä" 0.556,
  // "v" 0.5, "r" 0.333, "e" "d" 0.556, "W" 0.944): the hours, days and months the charts label.
  const drawn: [string, number][] = [
    ["00:00", 2.502],
    ["Nov 26", 3.168],
    ["Nov 2026", 4.28],
    ["Mär 2026", 4.224],
    ["29. Nov.", 3.724],
    ["Wed 26", 3.446],
  ];

  test("is never narrower than a sans-serif draws the label", () => {
    for (const [label, em] of drawn) expect(labelWidth(label, 12)).toBeGreaterThanOrEqual(em * 12);
  });

  test("is not far wider either (labels are not hidden needlessly)", () => {
    for (const [label, em] of drawn) expect(labelWidth(label, 12)).toBeLessThan(em * 12 * 1.2);
  });

  test("grows with the font and the text", () => {
    expect(labelWidth("00:00", 24)).toBe(labelWidth("00:00", 12) * 2);
    expect(labelWidth("Nov 2026", 12)).toBeGreaterThan(labelWidth("Nov 26", 12));
    expect(labelWidth("", 12)).toBe(0);
  });
});
