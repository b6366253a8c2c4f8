/**
 * One pass over the bets of a period, read through the covering index
 * (bets_report_covering_idx) window by window, aggregated in memory: the figures, the
 * per-customer stakes and the per-shop revenue at once. Three GROUP BY queries cost three
 * scans and two sorts; this costs one scan, and the windows keep memory flat on long periods.
 */
import type { Database } from "bun:sqlite";

/** Rows are read in windows of this many milliseconds (31 days). */
const WINDOW_MS = 31 * 86_400_000;

/** The counts and sums of a period's bets. */
export interface BetTotals {
  totalBets: number;
  wonBets: number;
  /** Each-way bets whose place part alone won (decision 052): settled, counted apart. */
  placedBets: number;
  lostBets: number;
  pendingBets: number;
  voidBets: number;
  /** Stakes of non-void bets, cents. */
  stakes: number;
  /** Stakes of settled (WON, PLACED, LOST) bets, cents. */
  revenue: number;
  /** Actual payouts of WON and PLACED bets, cents. */
  payouts: number;
}

/** No bets: where both readings (the bets and the roll-ups) start adding. */
export function noBets(): BetTotals {
  return {
    totalBets: 0,
    wonBets: 0,
    placedBets: 0,
    lostBets: 0,
    pendingBets: 0,
    voidBets: 0,
    stakes: 0,
    revenue: 0,
    payouts: 0,
  };
}

export interface BetAggregate extends BetTotals {
  customers: Map<number, { betCount: number; staked: number }>;
  shops: Map<number, { betCount: number; revenue: number }>;
}

type Row = [
  status: string,
  stake: number,
  payout: number | null,
  customerId: number,
  shopId: number,
];

export function aggregateBets(sqlite: Database, from: number, to: number): BetAggregate {
  const agg: BetAggregate = { ...noBets(), customers: new Map(), shops: new Map() };
  const stmt = sqlite.query<Row, [number, number]>(
    `select status, stake_cents, actual_payout_cents, customer_id, shop_id
       from bets indexed by bets_report_covering_idx
      where created_at >= ? and created_at < ?`,
  );
  for (let start = from; start < to; start += WINDOW_MS) {
    for (const [status, stake, payout, customerId, shopId] of stmt.values(
      start,
      Math.min(to, start + WINDOW_MS),
    ) as Row[]) {
      agg.totalBets++;
      let staked = stake;
      let shopRevenue = 0;
      if (status === "WON" || status === "PLACED") {
        if (status === "WON") agg.wonBets++;
        else agg.placedBets++;
        agg.revenue += stake;
        agg.payouts += payout ?? 0;
        shopRevenue = stake - (payout ?? 0);
      } else if (status === "LOST") {
        agg.lostBets++;
        agg.revenue += stake;
        shopRevenue = stake;
      } else if (status === "PENDING") {
        agg.pendingBets++;
      } else {
        agg.voidBets++;
        staked = 0;
      }
      agg.stakes += staked;
      const c = agg.customers.get(customerId);
      if (c) {
        c.betCount++;
        c.staked += staked;
      } else {
        agg.customers.set(customerId, { betCount: 1, staked });
      }
      const s = agg.shops.get(shopId);
      if (s) {
        s.betCount++;
        s.revenue += shopRevenue;
      } else {
        agg.shops.set(shopId, { betCount: 1, revenue: shopRevenue });
      }
    }
  }
  return agg;
}

/**
 * What a report needs from the bets of a period, whichever way it was computed: from the
 * roll-ups (figuresFromRollups, what the API serves) or from the bets themselves
 * (figuresFromBets, the reference the roll-up tests compare with). Money in cents.
 */
export interface PeriodFigures extends BetTotals {
  activeCustomers: number;
  /** The first `top` customers by stakes, then bets, then id. */
  topCustomers: { id: number; betCount: number; staked: number }[];
  /** The first `top` shops by revenue (settled stakes minus payouts), then bets, then id. */
  topShops: { id: number; betCount: number; revenue: number }[];
}

/** The figures of the bets created in [from, to), read from the bets (one pass, see above). */
export function figuresFromBets(
  sqlite: Database,
  from: number,
  to: number,
  top: number,
): PeriodFigures {
  const { customers, shops, ...totals } = aggregateBets(sqlite, from, to);
  return {
    ...totals,
    activeCustomers: customers.size,
    topCustomers: topBy(customers, (c) => c.staked, top),
    topShops: topBy(shops, (s) => s.revenue, top),
  };
}

/** The first `n` entries by `value` desc, then count desc, then id asc (stable, as SQL did). */
export function topBy<T extends { betCount: number }>(
  entries: Map<number, T>,
  value: (v: T) => number,
  n: number,
): (T & { id: number })[] {
  return [...entries]
    .map(([id, v]) => ({ ...v, id }))
    .sort((a, b) => value(b) - value(a) || b.betCount - a.betCount || a.id - b.id)
    .slice(0, n);
}
