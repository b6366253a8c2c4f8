import { useAtomValue } from "jotai";
import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { canMutateAtom } from "../../../lib/session";

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
  const canMutate = useAtomValue(canMutateAtom);
  if (!canMutate) return null;
  return (
    <DialogButton label="New Bet" className="btn-primary" disabled={disabled} draft="new-bet">
      {(close) => <NewBetDialog onClose={close} customerId={customerId} shopId={shopId} />}
    </DialogButton>
  );
}
