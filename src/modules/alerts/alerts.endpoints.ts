import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { alerts, users } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import type { AlertDto } from "../../domain/dto";
import { NOTE_REQUIRED_CATEGORIES } from "../../domain/enums";
import { alertCategoriesFor } from "../../lib/alerts";
import { implement } from "../../lib/endpoint";
import { AppError, notFound } from "../../lib/errors";
import { inIdOrder, listPage, searchAny } from "../../lib/list-query";

type AlertRow = typeof alerts.$inferSelect;

function toAlertDto(row: AlertRow, dismissedByName: string | null): AlertDto {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    title: row.title,
    description: row.description,
    code: row.code,
    params: row.params,
    createdAt: new Date(row.createdAt).toISOString(),
    dismissedAt: row.dismissedAt === null ? null : new Date(row.dismissedAt).toISOString(),
    dismissedBy:
      row.dismissedBy !== null && dismissedByName !== null
        ? { id: row.dismissedBy, username: dismissedByName }
        : null,
    dismissNote: row.dismissNote,
  };
}

const SORTS = { id: alerts.id, createdAt: alerts.createdAt, dismissedAt: alerts.dismissedAt };

export const alertsEndpoints = [
  // Each caller sees only the categories of its role (decisions/044): staff the operations
  // alerts, admins all. The dismissed view answers who dismissed, when and with what note.
  implement(contracts.listAlerts, ({ db, actor, query }) => {
    const dismissed = query.status === "dismissed";
    const text = searchAny(query.q, [alerts.title, alerts.description, alerts.dismissNote]);
    // Paged as every list is (decision 043): by offset, keyset or from the end.
    // The categories it may read: the only alerts it may page from too (decision 043).
    const fixed = inArray(alerts.category, [...alertCategoriesFor(actor.role)]);
    const { ids, total, capped } = listPage(db, query, {
      table: alerts,
      id: alerts.id,
      filters: dismissed ? isNotNull(alerts.dismissedAt) : isNull(alerts.dismissedAt),
      fixed,
      search: text ? { row: text } : undefined,
      sorts: SORTS,
      fallback: { key: dismissed ? "dismissedAt" : "createdAt", order: "desc" },
    });
    const rows = ids.length
      ? db
          .select({ alert: alerts, dismissedByName: users.username })
          .from(alerts)
          .leftJoin(users, eq(users.id, alerts.dismissedBy))
          .where(inArray(alerts.id, ids))
          .all()
      : [];
    return {
      items: inIdOrder(ids, rows, (r) => r.alert.id).map((r) =>
        toAlertDto(r.alert, r.dismissedByName),
      ),
      total,
      capped,
    };
  }),
  // Dismissed for everyone; who, when and the note are kept on the row and in the audit log.
  implement(contracts.dismissAlert, {
    write: (tx, { op, params, body }) => {
      const before = tx.select().from(alerts).where(eq(alerts.id, params.id)).get();
      // Another audience's alert is "not found", not "forbidden": staff must not learn that
      // an alert about them (a till discrepancy, their sign-ins, their role) exists.
      if (!before || !alertCategoriesFor(op.actor.role).includes(before.category)) {
        throw notFound("Alert");
      }
      if (NOTE_REQUIRED_CATEGORIES.includes(before.category) && !body.note) {
        const message = `Note is required to dismiss a ${before.category} alert`;
        throw new AppError("VALIDATION", message, { note: message });
      }
      if (before.dismissedAt !== null) return { body: undefined, unchanged: true };
      const after = tx
        .update(alerts)
        .set({ dismissedAt: op.now, dismissedBy: op.actor.userId, dismissNote: body.note })
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
