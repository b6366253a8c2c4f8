import { type AnyColumn, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type AppDb, type DbOrTx, prepared, type Tx } from "../../db/client";
import { bets, customers, users } from "../../db/schema";
import {
  DEFAULT_CALLING_CODE,
  looksLikePhone,
  parseCustomerNumber,
  phoneSearchForms,
} from "../../domain/customer-number";
import type { SortKey } from "../../domain/list-query";
import { formatCents } from "../../domain/money";
import type { CreateCustomerInput, UpdateCustomerInput } from "../../domain/schemas";
import { raiseCreditAlert } from "../../lib/alerts";
import { betCountColumns, betCounts } from "../../lib/bet-counts";
import type { Actor } from "../../lib/context";
import { changedKeys, type Mutation, type Op } from "../../lib/endpoint";
import { notFound } from "../../lib/errors";
import type { AgeRules } from "../../lib/http";
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
  listPage,
  prefixQuery,
  type Search,
  startsWith,
} from "../../lib/list-query";
import { refuse } from "../../lib/refusals";
import { assertDateOfBirthOfAge } from "./age";
import { type LimitColumns, limitsDto, stageLimits } from "./limits";

const creator = alias(users, "creator");

const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  dateOfBirth: customers.dateOfBirth,
  balanceCents: customers.balanceCents,
  creditLimitCents: customers.creditLimitCents,
  allowOverdraft: customers.allowOverdraft,
  isActive: customers.isActive,
  createdAt: customers.createdAt,
  createdBy: customers.createdBy,
  creatorUsername: creator.username,
  maxStakeCents: customers.maxStakeCents,
  maxStakePendingCents: customers.maxStakePendingCents,
  maxStakePendingAt: customers.maxStakePendingAt,
  dailyDepositLimitCents: customers.dailyDepositLimitCents,
  dailyDepositLimitPendingCents: customers.dailyDepositLimitPendingCents,
  dailyDepositLimitPendingAt: customers.dailyDepositLimitPendingAt,
  selfExcludedUntil: customers.selfExcludedUntil,
  selfExcludedUntilPending: customers.selfExcludedUntilPending,
  selfExcludedUntilPendingAt: customers.selfExcludedUntilPendingAt,
};

type CustomerRow = LimitColumns & {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  dateOfBirth: string | null;
  balanceCents: number;
  creditLimitCents: number;
  allowOverdraft: boolean;
  isActive: boolean;
  createdAt: number;
  createdBy: number | null;
  creatorUsername: string | null;
};

/** `now`: the limits shown are those in force then (decision 032). */
export function toCustomerDto(row: CustomerRow, now: number) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    dateOfBirth: row.dateOfBirth,
    balance: formatCents(row.balanceCents),
    creditLimit: formatCents(row.creditLimitCents),
    allowOverdraft: row.allowOverdraft,
    isActive: row.isActive,
    createdAt: new Date(row.createdAt).toISOString(),
    createdBy: row.createdBy,
    createdByUser:
      row.createdBy !== null && row.creatorUsername !== null
        ? { id: row.createdBy, username: row.creatorUsername }
        : null,
    ...limitsDto(row, now),
  };
}

export type CustomerDto = ReturnType<typeof toCustomerDto>;

const SORTS: Record<SortKey<"customers">, ListSort> = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  balance: customers.balanceCents,
  creditLimit: customers.creditLimitCents,
  allowOverdraft: customers.allowOverdraft,
  isActive: customers.isActive,
  createdAt: customers.createdAt,
  createdBy: byUsername(creator, customers.createdBy, []),
};

/**
 * The customers whose first or last name STARTS with `q` (a 1-2 character search of the bet
 * and ledger lists, decision 023): `ids`, their ids as a gate for the lists' sources, and
 * `byKey(fk)`, the row test "fk's customer is one of them", looked up by primary key row by
 * row, so a prefix nearly every name has (q=la) finds its page in a few rows without first
 * collecting every such customer.
 */
export function customersNamedFrom(q: string): { ids: SQL; byKey: (fk: AnyColumn) => SQL } {
  const starts = or(startsWith(customers.firstName, q), startsWith(customers.lastName, q));
  return {
    ids: gate(sql`select id from customers where ${starts}`),
    byKey: (fk) =>
      sql`exists (select 1 from ${customers} where ${customers.id} = ${fk} and ${starts})`,
  };
}

/**
 * `column` read as phoneDigits() reads a phone (src/domain/customer-number.ts), in SQL: the
 * same expression drizzle/0027_phone_digits_as_written.sql indexes as
 * customers_fts.phone_digits.
 */
