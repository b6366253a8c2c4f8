/**
 * The locale amounts are typed and read back in (decision 038). Today the browser's own
 * language; when users get a language setting, this is the one place that reads it.
 */

/** Used where there is no browser (or it names no language): the shop's own habit. */
const FALLBACK_LOCALE = "en-IE";

/** The signed-in user's locale: the browser's, until a user setting exists. */
export function numberLocale(): string {
  const language = typeof navigator === "undefined" ? "" : navigator.language;
  try {
    // A tag Intl refuses would break every amount field: fall back instead.
    return language
      ? (Intl.NumberFormat.supportedLocalesOf(language)[0] ?? FALLBACK_LOCALE)
      : FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

/** The same, for components (a user setting would make it change while the app runs). */
export function useNumberLocale(): string {
  return numberLocale();
}
