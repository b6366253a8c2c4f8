import { useAtomValue } from "jotai";
import { lazy } from "react";
import { DialogButton } from "../../../components/ui/dialog-button";
import { HistoryLink } from "../../../components/ui/history-link";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { Detail, PageHeader, Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { isNotFound } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { currentUserAtom } from "../../../lib/session";
import { useUserById } from "../api/get-user-by-id";
import { LanguagePreference, OddsPreference } from "./odds-preference";
import { OwnSessions } from "./own-sessions";
import { lastSignInText, UserStatusBadges } from "./user-status";
import "../../../i18n/areas/ui";
import "../../../i18n/areas/users";

const EndSessionsDialog = lazy(() => import("./end-sessions-dialog"));

export function UserDetail({ id }: { id: number }) {
  const { data: user, isLoading, error } = useUserById(id);
  const me = useAtomValue(currentUserAtom);
  const t = useT();
  if (isLoading) return <LoadingText text={t("users.detail.loading")} />;
  if (isNotFound(error) || (!error && !user)) {
    return (
      <StateCard
        title={t("users.detail.notFound")}
        backHref="/"
        backLabel={t("users.detail.backToDashboard")}
      />
    );
  }
  if (error || !user) {
    return <StateCard title={t("users.detail.loadError")} text={t("users.detail.loadErrorText")} />;
  }
  const role = t(`ui.roles.${user.role}`);
  return (
    <>
      <PageHeader
        title={user.username}
        actions={
          <>
            <span className="badge badge-primary">{role}</span>
            <HistoryLink entityType="USER" entityId={user.id} />
            {me?.role === "admin" && (
              <DialogButton
                label={t("users.sessions.endAll")}
                className="btn-outline btn-error btn-sm"
              >
                {(close) => (
                  <EndSessionsDialog user={user} isSelf={user.id === me.id} onClose={close} />
                )}
              </DialogButton>
            )}
          </>
        }
      />
      <Panel title={t("users.detail.information")} className="max-w-2xl">
        <dl>
          <Detail label={t("users.detail.username")}>{user.username}</Detail>
          <Detail label={t("users.detail.role")}>{role}</Detail>
          <Detail label={t("users.detail.created")}>
            {user.createdAt ? formatDate(user.createdAt) : t("users.detail.unknown")}
          </Detail>
          <Detail label={t("users.detail.status")}>
            <UserStatusBadges user={user} />
          </Detail>
          <Detail label={t("users.detail.lastSignIn")}>{lastSignInText(user.lastSignInAt)}</Detail>
          <Detail label={t("users.detail.systemAccess")}>{t(`users.access.${user.role}`)}</Detail>
          <Detail label={t("users.detail.userId")}>{user.id}</Detail>
        </dl>
      </Panel>
      {me?.id === user.id && <LanguagePreference />}
      {me?.id === user.id && <OddsPreference />}
      {me?.id === user.id && <OwnSessions />}
    </>
  );
}
