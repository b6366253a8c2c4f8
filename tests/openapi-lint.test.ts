/**
 * The OpenAPI document, as served, passes Redocly's recommended rules and Spectral's
 * spectral:oas with no error and no warning (decision 059). Both CLIs run offline.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { redoclyLint, spectralLint, writeOpenApi } from "../scripts/openapi-lint";

let dir: string;
let file: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  file = join(dir, "openapi.json");
  await writeOpenApi(file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the OpenAPI document's lint", () => {
  test("Redocly (recommended): no errors, no warnings", async () => {
    expect(await redoclyLint(file)).toEqual([]);
  }, 120_000);

  test("Spectral (spectral:oas): no errors, no warnings", async () => {
    expect(await spectralLint(file)).toEqual([]);
  }, 120_000);

  test("a document with a problem is caught (the lint is not silently empty)", async () => {
    const doc = (await Bun.file(file).json()) as Record<string, unknown>;
    delete doc.servers;
    const broken = join(dir, "broken.json");
    await Bun.write(broken, JSON.stringify(doc));
    expect((await redoclyLint(broken)).map((p) => `${p.rule} ${p.severity}`)).toContain(
      "no-empty-servers error",
    );
    expect((await spectralLint(broken)).map((p) => p.rule)).toContain("oas3-api-servers");
  }, 120_000);
});
