import { PageHeader } from "../../components/ui/page-header";
import { ShopFormButton } from "../../features/shops/components/shop-form-button";
import { ShopsTable } from "../../features/shops/components/shops-table";

export default function ShopsPage() {
  return (
    <>
      <PageHeader title="Shops" actions={<ShopFormButton />} />
      <ShopsTable />
    </>
  );
}
