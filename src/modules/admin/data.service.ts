/**
 * Delete all data (DESIGN.md section 3), and what the export leaves out and its file's name
 * (the export itself is ./export.ts, small for the job's worker that loads it). Delete-all
 * needs the admin's password and a checked backup (issue 10).
 */
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import { localDate } from "../../domain/business-time";
import type { DeleteAllDto } from "../../domain/dto";
import type { Mutation, Op } from "../../lib/audit";
import {
  type BackupOutcome,
  backupDatabase,
  backupFileName,
  defaultBackupDir,
  recordBackup,
} from "../../lib/backup";
import type { Actor } from "../../lib/context";
import { AppError, saysStorageFull } from "../../lib/errors";
import type { Deps } from "../../lib/http";
import { SEARCH_INDEX_TABLES, suspendSearchIndexes } from "../../lib/search-index";
import { confirmPassword } from "../auth/auth.service";
import { suspendRollups } from "../reports/rollups";

/** Tables left out on purpose, and why. Every table must be in one list or the other. */
export const EXCLUDED_TABLES: Record<string, string> = {
  sessions: "session ids and secret hashes",
  idempotency_keys: "replay keys of money-moving requests",
  login_failures: "typed usernames and IP addresses of failed sign-ins",
  api_tokens: "API tokens' secret hashes (each token's making and revoking is in audit_log)",
  __drizzle_migrations: "schema bookkeeping",
  integrity_checks: "the database file's own health checks, not business data",
  books_checks: "results of the books check, derived from the data (run it again)",
  app_secrets: "the server's own secrets (the key of the bet slips' codes, decision 031)",
  report_shop_rollups: "report roll-ups, derived from bets (rebuilt from them)",
  report_customer_rollups: "report roll-ups, derived from bets (rebuilt from them)",
  business_zone:
    "the time zone the report roll-ups were built for (BUSINESS_TIMEZONE, decision 062)",
  business_zone_offsets: "that time zone's UTC offsets, derived from it at start",
  ...Object.fromEntries(
    SEARCH_INDEX_TABLES.map((name) => [name, "full-text search index, rebuilt from its table"]),
  ),
};

/** `betting-shop-export-2026-11-18.json`: the date in the business time zone (decision 062). */
export function exportFileName(now = new Date(), zone = "UTC"): string {
  return `betting-shop-export-${localDate(now.getTime(), zone)}.json`;
}

/**
 * Tables delete-all leaves alone: the migrations' bookkeeping, the record of backups and of
 * the file's integrity checks, and the server's secrets (made once by their migration, which
 * never runs again: decision 031).
 */
const KEPT_TABLES = [
  "__drizzle_migrations",
  "backups",
  "integrity_checks",
  "app_secrets",
  // The roll-ups' time zone: the (empty) roll-ups are still its days (decision 062).
  "business_zone",
  "business_zone_offsets",
];

/**
 * Delete-all's first step, before anything is deleted: the acting admin's password, then a
 * backup of everything (written and checked, see src/lib/backup.ts) recorded in `backups`
 * whatever its result. A wrong password is 403 and a failed backup 422; nothing is deleted.
 */
export async function prepareDeleteAll(
  deps: Deps,
  actor: Actor,
  password: string,
  now: number,
): Promise<BackupOutcome> {
  const user = deps.db.select().from(users).where(eq(users.id, actor.userId)).get();
  // Checked like a sign-in from this address: a wrong one counts, 429 once this address has
  // used up its attempts; failures from other addresses never refuse it (decisions/042).
  if (!user || !(await confirmPassword(deps.db, user, password, actor, now))) {
    throw new AppError("FORBIDDEN", "The password is not correct; nothing was deleted");
  }
  const dir = deps.backups?.dir ?? defaultBackupDir(deps.sqlite.filename);
  const out = join(dir, backupFileName("delete-all", new Date(now)));
  const backup = await backupDatabase(deps.sqlite, out);
  recordBackup(deps.db, "delete-all", backup, deps.clock());
  if (!backup.ok) {
    // No room for the copy: 503 STORAGE_FULL, like any write on a full disk (decision 056).
    const code = saysStorageFull(backup.detail) ? "STORAGE_FULL" : "UNPROCESSABLE";
    throw new AppError(code, `Backup failed: ${backup.detail}. Nothing was deleted.`);
  }
  return backup;
}

/**
 * Empties every table but keeps the acting admin's user row, the session they called from
 * and the backups list, then writes the audit row of the wipe in the same transaction, so it
 * survives. `backup` is the one prepareDeleteAll took: if anything was written since (every
 * write leaves an audit row), the backup would miss it, so nothing is deleted (409).
 */
export function deleteAllData(
  tx: Tx,
  { actor }: Op,
  keepSessionId: string | null,
  backup: BackupOutcome,
): Mutation<DeleteAllDto> {
  const lastAuditId =
    tx.all<{ n: number }>(sql`select coalesce(max(id), 0) as n from audit_log`)[0]?.n ?? 0;
  if (lastAuditId !== backup.lastAuditId) {
    throw new AppError(
      "CONFLICT",
      "Records changed while the backup was being written; nothing was deleted. Try again.",
    );
  }
  // Rows reference each other; checking foreign keys at commit lets any order work.
  tx.run(sql`pragma defer_foreign_keys = on`);
  // The bets go at once, not one roll-up update per row (the roll-ups end up empty).
  const restoreRollups = suspendRollups(tx);
  // Likewise the search indexes: emptied once, never written row by row (nor directly).
  const restoreSearch = suspendSearchIndexes(tx);
  const tables = tx.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table'
      and name not like 'sqlite_%' order by name`,
  );
  const deletedRows: Record<string, number> = {};
  for (const { name } of tables) {
    if (KEPT_TABLES.includes(name) || SEARCH_INDEX_TABLES.includes(name)) continue;
    const keep =
      name === "users"
        ? sql` where id <> ${actor.userId}`
        : name === "sessions"
          ? sql` where id is not ${keepSessionId}`
          : sql``;
    // (Drizzle types run() as void on bun:sqlite, so count first rather than read changes.)
    const table = sql.identifier(name);
    deletedRows[name] =
      tx.all<{ n: number }>(sql`select count(*) as n from ${table}${keep}`)[0]?.n ?? 0;
    tx.run(sql`delete from ${table}${keep}`);
  }
  restoreRollups();
  restoreSearch();
  // The kept admin's working shop (and any customer link) is gone with the rows.
  tx.run(sql`update users set shop_id = null, customer_id = null where id = ${actor.userId}`);
  return {
    body: { message: "All data has been deleted successfully", backupFile: backup.path },
    audit: {
      entityType: "SYSTEM",
      after: { deletedRows, keptUserId: actor.userId, backupFile: backup.path },
    },
  };
}
