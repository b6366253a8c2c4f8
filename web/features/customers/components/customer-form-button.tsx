import { useAtomValue } from "jotai";
import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { useT } from "../../../i18n";
import { canMutateAtom } from "../../../lib/session";
import type { Customer } from "../api/types";
import "../../../i18n/areas/customers";

const CustomerFormDialog = lazy(() => import("./customer-form-dialog"));

/** Add Customer (no customer given) or Edit (given one). */
export function CustomerFormButton({ customer }: { customer?: Customer }) {
  const canMutate = useAtomValue(canMutateAtom);
  const t = useT();
  if (!canMutate) return null;
  return (
    <DialogButton
      label={customer ? t("customers.edit") : t("customers.add")}
      className={customer ? "btn-outline btn-sm" : "btn-outline"}
    >
      {(close) => <CustomerFormDialog onClose={close} customer={customer} />}
    </DialogButton>
  );
}
