/**
 * Whether the server answers: the API client reports every answer (reachable) and every
 * fetch that threw (unreachable); the offline banner and the error panels read it, and the
 * app refetches when it comes back. Kept outside React so the client can write it.
 */
import { useSyncExternalStore } from "react";

type Listener = (reachable: boolean) => void;

let reachable = true;
const listeners = new Set<Listener>();

export function isServerReachable(): boolean {
  return reachable;
}

export function setServerReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  for (const listener of [...listeners]) listener(value);
}

/** Calls `listener` on every change; returns the unsubscribe. */
export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Asks the server's health endpoint whether it answers, and records the result. */
export async function probeServer(): Promise<boolean> {
  try {
    const response = await fetch("/healthz", { cache: "no-store" });
    setServerReachable(response.status < 500);
  } catch {
    setServerReachable(false);
  }
  return reachable;
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeConnection, isServerReachable, () => true);
}

type UnauthorizedListener = (path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** A 401 from any call: the auth provider decides whether it means "session expired". */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export function reportUnauthorized(path: string): void {
  for (const listener of [...unauthorizedListeners]) listener(path);
}
