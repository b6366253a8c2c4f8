/**
 * The books check: every invariant of DESIGN.md section 2, verified over the whole database
 * in SQL (set-based queries on indexed columns, so it scales to millions of rows). Used by
 * GET /api/admin/ledger-check and `bun run verify-ledger`.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AppDb, DbOrTx } from "../db/client";
import { readSnapshot } from "../db/client";
import { betReturns, eachWayOf, formatEachWay, settledReturnCents } from "../domain/each-way";
import type { JobStep } from "../domain/job-steps";
import { formatCents } from "../domain/money";
import { decimalHundredths, formatPrice, priceOf } from "../domain/price";
import {
  deadHeatText,
  formatTerms,
  hasNoTerms,
  parseDeadHeat,
  termsOf,
} from "../domain/settlement-terms";
import { customerLedgerBalancesSql, shopLedgerBalancesSql, tillRowSql } from "./ledger";

export type BooksRule =
  | "customer-balance"
  | "shop-balance"
  | "bet-stake"
  | "bet-payout"
  | "bet-refund"
  | "bet-state"
  | "ledger-row"
  | "reversal";

export interface BooksViolation {
  rule: BooksRule;
  entityType: "CUSTOMER" | "SHOP" | "BET" | "TRANSACTION";
  entityId: number;
  message: string;
}

export interface BooksReport {
  ok: boolean;
  checkedAt: string;
  violations: BooksViolation[];
  /** True when a rule had more than MAX_PER_RULE violations and the rest were left out. */
  truncated: boolean;
}

export const MAX_PER_RULE = 1000;

/** Amounts as the books check has always written them ("€-5.00"), from the integer cents. */
const euro = (cents: number) => `€${formatCents(cents)}`;

/**
 * Rows whose stored balance differs from the ledger's. The grouped ledger drives the join
 * (one pass, then a primary-key lookup each); parties with no ledger row at all are found
 * with two index probes each, and only when their stored balance is not zero.
 */
function driftSql(table: "customers" | "shops", type: "CUSTOMER" | "SHOP", ledger: SQL) {
  const t = sql.raw(table);
  // Only till rows move a shop; every row moves a customer.
  const moves = type === "SHOP" ? sql` and ${tillRowSql("x")}` : sql``;
  return sql`select id, stored, ledger from (
      select p.id as id, p.balance_cents as stored, l.ledger as ledger
        from (${ledger}) l join ${t} p on p.id = l.id
        where p.balance_cents <> l.ledger
      union all
      select p.id, p.balance_cents, 0 from ${t} p
        where p.balance_cents <> 0
          and not exists (select 1 from transactions x where x.status = 'COMPLETED'
            and x.from_entity_type = ${type} and x.from_entity_id = p.id${moves})
          and not exists (select 1 from transactions x where x.status = 'COMPLETED'
            and x.to_entity_type = ${type} and x.to_entity_id = p.id${moves}))
    order by id`;
}

/** Stored balances against the ones recomputed from COMPLETED ledger rows (reversals included). */
function balanceViolations(db: DbOrTx, limit: number): BooksViolation[] {
  const customers = db.all<{ id: number; stored: number; ledger: number }>(
    sql`${driftSql("customers", "CUSTOMER", customerLedgerBalancesSql())} limit ${limit}`,
  );
  const shops = db.all<{ id: number; stored: number; ledger: number }>(
    sql`${driftSql("shops", "SHOP", shopLedgerBalancesSql())} limit ${limit}`,
  );
  return [
    ...customers.map((r) => ({
      rule: "customer-balance" as const,
      entityType: "CUSTOMER" as const,
      entityId: r.id,
      message: `Customer #${r.id} has a stored balance of ${euro(r.stored)} but its ledger gives ${euro(r.ledger)}`,
    })),
    ...shops.map((r) => ({
      rule: "shop-balance" as const,
      entityType: "SHOP" as const,
      entityId: r.id,
      message: `Shop #${r.id} has a stored balance of ${euro(r.stored)} but its ledger gives ${euro(r.ledger)}`,
    })),
  ];
}

/** A dead heat "k/n" as its two numbers (1/1 for none), for the books check's SQL. */
function deadHeatShare(column: string, num: string, den: string): SQL {
  return sql.raw(`coalesce(cast(substr(${column}, 1, instr(${column}, '/') - 1) as integer), 1) as ${num},
      coalesce(cast(substr(${column}, instr(${column}, '/') + 1) as integer), 1) as ${den}`);
}

