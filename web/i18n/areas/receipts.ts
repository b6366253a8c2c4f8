/**
 * The "receipts" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("receipts.<key>"). The printed receipts and
 * slips print in the language showing.
 */

import { addEnglishArea } from "../instance";

export const en = {
  /** The kind in capitals at the top of a receipt. */
  band: {
    deposit: "DEPOSIT",
    withdrawal: "WITHDRAWAL",
    cashBet: "CASH BET",
    slipPaid: "SLIP PAID",
    pickUp: "PICK-UP",
    topUp: "TOP-UP",
  },
  /** The kind in words, on the success state's bar. */
  kind: {
    deposit: "Deposit",
    withdrawal: "Withdrawal",
    cashBet: "Cash bet",
    slipPaid: "Slip paid",
    pickUp: "Pick-up",
    topUp: "Top-up",
  },
  label: "{{kind}} receipt {{reference}}",
  labelDuplicate: "{{kind}} receipt {{reference}} (duplicate)",
  duplicate: "DUPLICATE",
  offer: "Receipt",
  dismiss: "Dismiss the receipt",
  print: "Print receipt",
  reprint: "Reprint (DUPLICATE)",
  ref: "Ref",
  time: "Time",
  staff: "Staff",
  customer: "Customer",
  amount: "Amount",
  unknown: "Unknown",
  unknownShop: "Unknown shop",
  shopNumber: "Shop #{{id}}",
  cash: "Cash",
  bet: "Bet",
  note: "Note",
  shift: "Shift",
  reason: "Reason",
  result: "Result",
  description: "Description",
  slip: {
    label: "Slip for bet #{{id}}",
    bet: "Bet #{{id}}",
    unitStake: "Unit stake",
    terms: "Terms",
    totalStake: "Total stake",
    stake: "Stake",
    odds: "Odds",
    potentialPayout: "Potential payout",
    placed: "Placed",
    return: "Return",
    settled: "Settled",
    qr: "QR code of {{code}}",
    code: "Verification code",
    paid: "PAID {{amount}} on {{time}} at {{shop}}",
    paidBy: "PAID {{amount}} on {{time}} at {{shop}} by {{user}}",
  },
} as const;

addEnglishArea("receipts", en);
