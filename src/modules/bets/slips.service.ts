/**
 * Bet slips (issue 12, decision 031). Every bet carries a verification code: an HMAC-SHA256
 * over its id, stake, odds and time, keyed with the database's own secret (`app_secrets`,
 * made once by drizzle/0009_slips.sql), written as 10 characters of SLIP_ALPHABET. The code
 * is stored on the bet (`bets.slip_code`, unique index) when it is placed, so a code finds its
 * bet by one index seek; the finder then recomputes the code from the bet as it is now, so a
 * bet whose id, stake, odds or time changed no longer matches the slip printed for it.
 */
import type { Database } from "bun:sqlite";
import { createHmac } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type AppDb, type DbOrTx, prepared, type Tx, writeTx } from "../../db/client";
import { appSecrets, bets, customers, shops, users } from "../../db/schema";
import type { SlipDto } from "../../domain/dto";
import { stakeFieldsOf } from "../../domain/each-way";
import { ledgerDescription } from "../../domain/ledger-descriptions";
import { formatCents } from "../../domain/money";
import { formatPrice, priceOf } from "../../domain/price";
import { termsOf } from "../../domain/settlement-terms";
import { SLIP_ALPHABET, SLIP_CODE_LENGTH } from "../../domain/slip-code";
import { backoffDelayMs, DEFAULT_BACKOFF } from "../../lib/backoff";
import type { Mutation, Op } from "../../lib/endpoint";
import { AppError, messageOf, notFound } from "../../lib/errors";
import { CASH_PARTY, postLedgerEntry } from "../../lib/ledger";
import { log } from "../../lib/logger";
import { refuse } from "../../lib/refusals";
import { expectedCashCents, openShiftRow } from "../shifts/shifts.service";
import { type BetDto, paidCents, paidOf, selectBets, selectPaidBets, toBetDto } from "./bets.dto";

type BetJoined = NonNullable<ReturnType<ReturnType<typeof selectBets>["get"]>>;

/** What a code is derived from. */
export interface SlipFacts {
  id: number;
  stakeCents: number;
  oddsHundredths: number;
  createdAt: number;
  /** A fractional price (decision 048) is part of the facts; a decimal is its oddsHundredths. */
  priceNum?: number | null;
  priceDen?: number | null;
  priceFormat?: string | null;
  /** Each-way terms (decision 052) are part of the facts: they change what the slip pays. */
  eachWayPlaces?: number | null;
  eachWayFraction?: string | null;
}

/**
 * Two bets whose codes collide (31^10 codes: odds of a few in 10,000 over a million bets)
 * cannot share the unique index: the later one takes the next variant (the HMAC over its facts
 * and the variant number). A code matches its bet when it equals one of these.
 */
const VARIANTS = 4;

const BASE = BigInt(SLIP_ALPHABET.length);

/** The code of `bet` under `key` (the secret's bytes); `variant` only after a collision. */
export function computeSlipCode(key: Uint8Array, bet: SlipFacts, variant = 0): string {
  // A fraction adds n/d: 11/8 and 138/100 share the decimal 2.38 but not the payout. Decimal
  // prices (every bet from before migration 0019) keep the facts, so their codes still match.
  const price =
    bet.priceFormat === "fractional" ? `|${bet.priceNum ?? ""}/${bet.priceDen ?? ""}` : "";
  // Each-way terms follow; a win-only bet keeps the facts it had.
  const eachWay = bet.eachWayPlaces ? `|ew${bet.eachWayPlaces}:${bet.eachWayFraction ?? ""}` : "";
  const facts = `${bet.id}|${bet.stakeCents}|${bet.oddsHundredths}|${bet.createdAt}${price}${eachWay}`;
  const digest = createHmac("sha256", key)
    .update(variant === 0 ? facts : `${facts}|${variant}`)
    .digest();
  // 64 bits in base 31: 10 digits use 50 of them, with a bias far below anything countable.
  let n = digest.readBigUInt64BE(0);
  let code = "";
  for (let i = 0; i < SLIP_CODE_LENGTH; i++) {
    code += SLIP_ALPHABET[Number(n % BASE)];
    n /= BASE;
  }
  return code;
}

/** Whether `code` is the code of `bet` as it is now. */
export function slipCodeMatches(key: Uint8Array, bet: SlipFacts, code: string): boolean {
  for (let variant = 0; variant < VARIANTS; variant++) {
    if (computeSlipCode(key, bet, variant) === code) return true;
  }
  return false;
}

