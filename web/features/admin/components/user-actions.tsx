import { lazy } from "react";
import type { ManagedUserDto } from "../../../../src/domain/dto";
import { DialogButton } from "../../../components/ui/dialog-button";
import { useSetUserDisabled, useUnlockUser } from "../api/manage-user";

const ResetPasswordDialog = lazy(() => import("./reset-password-dialog"));
const DisableUserDialog = lazy(() => import("./disable-user-dialog"));

const SELF_DISABLE_REASON = "You cannot disable your own account";

/** A user row's account actions: Reset password, Disable or Enable, and Unlock when locked. */
export function UserActions({ user, isSelf }: { user: ManagedUserDto; isSelf: boolean }) {
  const enable = useSetUserDisabled();
  const unlock = useUnlockUser();
  const small = "btn-outline btn-xs";
  return (
    <div className="flex flex-wrap gap-1">
      <DialogButton label="Reset password" className={small}>
        {(close) => <ResetPasswordDialog user={user} onClose={close} />}
      </DialogButton>
      {user.disabled ? (
        <button
          type="button"
          className={`btn ${small}`}
          disabled={enable.isPending}
          onClick={() => enable.mutate({ userId: user.id, disabled: false })}
        >
          Enable
        </button>
      ) : (
        // A disabled button gets no pointer events in some browsers: the reason sits on
        // the wrapper too, and is the button's accessible description.
        <span title={isSelf ? SELF_DISABLE_REASON : undefined}>
          <DialogButton
            label="Disable"
            className={`${small} btn-error`}
            disabled={isSelf}
            title={isSelf ? SELF_DISABLE_REASON : undefined}
          >
            {(close) => <DisableUserDialog user={user} onClose={close} />}
          </DialogButton>
        </span>
      )}
      {user.signInLocked && (
        <button
          type="button"
          className={`btn ${small}`}
          disabled={unlock.isPending}
          onClick={() => unlock.mutate({ userId: user.id })}
        >
          Unlock
        </button>
      )}
    </div>
  );
}
