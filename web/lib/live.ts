/**
 * Live data (issue 9): one EventSource on GET /api/events while signed in. Each `change`
 * refreshes exactly the queries it affects; after a dropped connection everything is
 * refetched once (changes may have been missed). The connection state feeds the live
 * indicator.
 */
import { useQueryClient } from "@tanstack/react-query";
import { atom, useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { isCustomerAtom } from "./session";

export type LiveState = "connecting" | "live" | "offline";

export const liveStateAtom = atom<LiveState>("connecting");

export interface ChangeEvent {
  action: string;
  entityType: string;
  entityId: string | null;
}

/** The query keys (first segment) that a change to an entity type can alter. */
const AFFECTS: Record<string, readonly string[]> = {
  // A bet moves the customer's balance and writes ledger rows; stats and reports follow. A
  // cash stake and a slip paid move the till: its shift's expected cash.
  BET: [
    "/api/counts",
    "/api/bets",
    "/api/customers",
    "/api/shops",
    "/api/transactions",
    "/api/dashboard/stats",
    "/api/reports",
    "/api/reports/periods",
    // Its own first segment: the charts' series (the dashboard's stakes by hour too).
    "/api/reports/series",
    "/api/shifts",
  ],
  // A deposit or withdrawal also moves its shift's figures (issue 12).
  TRANSACTION: [
    "/api/transactions",
    "/api/customers",
    "/api/shops",
    "/api/dashboard/stats",
    "/api/shifts",
  ],
  SHIFT: ["/api/shifts"],
  CUSTOMER: [
    "/api/counts",
    "/api/customers",
    "/api/dashboard/stats",
    "/api/bets",
    "/api/transactions",
  ],
  SHOP: ["/api/counts", "/api/shops", "/api/bets", "/api/transactions"],
  USER: ["/api/admin/users", "/api/users"],
  ALERT: ["/api/counts", "/api/alerts"],
  // A books check was stored (issue 13): the books indicator.
  BOOKS: ["/api/admin/books-status"],
};

/** The first segments of the query keys a change invalidates; null means all of them. */
export function affectedKeys(event: ChangeEvent): readonly string[] | null {
  return AFFECTS[event.entityType] ?? null;
}

/** How often a customer login's screens refresh: it has no live stream (issue 10). */
export const CUSTOMER_REFRESH_MS = 30_000;

/**
 * Opens the stream while mounted (the signed-in shell); closes it on sign-out or unmount.
 * The stream announces every till's changes, so a customer login gets none: its own
 * account refreshes on a timer instead (and on focus, as every query does).
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const setState = useSetAtom(liveStateAtom);
  const customer = useAtomValue(isCustomerAtom);
  useEffect(() => {
    if (customer) {
      const timer = setInterval(() => void queryClient.invalidateQueries(), CUSTOMER_REFRESH_MS);
      return () => clearInterval(timer);
    }
    if (typeof EventSource === "undefined") return;
    let dropped = false;
    setState("connecting");
    const source = new EventSource("/api/events", { withCredentials: true });
    source.addEventListener("ready", () => {
      setState("live");
      if (dropped) void queryClient.invalidateQueries();
      dropped = false;
    });
    source.addEventListener("change", (message) => {
      let event: ChangeEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as ChangeEvent;
      } catch {
        return;
      }
      const keys = affectedKeys(event);
      if (keys === null) {
        void queryClient.invalidateQueries();
        return;
      }
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
    });
    source.onerror = () => {
      dropped = true;
      setState("offline");
    };
    return () => {
      source.close();
      setState("connecting");
    };
  }, [queryClient, setState, customer]);
}

export function useLiveState(): LiveState {
  return useAtomValue(liveStateAtom);
}
