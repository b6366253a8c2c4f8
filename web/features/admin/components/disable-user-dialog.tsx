import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { useSetUserDisabled } from "../api/manage-user";

/** Disabling asks first: the user's sessions end at once and sign-in is refused until enabled. */
export default function DisableUserDialog({
  user,
  onClose,
}: {
  user: { id: number; username: string };
  onClose: () => void;
}) {
  const mutation = useSetUserDisabled();
  return (
    <Dialog title={`Disable ${user.username}?`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate({ userId: user.id, disabled: true }, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          {user.username} is signed out everywhere now and cannot sign in until an admin enables the
          account again. Their records and history stay as they are.
        </p>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label="Disable"
          pendingLabel="Disabling..."
          destructive
        />
      </form>
    </Dialog>
  );
}
