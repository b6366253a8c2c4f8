/**
 * Derived tables (the search indexes, src/lib/search-index.ts; the report roll-ups,
 * src/modules/reports/rollups.ts) are kept in step by triggers. Bulk paths (the benchmark
 * seed, delete-all) drop those triggers, do their work, then rebuild the tables once and put
 * the triggers back: the helpers both share.
 */
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** A script's own connection, or the app's database or open write transaction. */
export type SqlTarget = Database | DbOrTx;

/** Runs SQL text on either kind of target. */
export function sqlExecutor(target: SqlTarget) {
  if (target instanceof Database) {
    return {
      run: (text: string) => void target.run(text),
      all: <T>(text: string) => target.query(text).all() as T[],
    };
  }
  return {
    run: (text: string) => void target.run(sql.raw(text)),
    all: <T>(text: string) => target.all<T>(sql.raw(text)),
  };
}

/**
 * Drops the triggers `sqlite_master` rows matching `where` name, and returns the function
 * that calls `rebuild` on the rows then present and puts the triggers back (in a transaction
 * of its own when none is open: a script's connection). Both halves are schema changes:
 * inside one write transaction they commit or roll back with the rest.
 */
export function suspendTriggers(
  target: SqlTarget,
  where: string,
  rebuild: (target: SqlTarget) => void,
): () => void {
  const db = sqlExecutor(target);
  const triggers = db.all<{ name: string; sql: string }>(
    `select name, sql from sqlite_master where type = 'trigger' and ${where} order by name`,
  );
  for (const { name } of triggers) db.run(`drop trigger "${name}"`);
  return () => {
    const restore = () => {
      rebuild(target);
      for (const trigger of triggers) db.run(trigger.sql);
    };
    if (!(target instanceof Database) || target.inTransaction) return restore();
    target.run("begin immediate");
    try {
      restore();
      target.run("commit");
    } catch (err) {
      target.run("rollback");
      throw err;
    }
  };
}

const fills = new Map<string, string[]>();

/**
 * The statements of migration `file` (in drizzle/) that fill a derived table from its
 * sources, those matching `pattern`: the migration's backfill is the one rebuild recipe.
 */
export function migrationFills(file: string, pattern: RegExp): string[] {
  const key = `${file} ${pattern.source}`;
  let statements = fills.get(key);
  if (!statements) {
    statements = readFileSync(join(import.meta.dir, "../../drizzle", file), "utf8")
      .split("--> statement-breakpoint")
      .map((part) =>
        part
          .split("\n")
          .filter((line) => !line.trim().startsWith("--"))
          .join("\n")
          .trim(),
      )
      .filter((statement) => pattern.test(statement));
    fills.set(key, statements);
  }
  return statements;
}
