/** Display formatters: euros with 2 decimals; dates and times come from ./time. */
import { centsOf, formatEuro } from "../../src/domain/money";

/** "12.5" or 12.5 -> "€12.50"; null/undefined -> "€0.00". */
export function euro(value: string | number | null | undefined): string {
  if (typeof value === "number") return formatEuro(Math.round(value * 100));
  return formatEuro(centsOf(value));
}

// Dates and times: in the business time zone, from the one module that formats them.
export { formatCompactDateTime, formatDate, formatDateTime, formatTime } from "./time";

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
