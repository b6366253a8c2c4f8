/**
 * An audit entry's before and after values as a readable difference (microdiff): one line
 * per field that changed ("old -> new"), was added or was removed, nested fields as
 * "limits / max stake", money in euros and times as local dates.
 */
import diff from "microdiff";
import { i18n } from "../../../i18n";
import { en } from "../../../i18n/areas/audit";
import { euro, formatDateTime } from "../../../lib/format";

export interface DiffLine {
  /** The field's readable name ("Credit limit", "Limits / Max stake"). */
  field: string;
  kind: "changed" | "added" | "removed";
  /** Readable old and new values ("" when the field had none on that side). */
  before: string;
  after: string;
}

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

/** A value as the operator reads it, knowing its field's name. */
export function readable(key: string | number, value: unknown): string {
  if (value === null || value === undefined) return "";
  const name = String(key);
  if (typeof value === "boolean")
    return i18n.t(value ? "audit.difference.yes" : "audit.difference.no");
  if (typeof value === "number") {
    if (/Cents$/.test(name)) return euro(value / 100);
    // Epoch milliseconds after 2001: a time, not a count.
    if (TIME.test(name) && value > 1e12) return formatDateTime(value);
    // Ids and counts as recorded: exact, no grouping.
    return String(value);
  }
  if (typeof value === "string") {
    if (MONEY.test(name) && DECIMAL.test(value)) return euro(value);
    if (TIME.test(name) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
    return value;
  }
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The difference between an entry's before and after (either may be absent). */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === after || (before == null && after == null)) return [];
    return [
      {
        field: i18n.t("audit.difference.value"),
        kind: before == null ? "added" : after == null ? "removed" : "changed",
        before: readable("value", before),
        after: readable("value", after),
      },
    ];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  return diff(from, to).flatMap((d): DiffLine[] => {
    if (d.type === "CREATE") {
      return leaves(d.path, d.value).map(([path, value]) => ({
        field: pathLabel(path),
        kind: "added",
        before: "",
        after: readable(path[path.length - 1] ?? "value", value),
      }));
    }
    if (d.type === "REMOVE") {
      return leaves(d.path, d.oldValue).map(([path, value]) => ({
        field: pathLabel(path),
        kind: "removed",
        before: readable(path[path.length - 1] ?? "value", value),
        after: "",
      }));
    }
    const last = d.path[d.path.length - 1] ?? "value";
    return [
      {
        field: pathLabel(d.path),
        kind: "changed",
        before: readable(last, d.oldValue),
        after: readable(last, d.value),
      },
    ];
  });
}

/**
 * A value added or removed whole, as its leaves: an object (a delete-all's counts, an
 * alert's params) one line per field inside it, not its JSON; anything else itself. An
 * empty object stays one line.
 */
function leaves(
  path: readonly (string | number)[],
  value: unknown,
): [readonly (string | number)[], unknown][] {
  if (!isRecord(value) || Array.isArray(value) || Object.keys(value).length === 0) {
    return [[path, value]];
  }
  return Object.entries(value).flatMap(([key, inner]) => leaves([...path, key], inner));
}
