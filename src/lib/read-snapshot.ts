import type { Database } from "bun:sqlite";

/**
 * Runs `fn` inside one deferred read transaction, so every query in it sees the same
 * snapshot (in WAL mode, writers carry on meanwhile). Like writeTx, the callback must be
 * synchronous: nothing else may run on this connection while the transaction is open.
 * Inside an open transaction it simply runs `fn`.
 */
export function readSnapshot<T>(sqlite: Database, fn: () => T): T {
  if (sqlite.inTransaction) return fn();
  sqlite.run("begin deferred");
  let result: T;
  try {
    result = fn();
    if (result instanceof Promise) throw new Error("readSnapshot callbacks must be synchronous");
  } catch (err) {
    sqlite.run("rollback");
    throw err;
  }
  sqlite.run("commit");
  return result;
}
