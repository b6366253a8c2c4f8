/** bun run export: the same JSON document as GET /api/admin/export-all-data. */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { writeExport } from "../src/modules/admin/export";
import { fail, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run export [--db PATH] [--out FILE]

Writes every table except secrets (no password hashes, sessions, idempotency keys or failed
sign-ins) as one JSON document, read from one consistent snapshot; safe while the server
runs. Without --out the JSON goes to stdout.

  --db PATH    database to export (default: $DATABASE_PATH or data/betting-shop.db)
  --out FILE   file to write (must not exist), e.g. betting-shop-export-2026-11-22.json
  -h, --help   show this help
`;

const { values, dbPath } = parseScriptArgs(USAGE, { out: { type: "string" } });

const sqlite = openExisting(dbPath, { readonly: true });
if (!values.out) {
  writeExport(sqlite, (chunk) => writeSync(1, chunk));
  writeSync(1, "\n");
} else {
  if (existsSync(values.out)) fail(`Refusing to overwrite ${values.out}`);
  const partial = `${values.out}.partial`;
  // Every table but the secrets: still the shop's data, so owner-only (decision 045).
  const fd = openSync(partial, "w", 0o600);
  try {
    writeExport(sqlite, (chunk) => writeSync(fd, chunk));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, values.out);
  console.error(`Export written to ${values.out}`);
}
sqlite.close();
