import { count, eq, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { bets, customers } from "../../db/schema";
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

export const dashboardEndpoints = [
  implement(contracts.dashboardStats, ({ db }) => dashboardStats(db)),
  implement(contracts.settings, ({ deps }) => ({
    largeAmount: formatCents(deps.largeAmountCents),
  })),
];
