/**
 * The full-text search indexes (issue 11, drizzle/0005_search.sql): contentless FTS5 tables
 * with the trigram tokenizer, kept in step with their tables by triggers. Bulk paths (the
 * benchmark seed, delete-all) drop the triggers, do their work and rebuild the indexes once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type SqlTarget, sqlExecutor, suspendTriggers } from "../db/derived-tables";

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

/** Empties every search index and fills it again from its table. Run it in a transaction. */
export function rebuildSearchIndexes(target: SqlTarget): void {
  const db = sqlExecutor(target);
  for (const fts of SEARCH_INDEXES) db.run(`insert into ${fts} (${fts}) values ('delete-all')`);
  for (const statement of fillStatements()) db.run(statement);
}

/**
 * Drops the triggers that keep the search indexes in step and returns the function that
 * rebuilds the indexes from the rows then present and puts the triggers back.
 */
export function suspendSearchIndexes(target: SqlTarget): () => void {
  return suspendTriggers(target, "name like '%\\_fts\\_%' escape '\\'", rebuildSearchIndexes);
}
