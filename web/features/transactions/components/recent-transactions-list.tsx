import type { ViewedParty } from "../../../../src/domain/ledger-effects";
import { Panel } from "../../../components/ui/page-header";
import { QueryList } from "../../../components/ui/query-list";
import { useT } from "../../../i18n";
import { useTransactions } from "../api/get-transactions";
import { LedgerLine } from "./ledger-line";
import "../../../i18n/areas/transactions";

/**
 * Up to 10 ledger lines of a customer, a shop or a bet, each signed by its effect on that
 * account (issue 9, issue 20): money in green with '+', money out red with '-', so a
 * customer's or shop's lines add up to the balance. A bet's lines read on its customer. A
 * reversal or a correction is marked as one; a bet row on a shop's page moves no till money.
 */
export function RecentTransactionsList({
  customerId,
  shopId,
  betId,
  title,
}: {
  customerId?: number;
  shopId?: number;
  betId?: number;
  title?: string;
}) {
  const t = useT();
  const query = useTransactions({ customerId, shopId, betId, limit: 10 });
  const party: ViewedParty | undefined = customerId
    ? { type: "CUSTOMER", id: customerId }
    : shopId
      ? { type: "SHOP", id: shopId }
      : undefined;
  return (
    <Panel title={title ?? t("transactions.recent")}>
      <QueryList
        query={query}
        limit={10}
        loadingText={t("transactions.loading")}
        emptyText={t("transactions.empty")}
        renderItem={(row) => <LedgerLine key={row.id} t={row} party={party} />}
      />
    </Panel>
  );
}
