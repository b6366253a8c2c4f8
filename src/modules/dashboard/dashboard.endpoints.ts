import { count, eq, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { alerts, bets, customers, shops } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import { formatCents } from "../../domain/money";
import { implement } from "../../lib/endpoint";
import { countWhere } from "../../lib/list-query";

/** DESIGN.md section 3: the four dashboard figures. */
export function dashboardStats(db: AppDb) {
  const row = db
    .select({
      totalCustomers: count(),
      givenCredit: sql<number>`coalesce(sum(case when ${customers.isActive} then ${customers.creditLimitCents} else 0 end), 0)`,
      creditAtStake: sql<number>`coalesce(sum(case when ${customers.balanceCents} < 0 then -${customers.balanceCents} else 0 end), 0)`,
    })
    .from(customers)
    .get();
  return {
    totalGivenCredit: formatCents(row?.givenCredit ?? 0),
    totalCreditAtStake: formatCents(row?.creditAtStake ?? 0),
    activeBets: countWhere(db, bets, eq(bets.status, "PENDING")),
    totalCustomers: row?.totalCustomers ?? 0,
  };
}

/** The real numbers behind the sidebar badges and the bell (issue 9). */
export function counts(db: AppDb) {
  return {
    customers: countWhere(db, customers),
    shops: countWhere(db, shops),
    pendingBets: countWhere(db, bets, eq(bets.status, "PENDING")),
    alerts: countWhere(db, alerts, isNull(alerts.dismissedAt)),
  };
}

export const dashboardEndpoints = [
  implement(contracts.counts, ({ db }) => counts(db)),
  implement(contracts.dashboardStats, ({ db }) => dashboardStats(db)),
  implement(contracts.settings, ({ deps }) => ({
    largeAmount: formatCents(deps.largeAmountCents),
    creditLimitCap: formatCents(deps.creditLimitCapCents),
  })),
];
