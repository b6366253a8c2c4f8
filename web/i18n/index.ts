/**
 * The web app's languages (issue 23 item 2, decision 065): one i18next instance, English the
 * source and the fallback, German complete. Which language shows is decided by
 * `resolveLanguage` (the user's choice, else the browser's, else DEFAULT_LANGUAGE) and set
 * by `applyLanguage`, which also sets `<html lang>`.
 */
import i18next from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { isLanguage, LANGUAGES, type Language } from "../../src/domain/language";
import { de } from "./de";
import { en } from "./en";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

export const catalogues = { en, de } as const;

/** Where the last DEFAULT_LANGUAGE seen is kept, for the sign-in page (settings need a user). */
const REMEMBERED_DEFAULT = "betting-shop.default-language";

/** The operator's DEFAULT_LANGUAGE as last seen on this browser, or null. */
export function rememberedDefault(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(REMEMBERED_DEFAULT);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberDefault(language: Language): void {
  try {
    globalThis.localStorage?.setItem(REMEMBERED_DEFAULT, language);
  } catch {
    // private mode or no storage: the sign-in page falls back to English
  }
}

export const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  // Before anyone signs in: the browser's, then the default last seen here, then English.
  lng: resolveLanguage(null, browserLanguages(), rememberedDefault()),
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  // React escapes what it renders; the catalogue holds plain text.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The browser's languages, most wanted first (navigator.languages, else navigator.language). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The language to show: the user's own choice; else the first of the browser's languages the
 * app speaks ("de-AT" is German); else the operator's DEFAULT_LANGUAGE; else English.
 */
export function resolveLanguage(
  userLanguage: Language | null | undefined,
  browser: readonly string[],
  defaultLanguage: Language | null | undefined,
): Language {
  if (userLanguage) return userLanguage;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return defaultLanguage ?? "en";
}

/** The language showing now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : "en";
}

/** Shows the app in `language`: every translated text re-renders, and `<html lang>` follows. */
export function applyLanguage(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** The translate function, re-rendering its component when the language changes. */
export function useT() {
  return useTranslation().t;
}

export type { Language };
