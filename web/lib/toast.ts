/** Toast state: one toast at a time (SPEC section 9), shown for 5 s (errors until dismissed). */
import { atom, useSetAtom } from "jotai";
import { useCallback } from "react";

export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export const toastAtom = atom<Toast | null>(null);

let nextId = 1;

export function useToast() {
  const setToast = useSetAtom(toastAtom);
  const toast = useCallback(
    (input: Omit<Toast, "id">) => setToast({ ...input, id: nextId++ }),
    [setToast],
  );
  const dismiss = useCallback(() => setToast(null), [setToast]);
  return { toast, dismiss };
}
