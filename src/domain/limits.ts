/**
 * Responsible-gambling limits (issue 12, decision 032): a customer's maximum stake, daily
 * deposit limit and self-exclusion. More protection applies at once; less protection (a
 * higher or removed limit, a shorter or ended exclusion) waits LIMIT_DELAY_MS. A limit is
 * stored as the value in force plus at most one waiting value and when it applies; the value
 * in force at any time is computed from those and the clock, so a read never has to write.
 * Shared by the server (the rules) and the web app (what a change will do).
 */
import { dayRangeOf, localDateTime, localMinute } from "./business-time";
import { formatEuro } from "./money";

/** A loosening waits this long before it applies (24 hours). */
export const LIMIT_DELAY_MS = 24 * 60 * 60 * 1000;

/** One limit as stored: the value in force, and a waiting change (`pendingAt` set) or none. */
export interface StagedLimit {
  current: number | null;
  pending: number | null;
  pendingAt: number | null;
}

/** The value in force at `now`: a waiting change counts from its time on. */
export function limitInForce(limit: StagedLimit, now: number): number | null {
  return limit.pendingAt !== null && limit.pendingAt <= now ? limit.pending : limit.current;
}

/** The change still waiting at `now`, or null. */
export function waitingChange(
  limit: StagedLimit,
  now: number,
): { value: number | null; appliesAt: number } | null {
  return limit.pendingAt !== null && limit.pendingAt > now
    ? { value: limit.pending, appliesAt: limit.pendingAt }
    : null;
}

/** Money limits (cents; null: none). At least as protective: a limit no higher than before. */
export function moneyLimitProtects(inForce: number | null, next: number | null): boolean {
  return next === inForce || (next !== null && (inForce === null || next <= inForce));
}

/** The end of an exclusion in force at `now` (null when none, or when it has ended). */
export function exclusionInForce(limit: StagedLimit, now: number): number | null {
  const until = limitInForce(limit, now);
  return until !== null && until > now ? until : null;
}

/** Exclusions (epoch ms; null: none). At least as protective: ending no earlier than before. */
export function exclusionProtects(inForce: number | null, next: number | null): boolean {
  return next === inForce || (next !== null && (inForce === null || next >= inForce));
}

/**
 * The stored limit after asking for `next` at `now`, given the value in force: at once when
 * it protects at least as much (which also cancels a waiting loosening), else waiting 24
 * hours. Asking again for the change already waiting keeps its time.
 */
export function stageLimit(
  limit: StagedLimit,
  inForce: number | null,
  next: number | null,
  protects: boolean,
  now: number,
): StagedLimit {
  if (protects) return { current: next, pending: null, pendingAt: null };
  const waiting = waitingChange(limit, now);
  if (waiting && waiting.value === next) return limit;
  return { current: inForce, pending: next, pendingAt: now + LIMIT_DELAY_MS };
}

/**
 * "2027-05-22" when the exclusion ends at the start of a business day (`zone`, decision 062),
 * else that day with its local time and the zone's short name ("2027-05-22 14:30 CEST").
 */
export function formatExclusionEnd(until: number, zone = "UTC"): string {
  const local = localDateTime(until, zone);
  return local.endsWith(" 00:00:00") ? local.slice(0, 10) : localMinute(until, zone);
}

export function selfExcludedMessage(until: number, zone = "UTC"): string {
  return `Customer is self-excluded until ${formatExclusionEnd(until, zone)}`;
}

export function maxStakeMessage(stakeCents: number, maxStakeCents: number): string {
  return `Stake ${formatEuro(stakeCents)} is above this customer's maximum stake of ${formatEuro(maxStakeCents)}`;
}

/** `zone`: the business time zone whose day "today" is (decision 062). */
export function dailyDepositMessage(limitCents: number, leftCents: number, zone = "UTC"): string {
  return `Deposit above the daily deposit limit of ${formatEuro(limitCents)}: ${formatEuro(leftCents)} left today (${zone})`;
}

/**
 * The first instant of the business day holding `now` (a local date of `zone`, 23 to 25
 * hours long): a daily limit counts deposits from then.
 */
export function businessDayStart(now: number, zone = "UTC"): number {
  return dayRangeOf(now, zone).from;
}
