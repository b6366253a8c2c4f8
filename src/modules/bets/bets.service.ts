import { type AnyColumn, and, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { type AppDb, type DbOrTx, prepared, type Tx } from "../../db/client";
import { bets, customers, shops } from "../../db/schema";
import { betReturns, eachWayOf, settledReturnOfBet } from "../../domain/each-way";
import { BET_STATUSES, type BetStatus } from "../../domain/enums";
import { ledgerDescription } from "../../domain/ledger-descriptions";
import type { SortKey } from "../../domain/list-query";
import { checkBetFunds, formatCents } from "../../domain/money";
import { formatPrice } from "../../domain/price";
import type { PlaceBetInput, ResolveBetInput } from "../../domain/schemas";
import { codesMatching, SEARCH_WORDS_DE } from "../../domain/search-words";
import { type SettlementTerms, termsColumns } from "../../domain/settlement-terms";
import { raiseAlert } from "../../lib/alerts";
import type { Mutation, Op } from "../../lib/endpoint";
import { AppError, notFound } from "../../lib/errors";
import type { AgeRules } from "../../lib/http";
import { CASH_PARTY, type LedgerEntry, postLedgerEntry } from "../../lib/ledger";
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
import { assertBetWithinLimits } from "../customers/limits";
import { openShiftRow } from "../shifts/shifts.service";
import { findShopRow } from "../shops/shops.service";
import { type BetDto, betJoins, selectBets, toBetDto } from "./bets.dto";
import { assignSlipCode } from "./slips.service";

const LARGE_STAKE_CENTS = 100_000;
const LARGE_PAYOUT_CENTS = 1_000_000;

const { placer, resolver } = betJoins;

const SORTS: Record<SortKey<"bets">, ListSort> = {
  id: bets.id,
  description: bets.description,
  customer: {
    join: customers,
    joinId: customers.id,
    fk: bets.customerId,
    by: [customers.lastName, customers.firstName],
    within: [bets.createdAt],
    // A cash bet has no customer (decision 051).
    nullable: true,
  },
  shop: {
    join: shops,
    joinId: shops.id,
    fk: bets.shopId,
    by: [shops.name],
    within: [bets.createdAt],
    nullable: false,
  },
  placedBy: byUsername(placer, bets.placedBy, [bets.createdAt]),
  stakeAmount: bets.stakeCents,
  odds: bets.oddsHundredths,
  potentialPayout: bets.potentialPayoutCents,
  status: bets.status,
  resolvedBy: byUsername(resolver, bets.resolvedBy, [bets.createdAt]),
  createdAt: bets.createdAt,
  resolvedAt: bets.resolvedAt,
};

/**
 * `q` in a bet's description, its customer's or shop's name, the username of who placed it
 * or its status, case-insensitively. The description through bets_fts, the names through
 * customers_fts and shops_fts and the bets' customer and shop indexes.
 */
function betSearch(q: string): Search {
  if (prefixQuery(q)) return betPrefixSearch(q);
  const long = indexable(q);
  const like = (text: SQL | AnyColumn) => contains(text, q);
  const statuses = codesMatching(BET_STATUSES, SEARCH_WORDS_DE.bet, q);
  const staff = staffNamed(q);
  /** The row test, given how a customer's and a shop's name are tested. */
  const rowTest = (customer: SQL, shop: SQL) =>
    or(
      like(bets.description),
      statuses.length ? inArray(bets.status, statuses) : undefined,
      customer,
      shop,
      sql`${bets.placedBy} in (${staff})`,
    ) as SQL;
  const row = rowTest(
    linkedLike(bets.customerId, "customers", "j.first_name || ' ' || j.last_name", q, long),
    linkedLike(bets.shopId, "shops", "j.name", q, long),
  );
  if (!long) return { row };
  const byCustomer = gate(ftsIds("customers_fts", q, ["name"]));
  const byShop = ftsIds("shops_fts", q, ["name"]);
  const ofCustomers = sql`select id from bets where customer_id in (${byCustomer})`;
  return {
    row,
    indexedRow: rowTest(
      sql`${bets.customerId} in (${byCustomer})`,
      sql`${bets.shopId} in (${byShop})`,
    ),
    gates: [byCustomer],
    links: [{ fk: bets.customerId, ids: byCustomer, source: ofCustomers }],
    sources: [
      ftsIds("bets_fts", q),
      ofCustomers,
      sql`select id from bets where shop_id in (${byShop})`,
      sql`select id from bets where placed_by in (${staff})`,
      ...(statuses.length
        ? [sql`select id from bets where ${inArray(bets.status, statuses)}`]
        : []),
    ],
  };
}

/**
 * A query of 1 or 2 characters (too short for the trigram indexes): a bet whose description,
 * customer's first or last name, shop's name, placer's username or status STARTS with q,
 * each found through a b-tree index (decision 023).
 */
function betPrefixSearch(q: string): Search {
  const statuses = codesMatching(BET_STATUSES, SEARCH_WORDS_DE.bet, q, "prefix");
  const staff = staffNamed(q, true);
  const named = customersNamedFrom(q);
  const shopNames = sql`select id from shops where ${startsWith(shops.name, q)}`;
  const byCustomer = named.ids;
  const ofCustomers = sql`select id from bets where customer_id in (${byCustomer})`;
  const status = statuses.length ? inArray(bets.status, statuses) : undefined;
  const rowTest = (customer: SQL) =>
    or(
      startsWith(bets.description, q),
      status,
      customer,
      sql`${bets.shopId} in (${shopNames})`,
      sql`${bets.placedBy} in (${staff})`,
    ) as SQL;
  return {
    row: rowTest(named.byKey(bets.customerId)),
    indexedRow: rowTest(sql`${bets.customerId} in (${byCustomer})`),
    gates: [byCustomer],
    links: [{ fk: bets.customerId, ids: byCustomer, source: ofCustomers }],
    sources: [
      sql`select id from bets where ${startsWith(bets.description, q)}`,
      ofCustomers,
      sql`select id from bets where shop_id in (${shopNames})`,
      sql`select id from bets where placed_by in (${staff})`,
      ...(status ? [sql`select id from bets where ${status}`] : []),
    ],
  };
}

/** The bets list for `query` (its page, and its CSV export's walk). */
export function betListSpec(query: ListQuery): ListSpec {
  const status = enumFilter("status", query.status, BET_STATUSES);
  const fixed = and(
    query.customerId ? eq(bets.customerId, query.customerId) : undefined,
    query.shopId ? eq(bets.shopId, query.shopId) : undefined,
  );
  const filters = and(
    ...([
      status ? eq(bets.status, status) : undefined,
      query.from !== undefined ? gte(bets.createdAt, query.from) : undefined,
      query.to !== undefined ? lt(bets.createdAt, query.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  return {
    table: bets,
    id: bets.id,
    filters,
    fixed,
    search: query.q ? orNumber(betSearch(query.q), query.q, bets, bets.id) : undefined,
    sorts: SORTS,
    fallback: { key: "createdAt", order: "desc" },
  };
}

/** The bets `ids`, as DTOs in that order. */
export function betsByIds(db: DbOrTx, ids: number[]): BetDto[] {
  const rows = ids.length ? selectBets(db).where(inArray(bets.id, ids)).all() : [];
  return inIdOrder(ids, rows, (r) => r.bet.id).map(toBetDto);
}

export function listBets(db: AppDb, query: ListQuery) {
  const { ids, total, capped } = listPage(db, query, betListSpec(query));
  return { items: betsByIds(db, ids), total, capped };
}

export function getBet(db: DbOrTx, id: number): BetDto {
  const row = selectBets(db).where(eq(bets.id, id)).get();
  if (!row) throw notFound("Bet");
  return toBetDto(row);
}

/** What a settlement says about a dead heat and Rule 4 (decision 084): the request's terms. */
export type SettlementInput = Pick<ResolveBetInput, "status" | "voidReason"> &
  Partial<Pick<ResolveBetInput, "deadHeat" | "rule4Deduction">>;

/** The terms a settlement request carries (none when absent). */
export function termsOfInput(input: SettlementInput): SettlementTerms {
  return { deadHeat: input.deadHeat ?? null, rule4Deduction: input.rule4Deduction ?? null };
}

/**
 * PLACED is the place part of an each-way bet winning alone (decision 052); only an each-way
 * bet has a place part to dead-heat (decision 084).
 */
export function assertSettlableAs(bet: typeof bets.$inferSelect, input: SettlementInput): void {
  if (input.status === "PLACED" && eachWayOf(bet) === null) {
    throw refuse("NOT_EACH_WAY", {});
  }
  if (input.deadHeat?.place && eachWayOf(bet) === null) {
    throw refuse("NOT_EACH_WAY_PLACE", {});
  }
}

/**
 * What settling `bet` as `input.status` writes: its ledger row (a PAYOUT of the potential
 * payout for WON, of the place part for PLACED, a REFUND of the stake for VOID, none for
 * LOST) and the bet's new fields.
 * A first settlement and a re-settlement (src/modules/admin/resettle.service.ts) alike;
 * `resettledFrom` (the outcome it replaces) ends the row's description (" (re-settled from
 * WON)", src/domain/ledger-descriptions.ts).
 */
export function settlementOf(
  bet: typeof bets.$inferSelect,
  input: SettlementInput,
  resolvedBy: number,
  now: number,
  resettledFrom: BetStatus | null = null,
): { entry: LedgerEntry | null; set: Partial<typeof bets.$inferInsert> } {
  // A cash bet has no account: its return moves when its slip is paid at a till
  // (POST /api/slips/{code}/pay, decision 051), so settling it writes no ledger row.
  const customer = { type: "CUSTOMER" as const, id: bet.customerId ?? 0 };
  const shop = { type: "SHOP" as const, id: bet.shopId };
  const row = { from: shop, to: customer, betId: bet.id, processedBy: resolvedBy };
  assertSettlableAs(bet, input);
  // WON: both parts of an each-way bet; PLACED: its place part (src/domain/each-way.ts),
  // less a dead heat's share and a Rule 4 deduction (decision 084).
  const terms = termsOfInput(input);
  const returned = settledReturnOfBet(bet, input.status, terms);
  // A dead heat can leave less than half a cent (EUR 0.01 at evens shared by five): a PAYOUT
  // of nothing is no row, so such a settlement is a loser, and the cashier says so.
  if ((input.status === "WON" || input.status === "PLACED") && returned === 0) {
    throw refuse("SETTLEMENT_PAYS_NOTHING", {});
  }
  const entry: LedgerEntry | null =
    bet.customerId === null
      ? null
      : input.status === "WON" || input.status === "PLACED"
        ? {
            ...row,
            type: "PAYOUT",
            amountCents: returned,
            description: payoutDescription(bet.id, input.status, resettledFrom),
          }
        : input.status === "VOID"
          ? {
              ...row,
              type: "REFUND",
              amountCents: bet.stakeCents,
              description:
                resettledFrom === null
                  ? ledgerDescription("REFUND", { betId: bet.id })
                  : ledgerDescription("REFUND_RESETTLED", { betId: bet.id, from: resettledFrom }),
            }
          : null;
  const set = {
    status: input.status,
    outcome: input.status,
    actualPayoutCents: input.status === "VOID" ? null : returned,
    voidReason: input.status === "VOID" ? input.voidReason : null,
    ...termsColumns(terms),
    resolvedBy,
    resolvedAt: now,
  };
  return { entry, set };
}

/**
 * A PAYOUT row's words: a first settlement's, a re-settlement's from another outcome, or
 * (decision 084) the same outcome's on new terms.
 */
function payoutDescription(betId: number, status: BetStatus, resettledFrom: BetStatus | null) {
  if (resettledFrom === null) return ledgerDescription("PAYOUT", { betId });
  if (resettledFrom === status) return ledgerDescription("PAYOUT_TERMS", { betId, from: status });
  return ledgerDescription("PAYOUT_RESETTLED", { betId, from: resettledFrom });
}

/** Settles a PENDING bet inside the caller's transaction, writing its ledger row. */
function settle(
  tx: Tx,
  { actor, now }: Op,
  bet: typeof bets.$inferSelect,
  input: SettlementInput,
): typeof bets.$inferSelect {
  if (bet.status !== "PENDING") {
    throw refuse("BET_NOT_PENDING", { status: bet.status });
  }
  const outcome = settlementOf(bet, input, actor.userId, now);
  if (outcome.entry) postLedgerEntry(tx, outcome.entry, now);
  const after = tx
    .update(bets)
    .set(outcome.set)
    .where(and(eq(bets.id, bet.id), eq(bets.status, "PENDING")))
    .returning()
    .get();
  if (!after) {
    // Settled meanwhile (the write transaction makes it unlikely): said as the check above.
    const held = tx.select({ status: bets.status }).from(bets).where(eq(bets.id, bet.id)).get();
    throw refuse("BET_NOT_PENDING", { status: held?.status ?? bet.status });
  }
  log.info("money", {
    requestId: actor.requestId,
    op: "bet.resolve",
    betId: bet.id,
    status: input.status,
    userId: actor.userId,
  });
  return after;
}

/** Who a bet is taken from: a customer's account, or cash into a shift's till. */
type Bettor =
  | { payment: "account"; customer: NonNullable<ReturnType<typeof findCustomerRow>> }
  | { payment: "cash"; shiftId: number };

/** The settings placing a bet reads (Deps). */
export interface PlaceBetRules {
  ageRules?: AgeRules;
  /** CASH_BET_MAX_STAKE in cents: above it a cash bet needs an admin (absent: no cap). */
  cashBetMaxStakeCents?: number;
  /** BUSINESS_TIMEZONE: a self-exclusion's end is told in it (decision 062); absent, UTC. */
  businessTimeZone?: string;
}

/**
 * An account bet's customer, checked: active, old enough, not self-excluded and within its
 * maximum stake (SPEC; issues 12 and 20). Its funds are checked once the shop is known.
 */
function accountBettor(tx: Tx, op: Op, input: PlaceBetInput, rules: PlaceBetRules): Bettor {
  if (input.customerId === null) throw new AppError("VALIDATION", "Customer is required");
  const customer = findCustomerRow(tx, input.customerId);
  if (!customer) throw notFound("Customer");
  if (!customer.isActive) throw refuse("CUSTOMER_INACTIVE_FOR_BETS", {});
  // Minimum age (issue 20, decision 041), self-exclusion and maximum stake (issue 12),
  // from the row already loaded.
  assertMayGamble(customer, op.now, rules.ageRules);
  assertBetWithinLimits(customer, input.stakeCents, op.now, rules.businessTimeZone);
  return { payment: "account", customer };
}

/** The SPEC's funds rule: balance + credit limit (or overdraft, or an admin's overcredit). */
function assertFunds(
  customer: NonNullable<ReturnType<typeof findCustomerRow>>,
  input: PlaceBetInput,
): void {
  const funds = checkBetFunds({
    stakeCents: input.stakeCents,
    balanceCents: customer.balanceCents,
    creditLimitCents: customer.creditLimitCents,
    allowOverdraft: customer.allowOverdraft,
    overcredit: input.allowOvercredit,
  });
  if (!funds.ok) {
    throw refuse("INSUFFICIENT_FUNDS", {
      balanceCents: customer.balanceCents,
      creditLimitCents: customer.creditLimitCents,
      availableCents: funds.availableCents,
      stakeCents: input.stakeCents,
    });
  }
}

/**
 * A cash bet (issue 21 item 1, decision 051): no customer, so no funds, credit, limits or
 * self-exclusion; the stake goes into the till of the acting user's open shift, whose shop
 * the bet belongs to. Above CASH_BET_MAX_STAKE only an admin may take it.
 */
function cashBettor(
  tx: Tx,
  op: Op,
  input: PlaceBetInput,
  rules: PlaceBetRules,
): Extract<Bettor, { payment: "cash" }> & { shopId: number } {
  if (input.allowOvercredit) {
    throw new AppError("VALIDATION", "A cash bet has no account to allow overcredit on", {
      allowOvercredit: "Not for a cash bet",
    });
  }
  const max = rules.cashBetMaxStakeCents;
  if (max !== undefined && input.stakeCents > max && op.actor.role !== "admin") {
    throw refuse("ADMIN_FOR_CASH_BET", { maxStakeCents: max });
  }
  // The slip is cash in a person's till: an API token has none (decision 078).
  if (op.actor.tokenId !== undefined) throw refuse("TOKEN_NO_TILL", {});
  const shift = openShiftRow(tx, op.actor.userId);
  if (!shift) {
    throw refuse("SHIFT_REQUIRED", {});
  }
  if (input.shopId !== null && input.shopId !== shift.shopId) {
    throw refuse("SHIFT_AT_OTHER_SHOP", { shiftShop: shift.shopName ?? `shop #${shift.shopId}` });
  }
  return { payment: "cash", shiftId: shift.id, shopId: shift.shopId };
}

/** Places a bet inside the endpoint's write transaction; an outcome settles it at once. */
export function placeBet(
  tx: Tx,
  op: Op,
  input: PlaceBetInput,
  rules: PlaceBetRules = {},
): Mutation<BetDto> {
  const { actor, now } = op;
  if (input.allowOvercredit && actor.role !== "admin") {
    throw refuse("ADMIN_FOR_OVERCREDIT", {});
  }
  // Four eyes (issue 10): a bet placed already settled is a settlement; staff place PENDING.
  if (input.outcome !== "PENDING" && actor.role !== "admin") {
    throw refuse("ADMIN_FOR_OUTCOME", {});
  }
  // From the exact price (decision 048): 8.00 at 11/8 is 19.00, not 8.00 x 2.38 = 19.04.
  // Each-way (decision 052): input.stakeCents is already the total (twice the unit), and
  // the potential payout is the win part's return plus the place part's.
  const potential = betReturns(input.stakeCents, input.price, input.eachWay).potential;
  if (input.potentialPayoutCents !== undefined && input.potentialPayoutCents !== potential) {
    throw new AppError(
      "VALIDATION",
      `Potential payout must equal ${input.eachWay ? "the win and place parts' returns" : "stake x odds"} at ${formatPrice(input.price)} (${formatCents(potential)})`,
      { potentialPayout: `Expected ${formatCents(potential)}` },
    );
  }
  {
    const cash = input.payment === "cash" ? cashBettor(tx, op, input, rules) : null;
    const bettor = cash ?? accountBettor(tx, op, input, rules);
    const customer = bettor.payment === "account" ? bettor.customer : null;
    const shop = findShopRow(tx, cash ? cash.shopId : (input.shopId ?? 0));
    if (!shop) throw notFound("Shop");
    if (!shop.isActive) throw refuse("SHOP_INACTIVE_FOR_BETS", {});
    if (customer) assertFunds(customer, input);
    // A prepared insert: building this statement anew cost more than running it (issue 11).
    const bet = prepared(tx, "bets.insert", (db) =>
      db
        .insert(bets)
        .values({
          description: sql.placeholder("description"),
          customerId: sql.placeholder("customerId"),
          shopId: sql.placeholder("shopId"),
          payment: sql.placeholder("payment"),
          shiftId: sql.placeholder("shiftId"),
          eachWayPlaces: sql.placeholder("eachWayPlaces"),
          eachWayFraction: sql.placeholder("eachWayFraction"),
          stakeCents: sql.placeholder("stakeCents"),
          oddsHundredths: sql.placeholder("oddsHundredths"),
          priceNum: sql.placeholder("priceNum"),
          priceDen: sql.placeholder("priceDen"),
          priceFormat: sql.placeholder("priceFormat"),
          potentialPayoutCents: sql.placeholder("potentialPayoutCents"),
          allowOvercredit: sql.placeholder("allowOvercredit"),
          outcome: "PENDING",
          status: "PENDING",
          placedBy: sql.placeholder("placedBy"),
          createdAt: sql.placeholder("createdAt"),
        })
        .returning()
        .prepare(),
    ).get({
      description: input.description,
      customerId: customer?.id ?? null,
      shopId: shop.id,
      payment: bettor.payment,
      shiftId: cash?.shiftId ?? null,
      eachWayPlaces: input.eachWay?.places ?? null,
      eachWayFraction: input.eachWay?.fraction ?? null,
      stakeCents: input.stakeCents,
      oddsHundredths: input.oddsHundredths,
      priceNum: input.price.num,
      priceDen: input.price.den,
      priceFormat: input.price.format,
      potentialPayoutCents: potential,
      allowOvercredit: input.allowOvercredit,
      placedBy: actor.userId,
      createdAt: now,
    }) as typeof bets.$inferSelect;
    // Its slip's verification code (issue 12, decision 031), needing the id just given.
    bet.slipCode = assignSlipCode(tx, bet);
    postLedgerEntry(
      tx,
      {
        type: "BETTING",
        amountCents: input.stakeCents,
        // A cash stake is cash into the shift's till (decision 051): CASH -> SHOP moves it.
        from: customer ? { type: "CUSTOMER", id: customer.id } : CASH_PARTY,
        to: { type: "SHOP", id: shop.id },
        description: ledgerDescription("STAKE", {
          betId: bet.id,
          betDescription: input.description,
        }),
        betId: bet.id,
        processedBy: actor.userId,
        shiftId: cash?.shiftId ?? null,
      },
      now,
    );
    if (input.stakeCents >= LARGE_STAKE_CENTS || potential >= LARGE_PAYOUT_CENTS) {
      raiseAlert(
        tx,
        {
          type: "warning",
          category: "operations",
          code: "LARGE_BET",
          params: {
            betId: bet.id,
            customer: customer ? `${customer.firstName} ${customer.lastName}` : null,
            stakeCents: input.stakeCents,
            potentialPayoutCents: potential,
          },
          dedupeKey: `large-bet:${bet.id}`,
        },
        now,
      );
    }
    const final =
      input.outcome === "PENDING"
        ? bet
        : settle(tx, op, bet, {
            status: input.outcome,
            voidReason: input.voidReason,
            deadHeat: input.deadHeat,
            rule4Deduction: input.rule4Deduction,
          });
    log.info("money", {
      requestId: actor.requestId,
      op: "bet.place",
      betId: bet.id,
      payment: bettor.payment,
      stakeCents: input.stakeCents,
      userId: actor.userId,
    });
    // Everything the DTO embeds is already at hand: no second, joined read on the hot path.
    // Under an API token the actor's name is the token's (`token:<name>#<id>`, decision 082)
    // while the bet is its admin's: that bet is read as every read answers it, so the 201
    // (and its idempotent replay) equals GET /api/bets/{id}.
    const body =
      actor.tokenId === undefined
        ? toBetDto({
            bet: final,
            customerFirstName: customer?.firstName ?? null,
            customerLastName: customer?.lastName ?? null,
            shopName: shop.name,
            placerUsername: actor.username,
            resolverUsername: final.resolvedBy === null ? null : actor.username,
          })
        : getBet(tx, bet.id);
    return { body, audit: { entityType: "BET", entityId: bet.id, after: final } };
  }
}

/** Settles a pending bet; staff may not settle Won a bet paying LARGE_AMOUNT or more. */
export function resolveBet(
  tx: Tx,
  op: Op,
  id: number,
  input: ResolveBetInput,
  largeAmountCents: number,
): Mutation<BetDto> {
  const bet = tx.select().from(bets).where(eq(bets.id, id)).get();
  if (!bet) throw notFound("Bet");
  // PLACED pays the place part (decision 052): the same four eyes from LARGE_AMOUNT.
  if (
    (input.status === "WON" || input.status === "PLACED") &&
    settledReturnOfBet(bet, input.status, termsOfInput(input)) >= largeAmountCents &&
    op.actor.role !== "admin"
  ) {
    throw refuse("ADMIN_FOR_LARGE_SETTLEMENT", { largeAmountCents });
  }
  const after = settle(tx, op, bet, input);
  return {
    body: getBet(tx, id),
    // The SPEC's optional `result` is no column of the bet: its audit row keeps it.
    audit: {
      entityType: "BET",
      entityId: id,
      before: bet,
      after: input.result ? { ...after, result: input.result } : after,
    },
  };
}
