import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { AlertCode, AlertParams } from "../domain/alert-codes";
import { ALERT_CATEGORIES, type AlertCategory, type AlertType, type Role } from "../domain/enums";
import { formatEuro } from "../domain/money";

type AlertText = { title: string; description: string };

/** An amount in an alert's English as the app writes money: "€1,000.00", "-€23.45". */
const euro = formatEuro;

/**
 * The English title and description of every kind of alert (decision 066), written from its
 * params: what the API answers, what old clients and the English app show. The web writes
 * the same from its catalogue (web/i18n/areas/alerts.ts); tests/alert-texts.test.ts fails
 * when the two differ for the same params, or when a code has no template there.
 */
export const ALERT_TEXTS: {
  [C in AlertCode]: (params: AlertParams[C]) => AlertText;
} = {
  CREDIT_LIMIT_EXCEEDED: (p) => ({
    title: "Customer beyond credit limit",
    description: `${p.customer} (#${p.customerId}) has a balance of ${euro(p.balanceCents)} against a credit limit of ${euro(p.creditLimitCents)}.`,
  }),
  SHOP_BALANCE_NEGATIVE: (p) => ({
    title: "Shop cash balance negative",
    description: `${p.shop} (#${p.shopId}) has a cash balance of ${euro(p.balanceCents)}.`,
  }),
  LARGE_BET: (p) => ({
    title: "Large bet placed",
    description: `Bet #${p.betId} for ${p.customer ?? "a cash customer"}: stake ${euro(p.stakeCents)}, potential payout ${euro(p.potentialPayoutCents)}.`,
  }),
  BALANCE_DRIFT: (p) => ({
    title: "Balance drift corrected",
    description: `${p.entityType === "CUSTOMER" ? "Customer" : "Shop"} ${p.name} (#${p.entityId}) had a stored balance of ${euro(p.storedCents)} but its ledger says ${euro(p.ledgerCents)} (drift ${euro(p.driftCents)}). The balance was reset to the ledger.`,
  }),
  SIGN_IN_FAILURES: (p) => ({
    title: "Repeated failed sign-ins",
    description: `${p.count} failed sign-ins within 15 minutes for the username ${p.username}.`,
  }),
  TILL_DISCREPANCY: (p) => ({
    title: "Till discrepancy at cash-up",
    description: `${p.cashier}'s shift #${p.shiftId} at ${p.shop} closed ${euro(Math.abs(p.discrepancyCents))} ${p.discrepancyCents < 0 ? "short" : "over"}: counted ${euro(p.countedCents)}, expected ${euro(p.expectedCents)}.`,
  }),
  USER_CREATED: (p) => ({
    title: "New user created",
    description: `${p.actor ?? "The console"} created user "${p.username}" with role ${p.role}.`,
  }),
  USER_ROLE_CHANGED: (p) => ({
    title: "User role changed",
    description: `${p.actor ?? "The console"} changed the role of "${p.username}" from ${p.from} to ${p.to}.`,
  }),
  USER_DISABLED: (p) => ({
    title: "User disabled",
    description: `${p.actor} disabled user "${p.username}".`,
  }),
  USER_ENABLED: (p) => ({
    title: "User enabled",
    description: `${p.actor} enabled user "${p.username}".`,
  }),
  REPLICATION_RESTARTING: (p) => ({
    title: "Replication stopped",
    description: `${p.replica}: ${p.reason}. It is restarted in ${p.restartInSeconds} s.`,
  }),
  REPLICATION_LAGGING: (p) => ({
    title: "Replication stopped",
    description: `${p.replica}: ${p.detail}`,
  }),
  INTEGRITY_CHECK_FAILED: (p) => ({
    title: "Database integrity check failed",
    description: `The ${p.check === "full" ? "daily integrity_check" : "start-up quick_check"} of the database found: ${p.detail}. Restore the last good backup (docs/scripts.md).`,
  }),
  BOOKS_UNBALANCED: (p) => ({
    title: "The books do not balance",
    description: `The books check found ${p.count}${p.truncated ? "+" : ""} ${p.count === 1 ? "discrepancy" : "discrepancies"}, the first: ${p.first}. See the books indicator on the admin page.`,
  }),
  BACKUP_FAILED: (p) => ({
    title: "Backup failed",
    description: `The scheduled backup to ${p.file} failed: ${p.detail}`,
  }),
};

/** Longest description stored; a free text in the params is cut before it gets there. */
const DESCRIPTION_CHARS = 500;

/**
 * Raises an alert inside the caller's transaction: its kind (`code`) and values (`params`),
 * stored as they are, and the English title and description written from them
 * (ALERT_TEXTS). While an alert with the same key is undismissed, raising it again does
 * nothing (deduplication by a partial unique index). The category is required, never
 * defaulted: it decides who sees the alert (staff only `operations`; decisions/044), so
 * every caller states it.
 */
export function raiseAlert<C extends AlertCode>(
  tx: Tx,
  alert: {
    type: AlertType;
    category: AlertCategory;
    code: C;
    params: AlertParams[C];
    dedupeKey: string;
  },
  now: number,
): void {
  const text = (ALERT_TEXTS[alert.code] as (params: AlertParams[C]) => AlertText)(alert.params);
  const description = text.description.slice(0, DESCRIPTION_CHARS);
  tx.run(sql`insert into alerts (type, category, title, description, code, params, dedupe_key, created_at)
    values (${alert.type}, ${alert.category}, ${text.title}, ${description}, ${alert.code},
      ${JSON.stringify(alert.params)}, ${alert.dedupeKey}, ${now})
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
      code: "CREDIT_LIMIT_EXCEEDED",
      params: {
        customerId: customer.id,
        customer: `${customer.firstName} ${customer.lastName}`,
        balanceCents: customer.balanceCents,
        creditLimitCents: customer.creditLimitCents,
      },
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
      code: "SHOP_BALANCE_NEGATIVE",
      params: { shopId: shop.id, shop: shop.name, balanceCents: shop.balanceCents },
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
