/** Balance recalculation (DESIGN.md section 2): the stored balance is reset to the ledger's. */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customers, shops } from "../../db/schema";
import type { RecalculationDto } from "../../domain/dto";
import { formatCents } from "../../domain/money";
import { raiseAlert } from "../../lib/alerts";
import type { Mutation, Op } from "../../lib/audit";
import { notFound } from "../../lib/errors";
import { customerLedgerBalanceSql, shopLedgerBalanceSql } from "../../lib/ledger";

export interface RecalculateInput {
  entityType: "CUSTOMER" | "SHOP";
  entityId: number;
}

/** The stored balance and the ledger's. */
function readBalances(tx: Tx, input: RecalculateInput) {
  const id = input.entityId;
  if (input.entityType === "CUSTOMER") {
    const row = tx
      .select({
        firstName: customers.firstName,
        lastName: customers.lastName,
        stored: customers.balanceCents,
        ledger: customerLedgerBalanceSql(id),
      })
      .from(customers)
      .where(eq(customers.id, input.entityId))
      .get();
    if (!row) throw notFound("Customer");
    return { name: `${row.firstName} ${row.lastName}`, stored: row.stored, ledger: row.ledger };
  }
  const row = tx
    .select({ name: shops.name, stored: shops.balanceCents, ledger: shopLedgerBalanceSql(id) })
    .from(shops)
    .where(eq(shops.id, input.entityId))
    .get();
  if (!row) throw notFound("Shop");
  return row;
}

/**
 * Recomputes one customer's or shop's balance from its COMPLETED ledger rows and stores it.
 * drift = recomputed - stored; a non-zero drift raises an error alert.
 */
export function recalculateBalance(
  tx: Tx,
  { now }: Op,
  input: RecalculateInput,
): Mutation<RecalculationDto> {
  {
    const { name, stored, ledger } = readBalances(tx, input);
    const drift = ledger - stored;
    if (drift !== 0) {
      if (input.entityType === "CUSTOMER") {
        tx.update(customers)
          .set({ balanceCents: ledger })
          .where(eq(customers.id, input.entityId))
          .run();
      } else {
        tx.update(shops).set({ balanceCents: ledger }).where(eq(shops.id, input.entityId)).run();
      }
      raiseAlert(
        tx,
        {
          type: "error",
          category: "system",
          code: "BALANCE_DRIFT",
          params: {
            entityType: input.entityType,
            entityId: input.entityId,
            name,
            storedCents: stored,
            ledgerCents: ledger,
            driftCents: drift,
          },
          dedupeKey: `balance-drift:${input.entityType}:${input.entityId}`,
        },
        now,
      );
    }
    return {
      body: {
        entityType: input.entityType,
        entityId: input.entityId,
        balance: formatCents(ledger),
        previousBalance: formatCents(stored),
        drift: formatCents(drift),
      },
      audit: {
        entityType: input.entityType,
        entityId: input.entityId,
        before: { balanceCents: stored },
        after: { balanceCents: ledger, driftCents: drift },
      },
    };
  }
}
