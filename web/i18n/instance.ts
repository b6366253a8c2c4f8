/**
 * The one i18next instance (decision 065), on its own so that the catalogue's areas can add
 * their English to it (areas/<area>.ts) without importing web/i18n/index.ts, which imports
 * their types. English is the language until another's catalogue is here.
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES } from "../../src/domain/language";

export const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources: {},
  // English until another language's catalogue is here (applyLanguage, languageReady).
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  // React escapes what it renders; the catalogue holds plain text.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * An area's English (areas/<area>.ts calls this when first imported): its texts arrive with
 * the code that shows them, merged into the one catalogue. web/i18n/catalogue.test.ts checks
 * that each area adds exactly its own texts.
 */
export function addEnglishArea(area: string, texts: object): void {
  i18n.addResourceBundle("en", "translation", { [area]: texts }, true, true);
}
