import { createContext, useContext } from "react";

/** What a dismissal tells its list: dismissing (before the request), or failed. */
export interface Dismissals {
  dismissing: (id: number, how: { viaDialog: boolean }) => void;
  failed: (id: number) => void;
}

export const DismissalsOf = createContext<Dismissals>({ dismissing: () => {}, failed: () => {} });

/** The list's side of a dismissal: see useFocusAfterDismissal in ./alert-item.tsx. */
export const useDismissals = () => useContext(DismissalsOf);
