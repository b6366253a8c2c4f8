import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Language } from "../../../../src/domain/language";
import type { PriceFormat } from "../../../../src/domain/price";
import { useT } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

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
      // In the language just chosen: the toast is the first thing said in it.
      notify.success(t("preferences.languageSaved", { lng: user.language ?? undefined }));
    },
    onError: (error) => notify.error(error, t("preferences.languageFailed")),
  });
}
