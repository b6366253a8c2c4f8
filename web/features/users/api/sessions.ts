/** A user's sessions (issue 25): their own list and ending one; an admin ending all of a user's. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionDto } from "../../../../src/domain/dto";
import { useT } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/users";

export type Session = SessionDto;

/**
 * The session's browser and system in the reader's language ("Chrome auf Linux"): the
 * server's `browser` is English, its `device` the parts (an older server: its English).
 * `inText` for a sentence ("End the session on {{browser}}?"): an unknown browser is then
 * "an unknown browser" ("einem unbekannten Browser"), not the table's "Unknown browser".
 */
export function sessionDevice(
  t: ReturnType<typeof useT>,
  session: Session,
  inText = false,
): string {
  if (!session.device) return session.browser;
  const unknown = inText ? "users.sessions.anUnknownBrowser" : "users.sessions.unknownBrowser";
  const browser = session.device.browser ?? t(unknown);
  const { system } = session.device;
  return system ? t("users.sessions.device", { browser, system }) : browser;
}

export const OWN_SESSIONS_KEY = ["/api/user/sessions"] as const;

export const useOwnSessions = () =>
  useQuery({
    queryKey: OWN_SESSIONS_KEY,
    queryFn: ({ signal }) => call("listOwnSessions", { signal }),
  });

/**
 * Ends one of the signed-in user's other sessions, confirmed with the password; the list
 * refetches either way. A refusal is shown by the dialog, under the field or above its buttons.
 */
export function useEndOwnSession() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const t = useT();
  return useMutation({
    mutationFn: ({ session, password }: { session: Session; password: string }) =>
      call("endOwnSession", { params: { sessionId: session.id }, body: { password } }),
    onSuccess: (_, { session }) =>
      notify.success(t("users.sessions.ended", { browser: sessionDevice(t, session, true) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_SESSIONS_KEY }),
  });
}

/** An admin ends every session of a user (a lost phone, a till left signed in). */
export function useEndUserSessions() {
  const notify = useNotify();
  const t = useT();
  return useMutation({
    mutationFn: (user: { id: number; username: string }) =>
      call("endUserSessions", { params: { userId: user.id } }),
    onSuccess: ({ ended }, user) =>
      notify.success(t("users.sessions.endedAll", { count: ended, username: user.username })),
    onError: (error) => notify.error(error),
  });
}
