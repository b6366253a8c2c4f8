/**
 * An audit entry's before and after values as a readable difference (microdiff): one line
 * per field that changed ("old -> new"), was added or was removed, nested fields as
 * "limits / max stake", money in euros, times as local dates, user ids by name
 * ("boss (#5)") and stored codes by the words the screens show them by (a bet's status and
 * payment, a role, an odds format, a language, a transaction's type and status, a shift's
 * status, a till movement's kind). A field the before names and the after leaves out was
 * not recorded after the change (a reversal's original row, a session's address): it is
 * context, shown apart, never "removed"; removed is a before with no after at all
 * (decision 082, 2026 update).
 */
import diff from "microdiff";
import { holdsUserId } from "../../../../src/domain/audit-user-ids";
import {
  BET_STATUSES,
  ENTITY_TYPES,
  ROLES,
  SHIFT_STATUSES,
  TILL_MOVEMENT_KINDS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "../../../../src/domain/enums";
import { LANGUAGES } from "../../../../src/domain/language";
import { PRICE_FORMATS } from "../../../../src/domain/price";
import { BET_PAYMENTS } from "../../../../src/domain/schemas";
import { i18n } from "../../../i18n";
import { en } from "../../../i18n/areas/audit";
import { euro, formatDateTime } from "../../../lib/format";
import "../../../i18n/areas/shifts";
import "../../../i18n/areas/ui";

export interface DiffLine {
  /** The field's readable name ("Credit limit", "Limits / Max stake"). */
  field: string;
  kind: "changed" | "added" | "removed";
  /** Readable old and new values ("" when the field had none on that side). */
  before: string;
  after: string;
}

/** A value the before recorded and the after does not mention: context, not a change. */
export interface ContextLine {
  field: string;
  value: string;
}

/** Usernames by user id, as the audit list sends them beside each entry (`users`). */
export type UserNames = Readonly<Record<string, string>>;

/** Money fields by name: integer cents ("...Cents") or decimal strings ("12.50"). */
const MONEY = /(cents|amount|balance|stake|payout|limit|cash|discrepancy|takings)$/i;
/** Time fields by name: epoch milliseconds or ISO strings. */
const TIME = /(at|until|time)$/i;
const DECIMAL = /^-?\d+(\.\d{1,2})?$/;

/**
 * A recorded field's label in the language shown: the catalogue's (`audit.fields`,
 * "creditLimitCents" -> "Credit limit", de: "Kreditlimit"); a name it does not know made
 * readable from the name ("max_stake" -> "Max stake").
 */
export function fieldLabel(key: string | number): string {
  const name = String(key);
  if (Object.hasOwn(en.fields, name)) {
    return i18n.t(`audit.fields.${name as keyof typeof en.fields}`);
  }
  const words = name
    .replace(/Cents$/, "")
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Under these, a name is a table's (delete-all's counts), labelled from `audit.tables`. */
const TABLE_COUNTS = new Set(["deletedRows"]);

/** A path's labels: each name's field label, or its table's under TABLE_COUNTS. */
function pathLabel(path: readonly (string | number)[]): string {
  return path
    .map((key, index) => {
      const name = String(key);
      const parent = index > 0 ? String(path[index - 1]) : null;
      if (parent !== null && TABLE_COUNTS.has(parent) && Object.hasOwn(en.tables, name)) {
        return i18n.t(`audit.tables.${name as keyof typeof en.tables}`);
      }
      return fieldLabel(key);
    })
    .join(" / ");
}

const isOne = <C extends string>(codes: readonly C[], value: string): value is C =>
  (codes as readonly string[]).includes(value);

/**
 * A stored code's label, as the rest of the app shows it, by its field's name: a bet's
 * status or outcome (ui.betStatus; a transaction's status where no bet has that code, then a
 * shift's), a role, an odds format, a language, a transaction's type, a ledger side's type,
 * a till movement's kind, a bet's payment. A code not of its field's kind is undefined
 * (shown as it is).
 */
function codeLabel(name: string, value: string): string | undefined {
  switch (name) {
    case "status":
    case "outcome":
      if (isOne(BET_STATUSES, value)) return i18n.t(`ui.betStatus.${value}`);
      if (isOne(TRANSACTION_STATUSES, value)) return i18n.t(`ui.transactionStatus.${value}`);
      if (isOne(SHIFT_STATUSES, value)) return i18n.t(`shifts.table.statusCode.${value}`);
      return undefined;
    case "role":
      return isOne(ROLES, value) ? i18n.t(`ui.roles.${value}`) : undefined;
    case "oddsFormat":
    case "priceFormat":
      return isOne(PRICE_FORMATS, value) ? i18n.t(`preferences.${value}`) : undefined;
    case "language":
    case "defaultLanguage":
      return isOne(LANGUAGES, value) ? i18n.t(`languages.${value}`) : undefined;
    case "type":
      return isOne(TRANSACTION_TYPES, value) ? i18n.t(`ui.transactionType.${value}`) : undefined;
    case "fromEntityType":
    case "toEntityType":
      return isOne(ENTITY_TYPES, value) ? i18n.t(`ui.entityType.${value}`) : undefined;
    case "kind":
      // A till movement's (shift.movement); a job's kind is no movement and stays as it is.
      return isOne(TILL_MOVEMENT_KINDS, value) ? i18n.t(`ui.shift.${value}`) : undefined;
    case "payment":
      // A bet's (bet.place): the new bet dialog's words for it.
      return isOne(BET_PAYMENTS, value) ? i18n.t(`bet.${value}`) : undefined;
    default:
      return undefined;
  }
}

/**
 * A value as the operator reads it, knowing its field's name, and the object holding it
 * and the usernames to name a user id by ("boss (#5)"; "#5" for a user deleted since).
 */
export function readable(
  key: string | number,
  value: unknown,
  holder?: Readonly<Record<string, unknown>>,
  users: UserNames = {},
): string {
  if (value === null || value === undefined) return "";
  const name = String(key);
  if (typeof value === "boolean")
    return i18n.t(value ? "audit.difference.yes" : "audit.difference.no");
  if (typeof value === "number") {
    if (holder && Number.isSafeInteger(value) && holdsUserId(name, holder)) {
      const username = users[String(value)];
      return username === undefined ? `#${value}` : `${username} (#${value})`;
    }
    if (/Cents$/.test(name)) return euro(value / 100);
    // Epoch milliseconds after 2001: a time, not a count.
    if (TIME.test(name) && value > 1e12) return formatDateTime(value);
    // Ids and counts as recorded: exact, no grouping.
    return String(value);
  }
  if (typeof value === "string") {
    if (MONEY.test(name) && DECIMAL.test(value)) return euro(value);
    if (TIME.test(name) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
    return codeLabel(name, value) ?? value;
  }
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

type Path = readonly (string | number)[];

/** The object at `path` inside `root` (undefined when a step is missing or no object). */
function objectAt(root: unknown, path: Path): Record<string, unknown> | undefined {
  let value = root;
  for (const key of path) {
    if (!isRecord(value)) return undefined;
    value = value[key as string];
  }
  return isRecord(value) ? value : undefined;
}

/** A leaf's value read in its place: its last name, the object holding it, the names. */
function read(
  path: Path,
  value: unknown,
  holder: Record<string, unknown> | undefined,
  users: UserNames,
): string {
  return readable(path[path.length - 1] ?? "value", value, holder, users);
}

/** The changes and the context of an entry's before and after (either may be absent). */
function compare(
  before: unknown,
  after: unknown,
  users: UserNames,
): { changes: DiffLine[]; context: ContextLine[] } {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === after || (before == null && after == null)) return { changes: [], context: [] };
    const line: DiffLine = {
      field: i18n.t("audit.difference.value"),
      kind: before == null ? "added" : after == null ? "removed" : "changed",
      before: readable("value", before),
      after: readable("value", after),
    };
    return { changes: [line], context: [] };
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const changes: DiffLine[] = [];
  const context: ContextLine[] = [];
  for (const d of diff(from, to)) {
    const parentPath = d.path.slice(0, -1);
    if (d.type === "CREATE") {
      for (const [path, value, holder] of leaves(d.path, d.value, objectAt(to, parentPath))) {
        changes.push({
          field: pathLabel(path),
          kind: "added",
          before: "",
          after: read(path, value, holder, users),
        });
      }
    } else if (d.type === "REMOVE") {
      // Left out of an after that is there (an object, not a list): not recorded after the
      // change, so context. Gone from a list, or no after at all: removed.
      const afterParent = isRecord(after) ? objectAt(to, parentPath) : undefined;
      const notRecorded = afterParent !== undefined && !Array.isArray(afterParent);
      for (const [path, value, holder] of leaves(d.path, d.oldValue, objectAt(from, parentPath))) {
        const text = read(path, value, holder, users);
        if (notRecorded) context.push({ field: pathLabel(path), value: text });
        else changes.push({ field: pathLabel(path), kind: "removed", before: text, after: "" });
      }
    } else {
      changes.push({
        field: pathLabel(d.path),
        kind: "changed",
        before: read(d.path, d.oldValue, objectAt(from, parentPath), users),
        after: read(d.path, d.value, objectAt(to, parentPath), users),
      });
    }
  }
  return { changes, context };
}

/** The fields that changed, were added or were removed between an entry's before and after. */
export function auditDiff(before: unknown, after: unknown, users: UserNames = {}): DiffLine[] {
  return compare(before, after, users).changes;
}

/**
 * The fields the before recorded and the after leaves out (both there): what the change
 * was made to, as it was (a reversal's original row), not something it removed.
 */
export function auditContext(
  before: unknown,
  after: unknown,
  users: UserNames = {},
): ContextLine[] {
  return compare(before, after, users).context;
}

/**
 * A value added or removed whole, as its leaves with the object holding each: an object (a
 * delete-all's counts, an alert's params, a reversal's original row) one line per field
 * inside it, not its JSON; anything else itself. An empty object stays one line.
 */
function leaves(
  path: Path,
  value: unknown,
  holder: Record<string, unknown> | undefined,
): [Path, unknown, Record<string, unknown> | undefined][] {
  if (!isRecord(value) || Array.isArray(value) || Object.keys(value).length === 0) {
    return [[path, value, holder]];
  }
  return Object.entries(value).flatMap(([key, inner]) => leaves([...path, key], inner, value));
}
