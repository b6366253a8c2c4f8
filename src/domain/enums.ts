export const ROLES = ["admin", "user", "customer"] as const;
export type Role = (typeof ROLES)[number];

/** PLACED: an each-way bet whose win part lost and place part won (issue 21 item 6). */
export const BET_STATUSES = ["PENDING", "WON", "PLACED", "LOST", "VOID"] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const TRANSACTION_TYPES = [
  "DEPOSIT",
  "WITHDRAWAL",
  "TRANSFER",
  "BETTING",
  "PAYOUT",
  "REFUND",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ["COMPLETED", "PENDING", "FAILED"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A cashier's shift (issue 12): open until its cash is counted. */
export const SHIFT_STATUSES = ["OPEN", "CLOSED"] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];
/** Cash into or out of a shift's till that is no customer's (decision 049). */
export const TILL_MOVEMENT_KINDS = ["pickup", "topup"] as const;
export type TillMovementKind = (typeof TILL_MOVEMENT_KINDS)[number];

/**
 * CASH (issue 21, decision 051): the bearer of a cash bet's slip, at the till. Always id 0;
 * it holds no balance. A row between CASH and a SHOP moves that shop's till.
 */
export const ENTITY_TYPES = ["CUSTOMER", "SHOP", "USER", "CASH"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ALERT_TYPES = ["warning", "error", "info"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * Who an alert is for (issue 25 item 1, decisions/044): `operations` (large bet, customer
 * beyond credit, negative till) is what the counter acts on and all staff see; `cash` (a till
 * discrepancy at cash-up), `security` (sign-ins, accounts, roles) and `system` (backups,
 * integrity, books, balance drift) watch the staff themselves or the server, so only admins
 * see and dismiss them.
 */
export const ALERT_CATEGORIES = ["operations", "cash", "security", "system"] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];
/** Dismissing one of these needs a note saying what was done about it. */
export const NOTE_REQUIRED_CATEGORIES: readonly AlertCategory[] = ["cash", "security"];

/** Background jobs (src/lib/jobs.ts): what they do and where they stand. */
export const JOB_KINDS = ["ledger-check", "export"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Types shown with a plus sign (money towards the customer); the rest with a minus. */
export const CREDIT_TYPES: readonly TransactionType[] = ["DEPOSIT", "PAYOUT", "REFUND"];
export const DEBIT_TYPES: readonly TransactionType[] = ["WITHDRAWAL", "BETTING"];

/** Types an admin may reverse; bet rows follow their bet and are never reversed by hand. */
export const REVERSIBLE_TYPES: readonly TransactionType[] = ["DEPOSIT", "WITHDRAWAL", "TRANSFER"];