function keyOf(hex: string | undefined): Buffer {
  if (!hex) throw new Error("app_secrets holds no slip secret (drizzle/0009_slips.sql)");
  return Buffer.from(hex, "hex");
}

/** The secret as a script with a plain connection reads it (bench/seed-large.ts). */
export function readSlipKey(sqlite: Database): Buffer {
  const row = sqlite.query("select value from app_secrets where name = 'slip'").get() as {
    value: string;
  } | null;
  return keyOf(row?.value);
}

/** Read once per connection (a transaction shares its database's session), never per bet. */
const keys = new WeakMap<object, Buffer>();

export function slipKey(db: DbOrTx): Buffer {
  const session = (db as unknown as { session: object }).session;
  let key = keys.get(session);
  if (!key) {
    const row = db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, "slip"))
      .get();
    key = keyOf(row?.value);
    keys.set(session, key);
  }
  return key;
}

function isCodeTaken(err: unknown): boolean {
  const text = `${messageOf(err)} ${messageOf((err as { cause?: unknown })?.cause ?? "")}`;
  return text.includes("UNIQUE constraint failed: bets.slip_code");
}

/**
 * Gives `bet` its code inside the caller's write transaction (placeBet, the backfill) and
 * returns it. A code another bet already holds fails only this statement; the next variant
 * is tried.
 */
export function assignSlipCode(tx: Tx, bet: SlipFacts): string {
  const key = slipKey(tx);
  const update = prepared(tx, "bets.slipCode", (db) =>
    db
      .update(bets)
      .set({ slipCode: sql.placeholder("code") as unknown as string })
      .where(eq(bets.id, sql.placeholder("id")))
      .prepare(),
  );
  for (let variant = 0; variant < VARIANTS; variant++) {
    const code = computeSlipCode(key, bet, variant);
    try {
      update.run({ code, id: bet.id });
      return code;
    } catch (err) {
      if (!isCodeTaken(err)) throw err;
    }
  }
  throw new Error(`No free slip code for bet #${bet.id}`);
}

/** The bet with what its slip shows. */
function slipRow(db: DbOrTx) {
  return (
    selectPaidBets(db, {
      bet: bets,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      shopName: shops.name,
      shopLocation: shops.location,
      shopAddress: shops.address,
      shopPhone: shops.phone,
      staff: users.username,
    })
      // A cash bet has no customer (decision 051): the slip is the bearer's claim.
      .leftJoin(customers, eq(customers.id, bets.customerId))
      .innerJoin(shops, eq(shops.id, bets.shopId))
      .leftJoin(users, eq(users.id, bets.placedBy))
  );
}

type SlipRow = NonNullable<ReturnType<ReturnType<typeof slipRow>["get"]>>;

function toSlipDto(row: SlipRow, code: string): SlipDto {
  const b = row.bet;
  return {
    betId: b.id,
    code,
    shop: {
      id: b.shopId,
      name: row.shopName,
      location: row.shopLocation,
      address: row.shopAddress,
      phone: row.shopPhone,
    },
    customer:
      b.customerId === null || row.customerFirstName === null
        ? null
        : {
            id: b.customerId,
            firstName: row.customerFirstName,
            lastName: row.customerLastName ?? "",
          },
    payment: b.payment,
    actualPayout: b.actualPayoutCents === null ? null : formatCents(b.actualPayoutCents),
    ...termsOf(b),
    resolvedAt: b.resolvedAt === null ? null : new Date(b.resolvedAt).toISOString(),
    paid: paidOf(b, row),
    description: b.description,
    // Each-way (decision 052): the terms, the unit stake and the total.
    ...stakeFieldsOf(b),
    odds: formatCents(b.oddsHundredths),
    // The price as taken (decision 048): a slip never follows the viewer's format.
    price: formatPrice(priceOf(b)),
    potentialPayout: formatCents(b.potentialPayoutCents),
    status: b.status,
    placedAt: new Date(b.createdAt).toISOString(),
    staff: row.staff,
  };
}

/**
 * The code a bet placed before slips existed will get from the backfill: the first variant no
 * other bet holds (a read: a GET never writes).
 */
function pendingCode(db: DbOrTx, bet: SlipFacts): string {
  const key = slipKey(db);
  for (let variant = 0; variant < VARIANTS; variant++) {
    const code = computeSlipCode(key, bet, variant);
    const holder = db.select({ id: bets.id }).from(bets).where(eq(bets.slipCode, code)).get();
    if (!holder) return code;
  }
  throw new Error(`No free slip code for bet #${bet.id}`);
}

