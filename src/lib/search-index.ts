/**
 * The full-text search indexes (issue 11, drizzle/0005_search.sql): contentless FTS5 tables
 * with the trigram tokenizer, kept in step with their tables by triggers. Bulk paths (the
 * benchmark seed, delete-all) drop the triggers, do their work and rebuild the indexes once.
 */
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** The FTS tables, one per searched table. */
const SEARCH_INDEXES = ["customers_fts", "shops_fts", "bets_fts", "transactions_fts"] as const;

/** The FTS tables and the shadow tables FTS5 keeps behind each (never written directly). */
export const SEARCH_INDEX_TABLES: readonly string[] = SEARCH_INDEXES.flatMap((fts) => [
  fts,
  `${fts}_data`,
  `${fts}_idx`,
  `${fts}_docsize`,
  `${fts}_config`,
]);

const MIGRATION = join(import.meta.dir, "../../drizzle/0005_search.sql");
let fills: string[] | null = null;

/** The migration's own statements that fill each FTS table from its table (one source). */
function fillStatements(): string[] {
  fills ??= readFileSync(MIGRATION, "utf8")
    .split("--> statement-breakpoint")
    .map((part) =>
      part
        .split("\n")
        .filter((line) => !line.trim().startsWith("--"))
        .join("\n")
        .trim(),
    )
    .filter((statement) => /^INSERT INTO `\w+_fts`/i.test(statement));
  return fills;
}

type Target = Database | DbOrTx;

function executor(target: Target) {
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

/** Empties every search index and fills it again from its table. Run it in a transaction. */
export function rebuildSearchIndexes(target: Target): void {
  const db = executor(target);
  for (const fts of SEARCH_INDEXES) db.run(`insert into ${fts} (${fts}) values ('delete-all')`);
  for (const statement of fillStatements()) db.run(statement);
}

/**
 * Drops the triggers that keep the search indexes in step and returns the function that
 * rebuilds the indexes from the rows then present and puts the triggers back (in a
 * transaction of its own when none is open). Both halves are schema changes: inside one
 * write transaction they commit or roll back with the rest.
 */
export function suspendSearchIndexes(target: Target): () => void {
  const db = executor(target);
  const triggers = db.all<{ name: string; sql: string }>(
    "select name, sql from sqlite_master where type = 'trigger' and name like '%\\_fts\\_%' escape '\\' order by name",
  );
  for (const { name } of triggers) db.run(`drop trigger "${name}"`);
  return () => {
    const restore = () => {
      rebuildSearchIndexes(target);
      for (const trigger of triggers) db.run(trigger.sql);
    };
    if (!(target instanceof Database) || target.inTransaction) return restore();
    // A script's own connection (the seed): one write transaction of its own.
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
