import { useParams } from "wouter";
import { BetDetail } from "../../features/bets";
import { RecentTransactionsList } from "../../features/transactions";
import { useT } from "../../i18n";
import "../../i18n/areas/bets";

export default function BetPage() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  return (
    <BetDetail
      key={id}
      id={Number(id)}
      // The bet's ledger lines (stake, payout, corrections), read on its customer (issue 20).
      activity={(bet) => <RecentTransactionsList betId={bet.id} title={t("bets.transactions")} />}
    />
  );
}
