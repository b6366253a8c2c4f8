import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { canMutate } from "../../../lib/session";
import { useAuth } from "../../auth/components/auth-provider";

const NewBetDialog = lazy(() => import("./new-bet-dialog"));

/** New Bet: opens 'Place New Bet', with a customer or shop preselected when given. */
export function NewBetButton({
  customerId,
  shopId,
  disabled,
}: {
  customerId?: number;
  shopId?: number;
  disabled?: boolean;
}) {
  const { user } = useAuth();
  if (!canMutate(user)) return null;
  return (
    <DialogButton label="New Bet" className="btn-primary" disabled={disabled}>
      {(close) => <NewBetDialog open onClose={close} customerId={customerId} shopId={shopId} />}
    </DialogButton>
  );
}
