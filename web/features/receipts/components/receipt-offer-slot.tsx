import { useAtom, useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { useLocation } from "wouter";
import { currentUserAtom } from "../../../lib/session";
import { receiptOfferAtom } from "../offer";

const ReceiptOfferBar = lazy(() => import("./receipt-offer"));

/**
 * The success state of the latest cash movement (decision 053), above the screen it was made
 * on: its kind and reference, Print receipt (the original, then DUPLICATE) and a dismiss.
 * It goes with the next movement, a dismissal, leaving the screen or signing out.
 */
export function ReceiptOfferSlot() {
  const [state, setState] = useAtom(receiptOfferAtom);
  const [location] = useLocation();
  const user = useAtomValue(currentUserAtom);
  if (!state || state.location !== location || state.userId !== (user?.id ?? null)) return null;
  return (
    <Suspense fallback={null}>
      <ReceiptOfferBar key={state.key} state={state} onDismiss={() => setState(null)} />
    </Suspense>
  );
}
