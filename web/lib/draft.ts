/**
 * An open dialog's unsaved values, kept across a session expiry (issue 9): the dialog saves
 * what is typed while it is open; a 401 takes the cashier to sign-in and back to the same
 * page, where the dialog opens again with those values. Closing the dialog (Cancel, Escape
 * or a successful submit) forgets them. sessionStorage: this tab only, gone with it.
 *
 * A draft belongs to the user who typed it (issue 20): it is stored with their id, only
 * that user gets it back, and it is dropped at sign-out and when someone else signs in on
 * the same tab (the AuthProvider calls `keepDraftsOf`), so one cashier's half-typed deposit
 * never opens, prefilled, for the next person at the counter.
 */
import { useStore } from "jotai";
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { currentUserAtom } from "./session";

const STORAGE_KEY = "dialog-draft";

interface Draft {
  userId: number;
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
    const draft = text ? (JSON.parse(text) as Partial<Draft>) : null;
    // A draft without its owner (written before drafts had one) is nobody's: never restored.
    return draft && typeof draft.userId === "number" ? (draft as Draft) : null;
  } catch {
    return null;
  }
}

function remove(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: nothing kept
  }
}

/** The dialog whose draft `userId` left on this page, if any. */
export function draftDialogHere(userId: number | undefined): string | null {
  const draft = read();
  return draft && userId !== undefined && draft.userId === userId && draft.path === here()
    ? draft.dialog
    : null;
}

export function forgetDraft(dialog: string): void {
  if (read()?.dialog === dialog) remove();
}

/**
 * Called when the session's user is known: a draft of anyone else is dropped (a different
 * user signed in on this tab). `null` (signed out) is sign-out or an expired session: the
 * AuthProvider drops drafts at sign-out itself, and an expiry must keep them.
 */
export function keepDraftsOf(userId: number): void {
  if (read()?.userId !== userId) remove();
}

/** Drops every draft (sign-out: nothing typed stays behind for the next user). */
export function dropDrafts(): void {
  remove();
}

/**
 * Restores the signed-in user's waiting draft into the form, then keeps the draft up to date
 * while open. The returned function forgets it for good (call it when the dialog closes on
 * purpose).
 */
export function useFormDraft<T extends FieldValues, TOut extends FieldValues = T>(
  dialog: string,
  form: UseFormReturn<T, unknown, TOut>,
) {
  // Read once, not subscribed: a dialog is open for one user (a new user remounts the page).
  const store = useStore();
  const stop = useRef<() => void>(() => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    const userId = store.get(currentUserAtom)?.id;
    // Without a signed-in user there is nobody to keep a draft for.
    if (userId === undefined) return;
    const draft = read();
    if (draft && draft.userId === userId && draft.dialog === dialog && draft.path === here()) {
      form.reset(draft.values as T, { keepDefaultValues: true });
    }
    const subscription = form.watch((values) => {
      try {
        window.sessionStorage.setItem(
          STORAGE_KEY,
          JSON.stringify({ userId, path: here(), dialog, values } satisfies Draft),
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
