/**
 * Business reports (DESIGN.md section 3), aggregated in SQL over the bets created in a
 * period. Definitions are written out in docs/reports.md; VOID bets count as bets but
 * never as money.
 */
import { and, gte, lt, max, min, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { bets, customers, shops } from "../../db/schema";
import { countWhere } from "../../lib/list-query";
import { type Period, periodContaining } from "./periods";

const TOP = 5;

/** Cents to euros as a number (1234.5), for the report's figures. */
const euros = (cents: number) => cents / 100;
/** Rates to 4 decimals: no float noise, and the client can still round to 1 or 2 correctly. */
const rate = (value: number) => Math.round(value * 10_000) / 10_000;

/** First and last bet times, each one index seek (min and max in one select would scan). */
function betTimeBounds(db: AppDb) {
  const first =
    db
      .select({ t: min(bets.createdAt) })
      .from(bets)
      .get()?.t ?? null;
  const last =
    db
      .select({ t: max(bets.createdAt) })
      .from(bets)
      .get()?.t ?? null;
  return { first, last };
}

/**
 * Share of the bets' time span above which a period is read by scanning the table rather
 * than through the created_at index: past it, one sequential pass beats a lookup per row.
 */
const SCAN_ABOVE_SHARE = 0.125;

/**
 * The period's filter on bets.created_at. For a wide period the column is written as
 * `+created_at`, which keeps SQLite from using the index (a scan is cheaper then).
 */
function betsIn(period: Pick<Period, "from" | "to">, bounds?: ReturnType<typeof betTimeBounds>) {
  let column: SQL = sql`${bets.createdAt}`;
  if (bounds?.first != null && bounds.last != null) {
    const span = bounds.last - bounds.first + 1;
    const from = Math.max(period.from ?? bounds.first, bounds.first);
    const to = Math.min(period.to ?? bounds.last + 1, bounds.last + 1);
    if (Math.max(0, to - from) / span > SCAN_ABOVE_SHARE) column = sql`+${bets.createdAt}`;
  }
  return and(
    period.from === null ? undefined : gte(column, period.from),
    period.to === null ? undefined : lt(column, period.to),
  );
}

/** Settled = WON or LOST; a stake is revenue once its bet is settled. */
const settledStake = sql`case when ${bets.status} in ('WON', 'LOST') then ${bets.stakeCents} else 0 end`;
const wonPayout = sql`case when ${bets.status} = 'WON' then coalesce(${bets.actualPayoutCents}, 0) else 0 end`;
const nonVoidStake = sql`case when ${bets.status} <> 'VOID' then ${bets.stakeCents} else 0 end`;

function betFigures(db: AppDb, where: SQL | undefined) {
  const row = db
    .select({
      totalBets: sql<number>`count(*)`,
      wonBets: sql<number>`coalesce(sum(${bets.status} = 'WON'), 0)`,
      lostBets: sql<number>`coalesce(sum(${bets.status} = 'LOST'), 0)`,
      pendingBets: sql<number>`coalesce(sum(${bets.status} = 'PENDING'), 0)`,
      voidBets: sql<number>`coalesce(sum(${bets.status} = 'VOID'), 0)`,
      stakes: sql<number>`coalesce(sum(${nonVoidStake}), 0)`,
      revenue: sql<number>`coalesce(sum(${settledStake}), 0)`,
      payouts: sql<number>`coalesce(sum(${wonPayout}), 0)`,
    })
    .from(bets)
    .where(where)
    .get();
  return (
    row ?? {
      totalBets: 0,
      wonBets: 0,
      lostBets: 0,
      pendingBets: 0,
      voidBets: 0,
      stakes: 0,
      revenue: 0,
      payouts: 0,
    }
  );
}

/**
 * Top customers by total staked (non-void stakes) in the period. The window count gives the
 * number of customers who bet in the period from the same grouped pass.
 */
function topCustomers(db: AppDb, where: SQL | undefined) {
  const rows = db.all<{
    id: number;
    firstName: string;
    lastName: string;
    betCount: number;
    staked: number;
    active: number;
  }>(sql`select p.customer_id as id, c.first_name as firstName, c.last_name as lastName,
      p.bet_count as betCount, p.staked as staked, p.active as active
    from (select ${bets.customerId} as customer_id, count(*) as bet_count,
            sum(${nonVoidStake}) as staked, count(*) over () as active
          from ${bets} where ${where ?? sql`1`}
          group by +${bets.customerId}
          order by staked desc, bet_count desc, customer_id
          limit ${TOP}) p
    join ${customers} c on c.id = p.customer_id
    order by p.staked desc, p.bet_count desc, p.customer_id`);
  return {
    active: rows[0]?.active ?? 0,
    top: rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      betCount: r.betCount,
      totalStaked: euros(r.staked),
    })),
  };
}

