import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { useT } from "../../../i18n";
import "../../../i18n/areas/auth";

const ChangePasswordDialog = lazy(() => import("./change-password-dialog"));

/** The sidebar footer's "Change password", for every signed-in role. */
export function ChangePasswordButton() {
  const t = useT();
  return (
    <DialogButton label={t("auth.changePassword")} className="btn-ghost btn-sm w-full">
      {(close) => <ChangePasswordDialog onClose={close} />}
    </DialogButton>
  );
}
