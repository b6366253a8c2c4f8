/**
 * The fields of an audit row's before and after that hold a user's id (who processed, placed,
 * resolved, paid, closed, dismissed, created; whose session, whose account was kept), so
 * that the audit list can name those users (`AuditEntry.users`) and the audit screen reads
 * "boss (#5)" where the row recorded 5 (decision 082, 2026 update). Shared by the server,
 * which looks the names up, and the web, which shows them.
 */

/** Field names whose number is a user's id wherever they appear in a before or after. */
export const USER_ID_FIELDS: ReadonlySet<string> = new Set([
  "processedBy",
  "placedBy",
  "resolvedBy",
  "paidBy",
  "closedBy",
  "createdBy",
  "dismissedBy",
  "settledBy",
  "userId",
  "keptUserId",
]);

/** A ledger row's party ids, a user's when the type beside them says USER (a transfer's). */
const PARTY_TYPE_OF: Readonly<Record<string, string>> = {
  fromEntityId: "fromEntityType",
  toEntityId: "toEntityType",
};

/** How deep a before or after is walked: rows and their params, no further (a bound). */
const MAX_DEPTH = 4;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether `holder[key]` names a user by id (its value is checked by the caller). */
export function holdsUserId(key: string, holder: Readonly<Record<string, unknown>>): boolean {
  if (USER_ID_FIELDS.has(key)) return true;
  const typeKey = PARTY_TYPE_OF[key];
  return typeKey !== undefined && holder[typeKey] === "USER";
}

/** The user ids a before or after records (positive integers under a user-id field). */
export function userIdsIn(value: unknown, into: Set<number> = new Set(), depth = 0): Set<number> {
  if (!isRecord(value) || depth > MAX_DEPTH) return into;
  for (const [key, inner] of Object.entries(value)) {
    if (Number.isSafeInteger(inner) && (inner as number) > 0 && holdsUserId(key, value)) {
      into.add(inner as number);
    } else if (isRecord(inner)) {
      userIdsIn(inner, into, depth + 1);
    }
  }
  return into;
}
