import { useAtomValue } from "jotai";
import { lazy, useState } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { useT } from "../../../i18n";
import { canMutateAtom } from "../../../lib/session";
import { PrintSlipLink } from "./print-slip-link";

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
  // The bet just placed here: its slip is one click away until the next one (issue 12).
  const [placed, setPlaced] = useState<number | null>(null);
  // Its first print is the original, any later one DUPLICATE (decision 053).
  const [printed, setPrinted] = useState<number | null>(null);
  const t = useT();
  if (!canMutate) return null;
  return (
    <>
      {placed !== null && (
        <PrintSlipLink
          betId={placed}
          label={t("bet.printSlip", { id: placed })}
          original={printed !== placed}
          onClick={() => setPrinted(placed)}
        />
      )}
      <DialogButton
        label={t("bet.newBet")}
        className="btn-primary"
        disabled={disabled}
        draft="new-bet"
      >
        {(close) => (
          <NewBetDialog
            onClose={close}
            onPlaced={(bet) => setPlaced(bet.id)}
            customerId={customerId}
            shopId={shopId}
          />
        )}
      </DialogButton>
    </>
  );
}
