import { and, desc, eq, isNull } from "drizzle-orm";
import { alerts } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { notFound } from "../../lib/errors";

function toAlertDto(row: typeof alerts.$inferSelect) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export const alertsEndpoints = [
  implement(contracts.listAlerts, ({ db }) =>
    db
      .select()
      .from(alerts)
      .where(isNull(alerts.dismissedAt))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(100)
      .all()
      .map(toAlertDto),
  ),
  // Dismissed for everyone; who and when are kept on the row and in the audit log.
  implement(contracts.dismissAlert, {
    write: (tx, { op, params }) => {
      const before = tx.select().from(alerts).where(eq(alerts.id, params.id)).get();
      if (!before) throw notFound("Alert");
      if (before.dismissedAt !== null) return { body: undefined, unchanged: true };
      const after = tx
        .update(alerts)
        .set({ dismissedAt: op.now, dismissedBy: op.actor.userId })
        .where(and(eq(alerts.id, params.id), isNull(alerts.dismissedAt)))
        .returning()
        .get();
      return {
        body: undefined,
        audit: { entityType: "ALERT", entityId: params.id, before, after },
      };
    },
  }),
];
