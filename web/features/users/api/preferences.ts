import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Language } from "../../../../src/domain/language";
import type { PriceFormat } from "../../../../src/domain/price";
import {
  browserLanguages,
  currentLanguage,
  i18n,
  loadLanguage,
  rememberedDefault,
  resolveLanguage,
  useT,
} from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { settingsQuery } from "../../../lib/settings";

/** Saves how the signed-in user sees prices (null: the operator's); the current user refreshes. */
export function useSetOddsFormat() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const t = useT();
  return useMutation({
    mutationFn: (oddsFormat: PriceFormat | null) =>
      call("setPreferences", { body: { oddsFormat } }),
    onSuccess: (user) => {
      queryClient.setQueryData(["/api/user"], user);
      notify.success(t("preferences.oddsSaved"));
    },
    onError: (error) => notify.error(error, t("preferences.oddsFailed")),
  });
}

/**
 * Saves the signed-in user's language (null: the browser's, then DEFAULT_LANGUAGE); the
 * current user refreshes, and with it the app's language (web/i18n/language-sync.tsx).
 */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const t = useT();
  return useMutation({
    mutationFn: (language: Language | null) => call("setPreferences", { body: { language } }),
    onSuccess: (user) => {
      queryClient.setQueryData(["/api/user"], user);
      // The language now shown, as web/i18n/language-sync.tsx decides it: the user's choice,
      // else the browser's, else the operator's default (for "Browser or shop default").
      const settings = queryClient.getQueryData(settingsQuery.queryKey);
      const fallback = settings?.defaultLanguage ?? rememberedDefault();
      const chosen = resolveLanguage(user.language, browserLanguages(), fallback);
      // The whole toast, title and text, in the language just chosen: the first thing said
      // in it (its catalogue fetched first; should that fail the app stays in the language
      // showing, and so does the toast).
      void loadLanguage(chosen)
        .catch(() => {})
        .then(() => {
          const said = i18n.getFixedT(
            i18n.hasResourceBundle(chosen, "translation") ? chosen : currentLanguage(),
          );
          notify.success(said("preferences.languageSaved"), said("notify.success"));
        });
    },
    onError: (error) => notify.error(error, t("preferences.languageFailed")),
  });
}
