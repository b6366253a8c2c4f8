import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { LANGUAGES, type Language } from "../../../../src/domain/language";
import type { PriceFormat } from "../../../../src/domain/price";
import { SelectField } from "../../../components/ui/field";
import { Panel } from "../../../components/ui/page-header";
import { browserLanguages, resolveLanguage, useT } from "../../../i18n";
import { currentUserAtom } from "../../../lib/session";
import { settingsQuery } from "../../../lib/settings";
import { useSetLanguage, useSetOddsFormat } from "../api/preferences";

/**
 * While a choice saves, its select shows it and takes no other (aria-disabled), but stays
 * enabled: a disabled select loses the focus, and a keyboard user changing it was left on
 * the page after every change. `saving` is the save (its variables: the choice it sends),
 * `current` the choice saved.
 */
function savingProps<V extends string>(
  saving: { isPending: boolean; variables?: V | null },
  current: V | null | undefined,
  save: (value: V | null) => void,
) {
  const pending = saving.isPending;
  return {
    value: (pending ? saving.variables : current) ?? "",
    "aria-disabled": pending || undefined,
    "aria-busy": pending || undefined,
    onChange: (event: { target: { value: string } }) => {
      if (!pending) save(event.target.value === "" ? null : (event.target.value as V));
    },
  };
}

/**
 * On the user's own page (issue 21, decision 048): how bet lists and details show prices.
 * "Shop default" follows the operator's ODDS_FORMAT; a slip always shows the price as taken.
 */
export function OddsPreference() {
  const me = useAtomValue(currentUserAtom);
  const { data: settings } = useQuery(settingsQuery);
  const save = useSetOddsFormat();
  const t = useT();
  const label = (format: PriceFormat) => t(`preferences.${format}`);
  const operator = settings?.oddsFormat ?? "decimal";
  return (
    <Panel title={t("preferences.prices")} className="mt-6 max-w-2xl">
      <SelectField
        label={t("preferences.showOddsAs")}
        {...savingProps<PriceFormat>(save, me?.oddsFormat, (format) => save.mutate(format))}
      >
        <option value="">{t("preferences.shopDefault", { format: label(operator) })}</option>
        <option value="decimal">{label("decimal")}</option>
        <option value="fractional">{label("fractional")}</option>
      </SelectField>
    </Panel>
  );
}

/**
 * On the user's own page (issue 23, decision 065): the app's language. "Browser or shop
 * default" (null) follows the browser's languages, then the operator's DEFAULT_LANGUAGE.
 * Each language is named in itself ("Deutsch"), so it can be found whatever shows now.
 */
export function LanguagePreference() {
  const me = useAtomValue(currentUserAtom);
  const { data: settings } = useQuery(settingsQuery);
  const save = useSetLanguage();
  const t = useT();
  const fallback = resolveLanguage(null, browserLanguages(), settings?.defaultLanguage);
  return (
    <Panel title={t("preferences.language")} className="mt-6 max-w-2xl">
      <SelectField
        label={t("preferences.languageLabel")}
        {...savingProps<Language>(save, me?.language, (language) => save.mutate(language))}
      >
        <option value="">
          {t("preferences.languageDefault", { language: t(`languages.${fallback}`) })}
        </option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </SelectField>
    </Panel>
  );
}
