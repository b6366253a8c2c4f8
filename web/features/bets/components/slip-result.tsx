import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { formatSlipCode } from "../../../../src/domain/slip-code";
import { BetStatusBadge } from "../../../components/ui/badges";
import { i18n, useT } from "../../../i18n";
import { euro, euroCents, formatDateTime, fullName } from "../../../lib/format";
import { showPriceAsTaken } from "../../../lib/odds";
import { slipReturn } from "../../receipts";
import type { Slip } from "../api/get-slip";
import type { SlipPayment } from "../api/pay-slip";
import {
  PaySlipButton,
  PaySlipConfirmation,
  PaySlipError,
  SlipPaidNow,
  slipToPay,
  useSlipPay,
} from "./pay-slip-flow";
import { PrintSlipLink } from "./print-slip-link";
import { termsText } from "./settlement-terms";
import "../../../i18n/areas/bets";

/** "Paid €19.00 on 26/11/2026, 14:03 at Main Street by alice", in the language showing. */
export function paidLine(paid: NonNullable<Slip["paid"]>): string {
  const values = {
    amount: euro(paid.amount),
    when: formatDateTime(paid.at),
    shop: paid.shop.name,
  };
  return paid.by
    ? i18n.t("bets.slip.paidLineBy", { ...values, user: paid.by.username })
    : i18n.t("bets.slip.paidLine", values);
}

/** Why nothing is paid on this slip at the counter (null: it is to be paid). */
function nothingToPay(slip: Slip): string | null {
  if (slip.paid) return null;
  if (slip.status === "PENDING") return i18n.t("bets.slip.notSettled");
  if (slip.status === "LOST") return i18n.t("bets.slip.lost");
  if (slip.payment !== "cash") return i18n.t("bets.slip.accountBet");
  return null;
}

/**
 * A slip found by its code (issue 21 item 2): the bet, its state and whether it was paid;
 * for a settled, unpaid cash winner (or a void cash bet) **Pay €X**, from the till of the
 * user's open shift. From LARGE_AMOUNT the amount is asked once more, and staff see that an
 * admin is needed (four eyes, as for a Won settlement). After paying: what was paid and a
 * receipt to print (`paymentReceipt`, the receipts' component, else the slip, now PAID).
 */
