import { PageHeader } from "../../components/ui/page-header";
import { ShopFormButton, ShopsTable } from "../../features/shops";
import { useT } from "../../i18n";
import "../../i18n/areas/shops";

export default function ShopsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t("shops.title")} actions={<ShopFormButton />} />
      <ShopsTable />
    </>
  );
}
