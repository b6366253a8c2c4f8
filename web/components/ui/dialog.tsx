import { type ReactNode, useEffect, useId, useRef } from "react";

interface DialogProps {
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}

/**
 * A native modal <dialog> (daisyUI modal): the page behind it is inert so focus stays
 * inside, and Escape closes it. It is open for as long as it is mounted: its owner mounts
 * it to open it (see DialogButton) and unmounts it to close it; focus then returns to
 * what opened it (or, if that is gone, to the page heading). On a small screen the body
 * scrolls and the form's actions (`.modal-action`) stay in view.
 */
export function Dialog({ onClose, title, children, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus();
        return;
      }
      const heading = document.querySelector<HTMLElement>("main h1");
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus();
      }
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Escape closes it even where the browser sends no cancel event (a handled keydown
      // suppresses the native one, so it never closes twice).
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div
        className={`modal-box max-h-[calc(100dvh-2rem)] overflow-y-auto ${wide ? "max-w-2xl" : ""}`}
      >
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
