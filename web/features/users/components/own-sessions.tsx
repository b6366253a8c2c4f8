import { lazy, Suspense, useState } from "react";
import { Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { type Session, sessionDevice, useOwnSessions } from "../api/sessions";
import "../../../i18n/areas/users";

const EndSessionDialog = lazy(() => import("./end-session-dialog"));

/**
 * The signed-in user's active sessions on their own page (issue 25): where and when each
 * was signed in, when it was last used, and a button to end any but this one. A session
 * they do not recognise is someone else holding their password: end it, change the password.
 */
export function OwnSessions() {
  const { data, isLoading, error } = useOwnSessions();
  const t = useT();
  return (
    <Panel title={t("users.sessions.title")} className="mt-6 max-w-3xl">
      <p className="mb-2 text-sm text-base-content/70">{t("users.sessions.intro")}</p>
      {isLoading ? (
        <p className="text-base-content/70">{t("users.sessions.loading")}</p>
      ) : error || !data ? (
        <p className="text-error">{t("users.sessions.loadFailed")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm" aria-label={t("users.sessions.title")}>
            <thead>
              <tr>
                <th scope="col">{t("users.sessions.browser")}</th>
                {/* On a phone the address and last use sit under the browser, so the End
                    button stays on screen without scrolling the table sideways. */}
                <th scope="col" className="max-sm:hidden">
                  {t("users.sessions.address")}
                </th>
                <th scope="col">{t("users.sessions.signedIn")}</th>
                <th scope="col" className="max-sm:hidden">
                  {t("users.sessions.lastSeen")}
                </th>
                <th scope="col">
                  <span className="sr-only">{t("users.sessions.action")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((session) => (
                <tr key={session.id}>
                  <td>
                    {sessionDevice(t, session)}
                    <span className="block text-xs text-base-content/70 sm:hidden">
                      {t("users.sessions.addressLastSeen", {
                        address: session.ip ?? t("users.sessions.unknownAddress"),
                        time: formatDateTime(session.lastSeenAt),
                      })}
                    </span>
                  </td>
                  <td className="max-sm:hidden">{session.ip ?? t("users.sessions.unknown")}</td>
                  <td>{formatDateTime(session.createdAt)}</td>
                  <td className="max-sm:hidden">{formatDateTime(session.lastSeenAt)}</td>
                  <td className="text-right">
                    {session.current ? (
                      <span className="badge badge-success badge-outline whitespace-nowrap">
                        {t("users.sessions.thisSession")}
                      </span>
                    ) : (
                      <EndButton session={session} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** Opens the password confirmation; the dialog mounts only while open (a fresh form). */
function EndButton({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-xs"
        aria-label={t("users.sessions.endLabel", {
          browser: sessionDevice(t, session, true),
          address: session.ip ?? t("users.sessions.anUnknownAddress"),
          time: formatDateTime(session.createdAt),
        })}
        onClick={() => setOpen(true)}
      >
        {t("users.sessions.end")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <EndSessionDialog session={session} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
