import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AppDb, DbOrTx, Tx } from "../../db/client";
import { writeTx } from "../../db/client";
import { bets, customers, shops } from "../../db/schema";
import { BET_STATUSES } from "../../domain/enums";
import { checkBetFunds, formatCents, payoutCents } from "../../domain/money";
import type { PlaceBetInput, ResolveBetInput } from "../../domain/schemas";
import { raiseAlert } from "../../lib/alerts";
import { audit } from "../../lib/audit";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { type IdempotencyRequest, idempotentWrite } from "../../lib/idempotency";
import { postLedgerEntry } from "../../lib/ledger";
import { enumFilter, joinedPage, type ListQuery, orderBy, searchAny } from "../../lib/list-query";
import { log } from "../../lib/logger";
import { findCustomerRow, raiseCreditAlert } from "../customers/customers.service";
import { findShopRow } from "../shops/shops.service";
import { type BetDto, betJoins, selectBets, toBetDto } from "./bets.dto";

const LARGE_STAKE_CENTS = 100_000;
const LARGE_PAYOUT_CENTS = 1_000_000;

const JOINED_SORTS = new Set(["customer", "shop", "placedBy", "resolvedBy"]);

const SORTS = {
  id: bets.id,
  description: bets.description,
  customer: customers.lastName,
  shop: shops.name,
  placedBy: betJoins.placer.username,
  stakeAmount: bets.stakeCents,
  odds: bets.oddsHundredths,
  potentialPayout: bets.potentialPayoutCents,
  status: bets.status,
  resolvedBy: betJoins.resolver.username,
  createdAt: bets.createdAt,
  resolvedAt: bets.resolvedAt,
};