/**
 * True in SQL when a stored dead heat is not k/n with 1 <= k < n <= 20 in lowest terms, as the
 * API writes it: two numbers below 21 share no factor but 2, 3, 5 or 7.
 */
function notAShare(text: string, num: string, den: string): SQL {
  const common = [2, 3, 5, 7].map((p) => `(${num} % ${p} = 0 and ${den} % ${p} = 0)`).join(" or ");
  return sql.raw(
    `(${num} < 1 or ${num} >= ${den} or ${den} > 20 or ${text} <> ${num} || '/' || ${den} or ${common})`,
  );
}

/**
 * A termed settlement's parts in SQL (decision 084), the same rational as returnCents:
 * unit x k/n x (1 + odds x f x (100 - r)/100), rounded half-up as (2a + b) / 2b.
 */
const UNIT = "(case when ewDen is null then stake else stake / 2 end)";
const TERMED_WIN = sql.raw(`((2 * ${UNIT} * dhwN * (priceNum * (100 - r4) + priceDen * 100)
      + dhwD * priceDen * 100) / (2 * dhwD * priceDen * 100))`);
const TERMED_PLACE =
  sql.raw(`((2 * ${UNIT} * dhpN * (priceNum * (100 - r4) + ewDen * priceDen * 100)
      + dhpD * ewDen * priceDen * 100) / (2 * dhpD * ewDen * priceDen * 100))`);

interface BetRow {
  id: number;
  status: string;
  stake: number;
  potential: number;
  odds: number;
  priceNum: number;
  priceDen: number;
  priceFormat: string | null;
  ewPlaces: number | null;
  /** 1 for a cash bet (no customer; decision 051), whose return moves only once paid. */
  cash: number;
  paid: number;
  ewFraction: string | null;
  /** Dead heats and Rule 4 of the settlement (decision 084), or null. */
  dhWin: string | null;
  dhPlace: string | null;
  rule4: number | null;
  actual: number | null;
  voidReason: string | null;
  resolvedAt: number | null;
  bettingN: number;
  bettingOk: number;
  payoutN: number;
  payoutOk: number;
  refundN: number;
  refundOk: number;
}

/**
 * Each bet against its ledger rows, in one grouped pass over bets joined to their rows by
 * bet_id: one BETTING row of the stake (customer to shop); WON and PLACED (an each-way bet's
 * place part, decision 052) have one PAYOUT of the actual payout, VOID one REFUND of the stake (shop to customer), LOST and PENDING neither. Also the
 * bet's own fields: payout maths and the fields each status implies.
 *
 * A re-settlement (decisions/033) writes the exact opposite of the old PAYOUT or REFUND
 * (parties swapped, `reversal_of` naming it; the reversal rule checks each is exact and
 * single). So PAYOUT and REFUND rows count net: rows less opposites, and matching rows less
 * the opposites of matching rows; a bet re-settled any number of times still needs exactly
 * the one live row its status implies. A bet with no row at all meets the left join's one
 * row of NULLs: the type tests are `is not`, so that row counts as no PAYOUT and no REFUND.
 */
