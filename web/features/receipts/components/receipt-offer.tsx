import { useT } from "../../../i18n";
import type { ReceiptOffer as Offer } from "../offer";
import { KIND_KEY } from "../receipt-data";
import { PrintReceipt } from "./print-receipt";
import "../../../i18n/areas/receipts";

/**
 * The success state's bar (decision 053): the movement's kind and reference, Print receipt
 * (the original, then DUPLICATE) and a dismiss. Loaded when a receipt is first offered.
 */
export default function ReceiptOfferBar({
  state,
  onDismiss,
}: {
  state: Offer;
  onDismiss: () => void;
}) {
  const { offer } = state;
  const t = useT();
  return (
    <section
      aria-label={t("receipts.offer")}
      className="mb-4 flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-2 print:hidden"
      data-testid="receipt-offer"
    >
      <span>
        <span className="font-semibold">{t(`receipts.kind.${KIND_KEY[offer.receipt.kind]}`)}</span>{" "}
        {offer.receipt.reference}
      </span>
      <PrintReceipt receipt={offer.receipt} />
      <button
        type="button"
        className="btn btn-ghost btn-sm ml-auto"
        aria-label={t("receipts.dismiss")}
        onClick={onDismiss}
      >
        ✕
      </button>
    </section>
  );
}
