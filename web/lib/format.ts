/** Display formatters: euros with 2 decimals, dates in the operator's locale. */
import { centsOf, formatEuro } from "../../src/domain/money";

/** "12.5" or 12.5 -> "€12.50"; null/undefined -> "€0.00". */
export function euro(value: string | number | null | undefined): string {
  if (typeof value === "number") return formatEuro(Math.round(value * 100));
  return formatEuro(centsOf(value));
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = toDate(value);
  return date ? dateFormat.format(date) : "";
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : "";
}

/** SPEC section 9: 'Just now' under a minute, then minutes, hours (under 1440 min), days. */
export function relativeAge(value: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(value).getTime()) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  if (minutes < 1440) {
    const hours = Math.floor(minutes / 60);
    return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  }
  const days = Math.floor(minutes / 1440);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** "admin" -> "Admin". */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Today's date as YYYY-MM-DD in UTC (SPEC: today's bets use the UTC date). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A table's date in one short line, in local time: "22 Nov 14:05" this year, "22 Nov 2025"
 * for another year (the full date and time belong in a title on hover).
 */
export function formatCompactDateTime(
  value: string | number | Date | null | undefined,
  now: Date = new Date(),
): string {
  if (value === null || value === undefined) return "";
  const date = toDate(value);
  if (!date) return "";
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  if (date.getFullYear() !== now.getFullYear()) return `${day} ${date.getFullYear()}`;
  const hh = String(date.getHours()).padStart(2, "0");
  const mm = String(date.getMinutes()).padStart(2, "0");
  return `${day} ${hh}:${mm}`;
}
