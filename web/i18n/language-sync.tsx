import { useQuery } from "@tanstack/react-query";
import { atom, useAtomValue } from "jotai";
import { useLayoutEffect } from "react";
import { setLanguageChosenByUser } from "../lib/locale";
import { currentUserAtom } from "../lib/session";
import { settingsQuery } from "../lib/settings";
import {
  applyLanguage,
  browserLanguages,
  rememberDefault,
  rememberedDefault,
  resolveLanguage,
} from ".";

/**
 * Keeps the app's language (and `<html lang>`) on the one decision 065 describes: the
 * signed-in user's own choice, else the browser's, else DEFAULT_LANGUAGE (GET /api/settings,
 * remembered on this browser for the sign-in page, where no settings can be read yet).
 */
/** The signed-in user's own language, or null (none chosen, or nobody signed in yet). */
const userLanguageAtom = atom((get) => get(currentUserAtom)?.language ?? null);

export function LanguageSync() {
  // Only the language: a screen does not re-render for the rest of the user changing.
  const userLanguage = useAtomValue(userLanguageAtom);
  // Only read, never fetched here: the signed-in shell loads the settings before any screen
  // (web/lib/time.ts BusinessTimeZoneGate), and the sign-in page may not ask for them.
  const { data: settings } = useQuery({ ...settingsQuery, enabled: false });
  const fallback = settings?.defaultLanguage ?? rememberedDefault();
  const language = resolveLanguage(userLanguage, browserLanguages(), fallback);
  useLayoutEffect(() => {
    if (settings?.defaultLanguage) rememberDefault(settings.defaultLanguage);
  }, [settings?.defaultLanguage]);
  useLayoutEffect(() => {
    setLanguageChosenByUser(userLanguage !== null);
    applyLanguage(language);
  }, [language, userLanguage]);
  return null;
}
