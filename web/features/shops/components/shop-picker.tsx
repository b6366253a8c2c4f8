import { type PickerProps, SearchPicker } from "../../../components/ui/search-picker";
import { useT } from "../../../i18n";
import { useShop } from "../api/get-shop";
import { useShops } from "../api/get-shops";
import type { Shop } from "../api/types";

const toOption = (s: Shop) => ({ id: s.id, label: s.name, detail: s.location });

/** Picks an active shop by searching the server as you type. */
export function ShopPicker(props: PickerProps) {
  const t = useT();
  return (
    <SearchPicker
      {...props}
      label={t("pickers.shop")}
      placeholder={t("pickers.shopPlaceholder")}
      sort="name"
      useList={useShops}
      useItem={useShop}
      toOption={toOption}
    />
  );
}
