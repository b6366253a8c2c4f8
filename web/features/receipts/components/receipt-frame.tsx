import type { ReactNode } from "react";
import { useT } from "../../../i18n";
import { euro, formatDateTime } from "../../../lib/format";
import type { ReceiptShop } from "../receipt-data";
import "../../../i18n/areas/receipts";

/**
 * Long names (a customer's, a shop's, a description) wrap inside the 72 mm column instead of
 * running off the paper: break anywhere, and a flex item may shrink below its content.
 */
export const WRAP = "receipt-wrap min-w-0 break-words [overflow-wrap:anywhere]";

/** One label and its value on a receipt line; the value wraps, the label keeps its width. */
export function ReceiptLine({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? "text-base font-bold" : ""}`}>
      <dt className="shrink-0">{label}</dt>
      <dd className={`text-right font-semibold ${WRAP}`}>{children}</dd>
    </div>
  );
}

/** DUPLICATE, in a black band nobody can miss (every print but the success state's first). */
export function DuplicateBand() {
  const t = useT();
  return (
    <p
      className="receipt-duplicate my-2 border-2 border-black py-1 text-center text-xl font-black tracking-[0.3em]"
      data-testid="receipt-duplicate"
    >
      {t("receipts.duplicate")}
    </p>
  );
}

/**
 * The paper of every receipt (decision 053): 80 mm wide with a 72 mm printable column (4 mm
 * padding each side), compact monospace type, the shop at the top, DUPLICATE at the top and
 * bottom of a reprint.
 */
export function ReceiptPaper({
  label,
  shop,
  duplicate,
  className = "",
  titleLevel = 2,
  children,
}: {
  label: string;
  shop: ReceiptShop;
  duplicate: boolean;
  className?: string;
  /** 1 on a page of its own (the slip's page), else 2. */
  titleLevel?: 1 | 2;
  children: ReactNode;
}) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  return (
    <article
      className={`receipt w-[80mm] max-w-full rounded border border-base-300 bg-white p-[4mm] font-mono text-sm leading-snug text-black shadow ${className}`}
      aria-label={label}
      data-duplicate={duplicate ? "true" : "false"}
    >
      {duplicate && <DuplicateBand />}
      <header className="mb-2 text-center">
        <Title className={`text-lg font-bold ${WRAP}`} data-testid="receipt-shop">
          {shop.name}
        </Title>
        {shop.location && <p className={WRAP}>{shop.location}</p>}
        {shop.address && <p className={WRAP}>{shop.address}</p>}
        {shop.phone && <p className={WRAP}>{shop.phone}</p>}
      </header>
      {children}
      {duplicate && <DuplicateBand />}
    </article>
  );
}

/** The common lines: reference, time, staff, customer (or "Cash"). */
export function ReceiptHeadLines({
  reference,
  at,
  staff,
  customer,
}: {
  reference: string;
  at: string;
  staff: string | null;
  customer: string | null;
}) {
  const t = useT();
  return (
    <>
      <ReceiptLine label={t("receipts.ref")}>{reference}</ReceiptLine>
      <ReceiptLine label={t("receipts.time")}>{formatDateTime(at)}</ReceiptLine>
      <ReceiptLine label={t("receipts.staff")}>{staff ?? t("receipts.unknown")}</ReceiptLine>
      {customer !== null && (
        <ReceiptLine label={t("receipts.customer")}>
          <span data-testid="receipt-customer">{customer}</span>
        </ReceiptLine>
      )}
    </>
  );
}

/** The kind in capitals between dashed rules: DEPOSIT, PICK-UP, SLIP PAID... */
export function ReceiptKindBand({ children }: { children: ReactNode }) {
  return (
    <p
      className="mb-2 border-y border-dashed border-black py-1 text-center text-base font-bold"
      data-testid="receipt-kind"
    >
      {children}
    </p>
  );
}

export const amountText = (amount: string) => euro(amount);