export function phoneDigitsSql(column: AnyColumn | SQL): SQL {
  let d: SQL = sql`${column}`;
  for (const ch of [" ", "-", ".", "/", "(", ")"]) d = sql`replace(${d}, ${ch}, '')`;
  return sql`(case when ${d} like '+%' then '00' || substr(${d}, 2) else ${d} end)`;
}

/**
 * `q` in a customer's name ("first last"), email, phone or address, through customers_fts;
 * also its customer number (`123`, `C123`, `C-000123`) and, typed as a phone, the phone's
 * digits however either was written in the shop's country (`callingCode`, decision 083:
 * `0853401590` finds `+353 85 340 1590`; with 49, `0171 1234567` finds `+49 171 1234567`).
 */
function customerSearch(q: string, callingCode: string): Search {
  const text = customerTextSearch(q);
  const id = parseCustomerNumber(q);
  const forms = looksLikePhone(q) ? phoneSearchForms(q, callingCode).filter(indexable) : [];
  // Without sources (a query the trigram index cannot take) the row test is all there is.
  if (!text.sources) return text;
  const row: SQL[] = [text.row];
  const sources = [...text.sources];
  if (id !== null) {
    row.push(eq(customers.id, id));
    sources.push(sql`select id from customers where ${customers.id} = ${id}`);
  }
  for (const digits of forms) {
    row.push(contains(phoneDigitsSql(customers.phone), digits));
    sources.push(ftsIds("customers_fts", digits, ["phone_digits"]));
  }
  return { row: or(...row) as SQL, sources };
}

/** `q` in the customers' own texts. */
function customerTextSearch(q: string): Search {
  if (prefixQuery(q)) {
    // 1 or 2 characters: a first name, last name, email or phone that STARTS with q, through
    // their b-tree indexes (decision 023; the address has none and is not searched).
    const starts = [customers.firstName, customers.lastName, customers.email, customers.phone].map(
      (column) => startsWith(column, q),
    );
    return {
      row: or(...starts) as SQL,
      sources: starts.map((test) => sql`select id from customers where ${test}`),
    };
  }
  const row = or(
    ...[
      sql`${customers.firstName} || ' ' || ${customers.lastName}`,
      customers.email,
      customers.phone,
      customers.address,
    ].map((text) => contains(text, q)),
  ) as SQL;
  return indexable(q) ? { row, sources: [ftsIds("customers_fts", q)] } : { row };
}

/**
 * The customers list for `query` (its page, and its CSV export's walk). `only`: a
 * customer-role caller's own record, the one row it may list (issue 10).
 */
export function customerListSpec(
  query: ListQuery,
  only: number | null = null,
  callingCode = DEFAULT_CALLING_CODE,
): ListSpec {
  const status = enumFilter("status", query.status, ["ACTIVE", "INACTIVE"] as const);
  const fixed = only !== null ? eq(customers.id, only) : undefined;
  return {
    table: customers,
    id: customers.id,
    filters: status ? eq(customers.isActive, status === "ACTIVE") : undefined,
    fixed,
    search: query.q ? customerSearch(query.q, callingCode) : undefined,
    sorts: SORTS,
    fallback: { key: "createdAt", order: "desc" },
  };
}

/** The customers `ids`, as DTOs in that order. */
export function customersByIds(db: DbOrTx, ids: number[], now: number): CustomerDto[] {
  const rows = ids.length
    ? db
        .select(customerColumns)
        .from(customers)
        .leftJoin(creator, eq(creator.id, customers.createdBy))
        .where(inArray(customers.id, ids))
        .all()
    : [];
  return inIdOrder(ids, rows, (r) => r.id).map((row) => toCustomerDto(row, now));
}

/** `only`: a customer-role caller's own record, the one row it may list (issue 10). */
export function listCustomers(
  db: AppDb,
  query: ListQuery,
  now: number,
  only: number | null = null,
  callingCode = DEFAULT_CALLING_CODE,
) {
  const { ids, total, capped } = listPage(db, query, customerListSpec(query, only, callingCode));
  return { items: customersByIds(db, ids, now), total, capped };
}

