import { sql } from "drizzle-orm";
import { prepared, type Tx } from "../db/client";
import { auditLog } from "../db/schema";
import type { Actor } from "./context";

/** Writes one audit row; call it inside the same write transaction as the change. */
export function audit(
  tx: Tx,
  actor: Actor | null,
  entry: {
    action: string;
    entityType: string;
    entityId?: number | string | null;
    before?: unknown;
    after?: unknown;
  },
): void {
  prepared(tx, "audit.insert", (db) =>
    db
      .insert(auditLog)
      .values({
        actorId: sql.placeholder("actorId"),
        actorUsername: sql.placeholder("actorUsername"),
        action: sql.placeholder("action"),
        entityType: sql.placeholder("entityType"),
        entityId: sql.placeholder("entityId"),
        before: sql.placeholder("before"),
        after: sql.placeholder("after"),
        ip: sql.placeholder("ip"),
        requestId: sql.placeholder("requestId"),
        createdAt: sql.placeholder("createdAt"),
      })
      .prepare(),
  ).run({
    actorId: actor?.userId ?? null,
    actorUsername: actor?.username ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
    createdAt: Date.now(),
  });
}
