import { useAtom } from "jotai";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useT } from "../../i18n";
import { TOAST_DURATION_MS, toastAtom } from "../../lib/toast";
import "../../i18n/areas/ui";

/** A horizontal swipe this long (px) dismisses the toast (SPEC section 9). */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The toast viewport: one toast, gone after 5 s or a swipe; F8 moves focus to it. An error
 * stays until it is dismissed (or replaced), so a cashier who looked away still reads it
 * (decision 089).
 */
export function Toaster() {
  const [toast, setToast] = useAtom(toastAtom);
  const viewport = useRef<HTMLOListElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const t = useT();

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current !== null) setOffset(event.clientX - swipeStart.current);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const distance = Math.abs(event.clientX - swipeStart.current);
    swipeStart.current = null;
    setOffset(0);
    if (distance >= SWIPE_THRESHOLD_PX) setToast(null);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (!toast || toast.variant === "destructive") return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  return (
    <section
      aria-label={t("ui.notifications")}
      className="toast toast-end z-[1000] md:max-w-[420px] print:hidden"
    >
      <ol ref={viewport} tabIndex={-1} className="flex flex-col gap-2 outline-none">
        {toast && (
          // The status role on the li's content: an li with another role is no list item (axe).
          <li key={toast.id}>
            <div
              role="status"
              aria-live={toast.variant === "destructive" ? "assertive" : "polite"}
              className={`alert shadow-lg touch-pan-y ${toast.variant === "destructive" ? "alert-error" : ""}`}
              style={offset ? { transform: `translateX(${offset}px)` } : undefined}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => {
                swipeStart.current = null;
                setOffset(0);
              }}
            >
              <div>
                <div className="font-semibold">{toast.title}</div>
                {toast.description && <div className="text-sm">{toast.description}</div>}
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={t("ui.close")}
                onClick={() => setToast(null)}
              >
                ✕
              </button>
            </div>
          </li>
        )}
      </ol>
    </section>
  );
}
