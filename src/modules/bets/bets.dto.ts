import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../db/client";
import { bets, customers, shops, users } from "../../db/schema";
import { formatCents } from "../../domain/money";
import { formatPrice, priceOf } from "../../domain/price";

const placer = alias(users, "placer");
const resolver = alias(users, "resolver");

export const betColumns = {
  bet: bets,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  shopName: shops.name,
  placerUsername: placer.username,
  resolverUsername: resolver.username,
};

/** The bets table joined with what its DTO embeds. */
export function selectBets(db: DbOrTx) {
  return db
    .select(betColumns)
    .from(bets)
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
};

export function toBetDto(row: BetJoinRow) {
  const b = row.bet;
  return {
    id: b.id,
    description: b.description,
    customerId: b.customerId,
    shopId: b.shopId,
    stakeAmount: formatCents(b.stakeCents),
    odds: formatCents(b.oddsHundredths),
    price: formatPrice(priceOf(b)),
    potentialPayout: formatCents(b.potentialPayoutCents),
    actualPayout: b.actualPayoutCents === null ? null : formatCents(b.actualPayoutCents),
    allowOvercredit: b.allowOvercredit,
    outcome: b.outcome,
    status: b.status,
    voidReason: b.voidReason,
    createdAt: new Date(b.createdAt).toISOString(),
    resolvedAt: b.resolvedAt === null ? null : new Date(b.resolvedAt).toISOString(),
    placedBy: b.placedBy,
    resolvedBy: b.resolvedBy,
    customer:
      row.customerFirstName === null
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
