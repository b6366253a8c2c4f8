/**
 * A key sent twice in one JSON object is refused, not read last-wins (decision 087): in
 * `{"amount": "1.00", "amount": "100.00"}` JSON.parse keeps the second, and which of the two a
 * proxy, a log or the integrator's own test read is anyone's guess. Query parameters sent
 * twice (`customerId=1&customerId=2`) are refused alike: Hono reads the first.
 */

interface ObjectFrame {
  kind: "object";
  path: string;
  keys: Set<string>;
  /** The key whose value is being read, once read. */
  key: string | null;
}

interface ArrayFrame {
  kind: "array";
  path: string;
  index: number;
}

type Frame = ObjectFrame | ArrayFrame;

/** The path a value inside `frame` is named by, with a dot after it (none at the top). */
function childPath(frame: Frame | undefined): string {
  if (!frame) return "";
  return frame.kind === "object" ? `${frame.path}${frame.key}.` : `${frame.path}${frame.index}.`;
}

/**
 * The dotted path of the first key an object of `text` holds twice ("deadHeat.places"), or
 * null when there is none. Text that is not JSON gives null: the validator answers it.
 */
export function duplicateKeyPath(text: string): string | null {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const top = frames.at(-1);
    if (ch === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      if (top?.kind === "object" && top.key === null) {
        let key: string;
        try {
          // Decoded, so that "a" and "\u0061" are the one key they are to JSON.parse.
          key = JSON.parse(text.slice(i, end + 1)) as string;
        } catch {
          return null;
        }
        if (top.keys.has(key)) return `${top.path}${key}`;
        top.keys.add(key);
        top.key = key;
      }
      i = end;
    } else if (ch === "{") {
      frames.push({ kind: "object", path: childPath(top), keys: new Set(), key: null });
    } else if (ch === "[") {
      frames.push({ kind: "array", path: childPath(top), index: 0 });
    } else if (ch === "}" || ch === "]") {
      frames.pop();
    } else if (ch === ",") {
      if (top?.kind === "object") top.key = null;
      else if (top?.kind === "array") top.index += 1;
    }
  }
  return null;
}
