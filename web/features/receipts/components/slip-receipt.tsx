import { QRCodeSVG } from "qrcode.react";
import type { SlipDto } from "../../../../src/domain/dto";
import { formatSlipCode } from "../../../../src/domain/slip-code";
import { useStaffName } from "../../../components/ui/links";
import { i18n, useT } from "../../../i18n";
import { euro, formatDateTime, fullName } from "../../../lib/format";
import { showPriceAsTaken } from "../../../lib/odds";
import { slipReturn } from "../receipt-data";
import { ReceiptKindBand, ReceiptLine, ReceiptPaper, WRAP } from "./receipt-frame";
import "../../../i18n/areas/bets";
import "../../../i18n/areas/receipts";
import "../../../i18n/areas/ui";

/** "PAID €19.00 on 26 Nov 2026, 14:03 at Main Street by alice". */
export function paidText(paid: NonNullable<SlipDto["paid"]>): string {
  const values = { amount: euro(paid.amount), time: formatDateTime(paid.at), shop: paid.shop.name };
  return paid.by
    ? i18n.t("receipts.slip.paidBy", { ...values, user: paid.by.username })
    : i18n.t("receipts.slip.paid", values);
}

/**
 * A bet's slip on the receipt paper (issues 12 and 21, decisions 031 and 053): the shop,
 * CASH BET for a bearer's slip, the customer or "Cash", the description, stake (each-way:
 * the unit, the terms and the total), price, potential payout, time, staff, the outcome once
 * settled (WON / PLACED / LOST / VOID with the return), PAID when paid, the verification
 * code and its QR code, and DUPLICATE on a reprint.
 */
export function SlipReceipt({
  slip,
  duplicate = false,
  className = "",
  titleLevel = 2,
  returnNote,
}: {
  slip: SlipDto;
  duplicate?: boolean;
  className?: string;
  titleLevel?: 1 | 2;
  /** Beside the return: what reduced it, worded by the bets feature (decision 084). */
  returnNote?: string;
}) {
  const staffName = useStaffName();
  const t = useT();
  const code = formatSlipCode(slip.code);
  const cash = slip.payment === "cash" || (slip.payment === undefined && !slip.customer);
  const eachWay = slip.eachWay ?? null;
  const settled = slip.status !== "PENDING";
  return (
    <ReceiptPaper
      label={t("receipts.slip.label", { id: slip.betId })}
      shop={slip.shop}
      duplicate={duplicate}
      className={className}
      titleLevel={titleLevel}
    >
      {cash && <ReceiptKindBand>{t("receipts.band.cashBet")}</ReceiptKindBand>}
      <p className="mb-2 border-y border-dashed border-black py-1 text-center text-base font-bold">
        {t("receipts.slip.bet", { id: slip.betId })}
      </p>
      <dl className="flex flex-col gap-1">
        <ReceiptLine label={t("receipts.customer")}>
          <span data-testid="receipt-customer">
            {slip.customer ? fullName(slip.customer) : t("receipts.cash")}
          </span>
        </ReceiptLine>
        <div>
          <dt className="sr-only">{t("receipts.description")}</dt>
          <dd className={`my-1 ${WRAP}`}>{slip.description}</dd>
        </div>
        {eachWay ? (
          <>
            <ReceiptLine label={t("receipts.slip.unitStake")}>{euro(slip.stakeAmount)}</ReceiptLine>
            <ReceiptLine label={t("receipts.slip.terms")}>
              <span data-testid="slip-each-way">
                {t("bets.eachWayTerms", { places: eachWay.places, fraction: eachWay.fraction })}
              </span>
            </ReceiptLine>
            <ReceiptLine label={t("receipts.slip.totalStake")}>{euro(slip.totalStake)}</ReceiptLine>
          </>
        ) : (
          <ReceiptLine label={t("receipts.slip.stake")}>{euro(slip.stakeAmount)}</ReceiptLine>
        )}
        {/* The price as taken, whatever format the reader prefers (decision 048); a decimal in the locale ("2,50"). */}
        <ReceiptLine label={t("receipts.slip.odds")}>{showPriceAsTaken(slip.price)}</ReceiptLine>
        <ReceiptLine label={t("receipts.slip.potentialPayout")}>
          {euro(slip.potentialPayout)}
        </ReceiptLine>
        <ReceiptLine label={t("receipts.slip.placed")}>{formatDateTime(slip.placedAt)}</ReceiptLine>
        <ReceiptLine label={t("receipts.staff")}>
          {staffName(slip.staff, t("receipts.unknown"))}
        </ReceiptLine>
      </dl>
      {settled && (
        <div className="mt-2 border-t border-dashed border-black pt-2" data-testid="slip-outcome">
          <dl className="flex flex-col gap-1">
            <ReceiptLine label={t("receipts.result")} strong>
              {t(`ui.betStatus.${slip.status}`)}
            </ReceiptLine>
            <ReceiptLine label={t("receipts.slip.return")} strong>
              {euro(slipReturn(slip))}
              {returnNote && (
                <span className="block text-xs font-normal" data-testid="slip-return-note">
                  {returnNote}
                </span>
              )}
            </ReceiptLine>
            {slip.resolvedAt && (
              <ReceiptLine label={t("receipts.slip.settled")}>
                {formatDateTime(slip.resolvedAt)}
              </ReceiptLine>
            )}
          </dl>
          {slip.paid && (
            <p
              className={`mt-2 border-2 border-black p-1 text-center font-bold ${WRAP}`}
              data-testid="slip-paid"
            >
              {paidText(slip.paid)}
            </p>
          )}
        </div>
      )}
      <div className="mt-3 flex flex-col items-center gap-1 border-t border-dashed border-black pt-3">
        <QRCodeSVG
          value={slip.code}
          size={128}
          marginSize={1}
          title={t("receipts.slip.qr", { code })}
          role="img"
          aria-label={t("receipts.slip.qr", { code })}
          data-testid="slip-qr"
        />
        <p className="text-xs">{t("receipts.slip.code")}</p>
        <p className="text-lg font-bold tracking-widest" data-testid="slip-code">
          {code}
        </p>
      </div>
    </ReceiptPaper>
  );
}
