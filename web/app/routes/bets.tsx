import { PageHeader } from "../../components/ui/page-header";
import { BetsTable } from "../../features/bets/components/bets-table";
import { NewBetButton } from "../../features/bets/components/new-bet-button";

export default function BetsPage() {
  return (
    <>
      <PageHeader title="Bets" actions={<NewBetButton />} />
      <BetsTable />
    </>
  );
}
