import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { pageLanguage, serveWeb } from "./web-static";

const dist = mkdtempSync(join(tmpdir(), "web-static-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>app</title>");
writeFileSync(join(dist, "other.html"), "<!doctype html><title>other</title>");
writeFileSync(join(dist, "assets", "main-abc123def.js"), "console.log(1)");
/** A text file with its brotli and gzip twins, as the build writes them (scripts/precompress.ts). */
function writeWithTwins(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}
const APP_JS = `console.log(${JSON.stringify("the app ".repeat(200))})`;
const STYLES = `body{color:red}${".x{margin:0}".repeat(100)}`;
const PAGE = `<!doctype html><html lang="en"><title>app</title>${"<p>shop</p>".repeat(100)}`;
writeWithTwins(join(dist, "assets", "app-0123abcd.js"), APP_JS);
writeWithTwins(join(dist, "assets", "styles-0123abcd.css"), STYLES);
writeFileSync(join(dist, "assets", "only-gzip-0123abcd.js"), APP_JS);
writeFileSync(join(dist, "assets", "only-gzip-0123abcd.js.gz"), gzipSync(APP_JS));
writeFileSync(join(dist, "assets", "logo-0123abcd.png"), new Uint8Array([137, 80, 78, 71]));
const compressedDist = mkdtempSync(join(tmpdir(), "web-static-br-"));
writeWithTwins(join(compressedDist, "index.html"), PAGE);

const serve = serveWeb(dist);
const get = (path: string, headers: Record<string, string> = {}) =>
  serve(new Request(`http://localhost${path}`, { headers }));
const decoded = async (res: Response): Promise<string> => {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return gunzipSync(bytes).toString();
  return new TextDecoder().decode(bytes);
};

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(compressedDist, { recursive: true, force: true });
});

/** The page headers `/` carries (issue 25, item 9). */
async function pageHeaders(path: string) {
  const res = await get(path);
  expect(res.status).toBe(200);
  return {
    type: res.headers.get("content-type"),
    csp: res.headers.get("content-security-policy"),
    nosniff: res.headers.get("x-content-type-options"),
    cache: res.headers.get("cache-control"),
  };
}

describe("the web app's files", () => {
  test("/index.html and any other HTML file carry the same headers as /", async () => {
    const root = await pageHeaders("/");
    expect(root.csp).toContain("frame-ancestors 'none'");
    expect(root.nosniff).toBe("nosniff");
    expect(await pageHeaders("/index.html")).toEqual(root);
    expect(await pageHeaders("/other.html")).toEqual(root);
    expect(await pageHeaders("/customers/12")).toEqual(root);
  });

  test("a hashed asset is cached for a year and never sniffed", async () => {
    const res = await get("/assets/main-abc123def.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a missing asset is 404 and a malformed path 400", async () => {
    expect((await get("/assets/nope-123456.js")).status).toBe(404);
    expect((await get("/%")).status).toBe(400);
  });
});

describe("precompressed files (decision 057)", () => {
  const CHROME = "gzip, deflate, br, zstd";

  test("brotli when accepted, with the file's type, caching and Vary", async () => {
    const res = await get("/assets/app-0123abcd.js", { "Accept-Encoding": CHROME });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await decoded(res)).toBe(APP_JS);
  });

  test("gzip when brotli is not accepted, and as it is when neither is", async () => {
    for (const accept of ["gzip", "br;q=0, gzip", "gzip;q=1, br;q=0.5", "x-gzip"]) {
      const res = await get("/assets/styles-0123abcd.css", { "Accept-Encoding": accept });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("content-type")).toBe("text/css; charset=utf-8");
      expect(await decoded(res)).toBe(STYLES);
    }
    for (const headers of [
      {},
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "*;q=0" },
    ] as Record<string, string>[]) {
      const res = await get("/assets/styles-0123abcd.css", headers);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("content-type")).toBe("text/css; charset=utf-8");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(await res.text()).toBe(STYLES);
    }
  });

  test("the next encoding accepted when a file has no twin of the best one", async () => {
    const res = await get("/assets/only-gzip-0123abcd.js", { "Accept-Encoding": CHROME });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await decoded(res)).toBe(APP_JS);
    const plain = await get("/assets/main-abc123def.js", { "Accept-Encoding": CHROME });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await plain.text()).toBe("console.log(1)");
  });

  test("a file that is not text goes as it is", async () => {
    const res = await get("/assets/logo-0123abcd.png", { "Accept-Encoding": CHROME });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("index.html, at / and at a client route, with the page headers and its language", async () => {
    const serveGerman = serveWeb(compressedDist, { defaultLanguage: "de" });
    for (const path of ["/", "/customers/12", "/index.html"]) {
      const res = await serveGerman(
        new Request(`http://localhost${path}`, { headers: { "Accept-Encoding": CHROME } }),
      );
      expect(res.status).toBe(200);
      // A few hundred bytes in a real build: written for the request, not a compressed twin.
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache, no-store, must-revalidate");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("vary")).toBe("Accept-Language");
      // No browser language asked for: the operator's DEFAULT_LANGUAGE, before any script.
      expect(await res.text()).toBe(PAGE.replace('lang="en"', 'lang="de"'));
    }
    const english = await serveGerman(
      new Request("http://localhost/", { headers: { "Accept-Language": "en-IE,en;q=0.9" } }),
    );
    expect(await english.text()).toBe(PAGE);
  });

  test("the page's language: the first of the browser's the app speaks, by weight, else the default", () => {
    expect(pageLanguage(null, "en")).toBe("en");
    expect(pageLanguage(null, "de")).toBe("de");
    expect(pageLanguage("de-AT,de;q=0.9,en;q=0.8", "en")).toBe("de");
    expect(pageLanguage("fr-FR,fr;q=0.9,en;q=0.5,de;q=0.7", "en")).toBe("de");
    expect(pageLanguage("fr-FR, it", "de")).toBe("de");
    expect(pageLanguage("en;q=0.2, de;q=0.8", "en")).toBe("de");
    expect(pageLanguage("de;q=0, en", "de")).toBe("en");
    expect(pageLanguage("*", "de")).toBe("de");
    expect(pageLanguage("garbage;;q=x,,", "en")).toBe("en");
  });
});
