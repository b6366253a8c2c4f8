/**
 * A customer's responsible-gambling limits on the server (issue 12, decision 032): their
 * DTO fields, how an edit stages them, and the checks bets and deposits make. The timing
 * rules themselves are in src/domain/limits.ts.
 */
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { type DbOrTx, prepared } from "../../db/client";
import { transactions } from "../../db/schema";
import { startOfLocalDate } from "../../domain/business-time";
import {
  businessDayStart,
  exclusionInForce,
  exclusionProtects,
  limitInForce,
  moneyLimitProtects,
  type StagedLimit,
  stageLimit,
  waitingChange,
} from "../../domain/limits";
import { formatCents } from "../../domain/money";
import type { ExclusionEnd } from "../../domain/schemas";
import type { Actor } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { refuse } from "../../lib/refusals";

/** The stored limit columns (a customers row has them all). */
export interface LimitColumns {
  maxStakeCents: number | null;
  maxStakePendingCents: number | null;
  maxStakePendingAt: number | null;
  dailyDepositLimitCents: number | null;
  dailyDepositLimitPendingCents: number | null;
  dailyDepositLimitPendingAt: number | null;
  selfExcludedUntil: number | null;
  selfExcludedUntilPending: number | null;
  selfExcludedUntilPendingAt: number | null;
}

/** What an edit asks for: undefined leaves a limit, null removes it. */
export interface LimitRequest {
  maxStake?: number | null;
  dailyDepositLimit?: number | null;
  /** Epoch ms, or a business date (`YYYY-MM-DD`): from the start of that day in the zone. */
  selfExcludedUntil?: ExclusionEnd | null;
}

const maxStakeOf = (row: LimitColumns): StagedLimit => ({
  current: row.maxStakeCents,
  pending: row.maxStakePendingCents,
  pendingAt: row.maxStakePendingAt,
});

const depositLimitOf = (row: LimitColumns): StagedLimit => ({
  current: row.dailyDepositLimitCents,
  pending: row.dailyDepositLimitPendingCents,
  pendingAt: row.dailyDepositLimitPendingAt,
});

const exclusionOf = (row: LimitColumns): StagedLimit => ({
  current: row.selfExcludedUntil,
  pending: row.selfExcludedUntilPending,
  pendingAt: row.selfExcludedUntilPendingAt,
});

/** Each limit's three columns written back from its staged value. */
const LIMITS = {
  maxStake: {
    of: maxStakeOf,
    put: (next: StagedLimit): Partial<LimitColumns> => ({
      maxStakeCents: next.current,
      maxStakePendingCents: next.pending,
      maxStakePendingAt: next.pendingAt,
    }),
  },
  dailyDepositLimit: {
    of: depositLimitOf,
    put: (next: StagedLimit): Partial<LimitColumns> => ({
      dailyDepositLimitCents: next.current,
      dailyDepositLimitPendingCents: next.pending,
      dailyDepositLimitPendingAt: next.pendingAt,
    }),
  },
  selfExcludedUntil: {
    of: exclusionOf,
    put: (next: StagedLimit): Partial<LimitColumns> => ({
      selfExcludedUntil: next.current,
      selfExcludedUntilPending: next.pending,
      selfExcludedUntilPendingAt: next.pendingAt,
    }),
  },
};

const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The DTO's limit fields at `now`: the values in force and the changes still waiting. */
export function limitsDto(row: LimitColumns, now: number) {
  const stake = waitingChange(maxStakeOf(row), now);
  const deposits = waitingChange(depositLimitOf(row), now);
  const exclusion = waitingChange(exclusionOf(row), now);
  return {
    maxStake: money(limitInForce(maxStakeOf(row), now)),
    dailyDepositLimit: money(limitInForce(depositLimitOf(row), now)),
    selfExcludedUntil: iso(exclusionInForce(exclusionOf(row), now)),
    pendingLimits: {
      maxStake: stake && { value: money(stake.value), appliesAt: iso(stake.appliesAt) as string },
      dailyDepositLimit: deposits && {
        value: money(deposits.value),
        appliesAt: iso(deposits.appliesAt) as string,
      },
      selfExcludedUntil: exclusion && {
        value: iso(exclusion.value),
        appliesAt: iso(exclusion.appliesAt) as string,
      },
    },
  };
}

