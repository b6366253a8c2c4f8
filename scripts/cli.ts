/** What every admin script shares: argument parsing with --help, the database path, exits. */
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { hostname, userInfo } from "node:os";
import { parseArgs } from "node:util";
import { messageOf } from "../src/lib/errors";
import { setPrivateUmask } from "../src/lib/private-files";

/** Shared with the server's own backups. */
export { fileStamp, fsyncPath } from "../src/lib/backup";

type Options = NonNullable<Parameters<typeof parseArgs>[0]>["options"];

export const DEFAULT_DATABASE_PATH = "data/betting-shop.db";

/**
 * Parses argv against `options` plus --help and --db. Prints `usage` and exits 0 on --help;
 * prints the problem and the usage and exits 2 on a bad argument. Installs the one-line
 * handler for unforeseen errors.
 */
export function parseScriptArgs<O extends Options>(usage: string, options: O) {
  // Every script calls this first: from here on, no raw stack trace reaches the operator.
  process.on("uncaughtException", oneLine);
  process.on("unhandledRejection", oneLine);
  // Whatever a script creates (databases, backups, exports) is owner-only (decision 045).
  setPrivateUmask();
  let parsed: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>;
  try {
    parsed = parseArgs({
      args: Bun.argv.slice(2),
      options: {
        ...options,
        help: { type: "boolean", short: "h" },
        db: { type: "string" },
      } as O,
      allowPositionals: true,
    });
  } catch (err) {
    console.error(`${messageOf(err)}\n\n${usage.trim()}`);
    process.exit(2);
  }
  const values = parsed.values as Record<string, unknown>;
  if (values.help) {
    console.log(usage.trim());
    process.exit(0);
  }
  const dbPath =
    (values.db as string | undefined) || process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
  return { values: parsed.values, positionals: parsed.positionals, dbPath };
}

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Opens an existing database file without creating or migrating it; a one-line error otherwise. */
export function openExisting(path: string, opts: { readonly?: boolean } = {}): Database {
  if (!existsSync(path)) fail(`No database at ${path} (set --db or DATABASE_PATH)`);
  if (!statSync(path).isFile())
    fail(`${path} is not a file (give a database file, not a directory)`);
  try {
    const sqlite = new Database(path, { readonly: opts.readonly ?? false, strict: true });
    sqlite.run("pragma busy_timeout = 5000");
    return sqlite;
  } catch (err) {
    fail(`Cannot open ${path}: ${messageOf(err)}`);
  }
}

/** An error no script foresaw still ends in one line and exit code 1; the stack only with DEBUG set. */
function oneLine(err: unknown): never {
  if (process.env.DEBUG) console.error(err);
  fail(`Error: ${messageOf(err)}`);
}

export function integrityOf(sqlite: Database): string {
  const rows = sqlite.query("pragma integrity_check").all() as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check).join("; ");
}

/**
 * How the audit trail names a console script's writes (decision 082): `console:<os user>@<host>`,
 * the person at the machine as far as the machine knows them.
 */
export function consoleActorName(): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // A container's user without a passwd entry: its uid is what there is.
    user = process.env.USER || `uid ${process.getuid?.() ?? "?"}`;
  }
  return `console:${user}@${hostname()}`;
}
