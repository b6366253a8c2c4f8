/**
 * The audit trail's vocabulary: every action an audit row can name and every entity type it
 * can be about. The actions are the contracts' `audit` fields (one per mutation) plus the
 * one written outside an endpoint (the first admin, scripts/create-admin.ts and start-up).
 * The web client imports `auditVocabulary` as a Bun macro (`with { type: "macro" }`), like
 * route-table.ts, so the audit screen's filters cost no request and no zod in the bundle.
 */
import { contracts } from "./contracts";

/** Entity types the audit rows use (the `entityType` of each write's audit target). */
export const AUDIT_ENTITY_TYPES = [
  "CUSTOMER",
  "SHOP",
  "BET",
  "TRANSACTION",
  "USER",
  "SHIFT",
  "ALERT",
  "SYSTEM",
  "API_TOKEN",
] as const;

export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Actions written outside any contract: the first admin, and the refused sign-ins and
 * password confirmations (src/modules/auth/auth.service.ts), written though the request fails.
 */
export const SIGN_IN_FAILURE_ACTIONS = [
  "auth.login-failed",
  "auth.login-locked",
  "auth.confirm-failed",
] as const;
const OTHER_ACTIONS = ["user.create-first-admin", ...SIGN_IN_FAILURE_ACTIONS];

/** Every audit action, sorted. */
export const AUDIT_ACTIONS: readonly string[] = [
  ...new Set([
    ...Object.values(contracts).flatMap((c) => ("audit" in c && c.audit ? [c.audit] : [])),
    ...OTHER_ACTIONS,
  ]),
].sort();

/** Both lists, for the web's filters (a build-time macro there). */
export function auditVocabulary(): { actions: string[]; entityTypes: string[] } {
  return { actions: [...AUDIT_ACTIONS], entityTypes: [...AUDIT_ENTITY_TYPES] };
}
