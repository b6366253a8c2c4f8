import { useAtomValue } from "jotai";
import { lazy } from "react";
import type { Role } from "../../../../src/domain/enums";
import { DialogButton } from "../../../components/ui/dialog-button";
import { HistoryLink } from "../../../components/ui/history-link";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { capitalise, formatDate } from "../../../lib/format";
import { currentUserAtom } from "../../../lib/session";
import { useUserById } from "../api/get-user-by-id";
import { LanguagePreference, OddsPreference } from "./odds-preference";
import { OwnSessions } from "./own-sessions";
import { lastSignInText, UserStatusBadges } from "./user-status";

const ACCESS_TEXT: Record<Role, string> = {
  admin: "Full system administration access",
  user: "Standard user access to betting operations",
  customer: "Customer access only",
};

const EndSessionsDialog = lazy(() => import("./end-sessions-dialog"));

export function UserDetail({ id }: { id: number }) {
  const { data: user, isLoading, error } = useUserById(id);
  const me = useAtomValue(currentUserAtom);
  if (isLoading) return <LoadingText text="Loading user..." />;
  if (error || !user) {
    return <StateCard title="User Not Found" backHref="/" backLabel="Back to Dashboard" />;
  }
  return (
    <>
      <PageHeader
        title={user.username}
        actions={
          <>
            <span className="badge badge-primary">{capitalise(user.role)}</span>
            <HistoryLink entityType="USER" entityId={user.id} />
            {me?.role === "admin" && (
              <DialogButton label="End all sessions" className="btn-outline btn-error btn-sm">
                {(close) => (
                  <EndSessionsDialog user={user} isSelf={user.id === me.id} onClose={close} />
                )}
              </DialogButton>
            )}
          </>
        }
      />
      <Panel title="User Information" className="max-w-2xl">
        <dl>
          <Detail label="Username">{user.username}</Detail>
          <Detail label="Role">{capitalise(user.role)}</Detail>
          <Detail label="Created">{user.createdAt ? formatDate(user.createdAt) : "Unknown"}</Detail>
          <Detail label="Status">
            <UserStatusBadges user={user} />
          </Detail>
          <Detail label="Last sign-in">{lastSignInText(user.lastSignInAt)}</Detail>
          <Detail label="System Access">{ACCESS_TEXT[user.role] ?? ""}</Detail>
          <Detail label="User ID">{user.id}</Detail>
        </dl>
      </Panel>
      {me?.id === user.id && <LanguagePreference />}
      {me?.id === user.id && <OddsPreference />}
      {me?.id === user.id && <OwnSessions />}
    </>
  );
}
