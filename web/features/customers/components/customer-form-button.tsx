import { useAtomValue } from "jotai";
import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { canMutateAtom } from "../../../lib/session";
import type { Customer } from "../api/types";

const CustomerFormDialog = lazy(() => import("./customer-form-dialog"));

/** Add Customer (no customer given) or Edit (given one). */
export function CustomerFormButton({ customer }: { customer?: Customer }) {
  const canMutate = useAtomValue(canMutateAtom);
  if (!canMutate) return null;
  return (
    <DialogButton
      label={customer ? "Edit" : "Add Customer"}
      className={customer ? "btn-outline btn-sm" : "btn-outline"}
    >
      {(close) => <CustomerFormDialog onClose={close} customer={customer} />}
    </DialogButton>
  );
}
