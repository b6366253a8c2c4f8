/** The backups the server took (src/lib/backup.ts), read by admins: newest first, paged. */
import type { AppDb } from "../../db/client";
import { backups } from "../../db/schema";
import type { BackupDto } from "../../domain/dto";
import type { BackupRow } from "../../lib/backup";
import { countWhere, type ListQuery, orderBy } from "../../lib/list-query";

const SORTS = { id: backups.id, createdAt: backups.createdAt };

export function toBackupDto(row: BackupRow): BackupDto {
  return {
    id: row.id,
    reason: row.reason === "delete-all" || row.reason === "script" ? row.reason : "scheduled",
    file: row.path,
    ok: row.ok,
    detail: row.detail,
    sizeBytes: row.sizeBytes,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export function listBackups(db: AppDb, query: ListQuery) {
  const rows = db
    .select()
    .from(backups)
    .orderBy(...orderBy(query, SORTS, { key: "createdAt", order: "desc" }, backups.id))
    .limit(query.limit)
    .offset(query.offset)
    .all();
  return { items: rows.map(toBackupDto), total: countWhere(db, backups) };
}
