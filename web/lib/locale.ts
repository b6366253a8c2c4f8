/**
 * The locale amounts, numbers and dates are written, typed and read back in (decisions 038,
 * 065): the one place that decides it. The app's language decides (English: en-IE's habits,
 * the shop's own; German: de-DE's), and the browser's own tag refines it when it speaks that
 * language (an en-US or de-AT browser keeps its habits). A user who has not chosen a
 * language keeps the browser's number habits whatever it is (a fr-FR browser types "10,50").
 */
import { useTranslation } from "react-i18next";
import type { Language } from "../../src/domain/language";
import { currentLanguage } from "../i18n";

/** Each language's locale where the browser names none of its own. */
const LANGUAGE_LOCALE: Record<Language, string> = { en: "en-IE", de: "de-DE" };

/** Whether the user chose the language themselves (set with the language, web/i18n/language-sync.tsx). */
let chosenByUser = false;

export function setLanguageChosenByUser(chosen: boolean): void {
  chosenByUser = chosen;
}

/** Tags already asked about: every amount and date on a screen asks (a profile's hot spot). */
const supportedTags = new Map<string, string | null>();

/** A tag Intl takes, or null (a tag Intl refuses would break every amount field). */
function supported(tag: string): string | null {
  let known = supportedTags.get(tag);
  if (known === undefined) {
    try {
      known = tag ? (Intl.NumberFormat.supportedLocalesOf(tag)[0] ?? null) : null;
    } catch {
      known = null;
    }
    supportedTags.set(tag, known);
  }
  return known;
}

/**
 * The locale money and numbers are shown in: the language's, refined by the browser's own tag
 * when it speaks that language ("€1,000.50" in English, "1.000,50 €" in German).
 */
export function displayLocale(): string {
  const language = currentLanguage();
  const browser = supported(typeof navigator === "undefined" ? "" : navigator.language);
  if (browser && browser.toLowerCase().split("-")[0] === language) return browser;
  return LANGUAGE_LOCALE[language];
}

/** The locale amounts are typed and read back in (see above). */
export function numberLocale(): string {
  const language = currentLanguage();
  const browser = supported(typeof navigator === "undefined" ? "" : navigator.language);
  if (browser) {
    const primary = browser.toLowerCase().split("-")[0];
    if (primary === language || !chosenByUser) return browser;
  }
  return LANGUAGE_LOCALE[language];
}

/** The same, for components: re-rendered when the language changes. */
export function useNumberLocale(): string {
  useTranslation();
  return numberLocale();
}
