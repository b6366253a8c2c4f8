import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { useEndUserSessions } from "../api/sessions";

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
  return (
    <Dialog title={`End all sessions of ${user.username}?`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate(user, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          {isSelf
            ? "You are signed out everywhere else; this session stays."
            : `${user.username} is signed out on every device now and has to sign in again. The account stays enabled and its password unchanged.`}
        </p>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label="End all sessions"
          pendingLabel="Ending..."
          destructive
        />
      </form>
    </Dialog>
  );
}
