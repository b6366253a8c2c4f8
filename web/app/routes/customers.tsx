import { PageHeader } from "../../components/ui/page-header";
import { CustomerFormButton, CustomersTable } from "../../features/customers";

export default function CustomersPage() {
  return (
    <>
      <PageHeader title="Customers" actions={<CustomerFormButton />} />
      <CustomersTable />
    </>
  );
}
