import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { canMutate } from "../../../lib/session";
import { useAuth } from "../../auth/components/auth-provider";

const CashMovementDialog = lazy(() => import("./cash-movement-dialog"));

/** Deposit or Withdraw, with the customer (or shop) preselected when given. */
export function CashMovementButton({
  kind,
  customerId,
  shopId,
  disabled,
  className,
}: {
  kind: "deposit" | "withdrawal";
  customerId?: number;
  shopId?: number;
  disabled?: boolean;
  className?: string;
}) {
  const { user } = useAuth();
  if (!canMutate(user)) return null;
  return (
    <DialogButton
      label={kind === "deposit" ? "Deposit" : "Withdraw"}
      className={className}
      disabled={disabled}
    >
      {(close) => (
        <CashMovementDialog
          kind={kind}
          open
          onClose={close}
          customerId={customerId}
          shopId={shopId}
        />
      )}
    </DialogButton>
  );
}
