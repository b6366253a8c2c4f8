import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { i18n, useT } from "../../i18n";
import "../../i18n/areas/ui";

interface DialogProps {
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
  /**
   * Where the focus goes on closing when what opened it is gone: a table row re-rendered
   * while the dialog was open (a search settling, a refetch) has a new control in its place.
   */
  refocus?: () => HTMLElement | null | undefined;
}

/**
 * Sets what Escape does in the dialog around it (null: close it again): a step inside a
 * dialog registers its own way back (useDialogEscape).
 */
const DialogEscapeContext = createContext<((back: (() => void) | null) => void) | null>(null);

/**
 * While the calling component is mounted, Escape in the dialog around it calls
 * `back` instead of closing the dialog: a step shown in place of the dialog's form (the large
 * amount's confirmation) goes back to the filled form, as its Go back does, rather than throw
 * the form away; a second Escape, on the form, closes the dialog as before.
 */
export function useDialogEscape(back: () => void) {
  const register = useContext(DialogEscapeContext);
  const backRef = useRef(back);
  backRef.current = back;
  useEffect(() => {
    if (!register) return;
    register(() => backRef.current());
    return () => register(null);
  }, [register]);
}

/**
 * A native modal <dialog> (daisyUI modal): the page behind it is inert so focus stays
 * inside, and Escape closes it (or takes a step inside it back: useDialogEscape). It is open
 * for as long as it is mounted: its owner mounts it to open it (see DialogButton) and
 * unmounts it to close it; focus then returns to
 * what opened it (or, if that is gone, to `refocus`'s element, else to the page heading). On a small screen the body
 * scrolls and the form's actions (`.modal-action`) stay in view.
 */
export function Dialog({ onClose, title, children, wide, refocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const refused = useRefusedFields(ref);
  const refocusRef = useRef(refocus);
  refocusRef.current = refocus;
  // Escape: a step's way back while one is shown (useDialogEscape), else closing.
  const back = useRef<(() => void) | null>(null);
  const [registerBack] = useState(() => (handler: (() => void) | null) => {
    back.current = handler;
  });
  const onEscape = () => (back.current ?? onClose)();

  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus();
        return;
      }
      const instead = refocusRef.current?.();
      if (instead?.isConnected) {
        instead.focus();
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
    // showModal focuses the first focusable element; a dialog may name another one (the
    // settle dialog keeps Cancel first, ahead of its "Dead heat or Rule 4" disclosure).
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onEscape();
      }}
      // Escape closes it even where the browser sends no cancel event (a handled keydown
      // suppresses the native one, so it never closes twice).
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          onEscape();
        }
      }}
      onSubmitCapture={refused.onSubmit}
    >
      <div
        className={`modal-box max-h-[calc(100dvh-2rem)] overflow-y-auto ${wide ? "max-w-2xl" : ""}`}
      >
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          {title}
        </h2>
        <RefusedSummary fields={refused.fields} />
        <DialogEscapeContext.Provider value={registerBack}>{children}</DialogEscapeContext.Provider>
      </div>
    </dialog>
  );
}

/** A field the form refused: its label and why (the message shown under it). */
export interface RefusedField {
  element: HTMLElement;
  label: string;
  message: string;
}

/**
 * The visible controls marked invalid inside `root`, in the order they appear. A lookup's
 * box (a search form: Find slip) is not one: it saves nothing, so "Not saved" would be
 * wrong, and its own message under the box already says why nothing was found.
 */
export function refusedFieldsIn(root: ParentNode): RefusedField[] {
  return [...root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')]
    .filter((element) => !element.closest('[hidden], [role="search"], search'))
    .map((element) => {
      const labelled = element.getAttribute("aria-labelledby");
      const label =
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        (labelled ? document.getElementById(labelled)?.textContent : null) ??
        element.getAttribute("aria-label") ??
        "";
      // The message under the field: the one it is described by, else the error line of
      // its form control (a picker shows its message there).
      const described = (element.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id) : null))
        .find((node) => node?.id.endsWith("-error"));
      const message =
        described?.textContent ??
        element.closest(".form-control")?.querySelector(".text-error")?.textContent ??
        i18n.t("ui.dialog.checkField");
      return { element, label: label.replace(/\s*\*$/, "").trim(), message: message.trim() };
    });
}

/**
 * Every dialog's answer to a refused submit (issue 20): after a submit, while fields are
 * marked invalid, a short alert at the top of the dialog (it stays in view as the body
 * scrolls) lists them with the reason, and focus moves to the first. The fields mark
 * themselves (aria-invalid and the message under them, see field.tsx), so each form needs
 * nothing of its own: the dialog watches its own content.
 */
function useRefusedFields(ref: { current: HTMLDialogElement | null }) {
  const [fields, setFields] = useState<RefusedField[]>([]);
  const submitted = useRef(false);
  // Until this time after a submit, the first refused field that shows up takes the focus.
  const focusUntil = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: check reads only refs and a setter
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const observer = new MutationObserver(() => {
      if (submitted.current) check(dialog);
    });
    observer.observe(dialog, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["aria-invalid", "hidden"],
    });
    return () => observer.disconnect();
  }, [ref]);

  function check(dialog: HTMLElement) {
    const found = refusedFieldsIn(dialog);
    setFields((previous) => (sameFields(previous, found) ? previous : found));
    const first = found[0];
    if (first && Date.now() < focusUntil.current) {
      focusUntil.current = 0;
      // After the form's own focusing (react-hook-form focuses its first error in a task
      // of its own), so the first refused field in the dialog's order is the one focused.
      setTimeout(() => {
        if (first.element.isConnected && document.activeElement !== first.element) {
          first.element.focus();
        }
      }, 0);
    }
  }

  const onSubmit = () => {
    submitted.current = true;
    focusUntil.current = Date.now() + 2_000;
    // The same fields refused again change nothing the observer would see.
    setTimeout(() => {
      if (ref.current) check(ref.current);
    }, 0);
  };
  return { fields, onSubmit };
}

function sameFields(a: RefusedField[], b: RefusedField[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (field, i) =>
        field.element === b[i]?.element &&
        field.label === b[i]?.label &&
        field.message === b[i]?.message,
    )
  );
}

function RefusedSummary({ fields }: { fields: RefusedField[] }) {
  const t = useT();
  if (fields.length === 0) return null;
  return (
    <div
      role="alert"
      className="alert alert-error sticky top-0 z-10 mb-4 flex-col items-start gap-1 text-sm"
    >
      <p className="font-semibold">{t("ui.dialog.refused", { count: fields.length })}</p>
      <ul className="list-disc pl-5">
        {fields.map((field, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two fields may share label and message
          <li key={i}>
            {field.label ? `${field.label}: ` : ""}
            {field.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
