import { describe, expect, test } from "bun:test";
import { backoffDelayMs, DEFAULT_BACKOFF } from "./backoff";

describe("backoffDelayMs", () => {
  test("doubles from the base with each failure in a row, up to the cap", () => {
    const delays = Array.from({ length: 14 }, (_, i) => backoffDelayMs(i + 1));
    expect(delays).toEqual([
      25, 50, 100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000, 30_000, 30_000,
    ]);
    expect(DEFAULT_BACKOFF).toEqual({ baseMs: 25, capMs: 30_000 });
  });

  test("stays finite and capped however long the fault lasts", () => {
    expect(backoffDelayMs(10_000, { baseMs: 1_000, capMs: 60_000 })).toBe(60_000);
    expect(backoffDelayMs(0, { baseMs: 5, capMs: 10 })).toBe(5);
  });
});