/** GET /api/bets/{id}/slip: the caller's access to the bet is checked by the endpoint. */
export function getSlip(db: DbOrTx, id: number): SlipDto {
  const row = slipRow(db).where(eq(bets.id, id)).get();
  if (!row) throw notFound("Bet");
  return toSlipDto(row, row.bet.slipCode ?? pendingCode(db, row.bet));
}

/**
 * GET /api/slips/{code} (`code` already normalised): the bet holding the code, if the code
 * is still that bet's as it is now; otherwise "Slip not found", exactly as for a code no bet
 * holds, so a changed bet tells nothing about its slip.
 */
export function findSlip(db: DbOrTx, code: string): SlipDto {
  const row = slipRow(db).where(eq(bets.slipCode, code)).get();
  if (!row || !slipCodeMatches(slipKey(db), row.bet, code)) throw notFound("Slip");
  return toSlipDto(row, code);
}

/** A paid slip's refusal: how much, when, where and by whom (SLIP_ALREADY_PAID). */
function alreadyPaid(row: SlipRow, zone: string): AppError {
  const bet = row.bet;
  const paid = paidOf(bet, row);
  const paidBy = paid?.by?.username;
  return refuse("SLIP_ALREADY_PAID", {
    amountCents: paidCents(bet),
    paidAt: new Date(bet.paidAt ?? 0).toISOString(),
    zone,
    shop: paid?.shop.name || `shop #${paid?.shop.id}`,
    ...(paidBy === undefined ? {} : { paidBy }),
  });
}

/** What POST /api/slips/{code}/pay answers (slipPaymentDto). */
export interface SlipPayment {
  bet: BetDto;
  amount: string;
  paidAt: string;
  paidBy: { id: number; username: string };
  shiftId: number;
  shop: { id: number; name: string };
  transactionId: number;
}

/**
 * POST /api/slips/{code}/pay (issue 21 item 2, decision 051): pays a settled cash bet's
 * return (WON, PLACED: its payout; VOID: its stake) from the till of the acting user's open
 * shift, in one write transaction with its ledger row (SHOP -> CASH) and the bet marked paid.
 * Once only: a paid slip is 409 naming when, where and by whom; the update is conditional on
 * the slip being unpaid, so two payments racing for one slip pay once. Never more than the
 * till should hold (422 TILL_SHORT, decision 070): as a pick-up, a payment cannot hand over
 * cash that is not there; the cashier tops the till up from the safe first.
 */
export function paySlip(
  tx: Tx,
  { actor, now }: Op,
  code: string,
  largeAmountCents: number,
  zone = "UTC",
): Mutation<SlipPayment> {
  const row = slipRow(tx).where(eq(bets.slipCode, code)).get();
  if (!row || !slipCodeMatches(slipKey(tx), row.bet, code)) throw notFound("Slip");
  const bet = row.bet;
  if (bet.payment !== "cash") {
    throw refuse("SLIP_ACCOUNT_BET", {});
  }
  if (bet.paidAt !== null) throw alreadyPaid(row, zone);
  if (bet.status === "PENDING") throw refuse("SLIP_NOT_SETTLED", {});
  if (bet.status === "LOST") throw refuse("SLIP_LOST", {});
  const shift = openShiftRow(tx, actor.userId);
  if (!shift) throw refuse("SLIP_SHIFT_REQUIRED", {});
  const amountCents = paidCents(bet);
  if (amountCents >= largeAmountCents && actor.role !== "admin") {
    throw refuse("ADMIN_FOR_LARGE_PAYMENT", { largeAmountCents });
  }
  const expectedCents = expectedCashCents(tx, shift.id);
  if (amountCents > expectedCents) throw refuse("TILL_SHORT", { amountCents, expectedCents });
  const after = tx
    .update(bets)
    .set({ paidAt: now, paidBy: actor.userId, paidShiftId: shift.id })
    .where(and(eq(bets.id, bet.id), isNull(bets.paidAt)))
    .returning()
    .get();
  if (!after) {
    // Paid meanwhile (the write transaction makes it unlikely): said as the check above says it.
    const paid = slipRow(tx).where(eq(bets.id, bet.id)).get();
    throw paid && paid.bet.paidAt !== null
      ? alreadyPaid(paid, zone)
      : new AppError("CONFLICT", `Bet #${bet.id} changed meanwhile; try again`);
  }
  const posted = postLedgerEntry(
    tx,
    {
      type: bet.status === "VOID" ? "REFUND" : "PAYOUT",
      amountCents,
      from: { type: "SHOP", id: shift.shopId },
      to: CASH_PARTY,
      description: ledgerDescription(bet.status === "VOID" ? "SLIP_STAKE_RETURNED" : "SLIP_PAID", {
        betId: bet.id,
      }),
      betId: bet.id,
      processedBy: actor.userId,
      shiftId: shift.id,
    },
    now,
  );
  log.info("money", {
    requestId: actor.requestId,
    op: "slip.pay",
    betId: bet.id,
    amountCents,
    shiftId: shift.id,
    userId: actor.userId,
  });
  const shop = { id: shift.shopId, name: shift.shopName ?? "" };
  return {
    body: {
      bet: toBetDto(selectBets(tx).where(eq(bets.id, bet.id)).get() as BetJoined),
      amount: formatCents(amountCents),
      paidAt: new Date(now).toISOString(),
      paidBy: { id: actor.userId, username: actor.username },
      shiftId: shift.id,
      shop,
      transactionId: posted.id,
    },
    audit: { entityType: "BET", entityId: bet.id, before: bet, after },
  };
}

