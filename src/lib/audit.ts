import type { Tx } from "../db/client";
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
  tx.insert(auditLog)
    .values({
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
    })
    .run();
}
