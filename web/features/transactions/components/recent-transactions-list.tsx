import { CREDIT_TYPES } from "../../../../src/domain/enums";
import { TransactionStatusBadge } from "../../../components/ui/badges";
import { Panel } from "../../../components/ui/page-header";
import { euro, formatDateTime } from "../../../lib/format";
import { useTransactions } from "../api/get-transactions";

/** Up to 10 transactions of a customer or shop: credits green with '+', others red with '-'. */
export function RecentTransactionsList({
  customerId,
  shopId,
}: {
  customerId?: number;
  shopId?: number;
}) {
  const { data, isLoading, error } = useTransactions({ customerId, shopId, limit: 10 });
  return (
    <Panel title="Recent Transactions">
      {isLoading ? (
        <p className="py-4 text-center">Loading transactions...</p>
      ) : error ? (
        <p className="py-4 text-center text-error">{error.message}</p>
      ) : !data?.items.length ? (
        <p className="py-4 text-center text-base-content/70">No transactions found</p>
      ) : (
        <ul>
          {data.items.slice(0, 10).map((t) => {
            const credit = CREDIT_TYPES.includes(t.type);
            return (
              <li
                key={t.id}
                className={`flex items-center justify-between gap-3 border-b border-base-200 py-2 ${t.archived ? "opacity-50" : ""}`}
              >
                <div className="min-w-0">
                  <div className="font-medium">{t.type}</div>
                  <div className="truncate text-sm">{t.description || "No description"}</div>
                  <div className="text-xs text-base-content/70">{formatDateTime(t.createdAt)}</div>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className={credit ? "text-success" : "text-error"}>
                    {credit ? "+" : "-"}
                    {euro(t.amount)}
                  </span>
                  <TransactionStatusBadge status={t.status} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
