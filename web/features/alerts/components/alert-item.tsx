import { useAtomValue } from "jotai";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useT } from "../../../i18n";
import { relativeAge } from "../../../lib/format";
import { canMutateAtom } from "../../../lib/session";
import { useAlertText } from "../alert-text";
import { useDismissAlert } from "../api/dismiss-alert";
import { type Alert, useAlerts } from "../api/get-alerts";
import { needsNote } from "./category";
import { type Dismissals, DismissalsOf, useDismissals } from "./dismissals";
import "../../../i18n/areas/alerts";

const DismissAlertDialog = lazy(() => import("./dismiss-alert-dialog"));

const ALERT_CLASS = { warning: "alert-warning", error: "alert-error", info: "alert-info" };

const DISMISS_BUTTON = "button[data-dismiss]";

/**
 * Where the focus goes when a dismissed alert leaves the list (its Dismiss button goes with
 * it, and the focus would drop to the page's body): the Dismiss button of the alert now in
 * its place (the next one), else of the one before it, else the heading of the panel the
 * list is in. Only when the focus was on the alert (or its dialog) and has not moved on.
 */
function useFocusAfterDismissal(visibleIds: number[]) {
  const root = useRef<HTMLDivElement>(null);
  // The latest ids: a dismissal records its alert's place among them.
  const ids = useRef(visibleIds);
  ids.current = visibleIds;
  const pending = useRef<{ id: number; index: number; viaDialog: boolean } | null>(null);
  const [dismissals] = useState<Dismissals>(() => ({
    dismissing: (id, { viaDialog }) => {
      pending.current = { id, index: ids.current.indexOf(id), viaDialog };
    },
    failed: (id) => {
      if (pending.current?.id === id) pending.current = null;
    },
  }));

  const key = visibleIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the visible alerts change
  useEffect(() => {
    const gone = pending.current;
    if (!gone || ids.current.includes(gone.id)) return;
    pending.current = null;
    const container = root.current;
    if (!container) return;
    const active = document.activeElement;
    // From the note dialog the focus went back to its opener, gone with the alert: the
    // dialog sent it to the page heading instead, which is no choice of the user's.
    const stillHere =
      gone.viaDialog || !active || active === document.body || container.contains(active);
    if (!stillHere) return;
    const buttons = [...container.querySelectorAll<HTMLElement>(DISMISS_BUTTON)];
    const target =
      buttons[gone.index] ?? buttons[gone.index - 1] ?? buttons.at(-1) ?? headingOf(container);
    target?.focus();
  }, [key]);
  return { root, dismissals };
}

/** The heading of the panel around the list, made focusable. */
function headingOf(container: HTMLElement): HTMLElement | null {
  const heading = container.closest("section")?.querySelector<HTMLElement>("h1, h2, h3");
  if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  return heading ?? null;
}

/** The undismissed alerts (the first `limit` of them), or their loading and empty states. */
export function AlertList({ limit }: { limit?: number }) {
  const { data, isLoading } = useAlerts();
  const t = useT();
  const shown = data?.slice(0, limit ?? data.length) ?? [];
  const { root, dismissals } = useFocusAfterDismissal(shown.map((alert) => alert.id));
  let body: ReactNode;
  if (isLoading) body = <p className="py-4 text-center">{t("alerts.loading")}</p>;
  else if (!shown.length) {
    body = <p className="py-4 text-center text-base-content/70">{t("alerts.empty")}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {shown.map((alert) => (
          <AlertItem key={alert.id} alert={alert} />
        ))}
      </ul>
    );
  }
  return (
    <DismissalsOf.Provider value={dismissals}>
      <div ref={root}>{body}</div>
    </DismissalsOf.Provider>
  );
}

/** Who the alert is for: Operations, Cash, Security or System (decisions/044). */
export function CategoryBadge({ alert }: { alert: Pick<Alert, "category"> }) {
  const t = useT();
  return (
    <span className="badge badge-outline badge-sm whitespace-nowrap" data-testid="alert-category">
      <span className="sr-only">{t("alerts.categoryPrefix")}</span>
      {t(`alerts.category.${alert.category}`)}
    </span>
  );
}

/**
 * One alert with its category, age and, for staff, a Dismiss button. A cash or security
 * alert (only admins see those) opens a dialog that asks for the note first.
 */
export function AlertItem({ alert }: { alert: Alert }) {
  const dismiss = useDismissAlert();
  const dismissals = useDismissals();
  const canMutate = useAtomValue(canMutateAtom);
  const [asking, setAsking] = useState(false);
  const withNote = needsNote(alert.category);
  const t = useT();
  const text = useAlertText(alert);
  return (
    <li className={`alert ${ALERT_CLASS[alert.type] ?? ""} items-start`}>
      <div className="flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{text.title}</span>
          <CategoryBadge alert={alert} />
        </div>
        <div className="text-sm">{text.description}</div>
        <div className="text-xs opacity-70">{relativeAge(alert.createdAt)}</div>
      </div>
      {canMutate && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={t("alerts.dismissNamed", { title: text.title })}
          aria-haspopup={withNote ? "dialog" : undefined}
          data-dismiss=""
          onClick={() => {
            if (withNote) {
              setAsking(true);
              return;
            }
            dismissals.dismissing(alert.id, { viaDialog: false });
            dismiss.mutate({ id: alert.id }, { onError: () => dismissals.failed(alert.id) });
          }}
        >
          ✕
        </button>
      )}
      {asking && (
        <Suspense fallback={null}>
          <DismissAlertDialog alert={alert} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </li>
  );
}
