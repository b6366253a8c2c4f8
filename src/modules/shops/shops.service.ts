import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { type AppDb, type DbOrTx, prepared, writeTx } from "../../db/client";
import { bets, shops } from "../../db/schema";
import { formatCents } from "../../domain/money";
import type { CreateShopInput, UpdateShopInput } from "../../domain/schemas";
import { raiseAlert } from "../../lib/alerts";
import { audit } from "../../lib/audit";
import type { Actor } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { countWhere, enumFilter, type ListQuery, orderBy, searchAny } from "../../lib/list-query";

type ShopRow = typeof shops.$inferSelect;

export function toShopDto(row: ShopRow) {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    address: row.address,
    phone: row.phone,
    balance: formatCents(row.balanceCents),
    isActive: row.isActive,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export type ShopDto = ReturnType<typeof toShopDto>;

const SORTS = {
  id: shops.id,
  name: shops.name,
  location: shops.location,
  address: shops.address,
  phone: shops.phone,
  balance: shops.balanceCents,
  isActive: shops.isActive,
  createdAt: shops.createdAt,
};

export function listShops(db: AppDb, query: ListQuery) {
  const status = enumFilter("status", query.status, ["ACTIVE", "INACTIVE"] as const);
  const where = and(
    ...([
      searchAny(query.q, [shops.name, shops.location, shops.address, shops.phone]),
      status ? eq(shops.isActive, status === "ACTIVE") : undefined,
    ] as (SQL | undefined)[]),
  );
  const rows = db
    .select()
    .from(shops)
    .where(where)
    .orderBy(...orderBy(query, SORTS, { key: "name", order: "asc" }, shops.id))
    .limit(query.limit)
    .offset(query.offset)
    .all();
  return { items: rows.map(toShopDto), total: countWhere(db, shops, where) };
}

/** The shops row by id (a prepared statement: bets and cash movements read it first). */
export function findShopRow(db: DbOrTx, id: number) {
  return prepared(db, "shops.by-id", (d) =>
    d
      .select()
      .from(shops)
      .where(eq(shops.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

export function getShop(db: AppDb, id: number): ShopDto {
  const row = db.select().from(shops).where(eq(shops.id, id)).get();
  if (!row) throw notFound("Shop");
  return toShopDto(row);
}

export function createShop(db: AppDb, actor: Actor, input: CreateShopInput): ShopDto {
  return writeTx(db, (tx) => {
    const row = tx
      .insert(shops)
      .values({ ...input, createdAt: Date.now(), createdBy: actor.userId })
      .returning()
      .get();
    audit(tx, actor, { action: "shop.create", entityType: "SHOP", entityId: row.id, after: row });
    return toShopDto(row);
  });
}

export function updateShop(db: AppDb, actor: Actor, id: number, input: UpdateShopInput): ShopDto {
  return writeTx(db, (tx) => {
    const before = tx.select().from(shops).where(eq(shops.id, id)).get();
    if (!before) throw notFound("Shop");
    const after = tx.update(shops).set(input).where(eq(shops.id, id)).returning().get();
    if (!after) throw notFound("Shop");
    audit(tx, actor, { action: "shop.update", entityType: "SHOP", entityId: id, before, after });
    return toShopDto(after);
  });
}

/** Warning alert: a shop's till went below zero. */
export function raiseNegativeTillAlert(
  tx: Parameters<typeof raiseAlert>[0],
  shop: { id: number; name: string; balanceCents: number },
): void {
  raiseAlert(tx, {
    type: "warning",
    title: "Shop cash balance negative",
    description: `${shop.name} (#${shop.id}) has a cash balance of €${formatCents(shop.balanceCents)}.`,
    dedupeKey: `shop-negative:${shop.id}`,
  });
}

/** Shop Balance and Performance Summary figures, computed in SQL. */
export function shopBetStats(db: AppDb, id: number) {
  getShop(db, id);
  const row = db
    .select({
      total: count(),
      pending: sql<number>`coalesce(sum(${bets.status} = 'PENDING'), 0)`,
      won: sql<number>`coalesce(sum(${bets.status} = 'WON'), 0)`,
      lost: sql<number>`coalesce(sum(${bets.status} = 'LOST'), 0)`,
      void: sql<number>`coalesce(sum(${bets.status} = 'VOID'), 0)`,
      stakes: sql<number>`coalesce(sum(${bets.stakeCents}), 0)`,
      payouts: sql<number>`coalesce(sum(${bets.potentialPayoutCents}), 0)`,
    })
    .from(bets)
    .where(eq(bets.shopId, id))
    .get();
  return {
    totalBets: row?.total ?? 0,
    activeBets: row?.pending ?? 0,
    wonBets: row?.won ?? 0,
    lostBets: row?.lost ?? 0,
    voidBets: row?.void ?? 0,
    totalStakes: formatCents(row?.stakes ?? 0),
    potentialPayouts: formatCents(row?.payouts ?? 0),
  };
}
