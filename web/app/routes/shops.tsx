import { PageHeader } from "../../components/ui/page-header";
import { ShopFormButton, ShopsTable } from "../../features/shops";

export default function ShopsPage() {
  return (
    <>
      <PageHeader title="Shops" actions={<ShopFormButton />} />
      <ShopsTable />
    </>
  );
}