export function SlipResult({
  slip,
  onOpen,
  onPaid,
  onStale,
  paymentReceipt,
}: {
  slip: Slip;
  /** Opens the bet's page. */
  onOpen: () => void;
  /** After a payment (the slip shown is then stale: the caller may find it again). */
  onPaid?: (payment: SlipPayment) => void;
  /** The server refused as the slip now stands otherwise (409): the caller finds it again. */
  onStale?: () => void;
  /** The payment's printable receipt (the receipts' component), shown once paid; `code` as printed. */
  paymentReceipt?: (payment: SlipPayment, code: string) => ReactNode;
}) {
  const headingId = useId();
  const reasonId = useId();
  const summary = useRef<HTMLDivElement>(null);
  const t = useT();
  const [payment, setPayment] = useState<SlipPayment | null>(null);
  const toPay = slipToPay(slip);
  // What reduced the return (decision 084), or "".
  const reducedBy = termsText(slip);
  const code = formatSlipCode(slip.code);
  // Four eyes (issue 10): staff pay less than LARGE_AMOUNT; from it, an admin pays.
  const flow = useSlipPay({
    toPay,
    onPaid: (paid) => {
      setPayment(paid);
      onPaid?.(paid);
    },
    onStale,
  });
  const { needsAdmin, conflict } = flow;

  // The result takes the focus (not Pay: a scanner's extra Enter must not pay).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per slip found
  useEffect(() => summary.current?.focus(), [slip.code]);

  // Pay is gone once paid: what was paid takes the focus, as on the bet's page (BetPay).
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (payment) done.current?.focus();
  }, [payment]);

  // The large amount's confirmation closed without paying (Go back, Escape, an error): Pay has
  // the focus again; refused as the slip now stands (409, Pay gone), the slip's state has it.
  const payButton = useRef<HTMLButtonElement>(null);
  const asking = flow.large.pending !== null;
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current && !asking && !payment) (payButton.current ?? summary.current)?.focus();
    asked.current = asking;
  }, [asking, payment]);
  useEffect(() => {
    const active = document.activeElement;
    if (conflict && (active === null || active === document.body)) summary.current?.focus();
  }, [conflict]);

  if (flow.large.pending && toPay !== null) {
    return <PaySlipConfirmation flow={flow} code={code} description={slip.description} />;
  }

  if (payment) {
    return (
      <section aria-labelledby={headingId} className="mt-3 flex flex-col gap-2">
        <h3 id={headingId} className="font-bold">
          {t("bets.betNumber", { id: slip.betId })}
        </h3>
        <SlipPaidNow ref={done} payment={payment} code={code} testId="slip-paid-now" />
        <div className="flex flex-wrap gap-2">
          {paymentReceipt ? (
            paymentReceipt(payment, code)
          ) : (
            <PrintSlipLink betId={slip.betId} label={t("bets.slip.printPaid")} />
          )}
          <button type="button" className="btn btn-sm" onClick={onOpen}>
            {t("bets.slip.openBet", { id: slip.betId })}
          </button>
        </div>
      </section>
    );
  }

  const why = nothingToPay(slip);
  const settled = slip.status !== "PENDING";
  return (
    <section aria-labelledby={headingId} className="mt-3 flex flex-col gap-2">
      <div
        ref={summary}
        tabIndex={-1}
        className="rounded-box bg-base-200 p-3 outline-offset-2"
        data-testid="slip-result"
      >
        <div className="flex items-center justify-between gap-2">
          <h3 id={headingId} className="font-bold">
            {t("bets.slip.heading", { id: slip.betId, code })}
          </h3>
          <span>
            <span className="sr-only">{t("bets.statusPrefix")}</span>
            <BetStatusBadge status={slip.status} />
          </span>
        </div>
        <p className="break-words">{slip.description}</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
          <dt>{t("bets.slip.customer")}</dt>
          <dd>{slip.customer ? fullName(slip.customer) : t("bets.cash")}</dd>
          <dt>{t("bets.slip.stake")}</dt>
          <dd className="tabular-nums">
            {t("bets.slip.stakeAt", {
              total: euro(slip.totalStake),
              price: showPriceAsTaken(slip.price),
            })}
            {slip.eachWay &&
              t("bets.slip.eachWay", {
                places: slip.eachWay.places,
                fraction: slip.eachWay.fraction,
                unit: euro(slip.stakeAmount),
              })}
          </dd>
          {/* Pending, what it may pay; settled, its Return as the printed slip says it
              (decision 053): a void bet's is its stake back, not its potential payout. */}
          <dt>{settled ? t("bets.slip.returned") : t("bets.slip.potentialPayout")}</dt>
          <dd className="tabular-nums">
            {euro(settled ? slipReturn(slip) : slip.potentialPayout)}
            {/* A return reduced by a dead heat or Rule 4 says so (decision 084). */}
            {settled &&
              slip.actualPayout !== null &&
              reducedBy &&
              t("bets.slip.returnedTerms", { terms: reducedBy })}
          </dd>
        </dl>
        <p className="mt-2 font-medium" data-testid="slip-pay-state">
          {slip.paid
            ? paidLine(slip.paid)
            : toPay !== null
              ? t("bets.slip.notPaidYet", { amount: euroCents(toPay) })
              : why}
        </p>
      </div>
      <PaySlipError error={flow.pay.error} />
      {needsAdmin && (
        <p id={reasonId} className="text-sm font-medium">
          {needsAdmin}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!conflict && (
          <PaySlipButton
            ref={payButton}
            flow={flow}
            reasonId={reasonId}
            onClick={() => flow.start(slip.code)}
          />
        )}
        <button type="button" className="btn btn-sm" onClick={onOpen}>
          {t("bets.slip.openBet", { id: slip.betId })}
        </button>
      </div>
    </section>
  );
}
