export interface Report {
  financial: {
    totalRevenue: number;
    totalStakes: number;
    totalPayouts: number;
    profit: number;
    profitMargin: number;
  };
  betting: {
    totalBets: number;
    wonBets: number;
    lostBets: number;
    pendingBets: number;
    voidBets: number;
    winRate: number;
    averageStake: number;
  };
  customers: {
    totalCustomers: number;
    activeCustomers: number;
    topCustomers: { id: number; name: string; betCount: number; totalStaked: number }[];
  };
  shops: {
    totalShops: number;
    topPerformingShops: { id: number; name: string; betCount: number; totalRevenue: number }[];
  };
}

export type PeriodType = "all" | "year" | "month" | "week";

export interface PeriodChoice {
  type: PeriodType;
  /** The chosen year ("2026"), month ("2026-11") or week ("2026-W47"); "" for none. */
  value: string;
}

export interface Periods {
  years: number[];
  months: { value: string; label: string }[];
  weeks: { value: string; label: string }[];
}
