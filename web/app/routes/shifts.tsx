import { PageHeader } from "../../components/ui/page-header";
import { ShiftsTable } from "../../features/shifts";
import { useT } from "../../i18n";
import "../../i18n/areas/shifts";

export default function ShiftsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t("shifts.title")} subtitle={t("shifts.subtitle")} />
      <ShiftsTable />
    </>
  );
}
