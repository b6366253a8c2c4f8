import type { SlipDto } from "../../../../src/domain/dto";
import { useReceiptShop } from "../api/receipt-shop";
import type { ReceiptData } from "../receipt-data";
import { PrintReceiptButton } from "./print-receipt-button";
import { Receipt } from "./receipt";
import { SlipReceipt } from "./slip-receipt";

/**
 * Print a cash movement's receipt: the success state's first press prints the original,
 * `duplicate` (any other place) and every later press DUPLICATE (decision 053).
 */
export function PrintReceipt({
  receipt,
  duplicate = false,
  label,
  className,
}: {
  receipt: ReceiptData;
  duplicate?: boolean;
  label?: string;
  className?: string;
}) {
  const { receipt: full, ready } = useReceiptShop(receipt);
  return (
    <PrintReceiptButton duplicate={duplicate} label={label} className={className} ready={ready}>
      {(copy) => <Receipt receipt={full} duplicate={copy} />}
    </PrintReceiptButton>
  );
}

/** Print a bet's slip on the receipt paper, with its outcome and PAID once settled and paid. */
export function PrintSlipReceipt({
  slip,
  duplicate = false,
  label,
  className,
}: {
  slip: SlipDto;
  duplicate?: boolean;
  label?: string;
  className?: string;
}) {
  return (
    <PrintReceiptButton duplicate={duplicate} label={label} className={className}>
      {(copy) => <SlipReceipt slip={slip} duplicate={copy} />}
    </PrintReceiptButton>
  );
}
