import { useAtomValue } from "jotai";
import { useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { useT } from "../../../i18n";
import { currentUserAtom } from "../../../lib/session";
import { useSetWorkingShop } from "../api/set-working-shop";
import { ShopPicker } from "./shop-picker";
import "../../../i18n/areas/ui";

/** 'Working shop': choose the shop this staff user works at (remembered on the server). */
export default function WorkingShopDialog({ onClose }: { onClose: () => void }) {
  const user = useAtomValue(currentUserAtom);
  const [shopId, setShopId] = useState(user?.shopId ? String(user.shopId) : "");
  const [error, setError] = useState<string | undefined>();
  const save = useSetWorkingShop();
  const t = useT();
  return (
    <Dialog onClose={onClose} title={t("ui.workingShop.title")}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!shopId) {
            setError(t("ui.workingShop.required"));
            return;
          }
          save.mutate(Number(shopId), { onSuccess: onClose });
        }}
      >
        <p className="mb-3 text-sm">{t("ui.workingShop.explain")}</p>
        <ShopPicker
          value={shopId}
          onChange={(id) => {
            setShopId(id);
            setError(undefined);
          }}
          error={error}
        />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t("ui.workingShop.saving") : t("ui.workingShop.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
