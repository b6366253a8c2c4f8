/** The upgrade fixtures (tests/fixtures/make-upgrade-fixtures.ts), unpacked for a test. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixturePath } from "../fixtures/make-upgrade-fixtures";

export { VERSIONS as FIXTURE_VERSIONS } from "../fixtures/make-upgrade-fixtures";

/** Writes the database of schema `version` into `dir` and returns its path. */
export function unpackFixture(version: number, dir: string): string {
  const path = join(dir, `schema-${String(version).padStart(4, "0")}.db`);
  writeFileSync(path, Bun.gunzipSync(readFileSync(fixturePath(version))));
  return path;
}
