/**
 * How a customer is told apart from another of the same name (issue 20, item 7): its number
 * (the id, shown as C-000123) and its phone read without the ways people write it.
 */

/** The customer number as shown beside the name everywhere: `C-000123`. */
export function customerNumber(id: number): string {
  return `C-${String(id).padStart(6, "0")}`;
}

/**
 * The id a search text names as a customer number (`123`, `C123`, `c-000123`), or null.
 * Digits alone count too: a cashier reads the number off a slip or a card without its C.
 */
export function parseCustomerNumber(q: string): number | null {
  const match = /^c?-?\s*(\d{1,15})$/i.exec(q.trim());
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The home country's calling code: numbers written with it are the same as with a 0. */
export const HOME_CALLING_CODE = "353";

/**
 * A phone number as its digits, the way it would be dialled at home: separators (spaces,
 * dashes, dots, slashes, brackets) dropped and a leading `+353`/`00353` (with or without the
 * `(0)` some write after it) read as the national `0`. `085 340 1590`, `+353 85 340 1590`
 * and `00353853401590` all read `0853401590`. Another country's `+` stays as `00`.
 * drizzle/0015_customer_search.sql computes the same in SQL for the search index
 * (`phoneDigitsSql` below; a test holds them equal).
 */
export function phoneDigits(phone: string): string {
  const d = phone.replace(/[\s\-./()]/g, "");
  const home = HOME_CALLING_CODE;
  if (d.startsWith(`+${home}0`)) return d.slice(home.length + 1);
  if (d.startsWith(`+${home}`)) return `0${d.slice(home.length + 1)}`;
  if (d.startsWith(`00${home}0`)) return d.slice(home.length + 2);
  if (d.startsWith(`00${home}`)) return `0${d.slice(home.length + 2)}`;
  if (d.startsWith("+")) return `00${d.slice(1)}`;
  return d;
}

/**
 * True when `q` reads as (part of) a phone number: only digits, separators and a leading +,
 * with at least 3 digits (the trigram index's least).
 */
export function looksLikePhone(q: string): boolean {
  return /^\+?[\d\s\-./()]+$/.test(q.trim()) && (q.match(/\d/g)?.length ?? 0) >= 3;
}
