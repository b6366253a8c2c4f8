import { PageHeader } from "../../components/ui/page-header";
import { CustomerFormButton, CustomersTable } from "../../features/customers";
import { useT } from "../../i18n";

export default function CustomersPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t("customers.title")} actions={<CustomerFormButton />} />
      <CustomersTable />
    </>
  );
}
