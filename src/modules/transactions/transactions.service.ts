import {
  type AnyColumn,
  and,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AppDb, DbOrTx, Tx } from "../../db/client";
import { shops, transactions, users } from "../../db/schema";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../../domain/enums";
import type { SortKey } from "../../domain/list-query";
import { checkWithdrawal } from "../../domain/money";
import type { CashMovementInput, TransferInput } from "../../domain/schemas";
import { codesMatching, SEARCH_WORDS_DE } from "../../domain/search-words";
import type { Mutation, Op } from "../../lib/endpoint";
import { notFound } from "../../lib/errors";
import type { AgeRules } from "../../lib/http";
import { postLedgerEntry } from "../../lib/ledger";
import {
  byUsername,
  contains,
  enumFilter,
  ftsIds,
  gate,
  indexable,
  inIdOrder,
  type ListQuery,
  type ListSort,
  type ListSpec,
  linkedLike,
  listPage,
  orNumber,
  prefixQuery,
  type Search,
  staffNamed,
  startsWith,
} from "../../lib/list-query";
import { log } from "../../lib/logger";
import { refuse } from "../../lib/refusals";
import { assertMayGamble } from "../customers/age";
import { customersNamedFrom, findCustomerRow } from "../customers/customers.service";
import { assertDepositWithinLimits } from "../customers/limits";
import { cashShift, expectedCashCents } from "../shifts/shifts.service";
import { findShopRow } from "../shops/shops.service";
import {
  processor,
  selectTransactions,
  type TransactionDto,
  toTransactionDto,
} from "./transactions.dto";

const SORTS: Record<SortKey<"transactions">, ListSort> = {
  id: transactions.id,
  type: transactions.type,
  amount: transactions.amountCents,
  description: transactions.description,
  status: transactions.status,
  betId: transactions.betId,
  processedBy: byUsername(processor, transactions.processedBy, [transactions.createdAt]),
  createdAt: transactions.createdAt,
};

/**
 * `q` in a ledger row's description, type or status, the name of either party (customer or
 * shop) or the username of who processed it, case-insensitively. The description through
 * transactions_fts, the parties through customers_fts and shops_fts and the ledger's from/to
 * indexes. (Digits, or #digits, also find the row with that number: orNumber.)
 */
function transactionSearch(q: string): Search {
  if (prefixQuery(q)) return transactionPrefixSearch(q);
  const long = indexable(q);
  const like = (text: SQL | AnyColumn) => contains(text, q);
  const types = codesMatching(TRANSACTION_TYPES, SEARCH_WORDS_DE.transactionType, q);
  const statuses = codesMatching(TRANSACTION_STATUSES, SEARCH_WORDS_DE.transactionStatus, q);
  const staff = staffNamed(q);
  const sides = [
    [transactions.fromEntityType, transactions.fromEntityId],
    [transactions.toEntityType, transactions.toEntityId],
  ] as const;
  /** The row test, given how a customer's and a shop's name are tested by id. */
  const rowTest = (customer: (id: AnyColumn) => SQL, shop: (id: AnyColumn) => SQL) =>
    or(
      like(transactions.description),
      types.length ? inArray(transactions.type, types) : undefined,
      statuses.length ? inArray(transactions.status, statuses) : undefined,
      ...sides.flatMap(([type, entity]) => [
        sql`(${type} = 'CUSTOMER' and ${customer(entity)})`,
        sql`(${type} = 'SHOP' and ${shop(entity)})`,
      ]),
      sql`${transactions.processedBy} in (${staff})`,
    ) as SQL;
  const row = rowTest(
    (entity) => linkedLike(entity, "customers", "j.first_name || ' ' || j.last_name", q, long),
    (entity) => linkedLike(entity, "shops", "j.name", q, long),
  );
  if (!long) return { row };
  const byCustomer = gate(ftsIds("customers_fts", q, ["name"]));
  const byShop = ftsIds("shops_fts", q, ["name"]);
  const where = (condition: SQL) => sql`select id from transactions where ${condition}`;
  return {
    row,
    indexedRow: rowTest(
      (entity) => sql`${entity} in (${byCustomer})`,
      (entity) => sql`${entity} in (${byShop})`,
    ),
    gates: [byCustomer],
    sources: [
      ftsIds("transactions_fts", q),
      ...(types.length ? [where(inArray(transactions.type, types))] : []),
      ...(statuses.length ? [where(inArray(transactions.status, statuses))] : []),
      ...sides.flatMap(([type, entity]) => [
        where(sql`${type} = 'CUSTOMER' and ${entity} in (${byCustomer})`),
        where(sql`${type} = 'SHOP' and ${entity} in (${byShop})`),
      ]),
      where(sql`processed_by in (${staff})`),
    ],
  };
}

/**
 * A query of 1 or 2 characters (too short for the trigram indexes): a ledger row whose
 * description, type, status, either party's name (a customer's first or last name, a shop's
 * name) or processor's username STARTS with q; each through a b-tree
 * index (decision 023).
 */
