import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from "react";
import type { ManagedUserDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { HistoryLink } from "../../../components/ui/history-link";
import {
  useFocusFollowsSwap,
  useFocusKeptThroughPending,
} from "../../../components/ui/use-focus-kept-through-pending";
import { useT } from "../../../i18n";
import { useSetUserDisabled, useUnlockUser } from "../api/manage-user";
import "../../../i18n/areas/admin";

const ResetPasswordDialog = lazy(() => import("./reset-password-dialog"));
const DisableUserDialog = lazy(() => import("./disable-user-dialog"));
const ChangeRoleDialog = lazy(() => import("./change-role-dialog"));

type UserDialog =
  | { kind: "reset" | "disable"; user: ManagedUserDto }
  | { kind: "role"; user: ManagedUserDto; role: Role };

const OpenUserDialog = createContext<(dialog: UserDialog) => void>(() => {});

/** Opens one of the user dialogs (a row's actions, a role select's change). */
export const useOpenUserDialog = () => useContext(OpenUserDialog);

/**
 * Holds a row's open dialog (its actions', its role change's) above the table: a row is
 * keyed by its place in the page, so a refetch that moves it (a search settling, a live
 * update) would remount it and close a dialog kept inside it.
 */
export function UserDialogs({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<UserDialog | null>(null);
  const close = () => setOpen(null);
  return (
    <OpenUserDialog.Provider value={setOpen}>
      {children}
      {open && (
        <Suspense fallback={null}>
          {open.kind === "reset" ? (
            <ResetPasswordDialog user={open.user} onClose={close} />
          ) : open.kind === "role" ? (
            <ChangeRoleDialog user={open.user} role={open.role} onClose={close} />
          ) : (
            <DisableUserDialog user={open.user} onClose={close} />
          )}
        </Suspense>
      )}
    </OpenUserDialog.Provider>
  );
}

/**
 * A user row's account actions: Reset password, Disable or Enable, and Unlock when locked.
 * Once the list shows the change, the focus is where the pressed control was: Disable and
 * Enable are one button that turns into the other, and Unlock, gone once unlocked, hands the
 * focus to the History link now in its place (it fell to the page, stranding a keyboard or
 * screen reader user).
 */
export function UserActions({ user, isSelf }: { user: ManagedUserDto; isSelf: boolean }) {
  const openDialog = useOpenUserDialog();
  const enable = useSetUserDisabled();
  const unlock = useUnlockUser();
  const t = useT();
  // Disabled while they send: a refusal gives them the focus back.
  const toggle = useFocusKeptThroughPending(enable.isPending);
  const unlockButton = useFocusKeptThroughPending(unlock.isPending);
  const actions = useFocusFollowsSwap<HTMLDivElement>(user.signInLocked, (part) =>
    part.querySelector<HTMLElement>("a[href]"),
  );
  const selfDisableReason =
    isSelf && !user.disabled ? t("admin.userActions.selfDisable") : undefined;
  const button = "btn btn-outline btn-xs";
  return (
    // In a table row (from 640 px) one under the other; on a phone card side by side.
    <div ref={actions} className="flex flex-wrap gap-1 sm:flex-col sm:flex-nowrap">
      <button type="button" className={button} onClick={() => openDialog({ kind: "reset", user })}>
        {t("admin.userActions.resetPassword")}
      </button>
      {/* A disabled button gets no pointer events in some browsers: the reason sits on the
          wrapper too, and is the button's accessible description. */}
      <span className="flex" title={selfDisableReason}>
        <button
          ref={toggle}
          type="button"
          className={`${button} ${user.disabled ? "" : "btn-error "}flex-1`}
          disabled={user.disabled ? enable.isPending : isSelf}
          title={selfDisableReason}
          onClick={() =>
            user.disabled
              ? enable.mutate({ userId: user.id, disabled: false })
              : openDialog({ kind: "disable", user })
          }
        >
          {user.disabled ? t("admin.userActions.enable") : t("admin.userActions.disable")}
        </button>
      </span>
      {user.signInLocked && (
        <button
          ref={unlockButton}
          type="button"
          className={button}
          disabled={unlock.isPending}
          onClick={() => unlock.mutate({ userId: user.id })}
        >
          {t("admin.userActions.unlock")}
        </button>
      )}
      <HistoryLink entityType="USER" entityId={user.id} name={user.username} className={button} />
    </div>
  );
}
