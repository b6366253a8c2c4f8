import { Link } from "wouter";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { useT } from "../../../i18n";
import { LedgerLine, useTransactions } from "../../transactions";

/**
 * The newest ledger lines, each read on its customer, else its shop, by the one ledger-line
 * component (issue 20): a reversed deposit is -€x, marked as a reversal, as everywhere.
 */
export function RecentTransactionsPanel() {
  const query = useTransactions({ limit: 5 });
  const t = useT();
  return (
    <Panel
      title={t("dashboard.recentTransactions")}
      actions={
        <Link href="/transactions" className="link link-primary text-sm">
          {t("dashboard.viewAll")}
        </Link>
      }
    >
      <QueryList
        query={query}
        limit={5}
        loadingText={t("dashboard.loadingTransactions")}
        emptyText={t("dashboard.noTransactions")}
        renderItem={(row) => <LedgerLine key={row.id} t={row} showProcessedBy />}
      />
    </Panel>
  );
}
