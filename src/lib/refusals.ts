/**
 * Business refusals (decision 070): each reason's status and its English, written from its
 * params, so that the `message` an API client reads and the `reason` and `params` the web
 * translates from can never tell different stories. The web writes the same English from
 * its catalogue (web/i18n/areas/refusals.ts); tests/refusal-texts.test.ts holds the two to
 * the same words for every reason.
 */
import { NO_DATE_OF_BIRTH_MESSAGE, underAgeMessage } from "../domain/age";
import { localMinute } from "../domain/business-time";
import { dailyDepositMessage, maxStakeMessage, selfExcludedMessage } from "../domain/limits";
import { formatCents, formatEuro, formatGrouped } from "../domain/money";
import { AppError, type RefusalParams, type RefusalReason } from "./errors";

type RefusalCode = "UNPROCESSABLE" | "CONFLICT" | "FORBIDDEN";

interface RefusalRule<P> {
  code: RefusalCode;
  /** The params' names, for the OpenAPI document (tests/refusal-texts.test.ts checks them). */
  params: readonly (keyof P & string)[];
  english: (params: P) => string;
}

/**
 * Amounts as each message has always written them: `€${formatCents}` (no grouping, the sign
 * after the euro sign: "€1000.00", "€-5.00") in the SPEC's funds and withdrawal texts and
 * the till's, the app's grouped form elsewhere. Nothing of the English changed with reasons.
 */
const plain = (cents: number) => `€${formatCents(cents)}`;

const UNPROCESSABLE = "UNPROCESSABLE" as const;
const CONFLICT = "CONFLICT" as const;
const FORBIDDEN = "FORBIDDEN" as const;

const fixed = (code: RefusalCode, text: string): RefusalRule<Record<string, never>> => ({
  code,
  params: [],
  english: () => text,
});