export function betRowsSql(limit: number): SQL {
  return sql`select * from (
    select b.id as id, b.status as status, b.stake_cents as stake,
      b.potential_payout_cents as potential, b.odds_hundredths as odds,
      coalesce(b.price_num, b.odds_hundredths - 100) as priceNum,
      coalesce(b.price_den, 100) as priceDen, b.price_format as priceFormat,
      b.each_way_places as ewPlaces, b.each_way_fraction as ewFraction,
      case b.each_way_fraction when '1/4' then 4 when '1/5' then 5 end as ewDen,
      b.actual_payout_cents as actual, b.void_reason as voidReason, b.resolved_at as resolvedAt,
      b.dead_heat_win as dhWin, b.dead_heat_place as dhPlace, b.rule4_deduction as rule4,
      (b.dead_heat_win is not null or b.dead_heat_place is not null
        or b.rule4_deduction is not null) as termed,
      ${deadHeatShare("b.dead_heat_win", "dhwN", "dhwD")},
      ${deadHeatShare("b.dead_heat_place", "dhpN", "dhpD")},
      coalesce(b.rule4_deduction, 0) as r4,
      b.customer_id is null as cash, b.paid_at is not null as paid,
      coalesce(sum(t.type = 'BETTING'), 0) as bettingN,
      coalesce(sum(t.type = 'BETTING' and t.amount_cents = b.stake_cents
        and t.from_entity_type = (case when b.customer_id is null then 'CASH' else 'CUSTOMER' end) and t.from_entity_id = coalesce(b.customer_id, 0)
        and t.to_entity_type = 'SHOP' and t.to_entity_id = b.shop_id), 0) as bettingOk,
      coalesce(sum(case when t.type is not 'PAYOUT' then 0
        when t.reversal_of is null then 1 else -1 end), 0) as payoutN,
      coalesce(sum(case when t.type <> 'PAYOUT' or t.amount_cents is not b.actual_payout_cents then 0
        when t.reversal_of is null and t.from_entity_type = 'SHOP' and t.from_entity_id = coalesce(ps.shop_id, b.shop_id)
          and t.to_entity_type = (case when b.customer_id is null then 'CASH' else 'CUSTOMER' end) and t.to_entity_id = coalesce(b.customer_id, 0) then 1
        when t.reversal_of is not null and t.from_entity_type = 'CUSTOMER' and t.from_entity_id = b.customer_id
          and t.to_entity_type = 'SHOP' and t.to_entity_id = b.shop_id then -1
        else 0 end), 0) as payoutOk,
      coalesce(sum(case when t.type is not 'REFUND' then 0
        when t.reversal_of is null then 1 else -1 end), 0) as refundN,
      coalesce(sum(case when t.type <> 'REFUND' or t.amount_cents <> b.stake_cents then 0
        when t.reversal_of is null and t.from_entity_type = 'SHOP' and t.from_entity_id = coalesce(ps.shop_id, b.shop_id)
          and t.to_entity_type = (case when b.customer_id is null then 'CASH' else 'CUSTOMER' end) and t.to_entity_id = coalesce(b.customer_id, 0) then 1
        when t.reversal_of is not null and t.from_entity_type = 'CUSTOMER' and t.from_entity_id = b.customer_id
          and t.to_entity_type = 'SHOP' and t.to_entity_id = b.shop_id then -1
        else 0 end), 0) as refundOk
    from bets b
    left join shifts ps on ps.id = b.paid_shift_id
    -- +t.status: the bet's own rows through transactions_bet_idx, never every COMPLETED row
    -- per bet through the status index, which SQLite picks without statistics (minutes).
    left join transactions t on t.bet_id = b.id and +t.status = 'COMPLETED'
    group by b.id)
  where bettingN <> 1 or bettingOk <> 1
    or (status in ('WON', 'PLACED') and (cash = 0 or paid = 1) and (payoutN <> 1 or payoutOk <> 1))
    or ((status not in ('WON', 'PLACED') or (cash = 1 and paid = 0)) and payoutN <> 0)
    or (status = 'VOID' and (cash = 0 or paid = 1) and (refundN <> 1 or refundOk <> 1))
    or ((status <> 'VOID' or (cash = 1 and paid = 0)) and refundN <> 0)
    or (paid = 1 and status not in ('WON', 'PLACED', 'VOID'))
    or (ewDen is null and potential <> (2 * stake * (priceNum + priceDen) + priceDen) / (2 * priceDen))
    or (ewDen is not null and (stake % 2 <> 0 or potential <> (stake * (priceNum + priceDen) + priceDen) / (2 * priceDen)
      + (stake * (priceNum + ewDen * priceDen) + ewDen * priceDen) / (2 * ewDen * priceDen)))
    or (status = 'PLACED' and termed = 0 and (ewDen is null or actual is not
      (stake * (priceNum + ewDen * priceDen) + ewDen * priceDen) / (2 * ewDen * priceDen)))
    or odds <> (200 * (priceNum + priceDen) + priceDen) / (2 * priceDen)
    or (status = 'WON' and termed = 0 and actual is not potential)
    or (termed = 1 and status not in ('WON', 'PLACED'))
    or (dhWin is not null and ${notAShare("dhWin", "dhwN", "dhwD")})
    or (dhPlace is not null and ${notAShare("dhPlace", "dhpN", "dhpD")})
    or (dhPlace is not null and ewDen is null)
    or (dhWin is not null and status <> 'WON')
    or (status = 'PLACED' and termed = 1 and actual is not ${TERMED_PLACE})
    or (status = 'WON' and termed = 1 and actual is not ${TERMED_WIN}
      + (case when ewDen is null then 0 else ${TERMED_PLACE} end))
    or (status = 'LOST' and actual is not 0)
    or (status = 'VOID' and (actual is not null or trim(coalesce(voidReason, '')) = ''))
    or (status = 'PENDING' and (actual is not null or resolvedAt is not null))
    or (status <> 'PENDING' and resolvedAt is null)
  order by id limit ${limit * 5}`;
}

