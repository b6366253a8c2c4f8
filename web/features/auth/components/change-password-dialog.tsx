import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { PasswordForm } from "./password-form";

/** The signed-in user changes their own password; their other sessions end. */
export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Change password" onClose={onClose}>
      <p className="mb-4 text-sm">
        At least 8 characters, not common and not easy to guess. You stay signed in here; your other
        sessions end.
      </p>
      <PasswordForm
        onDone={onClose}
        actions={(pending) => (
          <FormActions
            onCancel={onClose}
            pending={pending}
            label="Change password"
            pendingLabel="Changing..."
          />
        )}
      />
    </Dialog>
  );
}
