import { useParams } from "wouter";
import { HistoryLink } from "../../components/ui/history-link";
import { NewBetButton, RecentBetsList } from "../../features/bets";
import { CustomerDetail } from "../../features/customers";
import { CustomerCashButtons, RecentTransactionsList } from "../../features/transactions";

export default function CustomerPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <CustomerDetail
      key={id}
      id={Number(id)}
      actions={(customer) => (
        <>
          <NewBetButton customerId={customer.id} disabled={!customer.isActive} />
          <HistoryLink entityType="CUSTOMER" entityId={customer.id} />
        </>
      )}
      balanceActions={(customer) => <CustomerCashButtons customer={customer} />}
      activity={(customer) => (
        <>
          <RecentTransactionsList customerId={customer.id} />
          <RecentBetsList customerId={customer.id} />
        </>
      )}
    />
  );
}
