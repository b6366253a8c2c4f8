import { type LiveState, useLiveState } from "../../lib/live";

const TEXT: Record<LiveState, { label: string; dot: string; title: string }> = {
  live: { label: "Live", dot: "bg-success", title: "Changes from other tills appear at once" },
  connecting: { label: "Connecting", dot: "bg-warning", title: "Connecting to live updates" },
  offline: {
    label: "Reconnecting",
    dot: "bg-error",
    title: "Live updates lost: reconnecting (screens refresh when it is back)",
  },
};

/** A small dot and word: whether this screen receives other tills' changes as they happen. */
export function LiveIndicator() {
  const state = useLiveState();
  const { label, dot, title } = TEXT[state];
  return (
    <span
      className="inline-flex items-center gap-2 text-xs text-base-content"
      title={title}
      data-testid="live-indicator"
      data-state={state}
    >
      <span className={`inline-block h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
