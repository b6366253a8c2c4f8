import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useT } from "../../i18n";
import {
  probeServer,
  setServerReachable,
  subscribeConnection,
  useServerReachable,
} from "../../lib/connection";
import "../../i18n/areas/ui";

/** While the server is unreachable, ask it this often whether it is back (ms). */
export const OFFLINE_PROBE_MS = 2_000;
/** While it answers, check this often that it still does, so an outage shows early (ms). */
export const ONLINE_PROBE_MS = 15_000;

/**
 * The connection watch: a banner while the server does not answer, a light health probe,
 * and when the server is back, every query is refetched so the screens recover by
 * themselves (no reload; open dialogs keep their values).
 */
export function OfflineBanner() {
  const reachable = useServerReachable();
  const queryClient = useQueryClient();
  const t = useT();

  useEffect(
    () =>
      subscribeConnection((ok) => {
        if (ok) void queryClient.invalidateQueries();
      }),
    [queryClient],
  );

  useEffect(() => {
    const timer = setInterval(
      () => {
        if (!reachable || document.visibilityState === "visible") void probeServer();
      },
      reachable ? ONLINE_PROBE_MS : OFFLINE_PROBE_MS,
    );
    const offline = () => setServerReachable(false);
    const online = () => void probeServer();
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      clearInterval(timer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [reachable]);

  if (reachable) return null;
  return (
    <div
      role="status"
      className="alert alert-warning sticky top-0 z-[70] justify-center rounded-none text-center"
    >
      <span>
        <strong>{t("ui.offline.label")}</strong> {t("ui.offline.text")}
      </span>
    </div>
  );
}
