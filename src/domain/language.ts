/**
 * The languages the web app speaks (issue 23 item 2, decision 065). English is the source;
 * each user may choose one (users.language), else the browser's, else DEFAULT_LANGUAGE.
 */
export const LANGUAGES = ["en", "de"] as const;

export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
