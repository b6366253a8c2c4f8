/** Display formatters: euros with 2 decimals; dates and times come from ./time. */
import { centsOf, formatCents } from "../../src/domain/money";
import { i18n } from "../i18n";
import { displayLocale } from "./locale";
import "../i18n/areas/ui";

const moneyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached(
  cache: Map<string, Intl.NumberFormat>,
  locale: string,
  options: Intl.NumberFormatOptions,
  key = locale,
) {
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/**
 * Cents as euros in the user's locale (decision 065): "€1,000.50" in English, "1.000,50 €"
 * in German. Formatted from the exact decimal string, so no cent goes through a float.
 */
export function euroCents(cents: number, locale = displayLocale()): string {
  const format = cached(moneyFormats, locale, { style: "currency", currency: "EUR" });
  return format.format(formatCents(cents) as unknown as number);
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * Cents as the locale writes the number, with exactly two decimals and the sign in front, no
 * currency sign ("1,000.00", "-23.45"; de: "1.000,00"): for a text that places the € sign
 * itself (an alert's, decision 066). Formatted from the exact decimal string.
 */
export function formatAmountCents(cents: number, locale = displayLocale()): string {
  const options = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return cached(amountFormats, locale, options).format(formatCents(cents) as unknown as number);
}

/** "12.5" or 12.5 -> "€12.50" (de: "12,50 €"); null/undefined -> "€0.00". */
export function euro(value: string | number | null | undefined): string {
  if (typeof value === "number") return euroCents(Math.round(value * 100));
  return euroCents(centsOf(value));
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A percentage given as 12.5 (not 0.125), with `digits` decimals: "12.5%" (de: "12,5 %"). */
export function formatPercent(value: number, digits: number, locale = displayLocale()): string {
  const options = {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  };
  return cached(
    percentFormats,
    locale,
    options as Intl.NumberFormatOptions,
    `${locale}|${digits}`,
  ).format(value / 100);
}

/** A count or other number in the user's locale ("1,234" in English, "1.234" in German). */
export function formatNumber(value: number, locale = displayLocale()): string {
  return cached(numberFormats, locale, { maximumFractionDigits: 2 }).format(value);
}

const oddsFormats = new Map<string, Intl.NumberFormat>();

/**
 * Decimal odds ("2.50") with 2 places in the user's locale: "2.50" in English, "2,50" in
 * German; no grouping (odds of 1000.00 stay one word). From the exact decimal string.
 */
export function formatDecimalOdds(odds: string, locale = displayLocale()): string {
  const options = { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false };
  return cached(oddsFormats, locale, options).format(odds as unknown as number);
}

// Dates and times: in the business time zone, from the one module that formats them.
export { formatCompactDateTime, formatDate, formatDateTime, formatTime } from "./time";

/**
 * SPEC section 9: 'Just now' under a minute, then minutes, hours (under 1440 min), days; in
 * the language shown ("vor 5 Minuten"). `inSentence`: the age follows other words ("Checked
 * Just now"; de: "Geprüft gerade eben", not "Geprüft Gerade eben").
 */
export function relativeAge(value: string, now = Date.now(), { inSentence = false } = {}): string {
  const minutes = Math.floor((now - new Date(value).getTime()) / 60_000);
  if (minutes < 1) return i18n.t(inSentence ? "ui.age.justNowInSentence" : "ui.age.justNow");
  if (minutes < 60) return i18n.t("ui.age.minutes", { count: minutes });
  if (minutes < 1440) return i18n.t("ui.age.hours", { count: Math.floor(minutes / 60) });
  return i18n.t("ui.age.days", { count: Math.floor(minutes / 1440) });
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** "admin" -> "Admin". */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
