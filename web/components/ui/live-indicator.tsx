import { useT } from "../../i18n";
import { type LiveState, useLiveState } from "../../lib/live";
import "../../i18n/areas/ui";

const TEXT = {
  live: { label: "ui.live.live", dot: "bg-success", title: "ui.live.liveTitle" },
  connecting: { label: "ui.live.connecting", dot: "bg-warning", title: "ui.live.connectingTitle" },
  offline: { label: "ui.live.offline", dot: "bg-error", title: "ui.live.offlineTitle" },
} as const satisfies Record<LiveState, { label: string; dot: string; title: string }>;

/** A small dot and word: whether this screen receives other tills' changes as they happen. */
export function LiveIndicator() {
  const state = useLiveState();
  const t = useT();
  const { label, dot, title } = TEXT[state];
  return (
    <span
      className="inline-flex items-center gap-2 text-xs text-base-content"
      title={t(title)}
      data-testid="live-indicator"
      data-state={state}
    >
      <span className={`inline-block h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
      <span>{t(label)}</span>
    </span>
  );
}
