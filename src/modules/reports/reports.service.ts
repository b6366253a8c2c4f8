/**
 * Business reports (DESIGN.md section 3) over the bets created in a period, read from the
 * report roll-ups (rollups.ts). Definitions are written out in docs/reports.md; VOID bets
 * count as bets but never as money.
 */
import { and, gte, inArray, lt, max, min, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { bets, customers, shops } from "../../db/schema";
import { countWhere } from "../../lib/list-query";
import { figuresFromBets, type PeriodFigures } from "./bet-aggregate";
import { type Period, periodContaining } from "./periods";
import { figuresFromRollups } from "./rollups";

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

/** The period's filter on bets.created_at (an index range). */
function betsIn(period: Pick<Period, "from" | "to">): SQL | undefined {
  const column = bets.createdAt;
  return and(
    period.from === null ? undefined : gte(column, period.from),
    period.to === null ? undefined : lt(column, period.to),
  );
}

/** Where a report's figures come from: the roll-ups, or (the reference) the bets themselves. */
export type FigureSource = "rollups" | "bets";

function periodFigures(db: AppDb, period: Period, source: FigureSource): PeriodFigures {
  if (source === "rollups") return figuresFromRollups(db.$client, period, TOP);
  const bounds = betTimeBounds(db);
  const from = period.from ?? bounds.first ?? 0;
  const to = period.to ?? (bounds.last ?? -1) + 1;
  return figuresFromBets(db.$client, from, to, TOP);
}

/**
 * Settled = WON, PLACED or LOST; a stake is revenue once its bet is settled. The win rate
 * counts PLACED (an each-way bet's place part won, decision 052) as won.
 */
export function buildReport(db: AppDb, period: Period, source: FigureSource = "rollups") {
  const f = periodFigures(db, period, source);
  const profit = f.revenue - f.payouts;
  const settled = f.wonBets + f.placedBets + f.lostBets;
  const nonVoid = f.totalBets - f.voidBets;
  const { topCustomers, topShops } = f;
  const customerNames = new Map(
    db
      .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(
        inArray(
          customers.id,
          topCustomers.map((c) => c.id),
        ),
      )
      .all()
      .map((c) => [c.id, `${c.firstName} ${c.lastName}`]),
  );
  const shopNames = new Map(
    db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(
        inArray(
          shops.id,
          topShops.map((s) => s.id),
        ),
      )
      .all()
      .map((s) => [s.id, s.name]),
  );
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
      placedBets: f.placedBets,
      lostBets: f.lostBets,
      pendingBets: f.pendingBets,
      voidBets: f.voidBets,
      winRate: settled === 0 ? 0 : rate(((f.wonBets + f.placedBets) / settled) * 100),
      averageStake: nonVoid === 0 ? 0 : euros(Math.round(f.stakes / nonVoid)),
    },
    customers: {
      totalCustomers: countWhere(db, customers, registeredBy(customers.createdAt)),
      activeCustomers: f.activeCustomers,
      topCustomers: topCustomers.map((c) => ({
        id: c.id,
        name: customerNames.get(c.id) ?? `Customer ${c.id}`,
        betCount: c.betCount,
        totalStaked: euros(c.staked),
      })),
    },
    shops: {
      totalShops: countWhere(db, shops, registeredBy(shops.createdAt)),
      topPerformingShops: topShops.map((s) => ({
        id: s.id,
        name: shopNames.get(s.id) ?? `Shop ${s.id}`,
        betCount: s.betCount,
        totalRevenue: euros(s.revenue),
      })),
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
export function reportPeriods(db: AppDb, zone = "UTC") {
  const { first, last } = betTimeBounds(db);
  const hasBets = (p: Period) =>
    db.select({ one: sql`1` }).from(bets).where(betsIn(p)).limit(1).get() !== undefined;
  const walk = (type: "year" | "month" | "week") => {
    const found: Period[] = [];
    if (first === null || last === null) return found;
    let p = periodContaining(type, last, zone);
    for (let i = 0; i < MAX_PROBES && (p.to as number) > first; i++) {
      if (hasBets(p)) found.push(p);
      p = periodContaining(type, (p.from as number) - 1, zone);
    }
    return found;
  };
  return {
    years: walk("year").map((p) => Number(p.value)),
    months: walk("month").map((p) => ({ value: p.value as string, label: p.label })),
    weeks: walk("week").map((p) => ({ value: p.value as string, label: p.label })),
  };
}
