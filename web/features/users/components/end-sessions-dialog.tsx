import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { useEndUserSessions } from "../api/sessions";
import "../../../i18n/areas/users";

/** An admin ends all of a user's sessions: asked first, as it signs them out everywhere. */
export default function EndSessionsDialog({
  user,
  isSelf,
  onClose,
}: {
  user: { id: number; username: string };
  isSelf: boolean;
  onClose: () => void;
}) {
  const mutation = useEndUserSessions();
  const t = useT();
  return (
    <Dialog title={t("users.sessions.endAllTitle", { username: user.username })} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate(user, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          {isSelf
            ? t("users.sessions.endAllSelf")
            : t("users.sessions.endAllOther", { username: user.username })}
        </p>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("users.sessions.endAll")}
          pendingLabel={t("users.sessions.ending")}
          destructive
        />
      </form>
    </Dialog>
  );
}
