import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../db/client";
import { bets, customers, shops, transactions, users } from "../../db/schema";
import { formatCents } from "../../domain/money";

export const fromCustomer = alias(customers, "from_customer");
export const toCustomer = alias(customers, "to_customer");
export const fromShop = alias(shops, "from_shop");
export const toShop = alias(shops, "to_shop");
export const processor = alias(users, "processor");

const columns = {
  t: transactions,
  fromCustomerFirstName: fromCustomer.firstName,
  fromCustomerLastName: fromCustomer.lastName,
  toCustomerFirstName: toCustomer.firstName,
  toCustomerLastName: toCustomer.lastName,
  fromShopName: fromShop.name,
  toShopName: toShop.name,
  betDescription: bets.description,
  processorUsername: processor.username,
};

/** The ledger joined with the names its DTO embeds (both sides may be a customer or a shop). */
export function selectTransactions(db: DbOrTx) {
  return db
    .select(columns)
    .from(transactions)
    .leftJoin(
      fromCustomer,
      and(
        eq(transactions.fromEntityType, "CUSTOMER"),
        eq(fromCustomer.id, transactions.fromEntityId),
      ),
    )
    .leftJoin(
      toCustomer,
      and(eq(transactions.toEntityType, "CUSTOMER"), eq(toCustomer.id, transactions.toEntityId)),
    )
    .leftJoin(
      fromShop,
      and(eq(transactions.fromEntityType, "SHOP"), eq(fromShop.id, transactions.fromEntityId)),
    )
    .leftJoin(
      toShop,
      and(eq(transactions.toEntityType, "SHOP"), eq(toShop.id, transactions.toEntityId)),
    )
    .leftJoin(bets, eq(bets.id, transactions.betId))
    .leftJoin(processor, eq(processor.id, transactions.processedBy));
}

type Row = {
  t: typeof transactions.$inferSelect;
  fromCustomerFirstName: string | null;
  fromCustomerLastName: string | null;
  toCustomerFirstName: string | null;
  toCustomerLastName: string | null;
  fromShopName: string | null;
  toShopName: string | null;
  betDescription: string | null;
  processorUsername: string | null;
};

export function toTransactionDto(row: Row) {
  const t = row.t;
  return {
    id: t.id,
    type: t.type,
    amount: formatCents(t.amountCents),
    description: t.description,
    status: t.status,
    fromEntityType: t.fromEntityType,
    fromEntityId: t.fromEntityId,
    toEntityType: t.toEntityType,
    toEntityId: t.toEntityId,
    betId: t.betId,
    processedBy: t.processedBy,
    createdAt: new Date(t.createdAt).toISOString(),
    archived: t.archivedAt !== null,
    archivedAt: t.archivedAt === null ? null : new Date(t.archivedAt).toISOString(),
    reversalOf: t.reversalOf,
    shiftId: t.shiftId,
    reason: t.reason,
    fromCustomer:
      row.fromCustomerFirstName === null
        ? null
        : {
            id: t.fromEntityId,
            firstName: row.fromCustomerFirstName,
            lastName: row.fromCustomerLastName ?? "",
          },
    toCustomer:
      row.toCustomerFirstName === null
        ? null
        : {
            id: t.toEntityId,
            firstName: row.toCustomerFirstName,
            lastName: row.toCustomerLastName ?? "",
          },
    fromShop: row.fromShopName === null ? null : { id: t.fromEntityId, name: row.fromShopName },
    toShop: row.toShopName === null ? null : { id: t.toEntityId, name: row.toShopName },
    bet:
      t.betId === null || row.betDescription === null
        ? null
        : { id: t.betId, description: row.betDescription },
    processedByUser:
      t.processedBy === null || row.processorUsername === null
        ? null
        : { id: t.processedBy, username: row.processorUsername },
  };
}

export type TransactionDto = ReturnType<typeof toTransactionDto>;
