/**
 * What one ledger row does to a stored balance (DESIGN.md section 2): the rule the server
 * applies when it writes the row (src/lib/ledger.ts) and the sign the screens show beside it.
 */
import { type EntityType, REVERSIBLE_TYPES, type TransactionType } from "./enums";

/**
 * Types that move a shop's till; an account bet's rows are settled on the customer's account
 * only. A row with CASH on the other side (a cash bet's stake, a slip paid at the till; issue
 * 21, decision 051) moves the till whatever its type.
 */
export const TILL_TYPES: readonly TransactionType[] = ["DEPOSIT", "WITHDRAWAL", "TRANSFER"];

/** The party a cash bet's rows name for the bearer of the slip: no account, no balance. */
export const CASH_PARTY = { type: "CASH", id: 0 } as const;

/** Whether a row moves the till of a shop standing on one of its sides. */
export function movesTill(entry: {
  type: TransactionType;
  from: { type: EntityType };
  to: { type: EntityType };
}): boolean {
  return TILL_TYPES.includes(entry.type) || entry.from.type === "CASH" || entry.to.type === "CASH";
}

/**
 * Sign of a row for a customer standing on its `from` side. Deposits and withdrawals are
 * stored the way the cash moves (DEPOSIT: CUSTOMER -> SHOP) but credit or debit the
 * customer's account the other way; bet rows are stored the way the account moves.
 * A customer on the `to` side gets the opposite sign, so a reversal (from/to swapped)
 * undoes its original.
 */
export function customerFromSign(type: TransactionType): 1 | -1 {
  return type === "DEPOSIT" || type === "WITHDRAWAL" ? 1 : -1;
}

/** The stored balances one row moves, and by how much. */
export function balanceEffects(entry: {
  type: TransactionType;
  amountCents: number;
  from: { type: EntityType; id: number };
  to: { type: EntityType; id: number };
}) {
  const effects: { party: { type: EntityType; id: number }; deltaCents: number }[] = [];
  const sides = [
    { party: entry.from, side: -1 },
    { party: entry.to, side: 1 },
  ] as const;
  for (const { party, side } of sides) {
    if (party.type === "CUSTOMER") {
      effects.push({ party, deltaCents: -side * customerFromSign(entry.type) * entry.amountCents });
    } else if (party.type === "SHOP" && movesTill(entry)) {
      effects.push({ party, deltaCents: side * entry.amountCents });
    }
  }
  return effects;
}

/**
 * The signed effect, in cents, of a row on one customer's or shop's balance: what a line
 * on that account's page shows, so the lines add up to the balance. 0 when the row does
 * not move that balance (a bet row on a shop's page).
 */
export function effectOn(
  row: {
    type: TransactionType;
    amountCents: number;
    fromEntityType: EntityType;
    fromEntityId: number;
    toEntityType: EntityType;
    toEntityId: number;
  },
  party: { type: "CUSTOMER" | "SHOP"; id: number },
): number {
  const effects = balanceEffects({
    type: row.type,
    amountCents: row.amountCents,
    from: { type: row.fromEntityType, id: row.fromEntityId },
    to: { type: row.toEntityType, id: row.toEntityId },
  });
  let delta = 0;
  for (const effect of effects) {
    if (effect.party.type === party.type && effect.party.id === party.id)
      delta += effect.deltaCents;
  }
  return delta;
}

/** A ledger row as the screens and the CSV have it (stored sides, amount in cents). */
export interface LedgerRow {
  type: TransactionType;
  amountCents: number;
  fromEntityType: EntityType;
  fromEntityId: number;
  toEntityType: EntityType;
  toEntityId: number;
  reversalOf: number | null;
}

export type ViewedParty = { type: "CUSTOMER" | "SHOP"; id: number };

/**
 * Whose balance a line shows when the screen is not one account's page (the Transactions
 * list, the dashboard): the customer on either side, else the shop on the `from` side (a
 * transfer out of a till reads as money leaving it), else the shop on the `to` side; null
 * for a row between users only.
 */
export function defaultParty(row: LedgerRow): ViewedParty | null {
  if (row.fromEntityType === "CUSTOMER") return { type: "CUSTOMER", id: row.fromEntityId };
  if (row.toEntityType === "CUSTOMER") return { type: "CUSTOMER", id: row.toEntityId };
  if (row.fromEntityType === "SHOP") return { type: "SHOP", id: row.fromEntityId };
  if (row.toEntityType === "SHOP") return { type: "SHOP", id: row.toEntityId };
  return null;
}

/**
 * What one ledger line shows on any screen (issue 20): its signed effect in cents on the
 * party being viewed (the account whose page it is, else `defaultParty`), and whether that
 * party's balance moves at all (a bet row on a shop's page does not: it shows its amount
 * unsigned). One function, so the dashboard, the account pages, the bet page and the
 * Transactions list cannot read the same row two ways.
 */
export function lineEffect(
  row: LedgerRow,
  viewed?: ViewedParty,
): { party: ViewedParty | null; cents: number; moves: boolean } {
  const party = viewed ?? defaultParty(row);
  if (!party) return { party: null, cents: row.amountCents, moves: false };
  const cents = effectOn(row, party);
  return cents === 0
    ? { party, cents: row.amountCents, moves: false }
    : { party, cents, moves: true };
}

/**
 * What kind of correction a row is: a REVERSAL (an admin undid a deposit, withdrawal or
 * transfer: the same type with the parties swapped), a CORRECTION (a re-settlement took
 * back a payout or refund, decisions/033), or null for an ordinary row.
 */
export function correctionKind(row: {
  type: TransactionType;
  reversalOf: number | null;
}): "REVERSAL" | "CORRECTION" | null {
  if (row.reversalOf === null) return null;
  return REVERSIBLE_TYPES.includes(row.type) ? "REVERSAL" : "CORRECTION";
}
