/**
 * bun run migrations:checksum: adds the checksum of each new migration to drizzle/checksums.json
 * (decision 055). Never changes an existing entry: a released migration is never edited.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  CHECKSUMS_FILE,
  type ChecksumList,
  compareChecksums,
  MIGRATIONS_FOLDER,
  migrationFiles,
  readChecksums,
} from "../src/db/migrations";

const USAGE = `
Usage: bun run migrations:checksum [--check] [--dir FOLDER]

Adds an entry (tag: sha256 of the file) to drizzle/checksums.json for every migration in the
journal that has none. Commit the list with the new migration. Refuses, changing nothing, when
a listed migration's file no longer has its checksum: a released migration is never edited;
write a new migration instead.

  --check       change nothing; exit 1 when an entry is missing or differs
  --dir FOLDER  the migrations folder (default: drizzle/)
  -h, --help    show this help
`;

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    check: { type: "boolean" },
    dir: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(USAGE.trim());
  process.exit(0);
}
const folder = values.dir ?? MIGRATIONS_FOLDER;
const files = migrationFiles(folder);
let list: ChecksumList;
try {
  list = readChecksums(folder);
} catch {
  list = {};
}
const problems = compareChecksums(files, list);
if (problems.changed.length > 0 || problems.removed.length > 0) {
  const lines = [
    ...problems.changed.map(
      (tag) => `${tag}: the file changed since its checksum was listed; restore the released text`,
    ),
    ...problems.removed.map((tag) => `${tag}: listed but no longer in the journal; put it back`),
  ];
  console.error(
    `Released migrations are never edited or removed (write a new migration instead):\n${lines.join("\n")}`,
  );
  process.exit(1);
}
if (problems.missing.length === 0) {
  console.log("Every migration has its checksum.");
  process.exit(0);
}
if (values.check) {
  console.error(
    `No checksum for ${problems.missing.join(", ")}: run bun run migrations:checksum and commit drizzle/${CHECKSUMS_FILE} with the migration.`,
  );
  process.exit(1);
}
const next: ChecksumList = { ...list };
for (const file of files) next[file.tag] ??= file.hash;
writeFileSync(join(folder, CHECKSUMS_FILE), `${JSON.stringify(next, null, 2)}\n`);
console.log(`Added ${problems.missing.join(", ")} to drizzle/${CHECKSUMS_FILE}.`);
