import { PageHeader } from "../../components/ui/page-header";
import { BetsTable, NewBetButton } from "../../features/bets";

export default function BetsPage() {
  return (
    <>
      <PageHeader title="Bets" actions={<NewBetButton />} />
      <BetsTable />
    </>
  );
}