function transactionPrefixSearch(q: string): Search {
  const types = codesMatching(TRANSACTION_TYPES, SEARCH_WORDS_DE.transactionType, q, "prefix");
  const statuses = codesMatching(
    TRANSACTION_STATUSES,
    SEARCH_WORDS_DE.transactionStatus,
    q,
    "prefix",
  );
  const staff = staffNamed(q, true);
  const named = customersNamedFrom(q);
  const shopNames = sql`select id from shops where ${startsWith(shops.name, q)}`;
  const byCustomer = named.ids;
  const sides = [
    [transactions.fromEntityType, transactions.fromEntityId],
    [transactions.toEntityType, transactions.toEntityId],
  ] as const;
  const own = [
    startsWith(transactions.description, q),
    types.length ? inArray(transactions.type, types) : undefined,
    statuses.length ? inArray(transactions.status, statuses) : undefined,
    sql`${transactions.processedBy} in (${staff})`,
  ].filter((c): c is SQL => c !== undefined);
  const rowTest = (customer: (entity: AnyColumn) => SQL) =>
    or(
      ...own,
      ...sides.flatMap(([type, entity]) => [
        sql`(${type} = 'CUSTOMER' and ${customer(entity)})`,
        sql`(${type} = 'SHOP' and ${entity} in (${shopNames}))`,
      ]),
    ) as SQL;
  const where = (condition: SQL) => sql`select id from transactions where ${condition}`;
  return {
    row: rowTest(named.byKey),
    indexedRow: rowTest((entity) => sql`${entity} in (${byCustomer})`),
    gates: [byCustomer],
    sources: [
      ...own.map(where),
      ...sides.flatMap(([type, entity]) => [
        where(sql`${type} = 'CUSTOMER' and ${entity} in (${byCustomer})`),
        where(sql`${type} = 'SHOP' and ${entity} in (${shopNames})`),
      ]),
    ],
  };
}

