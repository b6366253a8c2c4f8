import { effectOn } from "../../../../src/domain/ledger-effects";
import { centsOf, formatEuro } from "../../../../src/domain/money";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { formatDateTime } from "../../../lib/format";
import { useTransactions } from "../api/get-transactions";

/**
 * Up to 10 ledger lines of a customer or shop, each signed by its effect on that account
 * (issue 9): money in green with '+', money out red with '-', so the lines add up to the
 * balance. A reversal is marked as one; a bet row on a shop's page moves no till money.
 */
export function RecentTransactionsList({
  customerId,
  shopId,
}: {
  customerId?: number;
  shopId?: number;
}) {
  const query = useTransactions({ customerId, shopId, limit: 10 });
  return (
    <Panel title="Recent Transactions">
      <QueryList
        query={query}
        limit={10}
        loadingText="Loading transactions..."
        emptyText="No transactions found"
        renderItem={(t) => {
          const party = customerId
            ? { type: "CUSTOMER" as const, id: customerId }
            : { type: "SHOP" as const, id: shopId ?? 0 };
          const delta = effectOn({ ...t, amountCents: centsOf(t.amount) }, party);
          return (
            <li
              key={t.id}
              className={`flex items-center justify-between gap-3 border-b border-base-200 py-2 ${t.archived ? "opacity-50" : ""}`}
            >
              <div className="min-w-0">
                <div className="font-medium">
                  {t.type}
                  {t.reversalOf !== null && (
                    <span className="badge badge-outline badge-sm ml-2">
                      Reversal of #{t.reversalOf}
                    </span>
                  )}
                  {t.archived && <span className="badge badge-ghost badge-sm ml-2">Reversed</span>}
                </div>
                <div className="truncate text-sm">{t.description || "No description"}</div>
                <div className="text-xs text-base-content/70">{formatDateTime(t.createdAt)}</div>
              </div>
              <div className="flex flex-col items-end gap-1">
                <span
                  className={`tabular-nums ${delta > 0 ? "text-success" : delta < 0 ? "text-error" : ""}`}
                  data-testid="ledger-effect"
                >
                  {delta > 0 ? "+" : ""}
                  {delta === 0 ? formatEuro(centsOf(t.amount)) : formatEuro(delta)}
                  {delta === 0 && <span className="ml-1 text-xs">(no till effect)</span>}
                </span>
                <TransactionStatusBadge status={t.status} />
              </div>
            </li>
          );
        }}
      />
    </Panel>
  );
}
