import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { canMutate } from "../../../lib/session";
import { useAuth } from "../../auth/components/auth-provider";
import type { Customer } from "../api/types";

const CustomerFormDialog = lazy(() => import("./customer-form-dialog"));

/** Add Customer (no customer given) or Edit (given one). */
export function CustomerFormButton({ customer }: { customer?: Customer }) {
  const { user } = useAuth();
  if (!canMutate(user)) return null;
  return (
    <DialogButton
      label={customer ? "Edit" : "Add Customer"}
      className={customer ? "btn-outline btn-sm" : "btn-outline"}
    >
      {(close) => <CustomerFormDialog open onClose={close} customer={customer} />}
    </DialogButton>
  );
}
