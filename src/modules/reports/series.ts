/**
 * The report series (GET /api/reports/series, docs/reports.md): a period's figures bucket by
 * bucket for the charts, plus the mix of outcomes. Buckets are the hours of one business day
 * (23, 24 or 25 of them), the business time zone's days for a week or a month, its calendar
 * months for a year or the totals (decision 062); each bucket's `start` is a UTC instant. Days and months are
 * read from the shops' roll-ups (report_shop_rollups, the rows the report itself sums), so
 * the series adds up exactly to the report; a day's hours are read from the bets through the
 * covering index (bets_report_covering_idx), a range of one day.
 */
import type { Database } from "bun:sqlite";
import { readSnapshot } from "../../db/client";
import { DAY_MS, dateKey, keyStart, localTime, offsetMs } from "../../domain/business-time";
import { formatCents } from "../../domain/money";
import { AppError } from "../../lib/errors";
import { type BetTotals, noBets } from "./bet-aggregate";
import { type Period, type PeriodQuery, type PeriodType, parsePeriod } from "./periods";
import { addRollupTotals, type RollupTotalsRow } from "./rollups";

export type Granularity = "hour" | "day" | "month";

/** A report period, or one business day (the dashboard's "today by hour"). */
export interface SeriesPeriod extends Omit<Period, "type"> {
  type: PeriodType | "day";
}

export interface SeriesQuery extends PeriodQuery {
  day?: string;
}

