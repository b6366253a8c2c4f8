/** The receipts feature's public entry (issue 21 item 4, decision 053). */
import { lazy } from "react";

// The success state's slot sits in every signed-in screen; it loads its bar when a receipt
// is offered. The other components load on first use (the slip's carries the QR library).
export { ReceiptOfferSlot } from "./components/receipt-offer-slot";
export { type ReceiptOfferInput, receiptOfferAtom, useOfferReceipt } from "./offer";
export {
  latestMovement,
  movementReference,
  paymentReceipt,
  type ReceiptData,
  type ReceiptKind,
  type SlipPayment,
  slipReturn,
  tillMovementReceipt,
  transactionReceipt,
  transactionReference,
} from "./receipt-data";
export const Receipt = lazy(() =>
  import("./components/receipt").then((m) => ({ default: m.Receipt })),
);
export const PaymentReceipt = lazy(() =>
  import("./components/payment-receipt").then((m) => ({ default: m.PaymentReceipt })),
);
export const SlipReceipt = lazy(() =>
  import("./components/slip-receipt").then((m) => ({ default: m.SlipReceipt })),
);
export const PrintReceipt = lazy(() =>
  import("./components/print-receipt").then((m) => ({ default: m.PrintReceipt })),
);
export const PrintSlipReceipt = lazy(() =>
  import("./components/print-receipt").then((m) => ({ default: m.PrintSlipReceipt })),
);
export const PrintPaymentReceipt = lazy(() =>
  import("./components/payment-receipt").then((m) => ({ default: m.PrintPaymentReceipt })),
);
