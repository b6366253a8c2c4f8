import { QRCodeSVG } from "qrcode.react";
import type { SlipDto } from "../../../../src/domain/dto";
import { formatEachWay } from "../../../../src/domain/each-way";
import { formatSlipCode } from "../../../../src/domain/slip-code";
import { useStaffName } from "../../../components/ui/links";
import { euro, formatDateTime, fullName } from "../../../lib/format";
import { ReceiptKindBand, ReceiptLine, ReceiptPaper, WRAP } from "./receipt-frame";

/** What a settled bet returned: the payout (WON, PLACED), the stake back (VOID), nothing (LOST). */
export function slipReturn(slip: Pick<SlipDto, "status" | "actualPayout" | "totalStake">): string {
  if (slip.status === "LOST") return "0.00";
  if (slip.status === "VOID") return slip.actualPayout ?? slip.totalStake;
  return slip.actualPayout ?? "0.00";
}

/** "PAID €19.00 on 26 Nov 2026, 14:03 at Main Street by alice". */
export function paidText(paid: NonNullable<SlipDto["paid"]>): string {
  const by = paid.by ? ` by ${paid.by.username}` : "";
  return `PAID ${euro(paid.amount)} on ${formatDateTime(paid.at)} at ${paid.shop.name}${by}`;
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
}: {
  slip: SlipDto;
  duplicate?: boolean;
  className?: string;
  titleLevel?: 1 | 2;
}) {
  const staffName = useStaffName();
  const code = formatSlipCode(slip.code);
  const cash = slip.payment === "cash" || (slip.payment === undefined && !slip.customer);
  const eachWay = slip.eachWay ?? null;
  const settled = slip.status !== "PENDING";
  return (
    <ReceiptPaper
      label={`Slip for bet #${slip.betId}`}
      shop={slip.shop}
      duplicate={duplicate}
      className={className}
      titleLevel={titleLevel}
    >
      {cash && <ReceiptKindBand>CASH BET</ReceiptKindBand>}
      <p className="mb-2 border-y border-dashed border-black py-1 text-center text-base font-bold">
        Bet #{slip.betId}
      </p>
      <dl className="flex flex-col gap-1">
        <ReceiptLine label="Customer">
          <span data-testid="receipt-customer">
            {slip.customer ? fullName(slip.customer) : "Cash"}
          </span>
        </ReceiptLine>
        <div>
          <dt className="sr-only">Description</dt>
          <dd className={`my-1 ${WRAP}`}>{slip.description}</dd>
        </div>
        {eachWay ? (
          <>
            <ReceiptLine label="Unit stake">{euro(slip.stakeAmount)}</ReceiptLine>
            <ReceiptLine label="Terms">
              <span data-testid="slip-each-way">{formatEachWay(eachWay)}</span>
            </ReceiptLine>
            <ReceiptLine label="Total stake">{euro(slip.totalStake)}</ReceiptLine>
          </>
        ) : (
          <ReceiptLine label="Stake">{euro(slip.stakeAmount)}</ReceiptLine>
        )}
        {/* The price as taken, whatever format the reader prefers (decision 048). */}
        <ReceiptLine label="Odds">{slip.price}</ReceiptLine>
        <ReceiptLine label="Potential payout">{euro(slip.potentialPayout)}</ReceiptLine>
        <ReceiptLine label="Placed">{formatDateTime(slip.placedAt)}</ReceiptLine>
        <ReceiptLine label="Staff">{staffName(slip.staff, "Unknown")}</ReceiptLine>
      </dl>
      {settled && (
        <div className="mt-2 border-t border-dashed border-black pt-2" data-testid="slip-outcome">
          <dl className="flex flex-col gap-1">
            <ReceiptLine label="Result" strong>
              {slip.status}
            </ReceiptLine>
            <ReceiptLine label="Return" strong>
              {euro(slipReturn(slip))}
            </ReceiptLine>
            {slip.resolvedAt && (
              <ReceiptLine label="Settled">{formatDateTime(slip.resolvedAt)}</ReceiptLine>
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
          title={`QR code of ${code}`}
          role="img"
          aria-label={`QR code of ${code}`}
          data-testid="slip-qr"
        />
        <p className="text-xs">Verification code</p>
        <p className="text-lg font-bold tracking-widest" data-testid="slip-code">
          {code}
        </p>
      </div>
    </ReceiptPaper>
  );
}
