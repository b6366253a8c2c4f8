import { eq } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../db/client";
import { bets, customers, shifts, shops, users } from "../../db/schema";
import { stakeFieldsOf } from "../../domain/each-way";
import { formatCents } from "../../domain/money";
import { formatPrice, priceOf } from "../../domain/price";
import { termsOf } from "../../domain/settlement-terms";

const placer = alias(users, "placer");
const resolver = alias(users, "resolver");
/** Who paid a cash bet's slip, and the shop of the shift whose till paid it (decision 051). */
const payer = alias(users, "payer");
const paidShift = alias(shifts, "paid_shift");
const paidShop = alias(shops, "paid_shop");

/**
 * `fields` and who paid each bet's slip, when and where (what `paidOf` reads): bets joined with
 * the payer, the paying shift and that shift's shop. The bets list and the slips join the rest
 * they show onto it.
 */
export function selectPaidBets<F extends SelectedFields>(db: DbOrTx, fields: F) {
  return db
    .select({
      ...fields,
      payerUsername: payer.username,
      paidShopId: paidShift.shopId,
      paidShopName: paidShop.name,
    })
    .from(bets)
    .leftJoin(payer, eq(payer.id, bets.paidBy))
    .leftJoin(paidShift, eq(paidShift.id, bets.paidShiftId))
    .leftJoin(paidShop, eq(paidShop.id, paidShift.shopId));
}

/** What was paid on a cash bet's slip, or null (BetDto.paid, SlipDto.paid). */
export function paidOf(
  b: typeof bets.$inferSelect,
  row: { payerUsername: string | null; paidShopId: number | null; paidShopName: string | null },
) {
  if (b.paidAt === null || b.paidShiftId === null) return null;
  return {
    amount: formatCents(paidCents(b)),
    at: new Date(b.paidAt).toISOString(),
    by:
      b.paidBy === null || row.payerUsername === null
        ? null
        : { id: b.paidBy, username: row.payerUsername },
    shiftId: b.paidShiftId,
    shop: { id: row.paidShopId ?? b.shopId, name: row.paidShopName ?? "" },
  };
}

/** What a settled cash bet's slip pays: the stake back when VOID, else the actual payout. */
export function paidCents(
  b: Pick<typeof bets.$inferSelect, "status" | "stakeCents" | "actualPayoutCents">,
): number {
  return b.status === "VOID" ? b.stakeCents : (b.actualPayoutCents ?? 0);
}

/** The bets table joined with what its DTO embeds. */
export function selectBets(db: DbOrTx) {
  return selectPaidBets(db, {
    bet: bets,
    customerFirstName: customers.firstName,
    customerLastName: customers.lastName,
    shopName: shops.name,
    placerUsername: placer.username,
    resolverUsername: resolver.username,
  })
    .leftJoin(customers, eq(customers.id, bets.customerId))
    .leftJoin(shops, eq(shops.id, bets.shopId))
    .leftJoin(placer, eq(placer.id, bets.placedBy))
    .leftJoin(resolver, eq(resolver.id, bets.resolvedBy));
}

export const betJoins = { placer, resolver };

type BetJoinRow = {
  bet: typeof bets.$inferSelect;
  customerFirstName: string | null;
  customerLastName: string | null;
  shopName: string | null;
  placerUsername: string | null;
  resolverUsername: string | null;
  /** Absent when the slip is known unpaid (a bet just placed). */
  payerUsername?: string | null;
  paidShopId?: number | null;
  paidShopName?: string | null;
};

export function toBetDto(row: BetJoinRow) {
  const b = row.bet;
  return {
    id: b.id,
    description: b.description,
    customerId: b.customerId,
    shopId: b.shopId,
    payment: b.payment,
    shiftId: b.shiftId,
    paid: paidOf(b, {
      payerUsername: row.payerUsername ?? null,
      paidShopId: row.paidShopId ?? null,
      paidShopName: row.paidShopName ?? null,
    }),
    // Each-way (decision 052): stakeAmount is the unit, totalStake what the bet cost.
    ...stakeFieldsOf(b),
    odds: formatCents(b.oddsHundredths),
    price: formatPrice(priceOf(b)),
    potentialPayout: formatCents(b.potentialPayoutCents),
    actualPayout: b.actualPayoutCents === null ? null : formatCents(b.actualPayoutCents),
    ...termsOf(b),
    allowOvercredit: b.allowOvercredit,
    outcome: b.outcome,
    status: b.status,
    voidReason: b.voidReason,
    createdAt: new Date(b.createdAt).toISOString(),
    resolvedAt: b.resolvedAt === null ? null : new Date(b.resolvedAt).toISOString(),
    placedBy: b.placedBy,
    resolvedBy: b.resolvedBy,
    customer:
      row.customerFirstName === null || b.customerId === null
        ? null
        : {
            id: b.customerId,
            firstName: row.customerFirstName,
            lastName: row.customerLastName ?? "",
          },
    shop: row.shopName === null ? null : { id: b.shopId, name: row.shopName },
    placedByUser:
      b.placedBy === null || row.placerUsername === null
        ? null
        : { id: b.placedBy, username: row.placerUsername },
    resolvedByUser:
      b.resolvedBy === null || row.resolverUsername === null
        ? null
        : { id: b.resolvedBy, username: row.resolverUsername },
  };
}

export type BetDto = ReturnType<typeof toBetDto>;
