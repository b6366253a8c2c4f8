import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { alerts, bets, customers, shops } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import type { Role } from "../../domain/enums";
import { formatCents } from "../../domain/money";
import { alertCategoriesFor } from "../../lib/alerts";
import { implement } from "../../lib/endpoint";
import { countWhere } from "../../lib/list-query";

/**
 * DESIGN.md section 3: the four dashboard figures; `own` limits them to a customer-role
 * caller's own record (issue 10).
 */
export function dashboardStats(db: AppDb, own: number | null = null) {
  const row = db
    .select({
      totalCustomers: count(),
      givenCredit: sql<number>`coalesce(sum(case when ${customers.isActive} then ${customers.creditLimitCents} else 0 end), 0)`,
      creditAtStake: sql<number>`coalesce(sum(case when ${customers.balanceCents} < 0 then -${customers.balanceCents} else 0 end), 0)`,
    })
    .from(customers)
    .where(own === null ? undefined : eq(customers.id, own))
    .get();
  return {
    totalGivenCredit: formatCents(row?.givenCredit ?? 0),
    totalCreditAtStake: formatCents(row?.creditAtStake ?? 0),
    activeBets: countWhere(db, bets, pendingOf(own)),
    totalCustomers: row?.totalCustomers ?? 0,
  };
}

/**
 * The real numbers behind the sidebar badges and the bell (issue 9); the bell counts only
 * the alerts the caller's role sees (decisions/044).
 */
export function counts(db: AppDb, own: number | null, role: Role) {
  return {
    customers: countWhere(db, customers, own === null ? undefined : eq(customers.id, own)),
    shops: countWhere(db, shops),
    pendingBets: countWhere(db, bets, pendingOf(own)),
    // Alerts are for staff only.
    alerts:
      own === null
        ? countWhere(
            db,
            alerts,
            and(
              isNull(alerts.dismissedAt),
              inArray(alerts.category, [...alertCategoriesFor(role)]),
            ),
          )
        : 0,
  };
}

function pendingOf(own: number | null) {
  return and(eq(bets.status, "PENDING"), own === null ? undefined : eq(bets.customerId, own));
}

export const dashboardEndpoints = [
  // Scope "own-rows": a customer login's figures are its own (`own`).
  implement(contracts.counts, ({ db, own, actor }) => counts(db, own, actor.role)),
  implement(contracts.dashboardStats, ({ db, own }) => dashboardStats(db, own)),
  implement(contracts.settings, ({ deps }) => ({
    largeAmount: formatCents(deps.largeAmountCents),
    cashBetMaxStake: formatCents(deps.cashBetMaxStakeCents ?? deps.largeAmountCents),
    creditLimitCap: formatCents(deps.creditLimitCapCents),
    oddsFormat: deps.oddsFormat ?? "decimal",
    defaultLanguage: deps.defaultLanguage ?? "en",
    backupIntervalHours: deps.backups?.intervalHours ?? null,
    businessTimeZone: deps.businessTimeZone,
  })),
];
