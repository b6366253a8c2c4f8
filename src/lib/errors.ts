import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one list of error codes (issue 8): every error body is `{ message, code, fields? }`.
 * docs/architecture.md and the OpenAPI document's ErrorBody list the same codes.
 */
export const ERROR_CODES = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  /** A declared path asked with a method it does not take; `Allow` lists those it does. */
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "UNPROCESSABLE",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "MISDIRECTED",
  "INTERNAL",
  "STORAGE_FULL",
  /** The server is stopping (decision 054): nothing was done; try again shortly. */
  "UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one list of refusal reasons (decision 070): why a business rule said no (422
 * UNPROCESSABLE, 409 CONFLICT, and 403 FORBIDDEN for what only an admin may do), beside the English `message`, so a client can write the
 * refusal in its reader's language from `reason` and `params`. A reason's params never
 * change shape; a changed text that needs other values is a new reason. The English of each
 * is src/lib/refusals.ts; the OpenAPI Error schema lists them.
 */
export const REFUSAL_REASONS = [
  // A customer's rules (decisions 032, 041) and the SPEC's funds and withdrawal rules.
  "DAILY_DEPOSIT_LIMIT",
  "SELF_EXCLUDED",
  "MAX_STAKE",
  "UNDER_AGE",
  "NO_DATE_OF_BIRTH",
  "INSUFFICIENT_FUNDS",
  "NO_POSITIVE_BALANCE",
  "EXCEEDS_BALANCE",
  "CUSTOMER_INACTIVE",
  "CUSTOMER_INACTIVE_FOR_BETS",
  "SHOP_INACTIVE",
  "SHOP_INACTIVE_FOR_BETS",
  // Shifts and the till (decisions 049, 051).
  "SHIFT_REQUIRED",
  "SLIP_SHIFT_REQUIRED",
  "CASH_SHIFT_REQUIRED",
  "SHIFT_AT_OTHER_SHOP",
  "CASH_AT_OTHER_SHOP",
  "SHIFT_ALREADY_OPEN",
  "SHOP_HAS_OPEN_SHIFTS",
  "SHIFT_CLOSED",
  "SHIFT_CLOSED_TILL",
  "PICKUP_ABOVE_EXPECTED",
  "TILL_SHORT",
  "WITHDRAWAL_TILL_SHORT",
  "TOKEN_NO_TILL",
  // Settling and paying bets (decisions 051, 052).
  "NOT_EACH_WAY",
  "NOT_EACH_WAY_PLACE",
  "SETTLEMENT_PAYS_NOTHING",
  "BET_NOT_PENDING",
  "SLIP_ACCOUNT_BET",
  "SLIP_ALREADY_PAID",
  "SLIP_NOT_SETTLED",
  "SLIP_LOST",
  // Corrections: reversals and re-settlements.
  "ALREADY_REVERSED",
  "REVERSAL_OF_REVERSAL",
  "NOT_REVERSIBLE",
  "NOT_COMPLETED",
  "RESETTLE_PENDING",
  "RESETTLE_SAME",
  "RESETTLE_SLIP_PAID",
  "RESETTLE_CHANGED",
  // Users and who keeps access (an admin's Users page).
  "USERNAME_TAKEN",
  "LAST_ADMIN_DEMOTE",
  "LAST_ADMIN_DISABLE",
  "OWN_ACCOUNT_DISABLE",
  // What only an admin may do (403 FORBIDDEN): four eyes and the staff's caps.
  "ADMIN_FOR_LARGE_SETTLEMENT",
  "ADMIN_FOR_LARGE_PAYMENT",
  "ADMIN_FOR_CASH_BET",
  "ADMIN_FOR_OUTCOME",
  "ADMIN_FOR_OVERCREDIT",
  "ADMIN_FOR_OVERDRAFT",
  "ADMIN_FOR_CREDIT_LIMIT",
  "ADMIN_FOR_EXCLUSION_END",
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * Each reason's params: the values its English interpolates, as machine values. Money as
 * integer cents in a name ending `Cents`; instants as ISO strings (UTC) with the business
 * `zone` they are told in; ids and ages as numbers; statuses and types as their codes; names
 * (a shop's, a user's) as they are. Flat: strings and numbers only; a value that may be
 * missing is left out, never null.
 */
export interface RefusalParams {
  DAILY_DEPOSIT_LIMIT: { limitCents: number; leftCents: number; zone: string };
  SELF_EXCLUDED: { until: string; zone: string };
  MAX_STAKE: { stakeCents: number; maxStakeCents: number };
  UNDER_AGE: { minAge: number };
  NO_DATE_OF_BIRTH: Record<string, never>;
  INSUFFICIENT_FUNDS: {
    balanceCents: number;
    creditLimitCents: number;
    availableCents: number;
    stakeCents: number;
  };
  NO_POSITIVE_BALANCE: Record<string, never>;
  EXCEEDS_BALANCE: { balanceCents: number; amountCents: number };
  CUSTOMER_INACTIVE: Record<string, never>;
  CUSTOMER_INACTIVE_FOR_BETS: Record<string, never>;
  SHOP_INACTIVE: Record<string, never>;
  SHOP_INACTIVE_FOR_BETS: Record<string, never>;
  SHIFT_REQUIRED: Record<string, never>;
  SLIP_SHIFT_REQUIRED: Record<string, never>;
  CASH_SHIFT_REQUIRED: { shop: string };
  SHIFT_AT_OTHER_SHOP: { shiftShop: string };
  CASH_AT_OTHER_SHOP: { shiftShop: string; shop: string };
  SHIFT_ALREADY_OPEN: { shiftShop: string; shiftId: number };
  SHOP_HAS_OPEN_SHIFTS: { shiftIds: string };
  SHIFT_CLOSED: Record<string, never>;
  SHIFT_CLOSED_TILL: Record<string, never>;
  PICKUP_ABOVE_EXPECTED: { expectedCents: number };
  TILL_SHORT: { amountCents: number; expectedCents: number };
  WITHDRAWAL_TILL_SHORT: { amountCents: number; expectedCents: number };
  TOKEN_NO_TILL: Record<string, never>;
  NOT_EACH_WAY: Record<string, never>;
  NOT_EACH_WAY_PLACE: Record<string, never>;
  SETTLEMENT_PAYS_NOTHING: Record<string, never>;
  BET_NOT_PENDING: { status: string };
  SLIP_ACCOUNT_BET: Record<string, never>;
  SLIP_ALREADY_PAID: {
    amountCents: number;
    paidAt: string;
    zone: string;
    shop: string;
    /** Left out when the payer's account is gone ("a former user"). */
    paidBy?: string;
  };
  SLIP_NOT_SETTLED: Record<string, never>;
  SLIP_LOST: Record<string, never>;
  ALREADY_REVERSED: { transactionId: number };
  REVERSAL_OF_REVERSAL: { transactionId: number; reversalOfId: number };
  NOT_REVERSIBLE: { type: string; betId: number };
  NOT_COMPLETED: { transactionId: number; status: string };
  RESETTLE_PENDING: { betId: number };
  RESETTLE_SAME: { betId: number; status: string };
  RESETTLE_SLIP_PAID: { betId: number };
  RESETTLE_CHANGED: { betId: number; status: string };
  USERNAME_TAKEN: { username: string };
  LAST_ADMIN_DEMOTE: Record<string, never>;
  LAST_ADMIN_DISABLE: Record<string, never>;
  OWN_ACCOUNT_DISABLE: Record<string, never>;
  ADMIN_FOR_LARGE_SETTLEMENT: { largeAmountCents: number };
  ADMIN_FOR_LARGE_PAYMENT: { largeAmountCents: number };
  ADMIN_FOR_CASH_BET: { maxStakeCents: number };
  ADMIN_FOR_OUTCOME: Record<string, never>;
  ADMIN_FOR_OVERCREDIT: Record<string, never>;
  ADMIN_FOR_OVERDRAFT: Record<string, never>;
  ADMIN_FOR_CREDIT_LIMIT: { capCents: number };
  ADMIN_FOR_EXCLUSION_END: Record<string, never>;
}

// Every listed reason has its params and no other (tsc fails here on a reason missing in one).
const everyReasonHasParams: [RefusalReason] extends [keyof RefusalParams]
  ? [keyof RefusalParams] extends [RefusalReason]
    ? true
    : false
  : false = true;
void everyReasonHasParams;

/** A refusal's reason and params as the error body carries them. */
export interface Refusal {
  reason: RefusalReason;
  params: Readonly<Record<string, string | number>>;
}

export const ERROR_STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A Host other than PUBLIC_ORIGIN's (decision 045). */
  MISDIRECTED: 421,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The disk (or the database's size limit) is full: nothing can be saved (decision 056). */
  STORAGE_FULL: 503,
  UNAVAILABLE: 503,
};

/** An error as one line, for a log or an operator: its message, never its stack. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A write that failed because there is no room: SQLite's SQLITE_FULL ("database or disk is
 * full", the disk or `max_page_count`), or the system's ENOSPC (a backup's file). Read
 * workers and job workers pass only the message on, so the message counts too.
 */
export function isStorageFull(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (code === "SQLITE_FULL" || code === "ENOSPC") return true;
  return saysStorageFull(err.message);
}

/** A message (a backup's failure, a worker's error) that says the disk or database is full. */
export function saysStorageFull(text: string): boolean {
  return /database or disk is full|\bENOSPC\b|no space left on device/i.test(text);
}

/** What a caller is told when a write fails for want of room (the sign-in page shows it too). */
export const STORAGE_FULL_MESSAGE =
  "The server's disk is full, so nothing can be saved (signing in included). An administrator must free disk space; nothing already saved is lost.";

/**
 * The one error type handlers throw; `onError` turns it into `{ message, code, fields?,
 * reason?, params? }`. A business refusal is made by `refuse` (src/lib/refusals.ts), which
 * sets `refusal` and writes the English from it.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

/** The JSON body of an error answer: `reason` and `params` only on a refusal. */
export function errorBody(err: AppError) {
  return {
    message: err.message,
    code: err.code,
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err.refusal ? { reason: err.refusal.reason, params: err.refusal.params } : {}),
  };
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
