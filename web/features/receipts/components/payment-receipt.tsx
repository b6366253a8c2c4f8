import { paymentReceipt, type SlipPayment } from "../receipt-data";
import { PrintReceipt } from "./print-receipt";
import { Receipt } from "./receipt";

/**
 * A slip payment's receipt (issue 21 items 2 and 4): SLIP PAID, the ledger row's reference,
 * the bet with its slip code and result, the amount paid, "Cash" for a bearer's slip.
 */
export function PaymentReceipt({
  payment,
  code,
  duplicate = false,
}: {
  payment: SlipPayment;
  /** The slip's code as printed (ABCDE-FGHJK). */
  code?: string;
  duplicate?: boolean;
}) {
  return <Receipt receipt={paymentReceipt(payment, code)} duplicate={duplicate} />;
}

/** Print button for a slip payment's receipt: Find slip's Pay success state. */
export function PrintPaymentReceipt({
  payment,
  code,
  duplicate = false,
  label,
  className,
}: {
  payment: SlipPayment;
  code?: string;
  duplicate?: boolean;
  label?: string;
  className?: string;
}) {
  return (
    <PrintReceipt
      receipt={paymentReceipt(payment, code)}
      duplicate={duplicate}
      label={label}
      className={className}
    />
  );
}
