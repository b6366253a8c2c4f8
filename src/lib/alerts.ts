import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { AlertType } from "../domain/enums";
import { formatCents } from "../domain/money";

/**
 * Raises an alert inside the caller's transaction. While an alert with the same key is
 * undismissed, raising it again does nothing (deduplication by a partial unique index).
 */
export function raiseAlert(
  tx: Tx,
  alert: { type: AlertType; title: string; description: string; dedupeKey: string },
  now: number,
): void {
  tx.run(sql`insert into alerts (type, title, description, dedupe_key, created_at)
    values (${alert.type}, ${alert.title}, ${alert.description}, ${alert.dedupeKey}, ${now})
    on conflict (dedupe_key) where dismissed_at is null do nothing`);
}

/** Error alert: a customer's credit in use exceeds the credit limit. */
export function raiseCreditAlert(
  tx: Tx,
  customer: {
    id: number;
    firstName: string;
    lastName: string;
    balanceCents: number;
    creditLimitCents: number;
  },
  now: number,
): void {
  raiseAlert(
    tx,
    {
      type: "error",
      title: "Customer beyond credit limit",
      description: `${customer.firstName} ${customer.lastName} (#${customer.id}) has a balance of €${formatCents(customer.balanceCents)} against a credit limit of €${formatCents(customer.creditLimitCents)}.`,
      dedupeKey: `credit-limit:${customer.id}`,
    },
    now,
  );
}

/** Warning alert: a shop's till went below zero. */
export function raiseNegativeTillAlert(
  tx: Tx,
  shop: { id: number; name: string; balanceCents: number },
  now: number,
): void {
  raiseAlert(
    tx,
    {
      type: "warning",
      title: "Shop cash balance negative",
      description: `${shop.name} (#${shop.id}) has a cash balance of €${formatCents(shop.balanceCents)}.`,
      dedupeKey: `shop-negative:${shop.id}`,
    },
    now,
  );
}
