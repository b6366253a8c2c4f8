/**
 * The "transactions" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./transactions.de.ts. Keys are used as t("transactions.<key>").
 */

import type { LedgerDescriptionKind } from "../../../src/domain/ledger-descriptions";
import { addEnglishArea } from "../instance";

/**
 * The descriptions the server writes on its own rows (decision 081), by kind of
 * src/domain/ledger-descriptions.ts: English word for word as stored; `from` and `to` are
 * statuses (ui.betStatus), `betDescription` the bet's own text, shown as written.
 */
const descriptions = {
  REVERSAL: "Reversal of #{{originalId}}",
  CORRECTION: "Correction of #{{originalId}}: bet #{{betId}} re-settled {{from}} to {{to}}",
  CORRECTION_TERMS:
    "Correction of #{{originalId}}: bet #{{betId}} re-settled {{from}} on new terms",
  PAYOUT: "Payout for bet #{{betId}}",
  PAYOUT_RESETTLED: "Payout for bet #{{betId}} (re-settled from {{from}})",
  PAYOUT_TERMS: "Payout for bet #{{betId}} ({{from}} on new terms)",
  REFUND: "Refund for void bet #{{betId}}",
  REFUND_RESETTLED: "Refund for void bet #{{betId}} (re-settled from {{from}})",
  STAKE: "Stake for bet #{{betId}}: {{betDescription}}",
  SLIP_PAID: "Paid on the slip of bet #{{betId}}",
  SLIP_STAKE_RETURNED: "Stake returned on the slip of bet #{{betId}}",
} as const satisfies Record<LedgerDescriptionKind, string>;

export const en = {
  title: "Transactions",
  id: "Transaction ID",
  type: "Type",
  /** The Type filter's choices (the codes go to the API). */
  typeOption: {
    DEPOSIT: "Deposit",
    WITHDRAWAL: "Withdrawal",
    TRANSFER: "Transfer",
    BETTING: "Betting",
    PAYOUT: "Payout",
    REFUND: "Refund",
  },
  amount: "Amount",
  description: "Description",
  from: "From",
  to: "To",
  status: "Status",
  bet: "Bet",
  processedBy: "Processed By",
  created: "Created",
  actions: "Actions",
  transaction: "Transaction {{id}}",
  toWord: "to",
  reason: "Reason: {{reason}}",
  withReason: "{{description}} (Reason: {{reason}})",
  system: "System",
  loading: "Loading transactions...",
  empty: "No transactions found",
  recent: "Recent Transactions",
  noDescription: "No description",
  descriptions,
  fromTo: "From <from/> to <to/>",
  processedByUser: "Processed by <user/>",
  noTillEffect: "(no till effect)",
  reversalOf: "Reversal of #{{id}}",
  correctionOf: "Correction of #{{id}}",
  reversed: "Reversed",
  archivedTitle: "Archived: a reversal undid this row",
  cash: "Cash",
  reverse: "Reverse",
  reverseLabel: "Reverse transaction {{id}}",
  reverseTitle: "Reverse transaction #{{id}}",
  reverseIntro:
    "The original stays in the ledger, archived, and its exact opposite is written. Say why: the reason is kept with the reversal and shown wherever it appears.",
  reverseReason: "Reason for the reversal *",
  preview: "Preview",
  previewing: "Working out what the reversal does...",
  reverseWrites: "The original stays in the ledger, archived, and its exact opposite is written:",
  back: "Back",
  confirmReversal: "Confirm reversal",
  reversing: "Reversing...",
  reversedDone: "Transaction reversed successfully",
  noPreview: "The server did not answer a preview",
  /**
   * The withdrawal rule's refusal in the withdrawal dialog (SPEC, decision 088): the block's
   * title and message, and the inline alert. Amounts come formatted ("€195.20").
   */
  withdrawalCheck: {
    noBalanceTitle: "Withdrawal Not Allowed",
    noBalance: "Customer has no positive balance available for withdrawal.",
    noBalanceInline: "This customer has no positive balance available for withdrawal.",
    exceedsTitle: "Insufficient Balance",
    exceeds: "Customer has {{balance}} available. Withdrawal of {{amount}} exceeds this amount.",
    exceedsInline: "This withdrawal amount exceeds the customer's available balance.",
  },
} as const;

addEnglishArea("transactions", en);
