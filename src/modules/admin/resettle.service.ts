/**
 * Re-settlement (issue 12, decisions/033): an admin changes a settled bet's outcome (WON,
 * PLACED, LOST, VOID to another of them; PLACED only for an each-way bet). Nothing in the ledger is edited: the old settlement's row
 * (a PAYOUT or a REFUND) gets its exact opposite (same type and amount, parties swapped,
 * `reversal_of` naming it), then the new outcome's row is written as a settlement writes it.
 * The bet takes the new outcome and keeps the old one in `bet_settlements` with who, when
 * and why. The books check counts the opposites (src/lib/books-check.ts).
 *
 * Like a reversal, a correction is not subject to the funds rules: taking back a payout the
 * customer has already withdrawn takes the balance negative (the credit alert follows).
 * With `dryRun` the endpoint rolls this write back and answers the same preview.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DbOrTx, Tx } from "../../db/client";
import { betSettlements, bets, transactions, users } from "../../db/schema";
import type { BetSettlementDto, ResettlementDto } from "../../domain/dto";
import { ledgerDescription } from "../../domain/ledger-descriptions";
import { formatCents } from "../../domain/money";
import type { ResettleBetInput } from "../../domain/schemas";
import { deadHeatOf, sameTerms, termsOf } from "../../domain/settlement-terms";
import type { Mutation, Op } from "../../lib/audit";
import { AppError, notFound } from "../../lib/errors";
import { log } from "../../lib/logger";
import { refuse } from "../../lib/refusals";
import { assertSettlableAs, getBet, settlementOf, termsOfInput } from "../bets/bets.service";
import { CorrectionLog } from "./corrections";

/**
 * The settlement row an outcome stands on: WON and PLACED (an each-way bet's place part,
 * decision 052) have a PAYOUT, VOID a REFUND, LOST none.
 */
const ROW_OF = { WON: "PAYOUT", PLACED: "PAYOUT", VOID: "REFUND", LOST: null } as const;

/** The bet's row of `type` that no later row is the opposite of (its current settlement). */
function liveSettlementRow(tx: Tx, betId: number, type: "PAYOUT" | "REFUND") {
  return tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.betId, betId),
        eq(transactions.type, type),
        eq(transactions.status, "COMPLETED"),
        isNull(transactions.reversalOf),
        sql`not exists (select 1 from transactions r where r.reversal_of = ${transactions.id})`,
      ),
    )
    .orderBy(asc(transactions.id))
    .all();
}

