import { useAtomValue } from "jotai";
import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { useT } from "../../../i18n";
import { canMutateAtom } from "../../../lib/session";
import type { Shop } from "../api/types";
import "../../../i18n/areas/shops";

const ShopFormDialog = lazy(() => import("./shop-form-dialog"));

/** Add Shop (no shop given) or Edit (given one). */
export function ShopFormButton({ shop }: { shop?: Shop }) {
  const canMutate = useAtomValue(canMutateAtom);
  const t = useT();
  if (!canMutate) return null;
  return (
    <DialogButton
      label={shop ? t("shops.edit") : t("shops.addShop")}
      className={shop ? "btn-outline btn-sm" : "btn-primary"}
    >
      {(close) => <ShopFormDialog onClose={close} shop={shop} />}
    </DialogButton>
  );
}
