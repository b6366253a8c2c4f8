/**
 * An open dialog's unsaved values, kept across a session expiry (issue 9): the dialog saves
 * what is typed while it is open; a 401 takes the cashier to sign-in and back to the same
 * page, where the dialog opens again with those values. Closing the dialog (Cancel, Escape
 * or a successful submit) forgets them. sessionStorage: this tab only, gone with it.
 */
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

const STORAGE_KEY = "dialog-draft";

interface Draft {
  path: string;
  dialog: string;
  values: unknown;
}

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function read(): Draft | null {
  try {
    const text = window.sessionStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Draft) : null;
  } catch {
    return null;
  }
}

/** The dialog whose draft waits on this page, if any. */
export function draftDialogHere(): string | null {
  const draft = read();
  return draft && draft.path === here() ? draft.dialog : null;
}

export function forgetDraft(dialog: string): void {
  if (read()?.dialog === dialog) window.sessionStorage.removeItem(STORAGE_KEY);
}

/**
 * Restores a waiting draft into the form, then keeps the draft up to date while open. The
 * returned function forgets it for good (call it when the dialog closes on purpose).
 */
export function useFormDraft<T extends FieldValues, TOut extends FieldValues = T>(
  dialog: string,
  form: UseFormReturn<T, unknown, TOut>,
) {
  const stop = useRef<() => void>(() => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    const draft = read();
    if (draft && draft.dialog === dialog && draft.path === here()) {
      form.reset(draft.values as T, { keepDefaultValues: true });
    }
    const subscription = form.watch((values) => {
      try {
        window.sessionStorage.setItem(
          STORAGE_KEY,
          JSON.stringify({ path: here(), dialog, values } satisfies Draft),
        );
      } catch {
        // storage full or disabled: nothing to keep
      }
    });
    stop.current = () => subscription.unsubscribe();
    return () => subscription.unsubscribe();
  }, []);
  return () => {
    stop.current();
    forgetDraft(dialog);
  };
}