export function resettleBet(
  tx: Tx,
  { actor, now }: Op,
  id: number,
  input: ResettleBetInput,
): Mutation<ResettlementDto> {
  const bet = tx.select().from(bets).where(eq(bets.id, id)).get();
  if (!bet) throw notFound("Bet");
  if (bet.status === "PENDING") {
    throw refuse("RESETTLE_PENDING", { betId: bet.id });
  }
  // The settlement the caller previewed is the one corrected, or nothing is: another admin's
  // re-settlement in between is not silently undone (decision 094).
  if (
    input.from &&
    (input.from.status !== bet.status ||
      !sameTerms(termsOf(bet), {
        deadHeat: input.from.deadHeat ?? null,
        rule4Deduction: input.from.rule4Deduction ?? null,
      }))
  ) {
    throw refuse("RESETTLE_CHANGED", { betId: bet.id, status: bet.status });
  }
  // The same outcome may be settled again with other terms (decision 084: a Rule 4 declared
  // after the bets were paid); the same outcome and terms change nothing.
  if (bet.status === input.status && sameTerms(termsOf(bet), termsOfInput(input))) {
    throw refuse("RESETTLE_SAME", { betId: bet.id, status: bet.status });
  }
  // A cash bet's return left the till when its slip was paid (decision 051): the cash cannot
  // be taken back by a correction, so a paid slip's outcome stands.
  if (bet.paidAt !== null) {
    throw refuse("RESETTLE_SLIP_PAID", { betId: bet.id });
  }
  const from = bet.status;
  assertSettlableAs(bet, input);
  const correction = new CorrectionLog();

  // 1. The old settlement's opposite: exactly one live row is expected (the books check's rule).
  // An unpaid cash bet has no settlement row: settling it moved no money (decision 051).
  const oldType = bet.customerId === null ? null : ROW_OF[from];
  if (oldType) {
    const live = liveSettlementRow(tx, bet.id, oldType);
    const old = live[0];
    if (live.length !== 1 || !old) {
      throw new AppError(
        "CONFLICT",
        `Bet #${bet.id} should have one ${oldType} row to correct and has ${live.length}; run the books check`,
      );
    }
    correction.post(
      tx,
      {
        type: old.type,
        amountCents: old.amountCents,
        from: { type: old.toEntityType, id: old.toEntityId },
        to: { type: old.fromEntityType, id: old.fromEntityId },
        // The same outcome on new terms (decision 084) says so, not "WON to WON".
        description:
          from === input.status
            ? ledgerDescription("CORRECTION_TERMS", { originalId: old.id, betId: bet.id, from })
            : ledgerDescription("CORRECTION", {
                originalId: old.id,
                betId: bet.id,
                from,
                to: input.status,
              }),
        betId: bet.id,
        processedBy: actor.userId,
        reversalOf: old.id,
        // The correcting row carries the admin's reason, as a reversal does (issue 20).
        reason: input.reason,
      },
      now,
    );
  }

  // 2. The new outcome's row, as a first settlement writes it (settlementOf).
  const outcome = settlementOf(bet, input, actor.userId, now, from);
  if (outcome.entry) correction.post(tx, outcome.entry, now);
  const payoutCents = outcome.set.actualPayoutCents ?? null;

  // 3. The bet takes the new outcome; the old one goes into its history.
  const after = tx
    .update(bets)
    .set(outcome.set)
    .where(and(eq(bets.id, bet.id), eq(bets.status, from)))
    .returning()
    .get();
  if (!after) throw new AppError("CONFLICT", `Bet #${bet.id} changed meanwhile; try again`);
  tx.insert(betSettlements)
    .values({
      betId: bet.id,
      fromStatus: from,
      fromPayoutCents: bet.actualPayoutCents,
      fromVoidReason: bet.voidReason,
      fromResolvedBy: bet.resolvedBy,
      fromResolvedAt: bet.resolvedAt ?? bet.createdAt,
      fromDeadHeatWin: bet.deadHeatWin,
      fromDeadHeatPlace: bet.deadHeatPlace,
      fromRule4Deduction: bet.rule4Deduction,
      toStatus: input.status,
      toPayoutCents: payoutCents,
      toVoidReason: after.voidReason,
      toDeadHeatWin: after.deadHeatWin,
      toDeadHeatPlace: after.deadHeatPlace,
      toRule4Deduction: after.rule4Deduction,
      reason: input.reason,
      settledBy: actor.userId,
      createdAt: now,
    })
    .run();
  log.info("money", {
    requestId: actor.requestId,
    op: input.dryRun ? "bet.resettle.preview" : "bet.resettle",
    betId: bet.id,
    from,
    to: input.status,
    userId: actor.userId,
  });
  return {
    body: { ...correction.preview(tx, input.dryRun), bet: getBet(tx, bet.id) },
    audit: {
      entityType: "BET",
      entityId: bet.id,
      before: bet,
      after: { ...after, reason: input.reason, transactionIds: correction.transactionIds },
    },
  };
}

const previousResolver = alias(users, "previous_resolver");
const settler = alias(users, "settler");

/** A bet's re-settlements, oldest first (404 for a bet that does not exist). */
export function listBetSettlements(db: DbOrTx, betId: number): BetSettlementDto[] {
  const rows = db
    .select({
      s: betSettlements,
      previousUsername: previousResolver.username,
      settlerUsername: settler.username,
    })
    .from(betSettlements)
    .leftJoin(previousResolver, eq(previousResolver.id, betSettlements.fromResolvedBy))
    .leftJoin(settler, eq(settler.id, betSettlements.settledBy))
    .where(eq(betSettlements.betId, betId))
    .orderBy(asc(betSettlements.id))
    .all();
  const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
  const ref = (userId: number | null, username: string | null) =>
    userId === null || username === null ? null : { id: userId, username };
  return rows.map(({ s, previousUsername, settlerUsername }) => ({
    id: s.id,
    betId: s.betId,
    fromStatus: s.fromStatus,
    fromPayout: money(s.fromPayoutCents),
    fromVoidReason: s.fromVoidReason,
    fromResolvedAt: new Date(s.fromResolvedAt).toISOString(),
    fromResolvedByUser: ref(s.fromResolvedBy, previousUsername),
    fromDeadHeat: deadHeatOf(s.fromDeadHeatWin, s.fromDeadHeatPlace),
    fromRule4Deduction: s.fromRule4Deduction,
    toStatus: s.toStatus,
    toPayout: money(s.toPayoutCents),
    toVoidReason: s.toVoidReason,
    toDeadHeat: deadHeatOf(s.toDeadHeatWin, s.toDeadHeatPlace),
    toRule4Deduction: s.toRule4Deduction,
    reason: s.reason,
    createdAt: new Date(s.createdAt).toISOString(),
    settledByUser: ref(s.settledBy, settlerUsername),
  }));
}
