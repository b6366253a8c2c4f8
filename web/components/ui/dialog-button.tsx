import { useStore } from "jotai";
import { type ReactNode, Suspense, useState } from "react";
import { draftDialogHere } from "../../lib/draft";
import { currentUserAtom } from "../../lib/session";

/**
 * A button that mounts its (lazily loaded) dialog only while open, so the dialog's code
 * loads on first use and its form starts fresh every time.
 */
export function DialogButton({
  label,
  className,
  disabled,
  title,
  draft,
  children,
}: {
  label: string;
  className?: string;
  disabled?: boolean;
  title?: string;
  /**
   * The dialog's draft name: a draft the signed-in user left on this page when their session
   * expired reopens it (another user's never does).
   */
  draft?: string;
  children: (close: () => void) => ReactNode;
}) {
  const store = useStore();
  const [open, setOpen] = useState(
    () => draft !== undefined && draftDialogHere(store.get(currentUserAtom)?.id) === draft,
  );
  return (
    <>
      <button
        type="button"
        className={`btn ${className ?? ""}`}
        disabled={disabled}
        title={title}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && <Suspense fallback={null}>{children(() => setOpen(false))}</Suspense>}
    </>
  );
}