export const REFUSALS: { [R in RefusalReason]: RefusalRule<RefusalParams[R]> } = {
  DAILY_DEPOSIT_LIMIT: {
    params: ["limitCents", "leftCents", "zone"],
    code: UNPROCESSABLE,
    english: (p) => dailyDepositMessage(p.limitCents, p.leftCents, p.zone),
  },
  SELF_EXCLUDED: {
    params: ["until", "zone"],
    code: UNPROCESSABLE,
    english: (p) => selfExcludedMessage(Date.parse(p.until), p.zone),
  },
  MAX_STAKE: {
    params: ["stakeCents", "maxStakeCents"],
    code: UNPROCESSABLE,
    english: (p) => maxStakeMessage(p.stakeCents, p.maxStakeCents),
  },
  UNDER_AGE: { params: ["minAge"], code: UNPROCESSABLE, english: (p) => underAgeMessage(p.minAge) },
  NO_DATE_OF_BIRTH: fixed(UNPROCESSABLE, NO_DATE_OF_BIRTH_MESSAGE),
  INSUFFICIENT_FUNDS: {
    params: ["balanceCents", "creditLimitCents", "availableCents", "stakeCents"],
    code: UNPROCESSABLE,
    english: (p) =>
      `Insufficient Funds: balance ${plain(p.balanceCents)}, credit limit ${plain(p.creditLimitCents)}, available ${plain(p.availableCents)}, stake ${plain(p.stakeCents)}`,
  },
  NO_POSITIVE_BALANCE: fixed(
    UNPROCESSABLE,
    "Withdrawal Not Allowed: Customer has no positive balance available for withdrawal.",
  ),
  EXCEEDS_BALANCE: {
    params: ["balanceCents", "amountCents"],
    code: UNPROCESSABLE,
    english: (p) =>
      `Insufficient Balance: Customer has ${plain(p.balanceCents)} available. Withdrawal of ${plain(p.amountCents)} exceeds this amount.`,
  },
  CUSTOMER_INACTIVE: fixed(UNPROCESSABLE, "Customer is inactive"),
  CUSTOMER_INACTIVE_FOR_BETS: fixed(UNPROCESSABLE, "Customer is inactive and cannot take new bets"),
  SHOP_INACTIVE: fixed(UNPROCESSABLE, "Shop is inactive"),
  SHOP_INACTIVE_FOR_BETS: fixed(UNPROCESSABLE, "Shop is inactive and cannot accept bets"),
  SHIFT_REQUIRED: fixed(UNPROCESSABLE, "A cash bet needs an open shift: open one first"),
  SLIP_SHIFT_REQUIRED: fixed(UNPROCESSABLE, "Paying a slip needs an open shift: open one first"),
  CASH_SHIFT_REQUIRED: {
    params: ["shop"],
    code: UNPROCESSABLE,
    english: (p) => `Open a shift at ${p.shop} first: deposits and withdrawals need an open shift`,
  },
  SHIFT_AT_OTHER_SHOP: {
    params: ["shiftShop"],
    code: UNPROCESSABLE,
    english: (p) =>
      `Your open shift is at ${p.shiftShop}: a cash bet is taken at the shop of your open shift`,
  },
  CASH_AT_OTHER_SHOP: {
    params: ["shiftShop", "shop"],
    code: UNPROCESSABLE,
    english: (p) =>
      `Your open shift is at ${p.shiftShop}, not ${p.shop}: cash can only be taken at the shop of your open shift`,
  },
  SHIFT_ALREADY_OPEN: {
    params: ["shiftShop", "shiftId"],
    code: CONFLICT,
    english: (p) =>
      `You already have an open shift at ${p.shiftShop} (#${p.shiftId}); close it first`,
  },
  SHOP_HAS_OPEN_SHIFTS: {
    params: ["shiftIds"],
    code: CONFLICT,
    english: (p) =>
      `Close this shop's open shifts first (${p.shiftIds}): a shop is deactivated once its tills are cashed up`,
  },
  SHIFT_CLOSED: fixed(CONFLICT, "This shift is already closed"),
  SHIFT_CLOSED_TILL: fixed(CONFLICT, "This shift is closed: its till can no longer change"),
  PICKUP_ABOVE_EXPECTED: {
    params: ["expectedCents"],
    code: UNPROCESSABLE,
    english: (p) =>
      `A pick-up cannot exceed the cash expected in the till (${plain(p.expectedCents)})`,
  },
  // New with decision 070: grouped, the sign after the euro sign as the till's texts write it.
  TILL_SHORT: {
    params: ["amountCents", "expectedCents"],
    code: UNPROCESSABLE,
    english: (p) =>
      `This slip pays €${formatGrouped(p.amountCents)} but the till should hold only €${formatGrouped(p.expectedCents)}: top up the till first`,
  },
  WITHDRAWAL_TILL_SHORT: {
    params: ["amountCents", "expectedCents"],
    code: UNPROCESSABLE,
    english: (p) =>
      `This withdrawal pays €${formatGrouped(p.amountCents)} but the till should hold only €${formatGrouped(p.expectedCents)}: top up the till first`,
  },
  TOKEN_NO_TILL: fixed(
    UNPROCESSABLE,
    "An API token has no till: cash is taken and paid by a person with an open shift",
  ),
  NOT_EACH_WAY: fixed(UNPROCESSABLE, "Only an each-way bet can be settled Placed"),
  NOT_EACH_WAY_PLACE: fixed(UNPROCESSABLE, "Only an each-way bet has a place part to dead-heat"),
  SETTLEMENT_PAYS_NOTHING: fixed(
    UNPROCESSABLE,
    "These terms leave nothing to pay (€0.00): settle the bet Lost",
  ),
  BET_NOT_PENDING: {
    params: ["status"],
    code: CONFLICT,
    english: (p) => `Only a pending bet can be resolved; this bet is ${p.status}`,
  },
  SLIP_ACCOUNT_BET: fixed(
    CONFLICT,
    "An account bet is paid into the customer's balance, not on the slip",
  ),
  SLIP_ALREADY_PAID: {
    params: ["amountCents", "paidAt", "zone", "shop", "paidBy"],
    code: CONFLICT,
    english: (p) =>
      `Slip already paid: ${plain(p.amountCents)} on ${localMinute(Date.parse(p.paidAt), p.zone)} at ${p.shop} by ${p.paidBy ?? "a former user"}`,
  },
  SLIP_NOT_SETTLED: fixed(CONFLICT, "This bet is not settled yet: nothing to pay"),
  SLIP_LOST: fixed(CONFLICT, "This bet lost: nothing to pay"),
  ALREADY_REVERSED: {
    params: ["transactionId"],
    code: CONFLICT,
    english: (p) => `Transaction #${p.transactionId} has already been reversed`,
  },
  REVERSAL_OF_REVERSAL: {
    params: ["transactionId", "reversalOfId"],
    code: CONFLICT,
    english: (p) =>
      `Transaction #${p.transactionId} is itself the reversal of #${p.reversalOfId} and cannot be reversed`,
  },
  NOT_REVERSIBLE: {
    params: ["type", "betId"],
    code: CONFLICT,
    english: (p) =>
      `${p.type} transactions belong to bet #${p.betId} and follow its settlement; only DEPOSIT, WITHDRAWAL and TRANSFER transactions can be reversed`,
  },
  NOT_COMPLETED: {
    params: ["transactionId", "status"],
    code: CONFLICT,
    english: (p) =>
      `Only a completed transaction can be reversed; #${p.transactionId} is ${p.status}`,
  },
  RESETTLE_PENDING: {
    params: ["betId"],
    code: CONFLICT,
    english: (p) =>
      `Bet #${p.betId} is PENDING: settle it as Won, Lost or Void; only a settled bet can be re-settled`,
  },
  RESETTLE_SAME: {
    params: ["betId", "status"],
    code: CONFLICT,
    english: (p) => `Bet #${p.betId} is already ${p.status}`,
  },
  RESETTLE_SLIP_PAID: {
    params: ["betId"],
    code: CONFLICT,
    english: (p) =>
      `Bet #${p.betId} is a cash bet whose slip has been paid: its outcome can no longer change`,
  },
  RESETTLE_CHANGED: {
    params: ["betId", "status"],
    code: CONFLICT,
    english: (p) =>
      `Bet #${p.betId} has been settled again since it was shown: it is now ${p.status}; preview the re-settlement again`,
  },
  // Users: the name as it was asked for (a taken name is refused whatever its case).
  USERNAME_TAKEN: {
    params: ["username"],
    code: CONFLICT,
    english: (p) => `Username "${p.username}" is already taken`,
  },
  LAST_ADMIN_DEMOTE: fixed(
    CONFLICT,
    "The last admin cannot be demoted; make another user admin first",
  ),
  LAST_ADMIN_DISABLE: fixed(
    CONFLICT,
    "The last admin cannot be disabled; make another user admin first",
  ),
  OWN_ACCOUNT_DISABLE: fixed(CONFLICT, "You cannot disable your own account"),
  ADMIN_FOR_LARGE_SETTLEMENT: {
    params: ["largeAmountCents"],
    code: FORBIDDEN,
    english: (p) =>
      `An admin is needed to settle a bet paying ${formatEuro(p.largeAmountCents)} or more`,
  },
  ADMIN_FOR_LARGE_PAYMENT: {
    params: ["largeAmountCents"],
    code: FORBIDDEN,
    english: (p) => `An admin is needed to pay ${formatEuro(p.largeAmountCents)} or more`,
  },
  ADMIN_FOR_CASH_BET: {
    params: ["maxStakeCents"],
    code: FORBIDDEN,
    english: (p) => `An admin is needed to take a cash bet above ${formatEuro(p.maxStakeCents)}`,
  },
  ADMIN_FOR_OUTCOME: fixed(FORBIDDEN, "An admin is needed to place a bet with an outcome"),
  ADMIN_FOR_OVERCREDIT: fixed(FORBIDDEN, "Only admins may allow overcredit"),
  ADMIN_FOR_OVERDRAFT: fixed(FORBIDDEN, "An admin is needed to allow overdraft"),
  ADMIN_FOR_CREDIT_LIMIT: {
    params: ["capCents"],
    code: FORBIDDEN,
    english: (p) => `An admin is needed to set a credit limit above ${formatEuro(p.capCents)}`,
  },
  ADMIN_FOR_EXCLUSION_END: fixed(
    FORBIDDEN,
    "An admin is needed to shorten or end a self-exclusion",
  ),
};

/** The server's English for a refusal: what its `message` says. */
export function refusalMessage<R extends RefusalReason>(
  reason: R,
  params: RefusalParams[R],
): string {
  return REFUSALS[reason].english(params);
}

/**
 * A business refusal: 422, 409 or 403 as its reason says, the English from its params, and the
 * reason and params in the body. `fields` for a refusal that also names a form's field.
 */
export function refuse<R extends RefusalReason>(
  reason: R,
  params: RefusalParams[R],
  fields?: (message: string) => Record<string, string>,
): AppError {
  const message = refusalMessage(reason, params);
  return new AppError(REFUSALS[reason].code, message, fields?.(message), undefined, {
    reason,
    params: params as Readonly<Record<string, string | number>>,
  });
}
