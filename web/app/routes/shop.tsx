import { useParams } from "wouter";
import { HistoryLink } from "../../components/ui/history-link";
import { NewBetButton, RecentBetsList } from "../../features/bets";
import { ShopDetail } from "../../features/shops";
import { RecentTransactionsList } from "../../features/transactions";

export default function ShopPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <ShopDetail
      key={id}
      id={Number(id)}
      actions={(shop) => (
        <>
          <NewBetButton shopId={shop.id} disabled={!shop.isActive} />
          <HistoryLink entityType="SHOP" entityId={shop.id} />
        </>
      )}
      activity={(shop) => (
        <>
          <RecentTransactionsList shopId={shop.id} />
          <RecentBetsList shopId={shop.id} />
        </>
      )}
    />
  );
}
