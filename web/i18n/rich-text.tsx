/**
 * A translated text with markup for React elements (decision 065): `<name>inner</name>` is
 * the element `components[name]` holding the inner text, `<name/>` the element as it is;
 * `&lt;`, `&gt;`, `&quot;` and `&amp;` read as the characters. What react-i18next's <Trans>
 * does for the few texts that hold a link or a <code>, without its HTML parser (5 KB of
 * gzipped JavaScript the first screen would carry). Tags do not nest.
 */
import { cloneElement, type ReactElement, type ReactNode } from "react";

const TAG = /<(\w+)>([^<]*)<\/\1>|<(\w+)\s*\/>/g;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&" };

function decode(text: string): string {
  return text.replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ENTITIES[name] ?? "");
}

export function richText(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) out.push(decode(text.slice(last, match.index)));
    const name = match[1] ?? match[3] ?? "";
    const element = components[name];
    const key = `${name}-${match.index}`;
    if (!element) out.push(decode(match[0]));
    else if (match[1] !== undefined)
      out.push(cloneElement(element, { key }, decode(match[2] ?? "")));
    else out.push(cloneElement(element, { key }));
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(decode(text.slice(last)));
  return out;
}