/**
 * One batch of the backfill: codes for up to `limit` bets that have none (placed before
 * migration 0009, or loaded by a script), oldest first, in one short write transaction.
 * Returns how many it wrote.
 */
export function backfillSlipCodes(db: AppDb, limit: number): number {
  return writeTx(db, (tx) => {
    const missing = tx
      .select({
        id: bets.id,
        stakeCents: bets.stakeCents,
        oddsHundredths: bets.oddsHundredths,
        createdAt: bets.createdAt,
      })
      .from(bets)
      .where(isNull(bets.slipCode))
      .orderBy(bets.id)
      .limit(limit)
      .all();
    for (const bet of missing) assignSlipCode(tx, bet);
    return missing.length;
  });
}

export interface SlipBackfillOptions {
  /** Bets per write transaction: each one holds the writer for a few milliseconds. */
  batch?: number;
  /** Pause between batches (and before the first), so requests go first. */
  pauseMs?: number;
  /** After a failed batch: the pause doubles with each failure in a row, up to this. */
  maxRetryPauseMs?: number;
  /** The batch itself (tests give a failing one). */
  run?: (db: AppDb, batch: number) => number;
  /** Runs `step` after `ms` (tests record the pauses instead of waiting them). */
  schedule?: (step: () => void, ms: number) => ReturnType<typeof setTimeout> | undefined;
}

function unrefTimer(step: () => void, ms: number) {
  const timer = setTimeout(step, ms);
  timer.unref?.();
  return timer;
}

/**
 * After start, codes for the bets that have none, a batch at a time on a timer, never before
 * serving and never holding the writer for long (decision 031). Stops by itself once every
 * bet has its code; a failed batch is retried after a pause that doubles with each failure
 * in a row up to `maxRetryPauseMs` (src/lib/backoff.ts), one log line per try.
 */
export function startSlipBackfill(
  db: AppDb,
  {
    batch = 500,
    pauseMs = 25,
    maxRetryPauseMs = DEFAULT_BACKOFF.capMs,
    run = backfillSlipCodes,
    schedule = unrefTimer,
  }: SlipBackfillOptions = {},
): { stop(): void; done: Promise<number> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let total = 0;
  let failures = 0;
  let finish: (n: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });
  const step = () => {
    if (stopped) return;
    let wrote = 0;
    try {
      wrote = run(db, batch);
      total += wrote;
      failures = 0;
    } catch (err) {
      failures += 1;
      const retryInMs = backoffDelayMs(failures, { baseMs: pauseMs, capMs: maxRetryPauseMs });
      log.error("slip code backfill failed; retrying", {
        error: messageOf(err),
        failures,
        retryInMs,
      });
      timer = schedule(step, retryInMs);
      return;
    }
    if (wrote < batch) {
      if (total > 0) log.info("slip codes written for earlier bets", { bets: total });
      finish(total);
      return;
    }
    timer = schedule(step, pauseMs);
  };
  timer = schedule(step, pauseMs);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      finish(total);
    },
    done,
  };
}
