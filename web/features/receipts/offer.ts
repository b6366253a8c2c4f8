import { atom, useStore } from "jotai";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { currentUserAtom } from "../../lib/session";
import type { ReceiptData } from "./receipt-data";

/** A movement's receipt, offered for printing. */
export interface ReceiptOfferInput {
  receipt: ReceiptData;
}

export interface ReceiptOffer {
  offer: ReceiptOfferInput;
  /** Offered on this screen: leaving it ends the success state. */
  location: string;
  userId: number | null;
  key: number;
}

/** The success state's receipt (decision 053): one at a time, the latest movement's. */
export const receiptOfferAtom = atom<ReceiptOffer | null>(null);

let offers = 0;

/**
 * What a movement's dialog calls on success: the receipt is offered above the screen
 * ("Print receipt") until the next movement, a dismissal, or leaving the screen. Its first
 * press prints the original; any later one DUPLICATE.
 */
export function useOfferReceipt(): (offer: ReceiptOfferInput) => void {
  // The user is read when the receipt is offered: the dialog does not redraw for it.
  const store = useStore();
  const [location] = useLocation();
  return useCallback(
    (offer: ReceiptOfferInput) => {
      offers += 1;
      const userId = store.get(currentUserAtom)?.id ?? null;
      store.set(receiptOfferAtom, { offer, location, userId, key: offers });
    },
    [store, location],
  );
}