/** The ledger list for `query` (its page, and its CSV export's walk). */
export function transactionListSpec(query: ListQuery): ListSpec {
  const type = enumFilter("type", query.type, TRANSACTION_TYPES);
  const status = enumFilter("status", query.status, TRANSACTION_STATUSES);
  const involves = (entityType: "CUSTOMER" | "SHOP", id: number | undefined) =>
    id === undefined
      ? undefined
      : or(
          and(eq(transactions.fromEntityType, entityType), eq(transactions.fromEntityId, id)),
          and(eq(transactions.toEntityType, entityType), eq(transactions.toEntityId, id)),
        );
  const fixed = and(
    involves("CUSTOMER", query.customerId),
    involves("SHOP", query.shopId),
    query.betId ? eq(transactions.betId, query.betId) : undefined,
    query.shiftId ? eq(transactions.shiftId, query.shiftId) : undefined,
  );
  const filters = and(
    ...([
      type ? eq(transactions.type, type) : undefined,
      status ? eq(transactions.status, status) : undefined,
      query.archived === "true" ? isNotNull(transactions.archivedAt) : undefined,
      query.archived === "false" ? isNull(transactions.archivedAt) : undefined,
      query.from !== undefined ? gte(transactions.createdAt, query.from) : undefined,
      query.to !== undefined ? lt(transactions.createdAt, query.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  return {
    table: transactions,
    id: transactions.id,
    filters,
    fixed,
    search: query.q
      ? orNumber(transactionSearch(query.q), query.q, transactions, transactions.id)
      : undefined,
    sorts: SORTS,
    fallback: { key: "createdAt", order: "desc" },
  };
}

/** The ledger rows `ids`, as DTOs in that order. */
export function transactionsByIds(db: DbOrTx, ids: number[]): TransactionDto[] {
  const rows = ids.length ? selectTransactions(db).where(inArray(transactions.id, ids)).all() : [];
  return inIdOrder(ids, rows, (r) => r.t.id).map(toTransactionDto);
}

export function listTransactions(db: AppDb, query: ListQuery) {
  const { ids, total, capped } = listPage(db, query, transactionListSpec(query));
  return { items: transactionsByIds(db, ids), total, capped };
}

export function getTransaction(db: DbOrTx, id: number): TransactionDto {
  const row = selectTransactions(db).where(eq(transactions.id, id)).get();
  if (!row) throw notFound("Transaction");
  return toTransactionDto(row);
}

function activeParties(tx: DbOrTx, input: { customerId: number; shopId: number }) {
  const customer = findCustomerRow(tx, input.customerId);
  if (!customer) throw notFound("Customer");
  if (!customer.isActive) throw refuse("CUSTOMER_INACTIVE", {});
  const shop = findShopRow(tx, input.shopId);
  if (!shop) throw notFound("Shop");
  if (!shop.isActive) throw refuse("SHOP_INACTIVE", {});
  return { customer, shop };
}

/** Settings a cash movement obeys. */
export interface CashRules {
  /** REQUIRE_SHIFT: refuse a movement without the actor's open shift at that shop. */
  requireShift?: boolean;
  /** MIN_AGE and REQUIRE_DATE_OF_BIRTH: a deposit is refused like a bet (decision 041). */
  ageRules?: AgeRules;
  /** BUSINESS_TIMEZONE: the daily deposit limit's day is its date (decision 062). */
  businessTimeZone?: string;
}

/**
 * Posts a deposit (the customer's account to the shop's till) or a withdrawal (the other way)
 * and answers it with its audit row: what the money did to the customer's account (the balance
 * before and after, read back from the row just written), at which shop and shift, and the
 * description as entered, so an auditor reads the movement without the ledger.
 */
function postCashMovement(
  tx: Tx,
  { actor, now }: Op,
  type: "DEPOSIT" | "WITHDRAWAL",
  customer: { id: number; balanceCents: number },
  shopId: number,
  input: CashMovementInput,
  shiftId: number | null,
): Mutation<TransactionDto> {
  const account = { type: "CUSTOMER", id: customer.id } as const;
  const till = { type: "SHOP", id: shopId } as const;
  const { id } = postLedgerEntry(
    tx,
    {
      type,
      amountCents: input.amountCents,
      from: type === "DEPOSIT" ? account : till,
      to: type === "DEPOSIT" ? till : account,
      description: input.description,
      processedBy: actor.userId,
      shiftId,
    },
    now,
  );
  const what = type === "DEPOSIT" ? "deposit" : "withdrawal";
  logMoney(actor.requestId, what, id, input.amountCents, actor.userId);
  return {
    body: getTransaction(tx, id),
    audit: {
      entityType: "TRANSACTION",
      entityId: id,
      before: { balanceCents: customer.balanceCents },
      after: {
        customerId: customer.id,
        shopId,
        shiftId,
        amountCents: input.amountCents,
        description: input.description ?? null,
        balanceCents: findCustomerRow(tx, customer.id)?.balanceCents ?? null,
      },
    },
  };
}

/** Cash handed in at a till: credits the customer's account and the shop's till. */
export function deposit(
  tx: Tx,
  { actor, now }: Op,
  input: CashMovementInput,
  rules: CashRules = {},
): Mutation<TransactionDto> {
  const { customer, shop } = activeParties(tx, input);
  // Minimum age (decision 041), self-exclusion and the daily deposit limit (issue 12);
  // withdrawals never ask.
  assertMayGamble(customer, now, rules.ageRules);
  assertDepositWithinLimits(tx, customer, input.amountCents, now, rules.businessTimeZone);
  const shiftId = cashShift(tx, actor, shop, rules.requireShift ?? false);
  return postCashMovement(tx, { actor, now }, "DEPOSIT", customer, shop.id, input, shiftId);
}

/** Cash paid out of a till: only from a positive balance, never from credit. */
export function withdraw(
  tx: Tx,
  { actor, now }: Op,
  input: CashMovementInput,
  rules: CashRules = {},
): Mutation<TransactionDto> {
  const { customer, shop } = activeParties(tx, input);
  const shiftId = cashShift(tx, actor, shop, rules.requireShift ?? false);
  const check = checkWithdrawal(customer.balanceCents, input.amountCents);
  if (!check.ok) {
    throw check.reason === "EXCEEDS_BALANCE"
      ? refuse("EXCEEDS_BALANCE", {
          balanceCents: customer.balanceCents,
          amountCents: input.amountCents,
        })
      : refuse("NO_POSITIVE_BALANCE", {});
  }
  // Cash never leaves a till that does not hold it: as for a pick-up and a slip (decision 070).
  if (shiftId !== null) {
    const expectedCents = expectedCashCents(tx, shiftId);
    if (input.amountCents > expectedCents) {
      throw refuse("WITHDRAWAL_TILL_SHORT", { amountCents: input.amountCents, expectedCents });
    }
  }
  return postCashMovement(tx, { actor, now }, "WITHDRAWAL", customer, shop.id, input, shiftId);
}

function requireParty(tx: DbOrTx, type: "SHOP" | "USER", id: number): void {
  if (type === "SHOP") {
    if (!findShopRow(tx, id)) throw notFound("Shop");
    return;
  }
  const user = tx.select({ id: users.id }).from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound("User");
}

/** Cash moved between tills, banked by a manager, or a float brought in (admin). */
export function transfer(
  tx: Tx,
  { actor, now }: Op,
  input: TransferInput,
): Mutation<TransactionDto> {
  requireParty(tx, input.fromEntityType, input.fromEntityId);
  requireParty(tx, input.toEntityType, input.toEntityId);
  const { id } = postLedgerEntry(
    tx,
    {
      type: "TRANSFER",
      amountCents: input.amountCents,
      from: { type: input.fromEntityType, id: input.fromEntityId },
      to: { type: input.toEntityType, id: input.toEntityId },
      description: input.description,
      processedBy: actor.userId,
    },
    now,
  );
  logMoney(actor.requestId, "transfer", id, input.amountCents, actor.userId);
  return {
    body: getTransaction(tx, id),
    audit: { entityType: "TRANSACTION", entityId: id, after: input },
  };
}

function logMoney(
  requestId: string,
  op: string,
  transactionId: number,
  amountCents: number,
  userId: number,
) {
  log.info("money", { requestId, op, transactionId, amountCents, userId });
}
