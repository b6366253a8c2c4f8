import { useAtomValue } from "jotai";
import type { Ref } from "react";
import { centsOf } from "../../../../src/domain/money";
import { AmountConfirmation, useLargeAmountStep } from "../../../components/ui/amount-confirmation";
import { useFocusKeptThroughPending } from "../../../components/ui/use-focus-kept-through-pending";
import { useT } from "../../../i18n";
import { ApiError, errorMessage, isNetworkError } from "../../../lib/api-client";
import { euro, euroCents } from "../../../lib/format";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { networkFailureText } from "../../../lib/notify";
import { isAdminAtom } from "../../../lib/session";
import { useLargeAmountCents } from "../../../lib/settings";
import type { Slip } from "../api/get-slip";
import { type SlipPayment, usePaySlip } from "../api/pay-slip";
import "../../../i18n/areas/bets";

/** What a slip's Pay needs to know of the bet: a slip and a bet (BetDto) both carry it. */
export type Payable = Pick<
  Slip,
  "payment" | "paid" | "status" | "totalStake" | "actualPayout" | "potentialPayout"
>;

/** What a cash bet's slip pays at the counter, in cents, or null when nothing is to be paid here. */
export function slipToPay(slip: Payable): number | null {
  if (slip.payment !== "cash" || slip.paid) return null;
  if (slip.status === "VOID") return centsOf(slip.totalStake);
  if (slip.status === "WON" || slip.status === "PLACED") {
    return centsOf(slip.actualPayout ?? slip.potentialPayout);
  }
  return null;
}

/**
 * Pay on a slip (issue 21 item 2, decision 051), as Find slip's result and the bet's page
 * both offer it: `start(code)` pays at once below LARGE_AMOUNT, or holds the code for the
 * amount's confirmation (`large.pending`, shown by PaySlipConfirmation); staff cannot pay
 * LARGE_AMOUNT or more (`needsAdmin` says why: four eyes, as for a Won settlement). A 409
 * (paid meanwhile, or changed) calls `onStale`: the slip as shown is no longer so.
 */
export function useSlipPay({
  toPay,
  onPaid,
  onStale,
}: {
  /** slipToPay() of the slip or bet. */
  toPay: number | null;
  onPaid: (payment: SlipPayment, code: string) => void;
  onStale?: () => void;
}) {
  const isAdmin = useAtomValue(isAdminAtom);
  const largeAmountCents = useLargeAmountCents();
  const pay = usePaySlip();
  const idempotency = useIdempotencyKey();
  const large = useLargeAmountStep<string>();
  const t = useT();
  const needsAdmin =
    toPay !== null && !isAdmin && toPay >= largeAmountCents
      ? t("bets.slip.needsAdmin", { amount: euroCents(largeAmountCents) })
      : null;
  // One key per slip: Pay pressed again after no answer (or twice) reuses it, so the server
  // answers the first payment again rather than "already paid" (decision 077).
  const send = (code: string) =>
    pay.mutate(
      { code, key: idempotency.keyFor({ code }) },
      {
        onSuccess: (paid) => {
          idempotency.reset();
          large.back();
          onPaid(paid, code);
        },
        onError: (error) => {
          large.back();
          if (error instanceof ApiError && error.status === 409) onStale?.();
        },
      },
    );
  const start = (code: string) => {
    if (toPay === null || needsAdmin) return;
    if (!large.holds(code, toPay)) send(code);
  };
  const conflict = pay.error instanceof ApiError && pay.error.status === 409;
  return { pay, large, needsAdmin, send, start, conflict, toPay };
}

export type SlipPayFlow = ReturnType<typeof useSlipPay>;

/** The large amount asked once more (the Go back button has the focus). */
export function PaySlipConfirmation({
  flow,
  code,
  description,
}: {
  flow: SlipPayFlow;
  /** The code as printed (ABCDE-FGHJK). */
  code: string;
  description: string;
}) {
  const t = useT();
  const pending = flow.large.pending;
  if (!pending) return null;
  return (
    <AmountConfirmation
      question={t("bets.slip.confirmPay", { code })}
      amountCents={pending.amountCents}
      details={<p className="text-sm">{description}</p>}
      confirmLabel={t("bets.slip.yesPay", { amount: euroCents(pending.amountCents) })}
      pending={flow.pay.isPending}
      pendingLabel={t("bets.slip.paying")}
      onBack={flow.large.back}
      onConfirm={() => flow.send(pending.body)}
    />
  );
}

/**
 * Why a payment failed: a 409 as the server says it (when, where, by whom); no answer at
 * all as "may or may not have been recorded; Pay again is safe" (the retry reuses its
 * Idempotency-Key); else "Not paid: ...".
 */
export function PaySlipError({ error }: { error: unknown }) {
  const t = useT();
  if (!error) return null;
  const conflict = error instanceof ApiError && error.status === 409;
  let text: string;
  if (isNetworkError(error)) text = networkFailureText(error);
  else if (conflict) text = errorMessage(error);
  else text = t("bets.slip.notPaid", { error: errorMessage(error) });
  return (
    <p role="alert" className="alert alert-error text-sm">
      {text}
    </p>
  );
}

/** What was just paid, and from which till ("Paid €19.00", "Slip ABCDE-FGHJK, from the till at ..."). */
export function SlipPaidNow({
  ref,
  payment,
  code,
  testId,
}: {
  ref?: Ref<HTMLDivElement>;
  payment: SlipPayment;
  /** The code as printed (ABCDE-FGHJK). */
  code: string;
  testId: string;
}) {
  const t = useT();
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="status"
      className="alert alert-success flex flex-col items-start outline-offset-2"
      data-testid={testId}
    >
      <span className="text-lg font-bold">
        {t("bets.slip.paid", { amount: euro(payment.amount) })}
      </span>
      <span className="text-sm">{t("bets.slip.paidFrom", { code, shop: payment.shop.name })}</span>
    </div>
  );
}

/** **Pay €X** (disabled, described by `reasonId`, when an admin is needed). */
export function PaySlipButton({
  ref,
  flow,
  reasonId,
  busy = false,
  onClick,
}: {
  ref?: Ref<HTMLButtonElement>;
  flow: SlipPayFlow;
  reasonId: string;
  /** Something before the payment is under way (the bet's page reading the slip's code): the label says so, the button keeps the focus. */
  busy?: boolean;
  onClick: () => void;
}) {
  const t = useT();
  // Pressed and refused (the till holds too little, no answer): Pay has the focus again.
  const kept = useFocusKeptThroughPending(flow.pay.isPending);
  if (flow.toPay === null) return null;
  return (
    <button
      ref={(button) => {
        kept.current = button;
        if (typeof ref === "function") ref(button);
        else if (ref) ref.current = button;
      }}
      type="button"
      className="btn btn-success btn-sm"
      disabled={flow.pay.isPending || flow.needsAdmin !== null}
      aria-describedby={flow.needsAdmin ? reasonId : undefined}
      onClick={onClick}
    >
      {busy || flow.pay.isPending
        ? t("bets.slip.paying")
        : t("bets.slip.pay", { amount: euroCents(flow.toPay) })}
    </button>
  );
}
