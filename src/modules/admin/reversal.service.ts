/**
 * Transaction reversal (DESIGN.md section 2): the original is archived and an opposite row
 * (from/to swapped, same type and amount) moves the balances back through the ledger.
 *
 * A reversal is a correction of the books, so it is not subject to the withdrawal or credit
 * rules: reversing a deposit that the customer has already bet with takes the balance
 * negative (and raises the credit alert if it passes the limit). The ledger stays true.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppDb, Tx } from "../../db/client";
import { customers, shops, transactions } from "../../db/schema";
import { REVERSIBLE_TYPES } from "../../domain/enums";
import { audit } from "../../lib/audit";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { type IdempotencyRequest, idempotentWrite } from "../../lib/idempotency";
import { balanceEffects, type LedgerEntry, postLedgerEntry } from "../../lib/ledger";
import { log } from "../../lib/logger";
import { raiseCreditAlert } from "../customers/customers.service";
import { raiseNegativeTillAlert } from "../shops/shops.service";
import { getTransaction } from "../transactions/transactions.service";

type TransactionRow = typeof transactions.$inferSelect;

/** Why a row cannot be reversed, or null when it can. */
function refusal(row: TransactionRow): string | null {
  if (row.reversalOf !== null) {
    return `Transaction #${row.id} is itself the reversal of #${row.reversalOf} and cannot be reversed`;
  }
  if (!REVERSIBLE_TYPES.includes(row.type)) {
    return `${row.type} transactions belong to bet #${row.betId} and follow its settlement; only DEPOSIT, WITHDRAWAL and TRANSFER transactions can be reversed`;
  }
  if (row.archivedAt !== null) return `Transaction #${row.id} has already been reversed`;
  if (row.status !== "COMPLETED") {
    return `Only a completed transaction can be reversed; #${row.id} is ${row.status}`;
  }
  return null;
}

/** Alerts for balances the reversal pushed below zero (credit limit, shop till). */
function alertOnNegativeBalances(tx: Tx, entry: LedgerEntry) {
  for (const { party, deltaCents } of balanceEffects(entry)) {
    if (deltaCents >= 0) continue;
    if (party.type === "CUSTOMER") {
      const c = tx.select().from(customers).where(eq(customers.id, party.id)).get();
      if (c && c.balanceCents < 0 && -c.balanceCents > c.creditLimitCents) raiseCreditAlert(tx, c);
    } else if (party.type === "SHOP") {
      const s = tx.select().from(shops).where(eq(shops.id, party.id)).get();
      if (s && s.balanceCents < 0) raiseNegativeTillAlert(tx, s);
    }
  }
}

export function reverseTransaction(
  db: AppDb,
  actor: Actor,
  input: { transactionId: number },
  idem: IdempotencyRequest,
) {
  return idempotentWrite(db, idem, 201, (tx) => {
    const original = tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, input.transactionId))
      .get();
    if (!original) throw notFound("Transaction");
    const why = refusal(original);
    if (why) throw new AppError("CONFLICT", why);
    const archived = tx
      .update(transactions)
      .set({ archivedAt: Date.now() })
      .where(and(eq(transactions.id, original.id), isNull(transactions.archivedAt)))
      .returning({ id: transactions.id })
      .get();
    if (!archived)
      throw new AppError("CONFLICT", `Transaction #${original.id} has already been reversed`);
    const entry: LedgerEntry = {
      type: original.type,
      amountCents: original.amountCents,
      from: { type: original.toEntityType, id: original.toEntityId },
      to: { type: original.fromEntityType, id: original.fromEntityId },
      description: `Reversal of #${original.id}`,
      processedBy: actor.userId,
      reversalOf: original.id,
    };
    const reversalId = postLedgerEntry(tx, entry);
    alertOnNegativeBalances(tx, entry);
    audit(tx, actor, {
      action: "transaction.reverse",
      entityType: "TRANSACTION",
      entityId: original.id,
      before: original,
      after: { archived: true, reversalId },
    });
    log.info("money", {
      requestId: actor.requestId,
      op: "reversal",
      transactionId: original.id,
      reversalId,
      amountCents: original.amountCents,
      userId: actor.userId,
    });
    return { original: getTransaction(tx, original.id), reversal: getTransaction(tx, reversalId) };
  });
}
