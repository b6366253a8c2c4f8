import { useCallback, useRef } from "react";

/**
 * One Idempotency-Key per submitted dialog: the same payload submitted again (a retry or a
 * double click) reuses its key; a changed payload or a fresh dialog gets a new one.
 */
export function useIdempotencyKey() {
  const last = useRef<{ payload: string; key: string } | null>(null);
  const keyFor = useCallback((payload: unknown): string => {
    const text = JSON.stringify(payload);
    if (last.current?.payload !== text) {
      last.current = { payload: text, key: crypto.randomUUID() };
    }
    return last.current.key;
  }, []);
  const reset = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, reset };
}
