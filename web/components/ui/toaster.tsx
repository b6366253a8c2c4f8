import { useAtom } from "jotai";
import { useEffect, useRef } from "react";
import { TOAST_DURATION_MS, toastAtom } from "../../lib/toast";

/** The toast viewport: one toast, gone after 5 s; F8 moves focus to it. */
export function Toaster() {
  const [toast, setToast] = useAtom(toastAtom);
  const viewport = useRef<HTMLOListElement>(null);

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
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  return (
    <section aria-label="Notifications (F8)" className="toast toast-end z-[1000] md:max-w-[420px]">
      <ol ref={viewport} tabIndex={-1} className="flex flex-col gap-2 outline-none">
        {toast && (
          <li
            key={toast.id}
            role="status"
            aria-live="polite"
            className={`alert shadow-lg ${toast.variant === "destructive" ? "alert-error" : ""}`}
          >
            <div>
              <div className="font-semibold">{toast.title}</div>
              {toast.description && <div className="text-sm">{toast.description}</div>}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-label="Close"
              onClick={() => setToast(null)}
            >
              ✕
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
