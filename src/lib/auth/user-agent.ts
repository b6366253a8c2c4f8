/**
 * A User-Agent as a person reads it in their sessions list: "Chrome on Linux". No parser is
 * installed and the list only has to tell a user's own devices apart, so this is a short
 * mapping of the common browsers and systems; anything else is "Unknown browser". Order
 * matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says
 * "Linux".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(HeadlessChrome)\//, "Headless Chrome"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
  [/\bWget\//, "Wget"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

function first(list: [RegExp, string][], text: string): string | null {
  for (const [pattern, name] of list) if (pattern.test(text)) return name;
  return null;
}

/** The browser and the system a User-Agent names, each null when it is none of the known. */
export function userAgentParts(userAgent: string | null | undefined): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}

/** The parts in English: "Chrome on Linux", "Unknown browser on Windows", "Unknown browser". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const { browser, system } = userAgentParts(userAgent);
  if (!userAgent) return "Unknown browser";
  const name = browser ?? "Unknown browser";
  return system ? `${name} on ${system}` : name;
}
