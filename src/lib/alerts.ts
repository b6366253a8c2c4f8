import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { ALERT_CATEGORIES, type AlertCategory, type AlertType, type Role } from "../domain/enums";
import { formatCents } from "../domain/money";

/**
 * Raises an alert inside the caller's transaction. While an alert with the same key is
 * undismissed, raising it again does nothing (deduplication by a partial unique index).
 * The category is required, never defaulted: it decides who sees the alert (staff only
 * `operations`; decisions/044), so every caller states it.
 */
export function raiseAlert(
  tx: Tx,
  alert: {
    type: AlertType;
    category: AlertCategory;
    title: string;
    description: string;
    dedupeKey: string;
  },
  now: number,
): void {
  tx.run(sql`insert into alerts (type, category, title, description, dedupe_key, created_at)
    values (${alert.type}, ${alert.category}, ${alert.title}, ${alert.description}, ${alert.dedupeKey}, ${now})
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
      category: "operations",
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
      category: "operations",
      title: "Shop cash balance negative",
      description: `${shop.name} (#${shop.id}) has a cash balance of €${formatCents(shop.balanceCents)}.`,
      dedupeKey: `shop-negative:${shop.id}`,
    },
    now,
  );
}

/**
 * The categories a role sees (decisions/044): staff only what the counter acts on; admins
 * everything. The list, the dismissal, the bell's count and the live stream all ask here.
 */
export function alertCategoriesFor(role: Role): readonly AlertCategory[] {
  return role === "admin" ? ALERT_CATEGORIES : STAFF_ALERT_CATEGORIES;
}

const STAFF_ALERT_CATEGORIES: readonly AlertCategory[] = ["operations"];
