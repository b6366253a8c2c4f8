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
  return diff(from, to).map((d) => {
    const last = d.path[d.path.length - 1] ?? "value";
    const field = d.path.map(fieldLabel).join(" / ");
    if (d.type === "CREATE") {
      return { field, kind: "added", before: "", after: readable(last, d.value) };
    }
    if (d.type === "REMOVE") {
      return { field, kind: "removed", before: readable(last, d.oldValue), after: "" };
    }
    return {
      field,
      kind: "changed",
      before: readable(last, d.oldValue),
      after: readable(last, d.value),
    };
  });
}