/** Each bet betRowsSql finds, with what is wrong with it in words. */
function betViolations(db: DbOrTx, limit: number): BooksViolation[] {
  const rows = db.all<BetRow>(betRowsSql(limit));
  const out: BooksViolation[] = [];
  const add = (rule: BooksRule, id: number, message: string) =>
    out.push({ rule, entityType: "BET", entityId: id, message });
  for (const b of rows) {
    if (b.bettingN !== 1 || b.bettingOk !== 1) {
      add(
        "bet-stake",
        b.id,
        `Bet #${b.id} should have one BETTING row of its stake ${euro(b.stake)} from its ${b.cash ? "bearer's cash" : "customer"} to its shop; found ${b.bettingN} row(s), ${b.bettingOk} matching`,
      );
    }
    // A cash bet's return is a row only once its slip is paid (decision 051).
    const moved = !b.cash || b.paid === 1;
    const paysOut = b.status === "WON" || b.status === "PLACED";
    const payoutWanted = paysOut && moved ? 1 : 0;
    if (b.payoutN !== payoutWanted || b.payoutOk !== payoutWanted) {
      add(
        "bet-payout",
        b.id,
        paysOut
          ? `${b.status} bet #${b.id} should have one PAYOUT of its actual payout ${euro(b.actual ?? 0)}; found ${b.payoutN} row(s) net of corrections, ${b.payoutOk} matching`
          : `${b.status} ${b.cash ? (b.paid ? "paid " : "unpaid ") : ""}bet #${b.id} should have no PAYOUT; found ${b.payoutN} net of corrections`,
      );
    }
    const refundWanted = b.status === "VOID" && moved ? 1 : 0;
    if (b.refundN !== refundWanted || b.refundOk !== refundWanted) {
      add(
        "bet-refund",
        b.id,
        b.status === "VOID"
          ? `VOID bet #${b.id} should have one REFUND of its stake ${euro(b.stake)}; found ${b.refundN} row(s) net of corrections, ${b.refundOk} matching`
          : `${b.status} ${b.cash ? (b.paid ? "paid " : "unpaid ") : ""}bet #${b.id} should have no REFUND; found ${b.refundN} net of corrections`,
      );
    }
    const state = betStateProblem(b);
    if (state) add("bet-state", b.id, `Bet #${b.id}: ${state}`);
  }
  return out;
}

function betStateProblem(b: BetRow): string | null {
  if (b.paid && !["WON", "PLACED", "VOID"].includes(b.status)) {
    return `${b.status} but its slip is marked paid`;
  }
  // The same return function as placement (decision 048), from the exact price.
  const price = priceOf({
    oddsHundredths: b.odds,
    priceNum: b.priceNum,
    priceDen: b.priceDen,
    priceFormat: b.priceFormat,
  });
  // Each-way (decision 052): the stake is the total, two equal parts, and the potential
  // payout is the win part's return plus the place part's, each rounded on its own.
  const eachWay = eachWayOf({ eachWayPlaces: b.ewPlaces, eachWayFraction: b.ewFraction });
  if (eachWay && b.stake % 2 !== 0) return `each-way stake ${euro(b.stake)} is not two equal parts`;
  const expected = betReturns(b.stake, price, eachWay).potential;
  if (b.potential !== expected) {
    return eachWay
      ? `potential payout ${euro(b.potential)} is not the win and place parts' returns at ${formatPrice(price)} ${formatEachWay(eachWay)} (${euro(expected)})`
      : `potential payout ${euro(b.potential)} is not stake x odds at ${formatPrice(price)} (${euro(expected)})`;
  }
  // Dead heats and Rule 4 (decision 084): only on a paying outcome, a place part's only
  // each-way, a win part's only Won; the payout is the parts' reduced returns.
  const terms = termsOf({
    deadHeatWin: b.dhWin,
    deadHeatPlace: b.dhPlace,
    rule4Deduction: b.rule4,
  });
  const termed = !hasNoTerms(terms);
  // A stored dead heat the API would not write (edited by hand): named, not read as 1/1.
  for (const stored of [b.dhWin, b.dhPlace]) {
    if (stored === null) continue;
    const parsed = parseDeadHeat(stored);
    if (!parsed.ok || deadHeatText(parsed.part) !== stored) {
      return `dead heat "${stored}" is not a share k/n in lowest terms`;
    }
  }
  if (termed && b.status !== "WON" && b.status !== "PLACED") {
    return `${b.status} but settled with ${formatTerms(terms)}`;
  }
  if (b.dhPlace !== null && !eachWay) return "a place dead heat but not an each-way bet";
  if (b.dhWin !== null && b.status !== "WON") return `${b.status} with a win dead heat`;
  const settled = { stakeCents: b.stake, potentialPayoutCents: b.potential, price, eachWay };
  if (b.status === "PLACED") {
    if (!eachWay) return "PLACED but not an each-way bet";
    const place = settledReturnCents(settled, "PLACED", terms);
    if (b.actual !== place) {
      return `PLACED with actual payout ${b.actual === null ? "missing" : euro(b.actual)}, expected the place part ${euro(place)}${termed ? ` after ${formatTerms(terms)}` : ""}`;
    }
  }
  if (b.odds !== decimalHundredths(price)) {
    return `odds ${formatCents(b.odds)} are not the decimal of its price ${formatPrice(price)}`;
  }
  if (b.status === "WON") {
    const won = settledReturnCents(settled, "WON", terms);
    if (b.actual !== won) {
      return `WON with actual payout ${b.actual === null ? "missing" : euro(b.actual)}, expected ${euro(won)}${termed ? ` after ${formatTerms(terms)}` : ""}`;
    }
  }
  if (b.status === "LOST" && b.actual !== 0) return "LOST with an actual payout other than 0.00";
  if (b.status === "VOID" && b.actual !== null) return "VOID with an actual payout";
  if (b.status === "VOID" && !b.voidReason?.trim()) return "VOID without a reason";
  if (b.status === "PENDING" && (b.actual !== null || b.resolvedAt !== null)) {
    return "PENDING but carries a payout or a resolution time";
  }
  if (b.status !== "PENDING" && b.resolvedAt === null)
    return `${b.status} without a resolution time`;
  return null;
}

