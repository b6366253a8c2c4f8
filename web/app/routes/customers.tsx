import { PageHeader } from "../../components/ui/page-header";
import { CustomerFormButton } from "../../features/customers/components/customer-form-button";
import { CustomersTable } from "../../features/customers/components/customers-table";

export default function CustomersPage() {
  return (
    <>
      <PageHeader title="Customers" actions={<CustomerFormButton />} />
      <CustomersTable />
    </>
  );
}
