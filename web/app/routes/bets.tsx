import { PageHeader } from "../../components/ui/page-header";
import { BetsTable, FindSlip, NewBetButton } from "../../features/bets";

export default function BetsPage() {
  return (
    <>
      <PageHeader
        title="Bets"
        actions={
          <>
            <FindSlip />
            <NewBetButton />
          </>
        }
      />
      <BetsTable />
    </>
  );
}
