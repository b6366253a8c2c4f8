import { migrationFills, type SqlTarget, sqlExecutor, suspendTriggers } from "../db/derived-tables";

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

/**
 * The migrations' own statements that fill each FTS table from its table (one source): the
 * customers' from 0027, which made that index again with the phone's digits as written
 * (decision 083; 0015 had first added them, read as Irish).
 */
const fillStatements = () => [
  ...migrationFills("0005_search.sql", /^INSERT INTO `(shops|bets|transactions)_fts`/i),
  ...migrationFills("0027_phone_digits_as_written.sql", /^INSERT INTO `customers_fts`/i),
];

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
