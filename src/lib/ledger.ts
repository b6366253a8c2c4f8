/**
 * The ledger: every balance change is a transactions row written in the same write
 * transaction as the balance update (DESIGN.md section 2). Nothing else updates balances.
 */
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { customers, shops, transactions } from "../db/schema";
import type { EntityType, TransactionType } from "../domain/enums";

export interface LedgerEntry {
  type: TransactionType;
  amountCents: number;
  from: { type: EntityType; id: number };
  to: { type: EntityType; id: number };
  description?: string | null;
  betId?: number | null;
  processedBy: number | null;
  reversalOf?: number | null;
}

/** Effect of one row on the stored balance of a party: money leaving lowers it, arriving raises it. */
function moveBalance(tx: Tx, party: { type: EntityType; id: number }, deltaCents: number): void {
  if (party.type === "CUSTOMER") {
    tx.update(customers)
      .set({ balanceCents: sql`${customers.balanceCents} + ${deltaCents}` })
      .where(eq(customers.id, party.id))
      .run();
  } else if (party.type === "SHOP") {
    tx.update(shops)
      .set({ balanceCents: sql`${shops.balanceCents} + ${deltaCents}` })
      .where(eq(shops.id, party.id))
      .run();
  }
  // USER parties hold no stored balance.
}

/** Types that move a shop's till; bet rows are settled on the customer's account only. */
export const TILL_TYPES: readonly TransactionType[] = ["DEPOSIT", "WITHDRAWAL", "TRANSFER"];

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
export function balanceEffects(entry: Pick<LedgerEntry, "type" | "amountCents" | "from" | "to">) {
  const effects: { party: { type: EntityType; id: number }; deltaCents: number }[] = [];
  const sides = [
    { party: entry.from, side: -1 },
    { party: entry.to, side: 1 },
  ] as const;
  for (const { party, side } of sides) {
    if (party.type === "CUSTOMER") {
      effects.push({ party, deltaCents: -side * customerFromSign(entry.type) * entry.amountCents });
    } else if (party.type === "SHOP" && TILL_TYPES.includes(entry.type)) {
      effects.push({ party, deltaCents: side * entry.amountCents });
    }
  }
  return effects;
}

/** SQL for a customer's balance recomputed from its COMPLETED ledger rows. */
export function customerLedgerBalanceSql(customerIdColumn: SQL | AnyColumn) {
  return sql<number>`coalesce((select sum(case when t.from_entity_type = 'CUSTOMER' and t.from_entity_id = ${customerIdColumn}
      then (case when t.type in ('DEPOSIT','WITHDRAWAL') then 1 else -1 end)
      else (case when t.type in ('DEPOSIT','WITHDRAWAL') then -1 else 1 end) end * t.amount_cents)
    from transactions t
    where t.status = 'COMPLETED'
      and ((t.from_entity_type = 'CUSTOMER' and t.from_entity_id = ${customerIdColumn})
        or (t.to_entity_type = 'CUSTOMER' and t.to_entity_id = ${customerIdColumn}))), 0)`;
}

/** SQL for a shop's till recomputed from its COMPLETED ledger rows. */
export function shopLedgerBalanceSql(shopIdColumn: SQL | AnyColumn) {
  return sql<number>`coalesce((select sum(case when t.to_entity_type = 'SHOP' and t.to_entity_id = ${shopIdColumn} then 1 else -1 end * t.amount_cents)
    from transactions t
    where t.status = 'COMPLETED' and t.type in ('DEPOSIT','WITHDRAWAL','TRANSFER')
      and ((t.from_entity_type = 'SHOP' and t.from_entity_id = ${shopIdColumn})
        or (t.to_entity_type = 'SHOP' and t.to_entity_id = ${shopIdColumn}))), 0)`;
}

/** Writes one COMPLETED ledger row and applies its balance effects; returns the new row id. */
export function postLedgerEntry(tx: Tx, entry: LedgerEntry): number {
  const row = tx
    .insert(transactions)
    .values({
      type: entry.type,
      amountCents: entry.amountCents,
      description: entry.description ?? null,
      status: "COMPLETED",
      fromEntityType: entry.from.type,
      fromEntityId: entry.from.id,
      toEntityType: entry.to.type,
      toEntityId: entry.to.id,
      betId: entry.betId ?? null,
      processedBy: entry.processedBy,
      createdAt: Date.now(),
      reversalOf: entry.reversalOf ?? null,
    })
    .returning({ id: transactions.id })
    .get();
  for (const effect of balanceEffects(entry)) moveBalance(tx, effect.party, effect.deltaCents);
  return row.id;
}
