/**
 * The "audit" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("audit.<key>"). Action names
 * ("bet.place") and field names are the log's data and stay as recorded.
 */

import { addEnglishArea } from "../instance";

export const en = {
  subtitle: "Who changed what, when and from where",
  when: "When",
  actor: "Actor",
  action: "Action",
  entity: "Entity",
  entityId: "Entity ID",
  ipAddress: "IP address",
  request: "Request",
  details: "Details",
  detailsOf: "Details of {{action}} #{{id}}",
  beforeAndAfter: "Before and after",
  close: "Close",
  all: "All",
  anyone: "Anyone",
  allActions: "All actions",
  loading: "Loading the audit trail...",
  empty: "No audit entries found",
  search: "Search the audit trail",
  system: "System",
  notSignedIn: "{{username}} (not signed in)",
  signInFailures: {
    "login-failed": "failed sign-in",
    "login-locked": "sign-in refused by the throttle",
    "confirm-failed": "refused password confirmation",
  },
  entities: {
    CUSTOMER: "Customer",
    SHOP: "Shop",
    BET: "Bet",
    TRANSACTION: "Transaction",
    USER: "User",
    SHIFT: "Shift",
    ALERT: "Alert",
    SYSTEM: "System",
    API_TOKEN: "Api_token",
  },
  difference: {
    nothing: "No values were recorded for this change.",
    caption: "Fields changed, with their values before and after",
    field: "Field",
    change: "Change",
    changedTo: "changed to",
    empty: "(empty)",
    changed: "Changed",
    added: "Added",
    removed: "Removed",
    value: "Value",
    yes: "Yes",
    no: "No",
  },
} as const;

addEnglishArea("audit", en);
