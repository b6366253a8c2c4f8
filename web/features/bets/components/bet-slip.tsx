import { Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { useDocumentTitle } from "../../../components/layouts/use-page-heading";
import { LoadingText, StateCard } from "../../../components/ui/load-state";
import { useT } from "../../../i18n";
import { errorMessage, isNotFound } from "../../../lib/api-client";
import { SlipReceipt } from "../../receipts";
import { useSlip } from "../api/get-slip";
import { termsLine } from "./settlement-terms";
import "../../../i18n/areas/bets";

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
  .bet-slip { position: absolute; left: 0; top: 0; width: 80mm; margin: 0; padding: 4mm;
    border: 0 !important; box-shadow: none !important; font-size: 10pt; }
}
`;

/** Opens the print dialog once, after the slip (a lazily loaded component) is on the page. */
function AutoPrint({ when, onPrinted }: { when: boolean; onPrinted: () => void }) {
  const printed = useRef(false);
  useEffect(() => {
    if (!when || printed.current) return;
    printed.current = true;
    window.print();
    onPrinted();
  }, [when, onPrinted]);
  return null;
}

/**
 * A bet's slip (issue 12, decision 031): shop, customer, description, stake, odds, potential
 * payout, time, staff, bet number, the verification code and its QR code, ready to print.
 * With `autoPrint` (the Print buttons) the print dialog opens once the slip has loaded. Every
 * print says DUPLICATE but the first from the bet's success state, `original` (issue 21 item
 * 4, decision 053); once settled the slip shows the outcome, and PAID once paid.
 */
export default function BetSlip({
  id,
  autoPrint = false,
  original = false,
}: {
  id: number;
  autoPrint?: boolean;
  /** The first print from the bet's success state: the original; any other is DUPLICATE. */
  original?: boolean;
}) {
  const { data: slip, isLoading, error } = useSlip(id);
  const t = useT();
  const missing = isNotFound(error) || (!isLoading && !error && !slip);
  // Outside the shell, so its tab is named here, as the bet's page is: what it shows, then
  // where it lives ("Slip of bet #12 · Bets · Betting Shop"; "Bet not found · Bets · …").
  useDocumentTitle(
    missing
      ? t("bets.notFound")
      : error
        ? t("bets.errorLoadingSlip")
        : t("bets.slipTitle", { id: slip?.betId ?? id }),
    t("pages.bets"),
  );
  const [originalLeft, setOriginalLeft] = useState(original && autoPrint);
  // The page opens with the focus on "Back to Bet" (not Print: an Enter there would print the
  // slip again), so the keys go on from here: Enter back to the bet, or a counter key.
  const back = useRef<HTMLAnchorElement>(null);
  const shown = !!slip;
  useEffect(() => {
    const active = document.activeElement;
    if (shown && (!active || active === document.body)) back.current?.focus();
  }, [shown]);
  const [location, navigate] = useLocation();
  // Once printed, the original is spent: a reload or the Print button prints DUPLICATE.
  const printedOriginal = useRef(() => {});
  printedOriginal.current = () => {
    if (!originalLeft) return;
    setOriginalLeft(false);
    navigate(location, { replace: true });
  };
  if (isLoading) return <LoadingText text={t("bets.loadingSlip")} />;
  if (missing) {
    return (
      <StateCard title={t("bets.notFound")} backHref="/bets" backLabel={t("bets.backToBets")} />
    );
  }
  if (error || !slip) {
    return (
      <StateCard
        title={t("bets.errorLoadingSlip")}
        text={error ? errorMessage(error) : undefined}
        backHref={`/bets/${id}`}
        backLabel={t("bets.backToBet")}
      />
    );
  }
  const afterAutoPrint = () => printedOriginal.current();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-4">
      <style>{PRINT_CSS}</style>
      <div className="flex w-full flex-wrap justify-between gap-2">
        <Link ref={back} href={`/bets/${slip.betId}`} className="btn btn-ghost btn-sm">
          {t("bets.backToBet")}
        </Link>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          {t("bets.print")}
        </button>
      </div>
      <Suspense fallback={<LoadingText text={t("bets.loadingSlip")} />}>
        {/* The slip on the receipt paper (decision 053): DUPLICATE unless this is the first
            print from the bet's success state (`?print=original`). */}
        <SlipReceipt
          slip={slip}
          duplicate={!originalLeft}
          className="bet-slip"
          titleLevel={1}
          returnNote={termsLine(slip) || undefined}
        />
        <AutoPrint when={autoPrint} onPrinted={afterAutoPrint} />
      </Suspense>
    </div>
  );
}
