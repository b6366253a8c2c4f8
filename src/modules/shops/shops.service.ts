import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type AppDb, type DbOrTx, prepared, type Tx } from "../../db/client";
import { bets, shifts, shops } from "../../db/schema";
import type { SortKey } from "../../domain/list-query";
import { formatCents } from "../../domain/money";
import type { CreateShopInput, UpdateShopInput } from "../../domain/schemas";
import { betCountColumns, betCounts } from "../../lib/bet-counts";
import { changedKeys, type Mutation, type Op } from "../../lib/endpoint";
import { notFound } from "../../lib/errors";
import {
  contains,
  enumFilter,
  ftsIds,
  indexable,
  inIdOrder,
  type ListQuery,
  type ListSpec,
  listPage,
  prefixQuery,
  type Search,
  startsWith,
} from "../../lib/list-query";
import { refuse } from "../../lib/refusals";

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

const SORTS: Record<SortKey<"shops">, AnyColumn | SQL> = {
  id: shops.id,
  name: shops.name,
  location: shops.location,
  address: shops.address,
  phone: shops.phone,
  balance: shops.balanceCents,
  isActive: shops.isActive,
  createdAt: shops.createdAt,
};

/** `q` in a shop's name, location, address or phone, through shops_fts. */
function shopSearch(q: string): Search {
  if (prefixQuery(q)) {
    // 1 or 2 characters: a name, location, address or phone that STARTS with q, as on every
    // list (decision 023); shops are few, so each row is simply tested.
    return {
      row: or(
        ...[shops.name, shops.location, shops.address, shops.phone].map((text) =>
          startsWith(text, q),
        ),
      ) as SQL,
    };
  }
  const row = or(
    ...[shops.name, shops.location, shops.address, shops.phone].map((text) => contains(text, q)),
  ) as SQL;
  return indexable(q) ? { row, sources: [ftsIds("shops_fts", q)] } : { row };
}

/** The shops list for `query` (its page, and its CSV export's walk). */
export function shopListSpec(query: ListQuery): ListSpec {
  const status = enumFilter("status", query.status, ["ACTIVE", "INACTIVE"] as const);
  return {
    table: shops,
    id: shops.id,
    filters: status ? eq(shops.isActive, status === "ACTIVE") : undefined,
    search: query.q ? shopSearch(query.q) : undefined,
    sorts: SORTS,
    fallback: { key: "name", order: "asc" },
  };
}

/** The shops `ids`, as DTOs in that order. */
export function shopsByIds(db: DbOrTx, ids: number[]): ShopDto[] {
  const rows = ids.length ? db.select().from(shops).where(inArray(shops.id, ids)).all() : [];
  return inIdOrder(ids, rows, (r) => r.id).map(toShopDto);
}

export function listShops(db: AppDb, query: ListQuery) {
  const { ids, total, capped } = listPage(db, query, shopListSpec(query));
  return { items: shopsByIds(db, ids), total, capped };
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

export function createShop(tx: Tx, { actor, now }: Op, input: CreateShopInput): Mutation<ShopDto> {
  const row = tx
    .insert(shops)
    .values({ ...input, createdAt: now, createdBy: actor.userId })
    .returning()
    .get();
  return { body: toShopDto(row), audit: { entityType: "SHOP", entityId: row.id, after: row } };
}

export function updateShop(tx: Tx, _op: Op, id: number, input: UpdateShopInput): Mutation<ShopDto> {
  const before = tx.select().from(shops).where(eq(shops.id, id)).get();
  if (!before) throw notFound("Shop");
  // Asking for what the shop already holds changes nothing: no write and no audit row whose
  // before equals its after.
  if (changedKeys(input, before).length === 0) return { body: toShopDto(before), unchanged: true };
  // A till still open there would go on paying slips and moving cash at a shop that takes
  // nothing else (decision 078): it is cashed up first.
  if (input.isActive === false && before.isActive) {
    const open = tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.shopId, id), eq(shifts.status, "OPEN")))
      .orderBy(shifts.id)
      .all();
    if (open.length > 0) {
      throw refuse("SHOP_HAS_OPEN_SHIFTS", {
        shiftIds: open.map((shift) => `#${shift.id}`).join(", "),
      });
    }
  }
  const after = tx.update(shops).set(input).where(eq(shops.id, id)).returning().get();
  if (!after) throw notFound("Shop");
  return { body: toShopDto(after), audit: { entityType: "SHOP", entityId: id, before, after } };
}

/** Shop Balance and Performance Summary figures, computed in SQL. */
export function shopBetStats(db: AppDb, id: number) {
  getShop(db, id);
  const row = db
    .select({
      ...betCountColumns,
      stakes: sql<number>`coalesce(sum(${bets.stakeCents}), 0)`,
      payouts: sql<number>`coalesce(sum(${bets.potentialPayoutCents}), 0)`,
    })
    .from(bets)
    .where(eq(bets.shopId, id))
    .get();
  return {
    ...betCounts(row),
    totalStakes: formatCents(row?.stakes ?? 0),
    potentialPayouts: formatCents(row?.payouts ?? 0),
  };
}
