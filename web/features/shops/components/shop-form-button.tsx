import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { canMutate } from "../../../lib/session";
import { useAuth } from "../../auth/components/auth-provider";
import type { Shop } from "../api/types";

const ShopFormDialog = lazy(() => import("./shop-form-dialog"));

/** Add Shop (no shop given) or Edit (given one). */
export function ShopFormButton({ shop }: { shop?: Shop }) {
  const { user } = useAuth();
  if (!canMutate(user)) return null;
  return (
    <DialogButton
      label={shop ? "Edit" : "Add Shop"}
      className={shop ? "btn-outline btn-sm" : "btn-primary"}
    >
      {(close) => <ShopFormDialog open onClose={close} shop={shop} />}
    </DialogButton>
  );
}
