/**
 * The "alerts" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("alerts.<key>"). An alert's title and
 * description are the server's and show as it sends them; its category is labelled here.
 */

import { addEnglishArea } from "../instance";

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