/** Top shops by revenue: settled stakes minus payouts of the shop's bets in the period. */
function topShops(db: AppDb, where: SQL | undefined) {
  const rows = db.all<{ id: number; name: string; betCount: number; revenue: number }>(
    sql`select p.shop_id as id, s.name as name, p.bet_count as betCount, p.revenue as revenue
    from (select ${bets.shopId} as shop_id, count(*) as bet_count,
            sum(${settledStake}) - sum(${wonPayout}) as revenue
          from ${bets} where ${where ?? sql`1`}
          group by +${bets.shopId}
          order by revenue desc, bet_count desc, shop_id
          limit ${TOP}) p
    join ${shops} s on s.id = p.shop_id
    order by p.revenue desc, p.bet_count desc, p.shop_id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    betCount: r.betCount,
    totalRevenue: euros(r.revenue),
  }));
}

export function buildReport(db: AppDb, period: Period) {
  const where = betsIn(period, betTimeBounds(db));
  const f = betFigures(db, where);
  const profit = f.revenue - f.payouts;
  const settled = f.wonBets + f.lostBets;
  const nonVoid = f.totalBets - f.voidBets;
  const customerTop = topCustomers(db, where);
  // Customers and shops registered by the end of the period (all of them for totals).
  const registeredBy = (column: typeof customers.createdAt | typeof shops.createdAt) =>
    period.to === null ? undefined : lt(column, period.to);
  return {
    period: period.type,
    range: {
      value: period.value,
      label: period.label,
      from: period.from === null ? null : new Date(period.from).toISOString(),
      to: period.to === null ? null : new Date(period.to).toISOString(),
    },
    financial: {
      totalRevenue: euros(f.revenue),
      totalStakes: euros(f.stakes),
      totalPayouts: euros(f.payouts),
      profit: euros(profit),
      profitMargin: f.revenue === 0 ? 0 : rate((profit / f.revenue) * 100),
    },
    betting: {
      totalBets: f.totalBets,
      wonBets: f.wonBets,
      lostBets: f.lostBets,
      pendingBets: f.pendingBets,
      voidBets: f.voidBets,
      winRate: settled === 0 ? 0 : rate((f.wonBets / settled) * 100),
      averageStake: nonVoid === 0 ? 0 : euros(Math.round(f.stakes / nonVoid)),
    },
    customers: {
      totalCustomers: countWhere(db, customers, registeredBy(customers.createdAt)),
      activeCustomers: customerTop.active,
      topCustomers: customerTop.top,
    },
    shops: {
      totalShops: countWhere(db, shops, registeredBy(shops.createdAt)),
      topPerformingShops: topShops(db, where),
    },
  };
}

export type Report = ReturnType<typeof buildReport>;

/** At most this many periods of one kind are probed (a guard against absurd timestamps). */
const MAX_PROBES = 10_000;

/**
 * The years, months and ISO weeks that have bets, newest first. Walks the periods between
 * the first and last bet and probes each with one index seek, so the cost follows the
 * time span, not the number of bets.
 */
export function reportPeriods(db: AppDb) {
  const { first, last } = betTimeBounds(db);
  const hasBets = (p: Period) =>
    db.select({ one: sql`1` }).from(bets).where(betsIn(p)).limit(1).get() !== undefined;
  const walk = (type: "year" | "month" | "week") => {
    const found: Period[] = [];
    if (first === null || last === null) return found;
    let p = periodContaining(type, last);
    for (let i = 0; i < MAX_PROBES && (p.to as number) > first; i++) {
      if (hasBets(p)) found.push(p);
      p = periodContaining(type, (p.from as number) - 1);
    }
    return found;
  };
  return {
    years: walk("year").map((p) => Number(p.value)),
    months: walk("month").map((p) => ({ value: p.value as string, label: p.label })),
    weeks: walk("week").map((p) => ({ value: p.value as string, label: p.label })),
  };
}