const HOUR_MS = 3_600_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** One business day (a local date of `zone`), `day` as YYYY-MM-DD. */
export function dayPeriod(day: string, zone = "UTC"): SeriesPeriod {
  const key = dateKey(day);
  if (key === null) {
    throw new AppError("VALIDATION", "day must be a date like 2026-11-22 (YYYY-MM-DD)");
  }
  const d = new Date(key);
  return {
    type: "day",
    value: day.trim(),
    label: `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
    from: keyStart(key, zone),
    to: keyStart(key + DAY_MS, zone),
    keyFrom: key,
    keyTo: key + DAY_MS,
  };
}

/** The report's period parameters, plus `period=day&day=2026-11-22` (hours of one day). */
export function parseSeriesPeriod(query: SeriesQuery, zone = "UTC"): SeriesPeriod {
  if (query.period?.trim() === "day") {
    if (!query.day?.trim()) throw new AppError("VALIDATION", "day is required for period=day");
    if (query.year || query.month || query.week) {
      throw new AppError("VALIDATION", "period=day takes only day (e.g. day=2026-11-22)");
    }
    return dayPeriod(query.day, zone);
  }
  if (query.day !== undefined) {
    throw new AppError("VALIDATION", "day is only for period=day (e.g. period=day&day=2026-11-22)");
  }
  return parsePeriod(query, zone);
}

export function granularityOf(type: SeriesPeriod["type"]): Granularity {
  if (type === "day") return "hour";
  return type === "week" || type === "month" ? "day" : "month";
}

/** The start of the bucket after the one starting at `start` (an instant for hours, else a key). */
function nextBucket(granularity: Granularity, start: number): number {
  if (granularity === "hour") return start + HOUR_MS;
  if (granularity === "day") return start + DAY_MS;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/**
 * The hour the clocks go back through is on the dial twice (02:00 on 25 October in Berlin):
 * each of the two says its offset ("02:00 UTC+02:00", "02:00 UTC+01:00"), so no two buckets
 * share a label.
 */
function nameRepeatedHours(buckets: { start: string; label: string }[], zone: string): void {
  const seen = new Map<string, number>();
  for (const b of buckets) seen.set(b.label, (seen.get(b.label) ?? 0) + 1);
  for (const b of buckets) {
    if ((seen.get(b.label) ?? 0) < 2) continue;
    const minutes = offsetMs(zone, Date.parse(b.start)) / 60_000;
    const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
    const mm = String(Math.abs(minutes) % 60).padStart(2, "0");
    b.label = `${b.label} UTC${minutes < 0 ? "-" : "+"}${hh}:${mm}`;
  }
}

/** A bucket's label: the local hour of an instant, or the date of a key. */
function bucketLabel(granularity: Granularity, start: number, zone: string): string {
  if (granularity === "hour") return localTime(start, zone);
  const d = new Date(start);
  if (granularity === "day") return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Per-bucket totals from the shops' roll-ups: one index range of the (grain, bucket) key. */
function rollupRows(sqlite: Database, grain: "day" | "month", from: number, to: number) {
  return sqlite
    .query<RollupTotalsRow, [string, number, number]>(
      `select bucket, sum(bet_count), sum(won_count), sum(lost_count), sum(pending_count),
              sum(void_count), sum(staked_cents), sum(revenue_cents), sum(payout_cents),
              sum(placed_count)
         from report_shop_rollups
        where grain = ? and bucket >= ? and bucket < ?
        group by bucket`,
    )
    .values(grain, from, to) as RollupTotalsRow[];
}

/**
 * Per-hour totals of one day's bets, through the covering index (no table reads). `shift`:
 * where the zone's hours start past a UTC hour (Asia/Kolkata: 30 minutes).
 */
function hourRows(sqlite: Database, from: number, to: number, shift: number) {
  return sqlite
    .query<RollupTotalsRow, [number, number]>(
      `select created_at - ((created_at - ${shift}) % ${HOUR_MS} + ${HOUR_MS}) % ${HOUR_MS} as hour, count(*),
              sum(status = 'WON'), sum(status = 'LOST'), sum(status = 'PENDING'),
              sum(status = 'VOID'),
              sum(case when status = 'VOID' then 0 else stake_cents end),
              sum(case when status in ('WON', 'PLACED', 'LOST') then stake_cents else 0 end),
              sum(case when status in ('WON', 'PLACED') then coalesce(actual_payout_cents, 0) else 0 end),
              sum(status = 'PLACED')
         from bets indexed by bets_report_covering_idx
        where created_at >= ? and created_at < ?
        group by hour`,
    )
    .values(from, to) as RollupTotalsRow[];
}

/** First and last month with bets (each one seek of the roll-ups' primary key), or null. */
function monthBounds(sqlite: Database): { first: number; last: number } | null {
  const first = sqlite
    .query<{ b: number | null }, []>(
      "select min(bucket) as b from report_shop_rollups where grain = 'month'",
    )
    .get()?.b;
  const last = sqlite
    .query<{ b: number | null }, []>(
      "select max(bucket) as b from report_shop_rollups where grain = 'month'",
    )
    .get()?.b;
  return first == null || last == null ? null : { first, last };
}

/**
 * The payouts of the period's PLACED bets (decision 075), which the roll-ups add to the WON
 * ones: a range of the partial index that holds only PLACED bets with their payouts
 * (drizzle/0026_placed_payouts.sql), so it reads as many entries as there are such bets.
 */
function placedPayoutsOf(sqlite: Database, period: SeriesPeriod): number {
  return (
    sqlite
      .query<{ cents: number | null }, [number, number]>(
        `select sum(actual_payout_cents) as cents
           from bets indexed by bets_placed_payout_idx
          where status = 'PLACED' and created_at >= ? and created_at < ?`,
      )
      .get(period.from ?? Number.MIN_SAFE_INTEGER, period.to ?? Number.MAX_SAFE_INTEGER)?.cents ?? 0
  );
}

/** A bucket without bets. */
const emptyBucket = (start: number): RollupTotalsRow => [start, 0, 0, 0, 0, 0, 0, 0, 0, 0];

const money = formatCents;

/**
 * The series of a period: every bucket in order (empty ones too), and the outcome mix. Hours
 * are walked as instants; days and months as local keys, answered as the instants they
 * start at in `zone`.
 */
export function buildSeries(sqlite: Database, period: SeriesPeriod, zone = "UTC") {
  const granularity = granularityOf(period.type);
  const hourly = granularity === "hour";
  const { rows, from, to, placedPayouts } = readSnapshot(sqlite, () => {
    let from = hourly ? period.from : period.keyFrom;
    let to = hourly ? period.to : period.keyTo;
    if (from === null || to === null) {
      // The totals: from the first month with bets to the last one.
      const bounds = monthBounds(sqlite);
      from = bounds?.first ?? 0;
      to = bounds ? nextBucket("month", bounds.last) : 0;
    }
    const shift = ((offsetMs(zone, from) % HOUR_MS) + HOUR_MS) % HOUR_MS;
    const rows =
      granularity === "hour"
        ? hourRows(sqlite, from, to, shift)
        : rollupRows(sqlite, granularity, from, to);
    return { rows, from, to, placedPayouts: placedPayoutsOf(sqlite, period) };
  });

  const byBucket = new Map(rows.map((r) => [r[0], r]));
  const sum: BetTotals = noBets();
  const buckets = [];
  for (let start = from; start < to; start = nextBucket(granularity, start)) {
    const row = byBucket.get(start) ?? emptyBucket(start);
    addRollupTotals(sum, row);
    const [, bets, , , , , staked, revenue, payouts] = row;
    buckets.push({
      start: new Date(hourly ? start : keyStart(start, zone)).toISOString(),
      label: bucketLabel(granularity, start, zone),
      bets,
      stakes: money(staked),
      revenue: money(revenue),
      payouts: money(payouts),
      profit: money(revenue - payouts),
    });
  }

  if (hourly) nameRepeatedHours(buckets, zone);

  return {
    period: period.type,
    granularity,
    timeZone: zone,
    range: {
      value: period.value,
      label: period.label,
      from: period.from === null ? null : new Date(period.from).toISOString(),
      to: period.to === null ? null : new Date(period.to).toISOString(),
    },
    buckets,
    totals: {
      bets: sum.totalBets,
      stakes: money(sum.stakes),
      revenue: money(sum.revenue),
      payouts: money(sum.payouts),
      profit: money(sum.revenue - sum.payouts),
    },
    // Counts per outcome, and the amounts per outcome: payouts of WON and of PLACED bets
    // (the roll-ups hold them together; the PLACED ones are read apart), stakes still at
    // risk on PENDING ones, settled (WON + PLACED + LOST) stakes.
    outcomes: {
      won: { bets: sum.wonBets, payouts: money(sum.payouts - placedPayouts) },
      placed: { bets: sum.placedBets, payouts: money(placedPayouts) },
      lost: { bets: sum.lostBets },
      pending: { bets: sum.pendingBets, stakes: money(sum.stakes - sum.revenue) },
      void: { bets: sum.voidBets },
      settledStakes: money(sum.revenue),
    },
  };
}

export type Series = ReturnType<typeof buildSeries>;
