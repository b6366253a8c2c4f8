import { useAtomValue } from "jotai";
import { useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { currentUserAtom } from "../../../lib/session";
import { useSetWorkingShop } from "../api/set-working-shop";
import { ShopPicker } from "./shop-picker";

/** 'Working shop': choose the shop this staff user works at (remembered on the server). */
export default function WorkingShopDialog({ onClose }: { onClose: () => void }) {
  const user = useAtomValue(currentUserAtom);
  const [shopId, setShopId] = useState(user?.shopId ? String(user.shopId) : "");
  const [error, setError] = useState<string | undefined>();
  const save = useSetWorkingShop();
  return (
    <Dialog onClose={onClose} title="Working shop">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!shopId) {
            setError("Shop is required");
            return;
          }
          save.mutate(Number(shopId), { onSuccess: onClose });
        }}
      >
        <p className="mb-3 text-sm">
          Bets, deposits and withdrawals start with this shop chosen; you can still change it in
          each of them.
        </p>
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
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
