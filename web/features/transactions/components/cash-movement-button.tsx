import { useAtomValue } from "jotai";
import { lazy } from "react";
import { centsOf } from "../../../../src/domain/money";
import { DialogButton } from "../../../components/ui/dialog-button";
import { useT } from "../../../i18n";
import { canMutateAtom } from "../../../lib/session";
import type { Customer } from "../../customers";

const CashMovementDialog = lazy(() => import("./cash-movement-dialog"));

/** Deposit or Withdraw, with the customer (or shop) preselected when given. */
function CashMovementButton({
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
  const canMutate = useAtomValue(canMutateAtom);
  const t = useT();
  if (!canMutate) return null;
  return (
    <DialogButton
      label={t(kind === "deposit" ? "cash.depositButton" : "cash.withdrawButton")}
      className={className}
      disabled={disabled}
      draft={kind}
    >
      {(close) => (
        <CashMovementDialog kind={kind} onClose={close} customerId={customerId} shopId={shopId} />
      )}
    </DialogButton>
  );
}

/**
 * A customer's Withdraw (only from a positive balance) and Deposit buttons, both off for a
 * closed (inactive) account as New Bet is: the server refuses them (CUSTOMER_INACTIVE).
 */
export function CustomerCashButtons({ customer }: { customer: Customer }) {
  return (
    <>
      <CashMovementButton
        kind="withdrawal"
        customerId={customer.id}
        disabled={!customer.isActive || centsOf(customer.balance) <= 0}
        className="btn-outline btn-sm"
      />
      <CashMovementButton
        kind="deposit"
        customerId={customer.id}
        disabled={!customer.isActive}
        className="btn-primary btn-sm"
      />
    </>
  );
}
