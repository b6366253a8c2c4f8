import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { PasswordForm } from "./password-form";
import "../../../i18n/areas/auth";

/** The signed-in user changes their own password; their other sessions end. */
export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={t("auth.changePassword")} onClose={onClose}>
      <p className="mb-4 text-sm">{t("auth.changeRules")}</p>
      <PasswordForm
        onDone={onClose}
        actions={(pending) => (
          <FormActions
            onCancel={onClose}
            pending={pending}
            label={t("auth.changePassword")}
            pendingLabel={t("auth.changing")}
          />
        )}
      />
    </Dialog>
  );
}
