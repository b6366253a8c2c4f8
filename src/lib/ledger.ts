/**
 * The ledger: every balance change is a transactions row written in the same write
 * transaction as the balance update (DESIGN.md section 2). Nothing else updates balances.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { prepared, type Tx } from "../db/client";
import { customers, shops, transactions } from "../db/schema";
import type { EntityType, TransactionType } from "../domain/enums";
import { balanceEffects } from "../domain/ledger-effects";
import { raiseCreditAlert, raiseNegativeTillAlert } from "./alerts";

export {
  balanceEffects,
  CASH_PARTY,
  customerFromSign,
  movesTill,
  TILL_TYPES,
} from "../domain/ledger-effects";

export interface LedgerEntry {
  type: TransactionType;
  amountCents: number;
  from: { type: EntityType; id: number };
  to: { type: EntityType; id: number };
  description?: string | null;
  betId?: number | null;
  processedBy: number | null;
  reversalOf?: number | null;
  /** The shift a deposit or withdrawal was taken in (issue 12), if any. */
  shiftId?: number | null;
  /** Why a correction was made (a reversal's reason; issue 20), else null. */
  reason?: string | null;
}

/**
 * A ledger entry for a customer or shop that does not exist: a programming error (the
 * services answer 404 or 422 before they post), so it is a 500 and its transaction, or
 * its group commit savepoint, is rolled back with the row already inserted.
 */
export class MissingPartyError extends Error {
  constructor(party: { type: EntityType; id: number }) {
    super(`ledger entry for ${party.type} #${party.id}, which does not exist`);
    this.name = "MissingPartyError";
  }
}

/** A stored balance after a move. */
export interface BalanceAfter {
  party: { type: "CUSTOMER" | "SHOP"; id: number };
  deltaCents: number;
  balanceCents: number;
}

/**
 * Applies one row's effect to a party's stored balance and returns the balance after it.
 * A move that takes a customer beyond the credit limit or a till below zero raises its
 * alert here, once for every caller. A customer or shop that does not exist is a thrown
 * error (TIGER_STYLE: assert where the invariant is made), never a skipped move: the row
 * would otherwise stand COMPLETED in the ledger and move nothing.
 */
function moveBalance(
  tx: Tx,
  party: { type: EntityType; id: number },
  deltaCents: number,
  now: number,
): BalanceAfter | null {
  const values = { id: party.id, delta: deltaCents };
  if (party.type === "CUSTOMER") {
    const row = prepared(tx, "ledger.move-customer", (db) =>
      db
        .update(customers)
        .set({ balanceCents: sql`${customers.balanceCents} + ${sql.placeholder("delta")}` })
        .where(eq(customers.id, sql.placeholder("id")))
        .returning({
          id: customers.id,
          firstName: customers.firstName,
          lastName: customers.lastName,
          balanceCents: customers.balanceCents,
          creditLimitCents: customers.creditLimitCents,
        })
        .prepare(),
    ).get(values);
    if (!row) throw new MissingPartyError(party);
    if (deltaCents < 0 && row.balanceCents < 0 && -row.balanceCents > row.creditLimitCents) {
      raiseCreditAlert(tx, row, now);
    }
    return {
      party: { type: "CUSTOMER", id: party.id },
      deltaCents,
      balanceCents: row.balanceCents,
    };
  }
  if (party.type === "SHOP") {
    const row = prepared(tx, "ledger.move-shop", (db) =>
      db
        .update(shops)
        .set({ balanceCents: sql`${shops.balanceCents} + ${sql.placeholder("delta")}` })
        .where(eq(shops.id, sql.placeholder("id")))
        .returning({ id: shops.id, name: shops.name, balanceCents: shops.balanceCents })
        .prepare(),
    ).get(values);
    if (!row) throw new MissingPartyError(party);
    if (deltaCents < 0 && row.balanceCents < 0) raiseNegativeTillAlert(tx, row, now);
    return { party: { type: "SHOP", id: party.id }, deltaCents, balanceCents: row.balanceCents };
  }
  // USER parties hold no stored balance.
  return null;
}

/**
 * The same rules in SQL: each COMPLETED row's delta for the customer on either side.
 * No row has a customer on both sides, so one pass over the ledger serves every customer.
 */
function customerDeltas(customerId?: number) {
  const only =
    customerId === undefined
      ? sql``
      : sql` and ((from_entity_type = 'CUSTOMER' and from_entity_id = ${customerId})
          or (to_entity_type = 'CUSTOMER' and to_entity_id = ${customerId}))`;
  return sql`select
      case when from_entity_type = 'CUSTOMER' then from_entity_id else to_entity_id end as party_id,
      case when from_entity_type = 'CUSTOMER' then 1 else -1 end
        * case when type in ('DEPOSIT', 'WITHDRAWAL') then 1 else -1 end * amount_cents as delta
    from transactions
    where status = 'COMPLETED' and (from_entity_type = 'CUSTOMER' or to_entity_type = 'CUSTOMER')${only}`;
}

