/** The audit log, read by admins: paged, filtered by actor, entity and date. */
import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { auditLog } from "../../db/schema";
import { countWhere, type ListQuery, orderBy, searchAny } from "../../lib/list-query";

const SORTS = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  actor: auditLog.actorUsername,
  entityType: auditLog.entityType,
};

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toAuditDto(row: typeof auditLog.$inferSelect) {
  return {
    id: row.id,
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: parsed(row.before),
    after: parsed(row.after),
    ip: row.ip,
    requestId: row.requestId,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export function listAuditLog(db: AppDb, query: ListQuery) {
  const where = and(
    ...([
      searchAny(query.q, [
        auditLog.action,
        auditLog.actorUsername,
        auditLog.entityType,
        auditLog.entityId,
      ]),
      query.actorId !== undefined ? eq(auditLog.actorId, query.actorId) : undefined,
      query.entityType ? eq(auditLog.entityType, query.entityType.toUpperCase()) : undefined,
      query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
      query.from !== undefined ? gte(auditLog.createdAt, query.from) : undefined,
      query.to !== undefined ? lt(auditLog.createdAt, query.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const rows = db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(...orderBy(query, SORTS, { key: "createdAt", order: "desc" }, auditLog.id))
    .limit(query.limit)
    .offset(query.offset)
    .all();
  return { items: rows.map(toAuditDto), total: countWhere(db, auditLog, where) };
}
