/**
 * The "transactions" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./transactions.de.ts. Keys are used as t("transactions.<key>").
 */

import { addEnglishArea } from "../instance";

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
} as const;

addEnglishArea("transactions", en);
