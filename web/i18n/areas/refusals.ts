/**
 * The "refusals" part of the catalogues (decision 070): a business refusal (422, 409) in the
 * reader's language, written from the error body's `reason` and `params`
 * (web/i18n/errors.ts). English is word for word what the server writes (src/lib/refusals.ts;
 * tests/refusal-texts.test.ts compares the two for every reason). An amount param `xCents`
 * is `{{x}}` here, the number alone: the euro sign is the template's ("€{{x}}" in English,
 * "{{x}} €" in German). German, which must have every key, is ./refusals.de.ts.
 */

import type { RefusalReason } from "../../../src/lib/errors";
import { addEnglishArea } from "../instance";

const reasons = {
  DAILY_DEPOSIT_LIMIT:
    "Deposit above the daily deposit limit of €{{limit}}: €{{left}} left today ({{zone}})",
  SELF_EXCLUDED: "Customer is self-excluded until {{until}}",
  MAX_STAKE: "Stake €{{stake}} is above this customer's maximum stake of €{{maxStake}}",
  UNDER_AGE: "Customer is under {{minAge}}",
  NO_DATE_OF_BIRTH: "Customer has no date of birth on record",
  INSUFFICIENT_FUNDS:
    "Insufficient Funds: balance €{{balance}}, credit limit €{{creditLimit}}, available €{{available}}, stake €{{stake}}",
  NO_POSITIVE_BALANCE:
    "Withdrawal Not Allowed: Customer has no positive balance available for withdrawal.",
  EXCEEDS_BALANCE:
    "Insufficient Balance: Customer has €{{balance}} available. Withdrawal of €{{amount}} exceeds this amount.",
  CUSTOMER_INACTIVE: "Customer is inactive",
  CUSTOMER_INACTIVE_FOR_BETS: "Customer is inactive and cannot take new bets",
  SHOP_INACTIVE: "Shop is inactive",
  SHOP_INACTIVE_FOR_BETS: "Shop is inactive and cannot accept bets",
  SHIFT_REQUIRED: "A cash bet needs an open shift: open one first",
  SLIP_SHIFT_REQUIRED: "Paying a slip needs an open shift: open one first",
  CASH_SHIFT_REQUIRED:
    "Open a shift at {{shop}} first: deposits and withdrawals need an open shift",
  SHIFT_AT_OTHER_SHOP:
    "Your open shift is at {{shiftShop}}: a cash bet is taken at the shop of your open shift",
  CASH_AT_OTHER_SHOP:
    "Your open shift is at {{shiftShop}}, not {{shop}}: cash can only be taken at the shop of your open shift",
  SHIFT_ALREADY_OPEN:
    "You already have an open shift at {{shiftShop}} (#{{shiftId}}); close it first",
  SHOP_HAS_OPEN_SHIFTS:
    "Close this shop's open shifts first ({{shiftIds}}): a shop is deactivated once its tills are cashed up",
  SHIFT_CLOSED: "This shift is already closed",
  SHIFT_CLOSED_TILL: "This shift is closed: its till can no longer change",
  PICKUP_ABOVE_EXPECTED: "A pick-up cannot exceed the cash expected in the till (€{{expected}})",
  TILL_SHORT:
    "This slip pays €{{amount}} but the till should hold only €{{expected}}: top up the till first",
  WITHDRAWAL_TILL_SHORT:
    "This withdrawal pays €{{amount}} but the till should hold only €{{expected}}: top up the till first",
  TOKEN_NO_TILL: "An API token has no till: cash is taken and paid by a person with an open shift",
  NOT_EACH_WAY: "Only an each-way bet can be settled Placed",
  NOT_EACH_WAY_PLACE: "Only an each-way bet has a place part to dead-heat",
  SETTLEMENT_PAYS_NOTHING: "These terms leave nothing to pay (€0.00): settle the bet Lost",
  BET_NOT_PENDING: "Only a pending bet can be resolved; this bet is {{status}}",
  SLIP_ACCOUNT_BET: "An account bet is paid into the customer's balance, not on the slip",
  SLIP_ALREADY_PAID: "Slip already paid: €{{amount}} on {{paidAt}} at {{shop}} by {{paidBy}}",
  SLIP_NOT_SETTLED: "This bet is not settled yet: nothing to pay",
  SLIP_LOST: "This bet lost: nothing to pay",
  ALREADY_REVERSED: "Transaction #{{transactionId}} has already been reversed",
  REVERSAL_OF_REVERSAL:
    "Transaction #{{transactionId}} is itself the reversal of #{{reversalOfId}} and cannot be reversed",
  NOT_REVERSIBLE:
    "{{type}} transactions belong to bet #{{betId}} and follow its settlement; only DEPOSIT, WITHDRAWAL and TRANSFER transactions can be reversed",
  NOT_COMPLETED: "Only a completed transaction can be reversed; #{{transactionId}} is {{status}}",
  RESETTLE_PENDING:
    "Bet #{{betId}} is PENDING: settle it as Won, Lost or Void; only a settled bet can be re-settled",
  RESETTLE_SAME: "Bet #{{betId}} is already {{status}}",
  RESETTLE_SLIP_PAID:
    "Bet #{{betId}} is a cash bet whose slip has been paid: its outcome can no longer change",
  RESETTLE_CHANGED:
    "Bet #{{betId}} has been settled again since it was shown: it is now {{status}}; preview the re-settlement again",
  USERNAME_TAKEN: 'Username "{{username}}" is already taken',
  LAST_ADMIN_DEMOTE: "The last admin cannot be demoted; make another user admin first",
  LAST_ADMIN_DISABLE: "The last admin cannot be disabled; make another user admin first",
  OWN_ACCOUNT_DISABLE: "You cannot disable your own account",
  ADMIN_FOR_LARGE_SETTLEMENT: "An admin is needed to settle a bet paying €{{largeAmount}} or more",
  ADMIN_FOR_LARGE_PAYMENT: "An admin is needed to pay €{{largeAmount}} or more",
  ADMIN_FOR_CASH_BET: "An admin is needed to take a cash bet above €{{maxStake}}",
  ADMIN_FOR_OUTCOME: "An admin is needed to place a bet with an outcome",
  ADMIN_FOR_OVERCREDIT: "Only admins may allow overcredit",
  ADMIN_FOR_OVERDRAFT: "An admin is needed to allow overdraft",
  ADMIN_FOR_CREDIT_LIMIT: "An admin is needed to set a credit limit above €{{cap}}",
  ADMIN_FOR_EXCLUSION_END: "An admin is needed to shorten or end a self-exclusion",
} as const satisfies Record<RefusalReason, string>;

export const en = {
  reasons,
  /** Who paid a slip when the payer's account is gone. */
  formerUser: "a former user",
  /**
   * A refusal the web cannot write (a reason from a newer server, or none): its code's
   * message, then the server's English, so that why is never lost.
   */
  withEnglish: "{{message}} ({{english}})",
} as const;

addEnglishArea("refusals", en);
