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

/** The shop's country calling code unless PHONE_CALLING_CODE says otherwise (Ireland). */
export const DEFAULT_CALLING_CODE = "353";

/**
 * A phone number as its digits, as written: separators (spaces, dashes, dots, slashes,
 * brackets) dropped and a leading `+` read as `00`. `+353 85 340 1590` reads
 * `00353853401590`, `085 340 1590` reads `0853401590`. This is what the search index holds
 * (drizzle/0027_phone_digits_as_written.sql computes the same in SQL, as does
 * `phoneDigitsSql`; a test holds them equal): no country is assumed in it, so the shop's
 * calling code can change without re-indexing (decision 083).
 */
export function phoneDigits(phone: string): string {
  const d = phone.replace(/[\s\-./()]/g, "");
  return d.startsWith("+") ? `00${d.slice(1)}` : d;
}

/**
 * The digit strings a typed phone (or a part of one) is looked for as, in the shop's country
 * (`callingCode`): a national number with its 0 is also looked for with the country's code
 * before it (with and without the `(0)` some write after it), and the other way round. With
 * 353: `085 340 1590`, `+353 85 340 1590`, `00353853401590` and `+353 (0)85 340 1590` all
 * look for `0853401590`, `00353853401590` and `003530853401590`, so each finds a phone
 * stored in any of those forms. Anything else (another country's `+`, a part without its
 * leading 0) is looked for as its digits: a part of a number is found in every form.
 */
export function phoneSearchForms(q: string, callingCode = DEFAULT_CALLING_CODE): string[] {
  const d = phoneDigits(q.trim());
  const international = `00${callingCode}`;
  let national: string | null = null;
  if (d.startsWith(international)) national = d.slice(international.length).replace(/^0/, "");
  else if (/^0[1-9]/.test(d)) national = d.slice(1);
  if (!national) return [d];
  return [`0${national}`, `${international}${national}`, `${international}0${national}`];
}

/**
 * True when `q` reads as (part of) a phone number: only digits, separators and a leading +,
 * with at least 3 digits (the trigram index's least).
 */
export function looksLikePhone(q: string): boolean {
  return /^\+?[\d\s\-./()]+$/.test(q.trim()) && (q.match(/\d/g)?.length ?? 0) >= 3;
}
