/** bun run export: the same JSON document as GET /api/admin/export-all-data. */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { messageOf } from "../src/lib/errors";
import { writeExport } from "../src/modules/admin/export";
import { fail, openExisting, parseScriptArgs } from "./cli";

const USAGE = `
Usage: bun run export [--db PATH] [--out FILE]

Writes every table except secrets (no password hashes, sessions, idempotency keys or failed
sign-ins) as one JSON document, read from one consistent snapshot; safe while the server
runs. Without --out the JSON goes to stdout; a reader that stops early (| head) ends the
export quietly with status 141, as SIGPIPE ends other tools.

  --db PATH    database to export (default: $DATABASE_PATH or data/betting-shop.db)
  --out FILE   file to write (must not exist), e.g. betting-shop-export-2026-11-22.json
  -h, --help   show this help
`;

/**
 * The status a Unix tool ends with when its reader closes the pipe: SIGPIPE kills it and the
 * shell reports 128 + 13. Bun ignores SIGPIPE, so the write fails with EPIPE instead and the
 * script exits with the same status (decision 080): quiet at the terminal, where only the
 * last command's status counts, but a failure under `set -o pipefail`, because the export
 * did not reach its end (`| gzip > file` on a full disk must not look like a good export).
 */
const SIGPIPE_STATUS = 141;

/** Writes all of `chunk` to `fd`, however many writes the pipe or file takes. */
function writeAll(fd: number, chunk: string): void {
  const bytes = Buffer.from(chunk);
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
}

function isBrokenPipe(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === "EPIPE";
}

const { values, dbPath } = parseScriptArgs(USAGE, { out: { type: "string" } });

const sqlite = openExisting(dbPath, { readonly: true });
if (!values.out) {
  try {
    writeExport(sqlite, (chunk) => writeAll(1, chunk));
    writeAll(1, "\n");
  } catch (err) {
    if (!isBrokenPipe(err)) throw err;
    sqlite.close();
    process.exit(SIGPIPE_STATUS);
  }
} else {
  if (existsSync(values.out)) fail(`Refusing to overwrite ${values.out}`);
  const partial = `${values.out}.partial`;
  try {
    // A leftover of an export cut short (Ctrl-C) is replaced, never written through.
    rmSync(partial, { force: true });
    // Every table but the secrets: still the shop's data, so owner-only (decision 045).
    const fd = openSync(partial, "wx", 0o600);
    try {
      writeExport(sqlite, (chunk) => writeAll(fd, chunk));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, values.out);
  } catch (err) {
    // Half an export under any name would pass for a whole one: nothing is left behind.
    try {
      rmSync(partial, { force: true });
    } catch {
      // (the folder is not there or not a folder: then neither is the file)
    }
    fail(`Export failed: ${messageOf(err)} (nothing was written to ${values.out})`);
  }
  console.error(`Export written to ${values.out}`);
}
sqlite.close();