/**
 * Each COMPLETED till row's delta for the shop on either side (a transfer can touch two): the
 * till types, and any row with CASH on the other side (movesTill in src/domain/ledger-effects.ts).
 */
function shopDeltas(shopId?: number) {
  const from = shopId === undefined ? sql`` : sql` and from_entity_id = ${shopId}`;
  const to = shopId === undefined ? sql`` : sql` and to_entity_id = ${shopId}`;
  return sql`select from_entity_id as party_id, -amount_cents as delta from transactions
      where status = 'COMPLETED' and ${TILL_ROW_SQL}
        and from_entity_type = 'SHOP'${from}
    union all
    select to_entity_id, amount_cents from transactions
      where status = 'COMPLETED' and ${TILL_ROW_SQL}
        and to_entity_type = 'SHOP'${to}`;
}

/** movesTill in SQL, over the columns of `transactions` (optionally through an alias). */
export function tillRowSql(alias = ""): SQL {
  const c = (column: string) => sql.raw(alias ? `${alias}.${column}` : column);
  return sql`(${c("type")} in ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER') or ${c("from_entity_type")} = 'CASH' or ${c("to_entity_type")} = 'CASH')`;
}
const TILL_ROW_SQL = tillRowSql();

/** One customer's balance recomputed from the ledger (the id is a bound value). */
export function customerLedgerBalanceSql(customerId: number) {
  return sql<number>`(select coalesce(sum(delta), 0) from (${customerDeltas(customerId)}))`;
}

/** One shop's till recomputed from the ledger (the id is a bound value). */
export function shopLedgerBalanceSql(shopId: number) {
  return sql<number>`(select coalesce(sum(delta), 0) from (${shopDeltas(shopId)}))`;
}

/** Every customer's ledger balance, `(id, ledger)`, from one pass over the ledger. */
export function customerLedgerBalancesSql() {
  return sql`select party_id as id, sum(delta) as ledger from (${customerDeltas()}) group by party_id`;
}

/** Every shop's ledger till, `(id, ledger)`. */
export function shopLedgerBalancesSql() {
  return sql`select party_id as id, sum(delta) as ledger from (${shopDeltas()}) group by party_id`;
}

/**
 * Writes one COMPLETED ledger row and applies its balance effects; returns the new row id
 * and the stored balances after the move. Throws MissingPartyError when a customer or shop
 * it names does not exist; the caller's transaction then writes nothing.
 */
export function postLedgerEntry(
  tx: Tx,
  entry: LedgerEntry,
  now: number,
): { id: number; balances: BalanceAfter[] } {
  const insert = prepared(tx, "ledger.insert", (db) =>
    db
      .insert(transactions)
      .values({
        type: sql.placeholder("type"),
        amountCents: sql.placeholder("amountCents"),
        description: sql.placeholder("description"),
        status: "COMPLETED",
        fromEntityType: sql.placeholder("fromEntityType"),
        fromEntityId: sql.placeholder("fromEntityId"),
        toEntityType: sql.placeholder("toEntityType"),
        toEntityId: sql.placeholder("toEntityId"),
        betId: sql.placeholder("betId"),
        processedBy: sql.placeholder("processedBy"),
        createdAt: sql.placeholder("createdAt"),
        reversalOf: sql.placeholder("reversalOf"),
        shiftId: sql.placeholder("shiftId"),
        reason: sql.placeholder("reason"),
      })
      .returning({ id: transactions.id })
      .prepare(),
  );
  const row = insert.get({
    type: entry.type,
    amountCents: entry.amountCents,
    description: entry.description ?? null,
    fromEntityType: entry.from.type,
    fromEntityId: entry.from.id,
    toEntityType: entry.to.type,
    toEntityId: entry.to.id,
    betId: entry.betId ?? null,
    processedBy: entry.processedBy,
    createdAt: now,
    reversalOf: entry.reversalOf ?? null,
    shiftId: entry.shiftId ?? null,
    reason: entry.reason ?? null,
  });
  if (!row) throw new Error("ledger insert returned no row");
  const balances: BalanceAfter[] = [];
  for (const effect of balanceEffects(entry)) {
    const after = moveBalance(tx, effect.party, effect.deltaCents, now);
    if (after) balances.push(after);
  }
  // A party the row names but does not move (the shop of a bet row) must exist too.
  for (const party of [entry.from, entry.to]) {
    const moved = balances.some((b) => b.party.type === party.type && b.party.id === party.id);
    if (!moved) assertPartyExists(tx, party);
  }
  return { id: row.id, balances };
}

/** Throws MissingPartyError for a customer or shop that does not exist (users hold no balance). */
function assertPartyExists(tx: Tx, party: { type: EntityType; id: number }): void {
  if (party.type === "USER" || party.type === "CASH") return;
  const table = party.type === "CUSTOMER" ? customers : shops;
  const found = prepared(tx, `ledger.exists-${party.type}`, (db) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: party.id });
  if (!found) throw new MissingPartyError(party);
}
