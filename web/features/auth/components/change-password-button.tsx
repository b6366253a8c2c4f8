import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";

const ChangePasswordDialog = lazy(() => import("./change-password-dialog"));

/** The sidebar footer's "Change password", for every signed-in role. */
export function ChangePasswordButton() {
  return (
    <DialogButton label="Change password" className="btn-ghost btn-sm w-full">
      {(close) => <ChangePasswordDialog onClose={close} />}
    </DialogButton>
  );
}
