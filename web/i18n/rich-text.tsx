/**
 * A translated text with markup for React elements (decision 065): `<name>inner</name>` is
 * the element `components[name]` holding the inner text, `<name/>` the element as it is;
 * `&lt;`, `&gt;`, `&quot;` and `&amp;` read as the characters. What react-i18next's <Trans>
 * does for the few texts that hold a link or a <code>, without its HTML parser (5 KB of
 * gzipped JavaScript the first screen would carry). Tags do not nest.
 *
 * Values (a customer's name, a file) are not put into the text by i18next before it is read:
 * the text is asked for with each value's place kept (`(places) => t(key, places)`, each
 * place `{{name}}`, type-checked against the key's placeholders), and each value goes in as
 * React text, shown literally, never read as markup or entities (a customer named
 * "Tom &amp; Jerry" or "<b>Ann</b>" reads as typed).
 */
import { cloneElement, type ReactElement, type ReactNode } from "react";

const TAG = /<(\w+)>([^<]*)<\/\1>|<(\w+)\s*\/>/g;
const PLACE = /\{\{\s*(\w+)\s*\}\}/g;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&" };

export type RichValues = Record<string, string | number>;

function decode(text: string): string {
  return text.replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ENTITIES[name] ?? "");
}

/** A piece of the text: its own characters decoded, each `{{name}}` the value as it is. */
function withValues(text: string, values: RichValues): string[] {
  const out: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACE)) {
    const value = values[match[1] ?? ""];
    if (value === undefined) continue; // not a value of this text: stays as written
    out.push(decode(text.slice(last, match.index)), String(value));
    last = match.index + match[0].length;
  }
  out.push(decode(text.slice(last)));
  return out.filter((piece) => piece !== "");
}

export function richText<V extends RichValues>(
  textOf: string | ((places: Record<keyof V, string>) => string),
  components: Record<string, ReactElement>,
  values: V = {} as V,
): ReactNode[] {
  const places = Object.fromEntries(Object.keys(values).map((name) => [name, `{{${name}}}`]));
  const text = typeof textOf === "string" ? textOf : textOf(places as Record<keyof V, string>);
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) out.push(...withValues(text.slice(last, match.index), values));
    const name = match[1] ?? match[3] ?? "";
    const element = components[name];
    const key = `${name}-${match.index}`;
    if (!element) out.push(...withValues(match[0], values));
    else if (match[1] !== undefined)
      out.push(cloneElement(element, { key }, ...withValues(match[2] ?? "", values)));
    else out.push(cloneElement(element, { key }));
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(...withValues(text.slice(last), values));
  return out;
}