/**
 * The columns to store for an edit's limits: more protection at once, less after 24 hours.
 * Staff may do all of it except shortening or ending a self-exclusion, which needs an admin
 * (decision 032). A limit the edit leaves out is not touched.
 */
export function stageLimits(
  row: LimitColumns,
  request: LimitRequest,
  actor: Actor,
  now: number,
  zone = "UTC",
): Partial<LimitColumns> {
  const set: Partial<LimitColumns> = {};
  for (const field of ["maxStake", "dailyDepositLimit"] as const) {
    const wanted = request[field];
    if (wanted === undefined) continue;
    const { of, put } = LIMITS[field];
    const inForce = limitInForce(of(row), now);
    const protects = moneyLimitProtects(inForce, wanted);
    Object.assign(set, put(stageLimit(of(row), inForce, wanted, protects, now)));
  }
  if (request.selfExcludedUntil !== undefined) {
    const asked = request.selfExcludedUntil;
    // The schema let through only real dates, so a date has a start.
    const until = typeof asked === "string" ? (startOfLocalDate(asked, zone) as number) : asked;
    if (until !== null && until <= now) {
      throw new AppError(
        "VALIDATION",
        "Self-excluded until must be in the future (leave it blank to end the exclusion)",
        { selfExcludedUntil: "Must be in the future" },
      );
    }
    const inForce = exclusionInForce(exclusionOf(row), now);
    const protects = exclusionProtects(inForce, until);
    if (!protects && actor.role !== "admin") {
      throw refuse("ADMIN_FOR_EXCLUSION_END", {});
    }
    Object.assign(
      set,
      LIMITS.selfExcludedUntil.put(stageLimit(exclusionOf(row), inForce, until, protects, now)),
    );
  }
  return set;
}

/** Refuses a self-excluded customer (bets and deposits; withdrawals do not ask). */
function refuseExcluded(row: LimitColumns, now: number, zone: string): void {
  const until = exclusionInForce(exclusionOf(row), now);
  if (until !== null) throw refuse("SELF_EXCLUDED", { until: new Date(until).toISOString(), zone });
}

/** A bet's limits, from the customer row placement already loaded (no extra query). */
export function assertBetWithinLimits(
  row: LimitColumns,
  stakeCents: number,
  now: number,
  zone = "UTC",
): void {
  refuseExcluded(row, now, zone);
  const max = limitInForce(maxStakeOf(row), now);
  if (max !== null && stakeCents > max) {
    throw refuse("MAX_STAKE", { stakeCents, maxStakeCents: max });
  }
}

/**
 * Deposits taken from a customer since the business day began (BUSINESS_TIMEZONE's midnight,
 * decision 062): its DEPOSIT rows (a reversal runs the
 * other way, and the reversed original is archived, so neither counts), by transactions_from_idx.
 */
export function depositedTodayCents(
  db: DbOrTx,
  customerId: number,
  now: number,
  zone = "UTC",
): number {
  const row = prepared(db, "limits.deposited-today", (d) =>
    d
      .select({ total: sql<number>`coalesce(sum(${transactions.amountCents}), 0)` })
      .from(transactions)
      .where(
        and(
          eq(transactions.fromEntityType, "CUSTOMER"),
          eq(transactions.fromEntityId, sql.placeholder("customerId")),
          gte(transactions.createdAt, sql.placeholder("from")),
          eq(transactions.type, "DEPOSIT"),
          eq(transactions.status, "COMPLETED"),
          isNull(transactions.archivedAt),
        ),
      )
      .prepare(),
  ).get({ customerId, from: businessDayStart(now, zone) });
  return row?.total ?? 0;
}

/**
 * A deposit's limits: not excluded, and today's deposits with it within the daily limit
 * ("today": the business day in `zone`).
 */
export function assertDepositWithinLimits(
  db: DbOrTx,
  row: LimitColumns & { id: number },
  amountCents: number,
  now: number,
  zone = "UTC",
): void {
  refuseExcluded(row, now, zone);
  const limit = limitInForce(depositLimitOf(row), now);
  if (limit === null) return;
  const today = depositedTodayCents(db, row.id, now, zone);
  if (today + amountCents > limit) {
    throw refuse("DAILY_DEPOSIT_LIMIT", {
      limitCents: limit,
      leftCents: Math.max(0, limit - today),
      zone,
    });
  }
}
