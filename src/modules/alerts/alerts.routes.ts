import { and, desc, eq, isNull } from "drizzle-orm";
import { writeTx } from "../../db/client";
import { alerts } from "../../db/schema";
import { audit } from "../../lib/audit";
import { notFound } from "../../lib/errors";
import { actorOf, createRouter, idParam } from "../../lib/http";

function toAlertDto(row: typeof alerts.$inferSelect) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export const alertsRoutes = createRouter()
  .get("/alerts", (c) => {
    const rows = c
      .get("deps")
      .db.select()
      .from(alerts)
      .where(isNull(alerts.dismissedAt))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(100)
      .all();
    return c.json(rows.map(toAlertDto));
  })
  .post("/alerts/:id/dismiss", (c) => {
    const id = idParam(c, "id", "Alert");
    const actor = actorOf(c);
    writeTx(c.get("deps").db, (tx) => {
      const before = tx.select().from(alerts).where(eq(alerts.id, id)).get();
      if (!before) throw notFound("Alert");
      if (before.dismissedAt !== null) return;
      tx.update(alerts)
        .set({ dismissedAt: Date.now(), dismissedBy: actor.userId })
        .where(and(eq(alerts.id, id), isNull(alerts.dismissedAt)))
        .run();
      audit(tx, actor, { action: "alert.dismiss", entityType: "ALERT", entityId: id, before });
    });
    return c.body(null, 204);
  });
