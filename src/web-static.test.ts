import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveWeb } from "./web-static";

const dist = mkdtempSync(join(tmpdir(), "web-static-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>app</title>");
writeFileSync(join(dist, "other.html"), "<!doctype html><title>other</title>");
writeFileSync(join(dist, "assets", "main-abc123def.js"), "console.log(1)");
const serve = serveWeb(dist);
const get = (path: string) => serve(new Request(`http://localhost${path}`));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

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
