import { lazy, Suspense, useState } from "react";
import { Panel } from "../../../components/ui/page-header";
import { formatDateTime } from "../../../lib/format";
import { type Session, useOwnSessions } from "../api/sessions";

const EndSessionDialog = lazy(() => import("./end-session-dialog"));

/**
 * The signed-in user's active sessions on their own page (issue 25): where and when each
 * was signed in, when it was last used, and a button to end any but this one. A session
 * they do not recognise is someone else holding their password: end it, change the password.
 */
export function OwnSessions() {
  const { data, isLoading, error } = useOwnSessions();
  return (
    <Panel title="Your sessions" className="mt-6 max-w-3xl">
      <p className="mb-2 text-sm text-base-content/70">
        Where you are signed in. End a session you do not recognise, then change your password.
      </p>
      {isLoading ? (
        <p className="text-base-content/70">Loading sessions...</p>
      ) : error || !data ? (
        <p className="text-error">Could not load your sessions.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm" aria-label="Your sessions">
            <thead>
              <tr>
                <th scope="col">Browser</th>
                {/* On a phone the address and last use sit under the browser, so the End
                    button stays on screen without scrolling the table sideways. */}
                <th scope="col" className="max-sm:hidden">
                  Address
                </th>
                <th scope="col">Signed in</th>
                <th scope="col" className="max-sm:hidden">
                  Last seen
                </th>
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((session) => (
                <tr key={session.id}>
                  <td>
                    {session.browser}
                    <span className="block text-xs text-base-content/70 sm:hidden">
                      {session.ip ?? "Unknown address"}, last seen{" "}
                      {formatDateTime(session.lastSeenAt)}
                    </span>
                  </td>
                  <td className="max-sm:hidden">{session.ip ?? "Unknown"}</td>
                  <td>{formatDateTime(session.createdAt)}</td>
                  <td className="max-sm:hidden">{formatDateTime(session.lastSeenAt)}</td>
                  <td className="text-right">
                    {session.current ? (
                      <span className="badge badge-success badge-outline">This session</span>
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
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-xs"
        aria-label={`End the session on ${session.browser} from ${session.ip ?? "an unknown address"}, signed in ${formatDateTime(session.createdAt)}`}
        onClick={() => setOpen(true)}
      >
        End
      </button>
      {open && (
        <Suspense fallback={null}>
          <EndSessionDialog session={session} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
