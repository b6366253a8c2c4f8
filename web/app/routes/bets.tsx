import { PageHeader } from "../../components/ui/page-header";
import { BetsTable, FindSlip, NewBetButton } from "../../features/bets";
import { useT } from "../../i18n";
import "../../i18n/areas/bets";

export default function BetsPage() {
  const t = useT();
  return (
    <>
      <PageHeader
        title={t("bets.title")}
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