/**
 * The shape of each ledger row (DESIGN.md section 2's table): which parties each type may
 * move between, bet rows tied to a bet, till rows not, and no row naming a customer or
 * shop that does not exist. A reversal has its original's parties swapped; a PAYOUT or
 * REFUND swapped is a re-settlement's correction (decisions/033).
 */
function ledgerRowViolations(db: DbOrTx, limit: number): BooksViolation[] {
  const rows = db.all<{ id: number; problem: string }>(sql`select id, problem from (
    select t.id as id, case
      when t.type in ('BETTING', 'PAYOUT', 'REFUND') and t.bet_id is null
        then t.type || ' row without a bet'
      when t.type in ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER') and t.bet_id is not null
        then t.type || ' row tied to bet #' || t.bet_id
      when t.type || ':' || t.from_entity_type || '>' || t.to_entity_type || ':' ||
          (t.reversal_of is not null) not in (
        'DEPOSIT:CUSTOMER>SHOP:0', 'DEPOSIT:SHOP>CUSTOMER:1',
        'WITHDRAWAL:SHOP>CUSTOMER:0', 'WITHDRAWAL:CUSTOMER>SHOP:1',
        'BETTING:CUSTOMER>SHOP:0', 'PAYOUT:SHOP>CUSTOMER:0', 'REFUND:SHOP>CUSTOMER:0',
        'BETTING:CASH>SHOP:0', 'PAYOUT:SHOP>CASH:0', 'REFUND:SHOP>CASH:0',
        'PAYOUT:CUSTOMER>SHOP:1', 'REFUND:CUSTOMER>SHOP:1',
        'TRANSFER:SHOP>SHOP:0', 'TRANSFER:SHOP>USER:0', 'TRANSFER:USER>SHOP:0',
        'TRANSFER:SHOP>SHOP:1', 'TRANSFER:SHOP>USER:1', 'TRANSFER:USER>SHOP:1')
        then t.type || ' row from ' || t.from_entity_type || ' to ' || t.to_entity_type ||
          case when t.reversal_of is null then '' else ' (a reversal)' end || ' is not allowed'
      when t.from_entity_type = t.to_entity_type and t.from_entity_id = t.to_entity_id
        then 'moves money from a party to itself'
      when (t.from_entity_type = 'CUSTOMER' and not exists (select 1 from customers c where c.id = t.from_entity_id))
        or (t.to_entity_type = 'CUSTOMER' and not exists (select 1 from customers c where c.id = t.to_entity_id))
        then 'names a customer that does not exist'
      when (t.from_entity_type = 'SHOP' and not exists (select 1 from shops s where s.id = t.from_entity_id))
        or (t.to_entity_type = 'SHOP' and not exists (select 1 from shops s where s.id = t.to_entity_id))
        then 'names a shop that does not exist'
    end as problem
    from transactions t)
  where problem is not null order by id limit ${limit}`);
  return rows.map((r) => ({
    rule: "ledger-row" as const,
    entityType: "TRANSACTION" as const,
    entityId: r.id,
    message: `Transaction #${r.id}: ${r.problem}`,
  }));
}

