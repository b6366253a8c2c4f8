import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { formatSlipCode } from "../../../../src/domain/slip-code";
import { Dialog } from "../../../components/ui/dialog";
import { useT } from "../../../i18n";
import { euroCents } from "../../../lib/format";
import { PrintPaymentReceipt } from "../../receipts";
import { betQuery } from "../api/get-bet";
import { slipQuery } from "../api/get-slip";
import type { SlipPayment } from "../api/pay-slip";
import type { Bet } from "../api/types";
import {
  PaySlipButton,
  PaySlipConfirmation,
  PaySlipError,
  SlipPaidNow,
  slipToPay,
  useSlipPay,
} from "./pay-slip-flow";
import "../../../i18n/areas/bets";

/**
 * Pay a cash bet's slip from the bet's page (decision 051, amended): for staff, on a WON,
 * PLACED or VOID cash bet not paid yet, **Pay €X**, paid exactly as Find slip pays it
 * (POST /api/slips/{code}/pay, the same hook, large-amount step and four eyes). The page has
 * no code: Pay reads it from the bet's slip (GET /api/bets/{id}/slip, which staff may read
 * for any bet; a customer login never sees a cash bet). Once paid: what was paid, its
 * receipt to print (the original on the first press), and the bet shown paid.
 */
export function BetPay({ bet }: { bet: Bet }) {
  const t = useT();
  const queryClient = useQueryClient();
  const headingId = useId();
  const reasonId = useId();
  const done = useRef<HTMLDivElement>(null);
  const [paid, setPaid] = useState<{ payment: SlipPayment; code: string } | null>(null);
  // Reading the code: Pay keeps the focus (a disabled button would lose it), a second press waits.
  const reading = useRef(false);
  const [busy, setBusy] = useState(false);
  const [readError, setReadError] = useState<unknown>(null);
  const flow = useSlipPay({
    toPay: slipToPay(bet),
    onPaid: (payment, code) => {
      // The page shows the bet paid at once; the hook's refetch follows.
      queryClient.setQueryData(betQuery(bet.id).queryKey, payment.bet);
      setPaid({ payment, code });
    },
    // Paid (or changed) meanwhile: the page shows the bet as it now stands.
    onStale: () => void queryClient.invalidateQueries({ queryKey: betQuery(bet.id).queryKey }),
  });

  // Pay is gone once paid: the paid state takes the focus.
  useEffect(() => {
    if (paid) done.current?.focus();
  }, [paid]);

  // The confirmation closed without paying (Go back, Escape, an error): Pay has the focus again
  // (the dialog cannot give it back: it opened with its Go back already focused).
  const payButton = useRef<HTMLButtonElement>(null);
  const asking = flow.large.pending !== null;
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current && !asking && !paid) payButton.current?.focus();
    asked.current = asking;
  }, [asking, paid]);

  const start = async () => {
    if (reading.current) return;
    reading.current = true;
    setReadError(null);
    setBusy(true);
    try {
      const slip = await queryClient.fetchQuery(slipQuery(bet.id));
      flow.start(slip.code);
    } catch (error) {
      setReadError(error);
    } finally {
      reading.current = false;
      setBusy(false);
    }
  };

  if (paid) {
    const code = formatSlipCode(paid.code);
    return (
      <section aria-labelledby={headingId} className="mb-4 flex max-w-2xl flex-col gap-2">
        <h2 id={headingId} className="sr-only">
          {t("bets.detail.slipPayment")}
        </h2>
        <SlipPaidNow ref={done} payment={paid.payment} code={code} testId="bet-paid-now" />
        <div>
          <Suspense fallback={null}>
            <PrintPaymentReceipt
              payment={paid.payment}
              code={code}
              label={t("bets.findSlip.printReceipt")}
            />
          </Suspense>
        </div>
      </section>
    );
  }

  // A 409 keeps saying why after the bet, read again, has nothing left to pay.
  if (flow.toPay === null && !flow.conflict) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 flex max-w-2xl flex-col gap-2"
      data-testid="bet-pay"
    >
      <h2 id={headingId} className="sr-only">
        {t("bets.detail.slipPayment")}
      </h2>
      {flow.toPay !== null && (
        <p className="font-medium">
          {t("bets.slip.notPaidYet", { amount: euroCents(flow.toPay) })}
        </p>
      )}
      <PaySlipError error={flow.pay.error ?? readError} />
      {flow.needsAdmin && (
        <p id={reasonId} className="text-sm font-medium">
          {flow.needsAdmin}
        </p>
      )}
      {!flow.conflict && (
        <div>
          <PaySlipButton
            ref={payButton}
            flow={flow}
            reasonId={reasonId}
            busy={busy}
            onClick={start}
          />
        </div>
      )}
      {flow.large.pending && (
        <Dialog onClose={flow.large.back} title={t("bets.detail.payTitle", { id: bet.id })}>
          <PaySlipConfirmation
            flow={flow}
            code={formatSlipCode(flow.large.pending.body)}
            description={bet.description}
          />
        </Dialog>
      )}
    </section>
  );
}
