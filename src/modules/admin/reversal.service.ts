/**
 * Transaction reversal (DESIGN.md section 2): the original is archived and an opposite row
 * (from/to swapped, same type and amount) moves the balances back through the ledger.
 *
 * A reversal is a correction of the books, so it is not subject to the withdrawal or credit
 * rules: reversing a deposit that the customer has already bet with takes the balance
 * negative (and raises the credit alert if it passes the limit). The ledger stays true.
 * With `dryRun` (issue 12) the endpoint rolls this write back and answers its preview: the
 * row it writes and each balance before and after (./corrections.ts).
 *
 * The admin's reason (issue 20, decisions/039) is stored on the reversal row, so the ledger,
 * its CSV and every screen show why, and in the audit row; the preview echoes it.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { transactions } from "../../db/schema";
import type { CorrectionPreviewDto, ReversalDto } from "../../domain/dto";
import { REVERSIBLE_TYPES } from "../../domain/enums";
import { ledgerDescription } from "../../domain/ledger-descriptions";
import type { Mutation, Op } from "../../lib/audit";
import { type AppError, notFound } from "../../lib/errors";
import { log } from "../../lib/logger";
import { refuse } from "../../lib/refusals";
import { isShiftOpen } from "../shifts/shifts.service";
import { getTransaction } from "../transactions/transactions.service";
import { CorrectionLog } from "./corrections";

type TransactionRow = typeof transactions.$inferSelect;

/** Why a row cannot be reversed (409), or null when it can. */
function refusal(row: TransactionRow): AppError | null {
  if (row.reversalOf !== null) {
    return refuse("REVERSAL_OF_REVERSAL", { transactionId: row.id, reversalOfId: row.reversalOf });
  }
  if (!REVERSIBLE_TYPES.includes(row.type)) {
    // A BETTING, PAYOUT or REFUND row always names its bet (the ledger writes it with one).
    return refuse("NOT_REVERSIBLE", { type: row.type, betId: row.betId ?? 0 });
  }
  if (row.archivedAt !== null) return refuse("ALREADY_REVERSED", { transactionId: row.id });
  if (row.status !== "COMPLETED") {
    return refuse("NOT_COMPLETED", { transactionId: row.id, status: row.status });
  }
  return null;
}

export function reverseTransaction(
  tx: Tx,
  { actor, now }: Op,
  input: { transactionId: number; reason: string; dryRun?: boolean },
): Mutation<ReversalDto | CorrectionPreviewDto> {
  const original = tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, input.transactionId))
    .get();
  if (!original) throw notFound("Transaction");
  const why = refusal(original);
  if (why) throw why;
  const archived = tx
    .update(transactions)
    .set({ archivedAt: now })
    .where(and(eq(transactions.id, original.id), isNull(transactions.archivedAt)))
    .returning({ id: transactions.id })
    .get();
  if (!archived) throw refuse("ALREADY_REVERSED", { transactionId: original.id });
  // A deposit or withdrawal taken in a shift that is still open is corrected in that till
  // too (decision 079): its expected cash follows the reversal. A closed shift's count stands.
  const shiftId =
    original.shiftId !== null && isShiftOpen(tx, original.shiftId) ? original.shiftId : null;
  // The ledger raises the credit and till alerts for any balance this pushes below zero.
  const correction = new CorrectionLog();
  const reversalId = correction.post(
    tx,
    {
      type: original.type,
      amountCents: original.amountCents,
      from: { type: original.toEntityType, id: original.toEntityId },
      to: { type: original.fromEntityType, id: original.fromEntityId },
      description: ledgerDescription("REVERSAL", { originalId: original.id }),
      processedBy: actor.userId,
      reversalOf: original.id,
      shiftId,
      reason: input.reason,
    },
    now,
  );
  log.info("money", {
    requestId: actor.requestId,
    op: input.dryRun ? "reversal.preview" : "reversal",
    transactionId: original.id,
    reversalId,
    amountCents: original.amountCents,
    userId: actor.userId,
  });
  return {
    body: input.dryRun
      ? correction.preview(tx, true)
      : { original: getTransaction(tx, original.id), reversal: getTransaction(tx, reversalId) },
    // What changed (the archive mark, the balances, the till), the original row beside it as
    // it was: the screen shows `original` as context, not as removed (decision 082 update).
    audit: {
      entityType: "TRANSACTION",
      entityId: original.id,
      before: { archivedAt: null, ...balancesMoved(original, correction, "beforeCents"), original },
      after: {
        archivedAt: now,
        reversalId,
        reason: input.reason,
        ...balancesMoved(original, correction, "afterCents"),
      },
    },
  };
}

/**
 * The balances a reversal moved, named by what they are to the original row: the customer's
 * (a deposit's or withdrawal's), the shop's (both shops' of a till-to-till transfer, by the
 * original's sides) and the open shift's expected cash it counted in (decision 079).
 */
function balancesMoved(
  original: TransactionRow,
  correction: CorrectionLog,
  side: "beforeCents" | "afterCents",
): Record<string, number> {
  const moved = correction.balancesMoved;
  const shops = moved.filter((m) => m.party === "SHOP").length;
  const out: Record<string, number> = {};
  for (const m of moved) {
    if (m.party === "CUSTOMER") out.customerBalanceCents = m[side];
    else if (shops === 1) out.shopBalanceCents = m[side];
    else if (original.fromEntityType === "SHOP" && original.fromEntityId === m.id) {
      out.fromShopBalanceCents = m[side];
    } else out.toShopBalanceCents = m[side];
  }
  const [till, ...more] = correction.tillsMoved;
  if (more.length > 0) throw new Error("a reversal counts in one till at most");
  if (till) out.shiftExpectedCents = till[side];
  return out;
}
