/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every other path falls back to index.html so the client router can take it. A text file
 * goes out as its .br or .gz twin, compressed at build, when the client accepts that
 * encoding (decision 057).
 */
import { existsSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import { parseAccept } from "hono/utils/accept";
import { isLanguage, type Language } from "./domain/language";
import { acceptedEncodings, type Encoding } from "./lib/compression";
import { decodedPath } from "./lib/http";

/** The text types compressed at build (scripts/precompress.ts), by extension. */
export const TEXT_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** The file name suffix of each encoding's twin. */
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Every page of the app carries these, whatever path served it: `/`, a client route, and
 * `/index.html` or any other HTML file of the build asked for by name (issue 25: those went
 * out as plain files, without a CSP or frame-ancestors, so they could be framed).
 */
const HTML_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-cache, no-store, must-revalidate",
  "Content-Security-Policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const;

const MISSING_BUILD = `<!doctype html><title>Betting Shop</title><p>The web app is not built. Run <code>bun run build</code>.</p>`;

/** The decoded path, or null when it is malformed (`/%`, `/%00`): a 400, not a server error. */
function decodePath(pathname: string): string | null {
  const decoded = decodedPath(pathname);
  return decoded?.includes("\0") ? null : decoded;
}

/**
 * `path` as a response with `headers`: a text file as its .br or .gz twin when the client
 * accepts that encoding and the twin exists (else as it is), with its own Content-Type and
 * `Vary: Accept-Encoding` either way, so a cache keeps one copy per encoding.
 */
async function fileResponse(
  request: Request,
  path: string,
  headers: Record<string, string>,
): Promise<Response> {
  const type = TEXT_TYPES[extname(path).toLowerCase()];
  if (!type) return new Response(Bun.file(path), { headers });
  const textHeaders = { "Content-Type": type, ...headers, Vary: "Accept-Encoding" };
  for (const encoding of acceptedEncodings(request.headers.get("Accept-Encoding"))) {
    const twin = Bun.file(`${path}${SUFFIX[encoding]}`);
    if (await twin.exists()) {
      return new Response(twin, { headers: { ...textHeaders, "Content-Encoding": encoding } });
    }
  }
  return new Response(Bun.file(path), { headers: textHeaders });
}

/**
 * The language the page is in before its script runs (decision 065): the first of the
 * browser's languages (Accept-Language, by weight) the app speaks, else DEFAULT_LANGUAGE. The
 * app then sets `<html lang>` to the user's own choice, if any; until then a screen reader
 * reads the page in the language it will show, not in English.
 */
export function pageLanguage(acceptLanguage: string | null, defaultLanguage: Language): Language {
  // parseAccept orders by quality, keeping the header's order among equals.
  const wanted = parseAccept(acceptLanguage ?? "")
    .filter(({ q }) => q > 0)
    .map(({ type }) => type.toLowerCase().split("-")[0]);
  return (wanted.find((primary) => isLanguage(primary)) as Language | undefined) ?? defaultLanguage;
}

/**
 * index.html with `<html lang>` set for this request (pageLanguage). A few hundred bytes, so
 * it goes as it is, uncompressed; `Vary: Accept-Language` as its language follows that header.
 */
async function indexResponse(
  request: Request,
  indexPath: string,
  defaultLanguage: Language,
): Promise<Response> {
  const lang = pageLanguage(request.headers.get("Accept-Language"), defaultLanguage);
  const html = (await Bun.file(indexPath).text()).replace(
    /<html lang="[^"]*"/,
    `<html lang="${lang}"`,
  );
  return new Response(html, { headers: { ...HTML_HEADERS, Vary: "Accept-Language" } });
}

export function serveWeb(distDir: string, { defaultLanguage = "en" as Language } = {}) {
  const root = resolve(distDir);
  const indexPath = join(root, "index.html");
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const decoded = decodePath(pathname);
    if (decoded === null) {
      return new Response("Bad request: malformed path", {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    const safe = normalize(decoded).replace(/^(\.\.[/\\])+/, "");
    const filePath = join(root, safe);
    if (filePath.startsWith(root) && pathname !== "/" && pathname.includes(".")) {
      const file = Bun.file(filePath);
      if (await file.exists()) {
        if (filePath === indexPath) return indexResponse(request, indexPath, defaultLanguage);
        if (/\.html?$/i.test(filePath)) return fileResponse(request, filePath, HTML_HEADERS);
        const hashed = /-[a-z0-9]{6,}\.(js|css|woff2?|png|svg)$/i.test(filePath);
        return fileResponse(request, filePath, {
          "Cache-Control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
          "X-Content-Type-Options": "nosniff",
        });
      }
      if (pathname.startsWith("/assets/")) return new Response("Not found", { status: 404 });
    }
    if (!existsSync(indexPath)) {
      return new Response(MISSING_BUILD, { status: 503, headers: { "Content-Type": "text/html" } });
    }
    return indexResponse(request, indexPath, defaultLanguage);
  };
}
