import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { alerts } from "../db/schema";
import type { AlertType } from "../domain/enums";

/**
 * Raises an alert inside the caller's transaction. While an alert with the same key is
 * undismissed, raising it again does nothing (deduplication).
 */
export function raiseAlert(
  tx: Tx,
  alert: { type: AlertType; title: string; description: string; dedupeKey: string },
): void {
  tx.insert(alerts)
    .values({ ...alert, createdAt: Date.now() })
    .onConflictDoNothing({ target: alerts.dedupeKey, where: sql`dismissed_at is null` })
    .run();
}
