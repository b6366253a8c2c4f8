import { afterEach, describe, expect, test } from "bun:test";
import { applyLanguage } from "../i18n";
import { euro, formatDecimalOdds, relativeAge } from "./format";
import { showOdds } from "./odds";

const NOW = Date.parse("2026-11-22T12:00:00.000Z");
const ago = (minutes: number, seconds = 0) =>
  new Date(NOW - minutes * 60_000 - seconds * 1000).toISOString();

describe("relativeAge (SPEC section 9)", () => {
  test("'Just now' under a minute", () => {
    expect(relativeAge(ago(0), NOW)).toBe("Just now");
    expect(relativeAge(ago(0, 59), NOW)).toBe("Just now");
  });

  test("then minutes, hours under 1440 minutes, then days", () => {
    expect(relativeAge(ago(1), NOW)).toBe("1 minute ago");
    expect(relativeAge(ago(59), NOW)).toBe("59 minutes ago");
    expect(relativeAge(ago(60), NOW)).toBe("1 hour ago");
    expect(relativeAge(ago(1439), NOW)).toBe("23 hours ago");
    expect(relativeAge(ago(1440), NOW)).toBe("1 day ago");
    expect(relativeAge(ago(3 * 1440 + 5), NOW)).toBe("3 days ago");
  });

  describe("in German", () => {
    afterEach(() => applyLanguage("en"));

    test("'Gerade eben', then 'vor 1 Minute', 'vor 23 Stunden', 'vor 3 Tagen'", () => {
      applyLanguage("de");
      expect(relativeAge(ago(0, 30), NOW)).toBe("Gerade eben");
      expect(relativeAge(ago(1), NOW)).toBe("vor 1 Minute");
      expect(relativeAge(ago(59), NOW)).toBe("vor 59 Minuten");
      expect(relativeAge(ago(1439), NOW)).toBe("vor 23 Stunden");
      expect(relativeAge(ago(1440), NOW)).toBe("vor 1 Tag");
      expect(relativeAge(ago(3 * 1440 + 5), NOW)).toBe("vor 3 Tagen");
    });
  });
});

describe("money", () => {
  test("euros with 2 decimals", () => {
    expect(euro("12.5")).toBe("€12.50");
    expect(euro(-3)).toBe("-€3.00");
    expect(euro(undefined)).toBe("€0.00");
  });

  test("an answer past the 99,999,999.99 one field may hold still shows (a shop's sum)", () => {
    expect(euro("100000000.00")).toBe("€100,000,000.00");
    expect(euro("125075000486.53")).toBe("€125,075,000,486.53");
    expect(euro("-100000999.99")).toBe("-€100,000,999.99");
  });
});

describe("decimal odds", () => {
  afterEach(() => applyLanguage("en"));

  test("2 places in the locale, no grouping, from the exact string", () => {
    expect(formatDecimalOdds("2.50", "en-IE")).toBe("2.50");
    expect(formatDecimalOdds("2.5", "en-IE")).toBe("2.50");
    expect(formatDecimalOdds("1000.00", "en-IE")).toBe("1000.00");
    expect(formatDecimalOdds("2.50", "de-DE")).toBe("2,50");
    expect(formatDecimalOdds("1000.00", "de-DE")).toBe("1000,00");
  });

  test("a bet's odds show in the language shown; a fraction stays a fraction", () => {
    const bet = { odds: "2.38", price: "11/8" };
    expect(showOdds(bet, "decimal")).toBe("2.38");
    applyLanguage("de");
    expect(showOdds(bet, "decimal")).toBe("2,38");
    expect(showOdds(bet, "fractional")).toBe("11/8");
  });
});
