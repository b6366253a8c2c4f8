/**
 * Each kind of alert and the values its text interpolates (decision 066). The server stores
 * an alert's `code` and `params` beside its English title and description (drizzle/0025);
 * the web shows a known code through its catalogue (t("alerts.kinds.<CODE>.title", ...))
 * in the reader's language, and an unknown or missing one as the stored text.
 *
 * Params are machine values: ids and counts as numbers, amounts in cents (names ending in
 * `Cents`, signed integers), durations in seconds (names ending in `Seconds`), names and
 * codes as strings. A free text (`reason`, `detail`, `first`) is the server's own English
 * (Litestream's, SQLite's, the books check's) and shows as written in every language.
 *
 * src/lib/alerts.ts writes the English for every code (a mapped type over this one: a new
 * code has no English until it is written there); web/i18n/areas/alerts.ts holds each code's
 * templates (checked against this type), and tests/alert-texts.test.ts fails when the two
 * do not write the same English for the same params.
 */
import type { Role } from "./enums";

export interface AlertParams {
  /** A customer's balance is below minus the credit limit (after a bet or a reversal). */
  CREDIT_LIMIT_EXCEEDED: {
    customerId: number;
    customer: string;
    balanceCents: number;
    creditLimitCents: number;
  };
  /** A shop's till went below zero. */
  SHOP_BALANCE_NEGATIVE: { shopId: number; shop: string; balanceCents: number };
  /** A bet at or above the large-stake or large-payout line; `customer` null: a cash bet. */
  LARGE_BET: {
    betId: number;
    customer: string | null;
    stakeCents: number;
    potentialPayoutCents: number;
  };
  /** A recalculation found and corrected a stored balance that disagreed with the ledger. */
  BALANCE_DRIFT: {
    entityType: "CUSTOMER" | "SHOP";
    entityId: number;
    name: string;
    storedCents: number;
    ledgerCents: number;
    driftCents: number;
  };
  /** Repeated failed sign-ins for one username; `username` is quoted as typed (cut, escaped). */
  SIGN_IN_FAILURES: { count: number; username: string };
  /** A shift closed with counted cash differing from expected (negative: cash missing). */
  TILL_DISCREPANCY: {
    shiftId: number;
    cashier: string;
    shop: string;
    discrepancyCents: number;
    countedCents: number;
    expectedCents: number;
  };
  /** A user account created; `actor` null: the console (the create-admin script). */
  USER_CREATED: { actor: string | null; userId: number; username: string; role: Role };
  /** A user's role changed; `actor` null: the console. */
  USER_ROLE_CHANGED: {
    actor: string | null;
    userId: number;
    username: string;
    from: Role;
    to: Role;
  };
  USER_DISABLED: { actor: string; userId: number; username: string };
  USER_ENABLED: { actor: string; userId: number; username: string };
  /** Litestream stopped and is restarted after a pause; `reason` is its English. */
  REPLICATION_RESTARTING: { replica: string; reason: string; restartInSeconds: number };
  /** The replica fell behind; `detail` is the tracker's English. */
  REPLICATION_LAGGING: { replica: string; detail: string };
  /** The start-up quick_check or the daily integrity_check found damage; `detail` is SQLite's. */
  INTEGRITY_CHECK_FAILED: { check: "quick" | "full"; detail: string };
  /** The books check found discrepancies (`truncated`: at least `count`); `first` is its English. */
  BOOKS_UNBALANCED: { count: number; truncated: boolean; first: string };
  /** A scheduled backup failed; `detail` is the backup's English. */
  BACKUP_FAILED: { file: string; detail: string };
}

export type AlertCode = keyof AlertParams;
