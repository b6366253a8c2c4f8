import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { useSetUserDisabled } from "../api/manage-user";
import "../../../i18n/areas/admin";

/** Disabling asks first: the user's sessions end at once and sign-in is refused until enabled. */
export default function DisableUserDialog({
  user,
  onClose,
}: {
  user: { id: number; username: string };
  onClose: () => void;
}) {
  const mutation = useSetUserDisabled();
  const t = useT();
  return (
    <Dialog
      title={t("admin.userActions.disableTitle", { username: user.username })}
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate({ userId: user.id, disabled: true }, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">{t("admin.userActions.disableText", { username: user.username })}</p>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("admin.userActions.disable")}
          pendingLabel={t("admin.userActions.disabling")}
          destructive
        />
      </form>
    </Dialog>
  );
}
