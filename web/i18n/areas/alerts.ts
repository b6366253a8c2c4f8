/**
 * The "alerts" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("alerts.<key>"). An alert with a known
 * `code` is written from `kinds` and its params (decision 066,
 * web/features/alerts/alert-text.ts); one without shows the server's title and description
 * as sent. Its category is labelled here.
 */

import type { AlertCode } from "../../../src/domain/alert-codes";
import { addEnglishArea } from "../instance";

/**
 * Each kind of alert's title and description, word for word what the server writes in
 * English (src/lib/alerts.ts ALERT_TEXTS; tests/alert-texts.test.ts compares the two). An
 * amount param `xCents` is `{{x}}` here, the amount as the reader's locale writes money
 * ("-€23.45" in English, "-23,45 €" in German). Derived words (who, which
 * check, short or over) come from the keys after it.
 */
const kinds = {
  CREDIT_LIMIT_EXCEEDED: {
    title: "Customer beyond credit limit",
    description:
      "{{customer}} (#{{customerId}}) has a balance of {{balance}} against a credit limit of {{creditLimit}}.",
  },
  SHOP_BALANCE_NEGATIVE: {
    title: "Shop cash balance negative",
    description: "{{shop}} (#{{shopId}}) has a cash balance of {{balance}}.",
  },
  LARGE_BET: {
    title: "Large bet placed",
    description:
      "Bet #{{betId}} for {{customer}}: stake {{stake}}, potential payout {{potentialPayout}}.",
  },
  BALANCE_DRIFT: {
    title: "Balance drift corrected",
    description:
      "{{entity}} {{name}} (#{{entityId}}) had a stored balance of {{stored}} but its ledger says {{ledger}} (drift {{drift}}). The balance was reset to the ledger.",
  },
  SIGN_IN_FAILURES: {
    title: "Repeated failed sign-ins",
    description: "{{count}} failed sign-ins within 15 minutes for the username {{username}}.",
  },
  TILL_DISCREPANCY: {
    title: "Till discrepancy at cash-up",
    description:
      "{{cashier}}'s shift #{{shiftId}} at {{shop}} closed {{discrepancy}} {{direction}}: counted {{counted}}, expected {{expected}}.",
  },
  USER_CREATED: {
    title: "New user created",
    description: '{{actor}} created user "{{username}}" with role {{role}}.',
  },
  USER_ROLE_CHANGED: {
    title: "User role changed",
    description: '{{actor}} changed the role of "{{username}}" from {{from}} to {{to}}.',
  },
  USER_DISABLED: {
    title: "User disabled",
    description: '{{actor}} disabled user "{{username}}".',
  },
  USER_ENABLED: {
    title: "User enabled",
    description: '{{actor}} enabled user "{{username}}".',
  },
  REPLICATION_RESTARTING: {
    title: "Replication stopped",
    description: "{{replica}}: {{reason}}. It is restarted in {{restartInSeconds}} s.",
  },
  REPLICATION_LAGGING: {
    title: "Replication stopped",
    description: "{{replica}}: {{detail}}",
  },
  INTEGRITY_CHECK_FAILED: {
    title: "Database integrity check failed",
    description:
      "The {{check}} of the database found: {{detail}}. Restore the last good backup (docs/scripts.md).",
  },
  BOOKS_UNBALANCED: {
    title: "The books do not balance",
    description_one:
      "The books check found {{count}}{{more}} discrepancy, the first: {{first}}. See the books indicator on the admin page.",
    description_other:
      "The books check found {{count}}{{more}} discrepancies, the first: {{first}}. See the books indicator on the admin page.",
  },
  BACKUP_FAILED: {
    title: "Backup failed",
    description: "The scheduled backup to {{file}} failed: {{detail}}",
  },
} as const satisfies Record<
  AlertCode,
  { title: string } & (
    | { description: string }
    | { description_one: string; description_other: string }
  )
>;

export const en = {
  title: "Alerts",
  subtitle: "Everything that needs a look, newest first",
  staffOnly: "Alerts are for staff only.",
  views: "Alert views",
  openView: "Open",
  dismissedView: "Dismissed",
  undismissed: "Undismissed alerts",
  systemAlerts: "System Alerts",
  viewAll: "View all",
  loading: "Loading alerts...",
  empty: "No alerts at this time",
  bell: "Notifications: {{n}} unread",
  dismissNamed: "Dismiss {{title}}",
  categoryPrefix: "Category: ",
  /** Who an alert is for (decisions/044), as its badge names it. */
  category: {
    operations: "Operations",
    cash: "Cash",
    security: "Security",
    system: "System",
  },
  /** The category inside a sentence ("a cash alert"). */
  categoryInText: {
    operations: "operations",
    cash: "cash",
    security: "security",
    system: "system",
  },
  dismiss: {
    title: "Dismiss alert",
    explain:
      "A {{category}} alert is dismissed with a note saying what was done about it. The note is kept with the alert and in the audit trail.",
    note: "Note *",
    submit: "Dismiss alert",
    pending: "Dismissing...",
    /** The server's own message for a missing note, so both read the same in English. */
    noteRequired: "Note is required to dismiss a {{category}} alert",
  },
  kinds,
  /** LARGE_BET's customer when the bet was paid in cash. */
  cashCustomer: "a cash customer",
  /** Who acted when no user did (the create-admin script). */
  console: "The console",
  /** A role inside an alert's sentence, as the server writes it. */
  role: { admin: "admin", user: "user", customer: "customer" },
  /** BALANCE_DRIFT's entity, at the start of its sentence. */
  entity: { CUSTOMER: "Customer", SHOP: "Shop" },
  /** TILL_DISCREPANCY: counted less than expected, or more. */
  direction: { short: "short", over: "over" },
  /** INTEGRITY_CHECK_FAILED's check. */
  check: { full: "daily integrity_check", quick: "start-up quick_check" },
  dismissed: {
    alert: "Alert",
    category: "Category",
    raised: "Raised",
    dismissed: "Dismissed",
    by: "By",
    note: "Note",
    unknown: "Unknown",
    loading: "Loading dismissed alerts...",
    empty: "No dismissed alerts",
    search: "Search dismissed alerts",
  },
} as const;

addEnglishArea("alerts", en);