/**
 * Reversals: each reversal row undoes one archived, reversible, non-reversal original of the
 * same type and amount with the parties swapped; an original is reversed at most once; an
 * archived row has its reversal; a reversal is never archived. A re-settlement's correction
 * (decisions/033) is the same for a PAYOUT or REFUND of the same bet, except that it
 * archives nothing: its original stays as written.
 */
function reversalViolations(db: DbOrTx, limit: number): BooksViolation[] {
  const rows = db.all<{ id: number; problem: string }>(sql`select id, problem from (
    select r.id as id, case
      when o.id is null then 'reverses #' || r.reversal_of || ', which does not exist'
      when o.reversal_of is not null then 'reverses #' || o.id || ', which is itself a reversal'
      when o.type not in ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER', 'PAYOUT', 'REFUND')
        then 'reverses a ' || o.type || ' row'
      when r.type <> o.type or r.amount_cents <> o.amount_cents
        or r.from_entity_type <> o.to_entity_type or r.from_entity_id <> o.to_entity_id
        or r.to_entity_type <> o.from_entity_type or r.to_entity_id <> o.from_entity_id
        or r.bet_id is not o.bet_id
        then 'is not the exact opposite of #' || o.id
      when o.type in ('PAYOUT', 'REFUND') and o.archived_at is not null
        then 'corrects #' || o.id || ', which is archived'
      when o.type not in ('PAYOUT', 'REFUND') and o.archived_at is null
        then 'reverses #' || o.id || ', which is not archived'
      when r.archived_at is not null then 'is a reversal but is archived'
      when (select count(*) from transactions x where x.reversal_of = r.reversal_of) > 1
        then '#' || o.id || ' has been reversed more than once'
    end as problem
    from transactions r left join transactions o on o.id = r.reversal_of
    where r.reversal_of is not null
    union all
    select o.id, 'is archived but has no reversal'
    from transactions o
    where o.archived_at is not null
      and not exists (select 1 from transactions r where r.reversal_of = o.id))
  where problem is not null order by id limit ${limit}`);
  return rows.map((r) => ({
    rule: "reversal" as const,
    entityType: "TRANSACTION" as const,
    entityId: r.id,
    message: `Transaction #${r.id} ${r.problem}`,
  }));
}

/**
 * Told before each step of the check (done of total steps, and what comes next) and once at
 * the end; a background job reports it as progress and may throw from it to cancel.
 */
export type BooksProgress = (done: number, total: number, step: JobStep) => void;

/**
 * The check's steps, in order: one set-based query each, with the job step it shows as
 * (its English is src/lib/job-steps.ts; the web writes it in the reader's language).
 */
const STEPS: [JobStep, (db: DbOrTx, limit: number) => BooksViolation[]][] = [
  [{ code: "books-balances" }, balanceViolations],
  [{ code: "books-bets" }, betViolations],
  [{ code: "books-ledger-rows" }, ledgerRowViolations],
  [{ code: "books-reversals" }, reversalViolations],
];

/** Runs every rule in one read transaction (one consistent snapshot). */
export function checkBooks(
  db: AppDb,
  limit = MAX_PER_RULE,
  onProgress?: BooksProgress,
): BooksReport {
  const violations = readSnapshot(db.$client, () =>
    STEPS.flatMap(([step, rule], i) => {
      onProgress?.(i, STEPS.length, step);
      return rule(db, limit);
    }),
  );
  onProgress?.(STEPS.length, STEPS.length, { code: "done" });
  const perRule = new Map<BooksRule, number>();
  for (const v of violations) perRule.set(v.rule, (perRule.get(v.rule) ?? 0) + 1);
  const truncated = [...perRule.values()].some((n) => n >= limit);
  const kept: BooksViolation[] = [];
  const seen = new Map<BooksRule, number>();
  for (const v of violations) {
    const n = seen.get(v.rule) ?? 0;
    if (n < limit) kept.push(v);
    seen.set(v.rule, n + 1);
  }
  return {
    ok: violations.length === 0,
    checkedAt: new Date().toISOString(),
    violations: kept,
    truncated,
  };
}
