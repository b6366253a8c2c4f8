/**
 * Form validation messages in the language shown (issue 23 item 2, decision 065). The forms'
 * zod schemas are the server's (src/domain/schemas.ts), whose English messages stay for API
 * clients; where a field's error renders (web/components/ui/field.tsx, the pickers, the
 * password field) the English message is matched against the templates of the catalogue's
 * `validation.messages` ("{{label}} is required") and shown translated, its field name from
 * `validation.labels`. A message no template reads, or one naming a field the catalogue does
 * not know, shows as it is (English) rather than half translated.
 */
import { currentLanguage, i18n } from "../i18n";
import { en } from "../i18n/areas/validation";

type MessageKey = keyof typeof en.messages;
type LabelKey = keyof typeof en.labels;

interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The English templates as patterns, the exact messages before the ones with a {{label}}. */
const TEMPLATES: readonly Template[] = (Object.entries(en.messages) as [MessageKey, string][])
  .map(([key, text]) => {
    const names: string[] = [];
    const source = text
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    return { key, pattern: new RegExp(`^${source}$`), names };
  })
  .sort((a, b) => a.names.length - b.names.length);

const LABELS = new Map(
  (Object.entries(en.labels) as [LabelKey, string][]).map(([key, text]) => [text, key]),
);

/** Which catalogue message an English message is, with its values; null when none reads it. */
export function validationKey(
  message: string,
): { key: MessageKey; values: Record<string, string>; label?: LabelKey } | null {
  for (const { key, pattern, names } of TEMPLATES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ""]));
    if (values.label === undefined) return { key, values };
    const label = LABELS.get(values.label);
    if (label) return { key, values, label };
  }
  return null;
}

/**
 * A schema's (or the server's) English field message in the language shown. The password
 * estimator's English advice after a refusal ("This password is too easy to guess. Add
 * another word or two") is left out in another language: the refusal itself is translated.
 */
export function translateValidation(message: string): string {
  if (currentLanguage() === "en" || !message) return message;
  const found = validationKey(message) ?? validationKey(message.split(". ")[0] ?? "");
  if (!found) return message;
  const values = found.label
    ? { ...found.values, label: i18n.t(`validation.labels.${found.label}`) }
    : found.values;
  // The values are the template's own placeholders (checked by web/lib/validation.test.ts).
  return String(i18n.t(`validation.messages.${found.key}`, values as never));
}
