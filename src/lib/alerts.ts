import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { AlertType } from "../domain/enums";

/**
 * Raises an alert inside the caller's transaction. While an alert with the same key is
 * undismissed, raising it again does nothing (deduplication by a partial unique index).
 */
export function raiseAlert(
  tx: Tx,
  alert: { type: AlertType; title: string; description: string; dedupeKey: string },
): void {
  tx.run(sql`insert into alerts (type, title, description, dedupe_key, created_at)
    values (${alert.type}, ${alert.title}, ${alert.description}, ${alert.dedupeKey}, ${Date.now()})
    on conflict (dedupe_key) where dismissed_at is null do nothing`);
}
