import { useT } from "../../../i18n";
import { KIND_KEY, type ReceiptData } from "../receipt-data";
import {
  amountText,
  ReceiptHeadLines,
  ReceiptKindBand,
  ReceiptLine,
  ReceiptPaper,
} from "./receipt-frame";
import "../../../i18n/areas/receipts";

/**
 * The receipt of a cash movement (issue 21 item 4): a deposit, a withdrawal, a slip's
 * payment, a pick-up or a top-up. `duplicate` prints DUPLICATE: every print but the first
 * press in the movement's success state (decision 053).
 */
export function Receipt({
  receipt,
  duplicate = false,
}: {
  receipt: ReceiptData;
  duplicate?: boolean;
}) {
  const t = useT();
  const kind = t(`receipts.band.${KIND_KEY[receipt.kind]}`);
  return (
    <ReceiptPaper
      label={t(duplicate ? "receipts.labelDuplicate" : "receipts.label", {
        kind,
        reference: receipt.reference,
      })}
      shop={receipt.shop}
      duplicate={duplicate}
    >
      <ReceiptKindBand>{kind}</ReceiptKindBand>
      <dl className="flex flex-col gap-1">
        <ReceiptHeadLines
          reference={receipt.reference}
          at={receipt.at}
          staff={receipt.staff}
          customer={receipt.customer}
        />
        {receipt.lines?.map(([label, value]) => (
          <ReceiptLine key={label} label={label}>
            {value}
          </ReceiptLine>
        ))}
        <div className="mt-2 border-t border-dashed border-black pt-2">
          <ReceiptLine label={t("receipts.amount")} strong>
            <span data-testid="receipt-amount">{amountText(receipt.amount)}</span>
          </ReceiptLine>
        </div>
      </dl>
    </ReceiptPaper>
  );
}
