import type { QueryClient } from "@tanstack/react-query";
import { centsOf } from "../../../../src/domain/money";
import { i18n } from "../../../i18n";
import { euroCents } from "../../../lib/format";
import { customerAfterWrite, customerName, customerNumber } from "../../customers";
import type { Bet } from "./types";
import "../../../i18n/areas/bets";

/**
 * Whose account the bet moved and its balance now, as deposits name them (issue 20 item 7).
 * The bet's answer carries no balance, so the customer is read again after the write by a
 * request of its own (`customerAfterWrite`): through the cache, the dialog closing cancelled
 * that read and the toast said the balance from before the bet (decision 088). Without an
 * answer the name is the bet's own and no balance.
 */
async function accountAfter(
  queryClient: QueryClient,
  bet: Bet,
  customerId: number,
): Promise<{ name: string; balance: string | null }> {
  try {
    const customer = await customerAfterWrite(queryClient, customerId);
    return { name: customerName(customer), balance: euroCents(centsOf(customer.balance)) };
  } catch {
    const name = bet.customer ? customerName(bet.customer) : customerNumber(customerId);
    return { name, balance: null };
  }
}

/** "…; balance €262.54" when the balance is known. */
function withBalance(text: string, balance: string | null): string {
  return balance === null ? text : i18n.t("bets.toast.withBalance", { text, balance });
}

/** The SPEC's text kept first, so it is still found where it was looked for; then the bet. */
const after = (done: string, text: string) => `${done}. ${text}`;

/**
 * 'Bet placed successfully' and what was placed: "€10.00 on bet #123 for Sarah Quinn
 * (C-000231); balance €252.04", or for a cash bet the stake and that the slip is the claim.
 */
export async function betPlacedToast(queryClient: QueryClient, bet: Bet): Promise<string> {
  const done = i18n.t("bets.toast.placed");
  const stake = euroCents(centsOf(bet.totalStake));
  if (bet.customerId === null) {
    return after(done, i18n.t("bets.toast.placedCash", { stake, id: bet.id }));
  }
  const { name, balance } = await accountAfter(queryClient, bet, bet.customerId);
  return after(
    done,
    withBalance(i18n.t("bets.toast.placedFor", { stake, id: bet.id, name }), balance),
  );
}

const ACCOUNT_TEXT = {
  WON: "bets.toast.won",
  PLACED: "bets.toast.placedPart",
  LOST: "bets.toast.lost",
  VOID: "bets.toast.refunded",
} as const;

const CASH_TEXT = {
  WON: "bets.toast.wonCash",
  PLACED: "bets.toast.placedPartCash",
  LOST: "bets.toast.lostCash",
  VOID: "bets.toast.refundedCash",
} as const;

type Settled = keyof typeof ACCOUNT_TEXT;

/**
 * 'Bet resolved successfully' (or, voided, 'The bet has been voided successfully') and what
 * it did: the outcome, the amount credited or refunded, whose balance and what it is now; a
 * cash bet's amount is paid on the slip, later (decision 051).
 */
export async function betResolvedToast(
  queryClient: QueryClient,
  bet: Bet,
  status: Settled,
): Promise<string> {
  const done = i18n.t(status === "VOID" ? "bets.toast.voided" : "bets.toast.resolved");
  // A void returns the whole stake (twice the unit each-way); Won and Placed what they paid.
  const returnedCents =
    status === "VOID" ? centsOf(bet.totalStake) : status === "LOST" ? 0 : centsOf(bet.actualPayout);
  const amount = euroCents(returnedCents);
  if (bet.customerId === null) {
    return after(done, i18n.t(CASH_TEXT[status], { id: bet.id, amount }));
  }
  const { name, balance } = await accountAfter(queryClient, bet, bet.customerId);
  return after(
    done,
    withBalance(i18n.t(ACCOUNT_TEXT[status], { id: bet.id, amount, name }), balance),
  );
}
