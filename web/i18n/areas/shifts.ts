/**
 * The "shifts" part of the catalogues (decision 065): English, the source (the SPEC's English
 * texts verbatim). Its German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts), is ./shifts.de.ts. Keys are used as t("shifts.<key>").
 */

import { addEnglishArea } from "../instance";

export const en = {
  title: "Shifts",
  subtitle: "Cashiers' shifts and their cash-up",
  /** A shop named in a sentence when its name is not loaded. */
  open: {
    text: "Deposits and withdrawals you take at this shop count towards the shift until you close it with the cash counted.",
    openingFloat: "Opening float (€)",
    opening: "Opening...",
    opened: "Shift opened",
    failed: "Failed to open the shift",
  },
  close: {
    closedTitle: "Shift closed",
    closedText: "Shift #{{id}} at {{shop}} is closed.",
    report: "Shift report",
    done: "Done",
    countText: "Count the cash in the till at {{shop}} and enter the total.",
    countedCash: "Counted cash (€)",
    closing: "Closing...",
    failed: "Failed to close the shift",
  },
  movement: {
    pickupTitle: "Pick-up to the safe",
    topupTitle: "Top-up from the safe",
    text: "Till of shift #{{id}} at {{shop}}: expected cash now {{expected}}.",
    amount: "Amount (€)",
    reason: "Reason",
    recordPickup: "Record pick-up",
    recordTopup: "Record top-up",
    recording: "Recording...",
    pickupRecorded: "Pick-up of {{amount}} recorded: expected cash {{expected}}",
    topupRecorded: "Top-up of {{amount}} recorded: expected cash {{expected}}",
    failed: "Failed to record the till movement",
  },
  figures: {
    openingFloat: "Opening float",
    deposits: "Deposits ({{n}})",
    withdrawals: "Withdrawals ({{n}})",
    cashBets: "Cash bets ({{n}})",
    slipsPaid: "Slips paid ({{n}})",
    reversedDeposits: "Deposits reversed ({{n}})",
    reversedWithdrawals: "Withdrawals reversed ({{n}})",
    topups: "Top-ups ({{n}})",
    pickups: "Pick-ups ({{n}})",
    expectedCash: "Expected cash",
    countedCash: "Counted cash",
    discrepancy: "Discrepancy",
    none: "None",
    short: "{{amount}} short",
    over: "{{amount}} over",
  },
  table: {
    shift: "Shift",
    cashier: "Cashier",
    shop: "Shop",
    status: "Status",
    opened: "Opened",
    closed: "Closed",
    expected: "Expected",
    counted: "Counted",
    discrepancy: "Discrepancy",
    unknown: "Unknown",
    statusOpen: "Open",
    statusClosed: "Closed",
    /** The status column: English shows the codes themselves, as every status code (decision 065). */
    statusCode: { OPEN: "OPEN", CLOSED: "CLOSED" },
    loading: "Loading shifts...",
    empty: "No shifts found",
  },
  report: {
    loading: "Loading shift...",
    notFound: "Shift not found",
    backToShifts: "Back to Shifts",
    errorTitle: "Error Loading Shift",
    title: "Shift report #{{id}}",
    subtitleOpen: "Open: figures so far",
    subtitleClosed: "Closed (Z report)",
    allShifts: "All shifts",
    print: "Print",
    shift: "Shift",
    cashier: "Cashier",
    shop: "Shop",
    opened: "Opened",
    closed: "Closed",
    closedBy: "Closed by",
    userNumber: "User #{{id}}",
    shopNumber: "Shop #{{id}}",
    cashUp: "Cash-up",
    movements: "Deposits, withdrawals, cash bets and slips paid",
    loadingMovements: "Loading the shift's movements...",
    noMovements: "No deposits, withdrawals, cash bets or slips paid.",
    firstOf: "The first {{shown}} of {{total}} movements are shown.",
    tillMovements: "Pick-ups and top-ups",
    noTillMovements: "None.",
    time: "Time",
    type: "Type",
    customer: "Customer",
    by: "By",
    reason: "Reason",
    amount: "Amount",
    /** On a phone, under a line's type: the columns hidden there. */
    timeAndNumber: "{{time}}, #{{id}}",
    timeBy: "{{time}}, by {{by}}",
  },
  /** What a ledger row of a shift is at the till. */
  line: {
    deposit: "Deposit",
    withdrawal: "Withdrawal",
    depositReversed: "Deposit #{{id}} reversed",
    withdrawalReversed: "Withdrawal #{{id}} reversed",
    cashBet: "Cash bet",
    stakeReturned: "Stake returned",
    slipPaid: "Slip paid",
    cash: "Cash",
  },
  /**
   * A deposit, withdrawal or account bet at a shop other than the open shift's (decision 088):
   * the warning in its dialog. `shop` is the shift's shop.
   */
  otherShop: {
    cash: "Not your shift's shop: your open shift is at {{shop}}. This cash will not count in your shift's till, nor in its cash-up.",
    bet: "Not your shift's shop: your open shift is at {{shop}}. This bet will be booked to the shop chosen here.",
    shopInText: "shop #{{id}}",
  },
} as const;

addEnglishArea("shifts", en);
