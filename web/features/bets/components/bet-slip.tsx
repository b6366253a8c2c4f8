import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { formatSlipCode } from "../../../../src/domain/slip-code";
import { useStaffName } from "../../../components/ui/links";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { errorMessage, isNotFound } from "../../../lib/api-client";
import { euro, formatDateTime, fullName } from "../../../lib/format";
import { useSlip } from "../api/get-slip";

/**
 * The printed receipt is 80 mm wide (a till's thermal roll). Printing shows the slip alone:
 * everything else on the page (the toolbar, a toast, the offline banner) is hidden. Inline
 * here, so the rules apply only while a slip is on screen (the CSP allows inline styles).
 */
const PRINT_CSS = `
@page { size: 80mm 200mm; margin: 0; }
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  .bet-slip, .bet-slip * { visibility: visible !important; }
  .bet-slip { position: absolute; left: 0; top: 0; width: 80mm; margin: 0; padding: 3mm;
    border: 0 !important; box-shadow: none !important; font-size: 10pt; }
}
`;

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0">{label}</dt>
      <dd className="text-right font-semibold">{children}</dd>
    </div>
  );
}

/**
 * A bet's slip (issue 12, decision 031): shop, customer, description, stake, odds, potential
 * payout, time, staff, bet number, the verification code and its QR code, ready to print.
 * With `autoPrint` (the Print buttons) the print dialog opens once the slip has loaded.
 */
export default function BetSlip({ id, autoPrint = false }: { id: number; autoPrint?: boolean }) {
  const { data: slip, isLoading, error } = useSlip(id);
  const printed = useRef(false);
  const staffName = useStaffName();
  useEffect(() => {
    if (!autoPrint || !slip || printed.current) return;
    printed.current = true;
    window.print();
  }, [autoPrint, slip]);
  if (isLoading) return <LoadingText text="Loading slip..." />;
  if (isNotFound(error) || (!error && !slip)) {
    return <StateCard title="Bet not found" backHref="/bets" backLabel="Back to Bets" />;
  }
  if (error || !slip) {
    return (
      <StateCard
        title="Error Loading Slip"
        text={error ? errorMessage(error) : undefined}
        backHref={`/bets/${id}`}
        backLabel="Back to Bet"
      />
    );
  }
  const code = formatSlipCode(slip.code);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-4">
      <style>{PRINT_CSS}</style>
      <div className="flex w-full flex-wrap justify-between gap-2">
        <Link href={`/bets/${slip.betId}`} className="btn btn-ghost btn-sm">
          Back to Bet
        </Link>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <article
        className="bet-slip w-[80mm] max-w-full rounded border border-base-300 bg-white p-4 font-mono text-sm text-black shadow"
        aria-label={`Slip for bet #${slip.betId}`}
      >
        <header className="mb-3 text-center">
          <h1 className="text-lg font-bold">{slip.shop.name}</h1>
          <p>{slip.shop.location}</p>
          {slip.shop.address && <p>{slip.shop.address}</p>}
          {slip.shop.phone && <p>{slip.shop.phone}</p>}
        </header>
        <p className="mb-2 border-y border-dashed border-black py-1 text-center text-base font-bold">
          Bet #{slip.betId}
        </p>
        <dl className="flex flex-col gap-1">
          <Line label="Customer">{fullName(slip.customer)}</Line>
          <div>
            <dt className="sr-only">Description</dt>
            <dd className="my-1 break-words">{slip.description}</dd>
          </div>
          <Line label="Stake">{euro(slip.stakeAmount)}</Line>
          {/* The price as taken, whatever format the reader prefers (decision 048). */}
          <Line label="Odds">{slip.price}</Line>
          <Line label="Potential payout">{euro(slip.potentialPayout)}</Line>
          <Line label="Placed">{formatDateTime(slip.placedAt)}</Line>
          <Line label="Staff">{staffName(slip.staff, "Unknown")}</Line>
        </dl>
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
      </article>
    </div>
  );
}
