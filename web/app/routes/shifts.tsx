import { PageHeader } from "../../components/ui/page-header";
import { ShiftsTable } from "../../features/shifts";

export default function ShiftsPage() {
  return (
    <>
      <PageHeader title="Shifts" subtitle="Cashiers' shifts and their cash-up" />
      <ShiftsTable />
    </>
  );
}
