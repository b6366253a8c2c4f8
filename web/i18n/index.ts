/**
 * The web app's languages (issue 23 item 2, decision 065): one i18next instance, English the
 * source and the fallback, bundled with the app; German complete, its own chunk, fetched the
 * first time it is shown (so an English first screen does not carry it). Which language shows
 * is decided by `resolveLanguage` (the user's choice, else the browser's, else
 * DEFAULT_LANGUAGE) and set by `applyLanguage`, which also sets `<html lang>`.
 */
import { useTranslation } from "react-i18next";
import { isLanguage, type Language } from "../../src/domain/language";
import { type Catalogue, type EnglishCatalogue, en } from "./en";
import { i18n } from "./instance";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: EnglishCatalogue };
  }
}

/** The catalogues of the languages other than English, fetched when first shown. */
const LOADERS: Record<Exclude<Language, "en">, () => Promise<Catalogue>> = {
  de: () => import("./de").then((module) => module.de),
};

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

// The core of the English catalogue; each area adds its own when imported.
i18n.addResourceBundle("en", "translation", en, true, true);

export { i18n };

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

const loading = new Map<Language, Promise<void>>();

/** What fetches `language`'s catalogue; null when it is here (English always is). */
function missingCatalogue(language: Language): (() => Promise<Catalogue>) | null {
  if (language === "en" || i18n.hasResourceBundle(language, "translation")) return null;
  return LOADERS[language];
}

/** Makes `language`'s catalogue available (fetching its chunk once); English always is. */
export function loadLanguage(language: Language): Promise<void> {
  const fetchCatalogue = missingCatalogue(language);
  if (!fetchCatalogue) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = fetchCatalogue().then(
      (catalogue) => {
        i18n.addResourceBundle(language, "translation", catalogue);
      },
      (err: unknown) => {
        loading.delete(language); // offline: the next attempt fetches again
        throw err;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/** The language last asked for (a slow fetch must not override a later choice). */
let wanted: Language = "en";

function show(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/**
 * Shows the app in `language`: every translated text re-renders, and `<html lang>` follows.
 * At once when its catalogue is here; else once it has been fetched (the app stays in the
 * language showing meanwhile, and if the fetch fails).
 */
export function applyLanguage(language: Language): void {
  wanted = language;
  if (!missingCatalogue(language)) {
    show(language);
    return;
  }
  loadLanguage(language).then(
    () => {
      if (wanted === language) show(language);
    },
    () => {},
  );
}

/**
 * Before the first render (web/main.tsx): the language of the first screen, its catalogue
 * fetched, so a German browser does not see English first. Never rejects.
 */
export async function languageReady(): Promise<void> {
  const language = resolveLanguage(null, browserLanguages(), rememberedDefault());
  await loadLanguage(language).catch(() => {});
  applyLanguage(language);
}

/** The translate function, re-rendering its component when the language changes. */
export function useT() {
  return useTranslation().t;
}

export type { Language };