/** The customers row by id (a prepared statement: bets and cash movements read it first). */
export function findCustomerRow(db: DbOrTx, id: number) {
  return prepared(db, "customers.by-id", (d) =>
    d
      .select()
      .from(customers)
      .where(eq(customers.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

export function getCustomer(db: DbOrTx, id: number, now: number): CustomerDto {
  const row = db
    .select(customerColumns)
    .from(customers)
    .leftJoin(creator, eq(creator.id, customers.createdBy))
    .where(eq(customers.id, id))
    .get();
  if (!row) throw notFound("Customer");
  return toCustomerDto(row, now);
}

/**
 * Four eyes on risk (issue 10): staff may not allow overdraft nor set a credit limit above
 * STAFF_MAX_CREDIT_LIMIT; an admin may. Only a rise is checked: a value an admin already gave
 * may be kept or lowered (`before` is the stored row; none when creating).
 */
function requireAdminForRisk(
  actor: Actor,
  capCents: number,
  next: { creditLimitCents?: number; allowOverdraft?: boolean },
  before?: { creditLimitCents: number; allowOverdraft: boolean },
): void {
  if (actor.role === "admin") return;
  if (next.allowOverdraft === true && before?.allowOverdraft !== true) {
    throw refuse("ADMIN_FOR_OVERDRAFT", {});
  }
  // Lowering a limit an admin gave reduces the risk: staff may, even if it stays above.
  const limit = next.creditLimitCents;
  const raised = before === undefined || (limit ?? 0) > before.creditLimitCents;
  if (limit !== undefined && limit > capCents && raised) {
    throw refuse("ADMIN_FOR_CREDIT_LIMIT", { capCents });
  }
}

export function createCustomer(
  tx: Tx,
  { actor, now }: Op,
  input: CreateCustomerInput,
  creditLimitCapCents: number,
  ageRules?: AgeRules,
  zone = "UTC",
): Mutation<CustomerDto> {
  requireAdminForRisk(actor, creditLimitCapCents, input);
  assertDateOfBirthOfAge(input.dateOfBirth, now, ageRules);
  const { maxStake, dailyDepositLimit, selfExcludedUntil, ...fields } = input;
  // A new customer has no limits yet: whatever is asked protects more and applies at once.
  const limits = stageLimits(
    NO_LIMITS,
    { maxStake, dailyDepositLimit, selfExcludedUntil },
    actor,
    now,
    zone,
  );
  const row = tx
    .insert(customers)
    .values({ ...fields, ...limits, createdAt: now, createdBy: actor.userId })
    .returning()
    .get();
  return {
    body: getCustomer(tx, row.id, now),
    audit: { entityType: "CUSTOMER", entityId: row.id, after: row },
  };
}

export function updateCustomer(
  tx: Tx,
  { actor, now }: Op,
  id: number,
  input: UpdateCustomerInput,
  creditLimitCapCents: number,
  ageRules?: AgeRules,
  zone = "UTC",
): Mutation<CustomerDto> {
  const before = tx.select().from(customers).where(eq(customers.id, id)).get();
  if (!before) throw notFound("Customer");
  requireAdminForRisk(actor, creditLimitCapCents, input, before);
  // Only a date given now is checked: an edit of the name keeps a record as it was.
  assertDateOfBirthOfAge(input.dateOfBirth, now, ageRules);
  // The parsed input is named like the columns (credit limit in cents); unset fields stay.
  // Limits are staged instead: a loosening waits 24 hours (decision 032).
  const { maxStake, dailyDepositLimit, selfExcludedUntil, ...fields } = input;
  const limits = stageLimits(
    before,
    { maxStake, dailyDepositLimit, selfExcludedUntil },
    actor,
    now,
    zone,
  );
  const set = { ...fields, ...limits };
  // Asking for what the record already holds changes nothing: no write and no audit row
  // whose before equals its after (as a role change or a preference that changes nothing).
  // A staged limit asked again as it stands stages nothing new; one that moves a pending
  // change's time or value is a change.
  if (changedKeys(set, before).length === 0)
    return { body: getCustomer(tx, id, now), unchanged: true };
  const after = tx.update(customers).set(set).where(eq(customers.id, id)).returning().get();
  // A lowered credit limit can leave credit in use beyond it (no ledger move raises that).
  if (after && after.balanceCents < 0 && -after.balanceCents > after.creditLimitCents) {
    raiseCreditAlert(tx, after, now);
  }
  return {
    body: getCustomer(tx, id, now),
    audit: { entityType: "CUSTOMER", entityId: id, before, after },
  };
}

const NO_LIMITS: LimitColumns = {
  maxStakeCents: null,
  maxStakePendingCents: null,
  maxStakePendingAt: null,
  dailyDepositLimitCents: null,
  dailyDepositLimitPendingCents: null,
  dailyDepositLimitPendingAt: null,
  selfExcludedUntil: null,
  selfExcludedUntilPending: null,
  selfExcludedUntilPendingAt: null,
};

/** Bet counts for the customer's Account Summary (computed in SQL, not on the client). */
export function customerBetStats(db: AppDb, id: number, now: number) {
  getCustomer(db, id, now);
  return betCounts(db.select(betCountColumns).from(bets).where(eq(bets.customerId, id)).get());
}