export function listBets(db: AppDb, query: ListQuery) {
  const status = enumFilter("status", query.status, BET_STATUSES);
  const where = and(
    ...([
      searchAny(query.q, [
        bets.description,
        customers.firstName,
        customers.lastName,
        sql`${customers.firstName} || ' ' || ${customers.lastName}`,
        shops.name,
        betJoins.placer.username,
        bets.status,
      ]),
      status ? eq(bets.status, status) : undefined,
      query.customerId ? eq(bets.customerId, query.customerId) : undefined,
      query.shopId ? eq(bets.shopId, query.shopId) : undefined,
      query.from !== undefined ? gte(bets.createdAt, query.from) : undefined,
      query.to !== undefined ? lt(bets.createdAt, query.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const order = orderBy(query, SORTS, { key: "createdAt", order: "desc" }, bets.id);
  const joined = Boolean(query.q) || JOINED_SORTS.has(query.sort ?? "");
  const { rows, total } = joinedPage(db, query, {
    table: bets,
    id: bets.id,
    where,
    order,
    joined,
    select: () => selectBets(db),
  });
  return { items: rows.map(toBetDto), total };
}

export function getBet(db: DbOrTx, id: number): BetDto {
  const row = selectBets(db).where(eq(bets.id, id)).get();
  if (!row) throw notFound("Bet");
  return toBetDto(row);
}

/** Settles a PENDING bet inside the caller's transaction, writing its ledger row. */
function settle(
  tx: Tx,
  actor: Actor,
  bet: typeof bets.$inferSelect,
  input: ResolveBetInput,
): typeof bets.$inferSelect {
  if (bet.status !== "PENDING") {
    throw new AppError("CONFLICT", `Only a pending bet can be resolved; this bet is ${bet.status}`);
  }
  const now = Date.now();
  const customer = { type: "CUSTOMER" as const, id: bet.customerId };
  const shop = { type: "SHOP" as const, id: bet.shopId };
  let actualPayoutCents = 0;
  if (input.status === "WON") {
    actualPayoutCents = bet.potentialPayoutCents;
    postLedgerEntry(tx, {
      type: "PAYOUT",
      amountCents: actualPayoutCents,
      from: shop,
      to: customer,
      description: `Payout for bet #${bet.id}`,
      betId: bet.id,
      processedBy: actor.userId,
    });
  } else if (input.status === "VOID") {
    postLedgerEntry(tx, {
      type: "REFUND",
      amountCents: bet.stakeCents,
      from: shop,
      to: customer,
      description: `Refund for void bet #${bet.id}`,
      betId: bet.id,
      processedBy: actor.userId,
    });
  }
  const after = tx
    .update(bets)
    .set({
      status: input.status,
      outcome: input.status,
      actualPayoutCents: input.status === "VOID" ? null : actualPayoutCents,
      voidReason: input.status === "VOID" ? input.voidReason : null,
      resolvedBy: actor.userId,
      resolvedAt: now,
    })
    .where(and(eq(bets.id, bet.id), eq(bets.status, "PENDING")))
    .returning()
    .get();
  if (!after) throw new AppError("CONFLICT", "Only a pending bet can be resolved");
  audit(tx, actor, {
    action: "bet.resolve",
    entityType: "BET",
    entityId: bet.id,
    before: bet,
    after,
  });
  log.info("money", {
    requestId: actor.requestId,
    op: "bet.resolve",
    betId: bet.id,
    status: input.status,
    userId: actor.userId,
  });
  return after;
}

export function placeBet(db: AppDb, actor: Actor, input: PlaceBetInput, idem: IdempotencyRequest) {
  if (input.allowOvercredit && actor.role !== "admin") {
    throw new AppError("FORBIDDEN", "Only admins may allow overcredit");
  }
  const potential = payoutCents(input.stakeAmount, input.odds);
  if (input.potentialPayout !== undefined && input.potentialPayout !== potential) {
    throw new AppError(
      "BAD_REQUEST",
      `Potential payout must equal stake x odds (${formatCents(potential)})`,
      { potentialPayout: `Expected ${formatCents(potential)}` },
    );
  }
  return idempotentWrite(db, idem, 201, (tx) => {
    const customer = findCustomerRow(tx, input.customerId);
    if (!customer) throw notFound("Customer");
    if (!customer.isActive)
      throw new AppError("UNPROCESSABLE", "Customer is inactive and cannot take new bets");
    const shop = findShopRow(tx, input.shopId);
    if (!shop) throw notFound("Shop");
    if (!shop.isActive)
      throw new AppError("UNPROCESSABLE", "Shop is inactive and cannot accept bets");
    const funds = checkBetFunds({
      stakeCents: input.stakeAmount,
      balanceCents: customer.balanceCents,
      creditLimitCents: customer.creditLimitCents,
      allowOverdraft: customer.allowOverdraft,
      overcredit: input.allowOvercredit,
    });
    if (!funds.ok) {
      throw new AppError(
        "UNPROCESSABLE",
        `Insufficient Funds: balance €${formatCents(customer.balanceCents)}, credit limit €${formatCents(customer.creditLimitCents)}, available €${formatCents(funds.availableCents)}, stake €${formatCents(input.stakeAmount)}`,
      );
    }
    const bet = tx
      .insert(bets)
      .values({
        description: input.description,
        customerId: customer.id,
        shopId: shop.id,
        stakeCents: input.stakeAmount,
        oddsHundredths: input.odds,
        potentialPayoutCents: potential,
        allowOvercredit: input.allowOvercredit,
        outcome: "PENDING",
        status: "PENDING",
        placedBy: actor.userId,
        createdAt: Date.now(),
      })
      .returning()
      .get();
    postLedgerEntry(tx, {
      type: "BETTING",
      amountCents: input.stakeAmount,
      from: { type: "CUSTOMER", id: customer.id },
      to: { type: "SHOP", id: shop.id },
      description: `Stake for bet #${bet.id}: ${input.description}`.slice(0, 500),
      betId: bet.id,
      processedBy: actor.userId,
    });
    audit(tx, actor, { action: "bet.place", entityType: "BET", entityId: bet.id, after: bet });
    if (input.stakeAmount >= LARGE_STAKE_CENTS || potential >= LARGE_PAYOUT_CENTS) {
      raiseAlert(tx, {
        type: "warning",
        title: "Large bet placed",
        description: `Bet #${bet.id} for ${customer.firstName} ${customer.lastName}: stake €${formatCents(input.stakeAmount)}, potential payout €${formatCents(potential)}.`,
        dedupeKey: `large-bet:${bet.id}`,
      });
    }
    const newBalance = customer.balanceCents - input.stakeAmount;
    if (newBalance < 0 && -newBalance > customer.creditLimitCents) {
      raiseCreditAlert(tx, { ...customer, balanceCents: newBalance });
    }
    const final =
      input.outcome === "PENDING"
        ? bet
        : settle(tx, actor, bet, { status: input.outcome, voidReason: input.voidReason });
    log.info("money", {
      requestId: actor.requestId,
      op: "bet.place",
      betId: bet.id,
      stakeCents: input.stakeAmount,
      userId: actor.userId,
    });
    // Everything the DTO embeds is already at hand: no second, joined read on the hot path.
    return toBetDto({
      bet: final,
      customerFirstName: customer.firstName,
      customerLastName: customer.lastName,
      shopName: shop.name,
      placerUsername: actor.username,
      resolverUsername: final.resolvedBy === null ? null : actor.username,
    });
  });
}

export function resolveBet(db: AppDb, actor: Actor, id: number, input: ResolveBetInput): BetDto {
  return writeTx(db, (tx) => {
    const bet = tx.select().from(bets).where(eq(bets.id, id)).get();
    if (!bet) throw notFound("Bet");
    settle(tx, actor, bet, input);
    return getBet(tx, id);
  });
}
