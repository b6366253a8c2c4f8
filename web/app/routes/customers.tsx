import { PageHeader } from "../../components/ui/page-header";
import { CustomerFormButton, CustomersTable } from "../../features/customers";
import { useT } from "../../i18n";
import "../../i18n/areas/customers";

export default function CustomersPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t("customers.title")} actions={<CustomerFormButton />} />
      <CustomersTable />
    </>
  );
}
