/**
 * What the API answers, as zod schemas: the wire format of every response body (money as
 * decimal strings, ids as integers, times as ISO 8601). The endpoint contracts
 * (src/domain/contracts) name these, the OpenAPI document is generated from them, the test
 * app checks every answer against them, and the web app takes its types from them.
 */
import { z } from "zod";
import {
  ALERT_CATEGORIES,
  ALERT_TYPES,
  BET_STATUSES,
  ENTITY_TYPES,
  JOB_KINDS,
  JOB_STATES,
  ROLES,
  SHIFT_STATUSES,
  TILL_MOVEMENT_KINDS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "./enums";
import { LANGUAGES } from "./language";
import { PRICE_FORMATS } from "./price";

/** Money on the wire: a decimal string with exactly 2 decimals ("-12.50"). */
export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({
    description: 'Money: a decimal string with 2 decimals, e.g. "-12.50"',
    example: "12.50",
  });

/** Report money: a JSON number of euros, computed from integer cents and rounded once. */
export const euroNumber = z.number().meta({
  description:
    "Euros as a JSON number (SPEC): summed in integer cents and divided by 100 once, so it has at most 2 decimals",
  example: 1234.5,
});

const isoTime = z.iso.datetime({ offset: true }).meta({ example: "2026-11-22T13:34:15.000Z" });
const id = z.number().int().positive();
const userRef = z.object({ id, username: z.string() });
/** A ledger row's party: a customer's, shop's or user's id, or 0 for CASH (decision 051). */
const partyId = z
  .number()
  .int()
  .nonnegative()
  .meta({ description: "The party's id; 0 for CASH, the bearer of a cash bet's slip" });

/**
 * The fields that name who did something at the counter: a staff user's id or {id, username}
 * (and the slip's `staff`). A customer login gets each of them as null, in JSON and in CSV
 * (issue 25 item 8, decisions/047; src/lib/scope.ts withoutStaff). A test checks that every
 * such field of an answer a customer may read is listed here.
 */
export const STAFF_FIELDS = [
  "createdBy",
  "createdByUser",
  "placedBy",
  "placedByUser",
  "resolvedBy",
  "resolvedByUser",
  "processedBy",
  "processedByUser",
  "fromResolvedByUser",
  "settledByUser",
  "staff",
  // Who paid a cash bet's slip, and where (decision 051); a customer never has a cash bet.
  "paid",
] as const;

export const userDto = z
  .object({
    id,
    username: z.string(),
    role: z.enum(ROLES),
    createdAt: isoTime,
    shopId: id.nullable().meta({ description: "The staff user's working shop, or null" }),
    customerId: id
      .nullable()
      .meta({ description: "A customer-role user's own customer record, or null" }),
    disabled: z.boolean().meta({ description: "A disabled user cannot sign in" }),
    mustChangePassword: z
      .boolean()
      .meta({ description: "Set by an admin's reset: the user must choose a new password" }),
    lastSignInAt: isoTime.nullable(),
    oddsFormat: z.enum(PRICE_FORMATS).nullable().meta({
      description: "How this user sees prices; null follows the operator's (settings.oddsFormat)",
    }),
    language: z.enum(LANGUAGES).nullable().meta({
      description:
        "This user's language in the web app; null follows the browser's, then settings.defaultLanguage",
    }),
  })
  .meta({ id: "User" });

/** A user as the admin's user list shows it: with whether sign-in is currently refused. */
export const managedUserDto = userDto
  .extend({
    signInLocked: z
      .boolean()
      .meta({ description: "Too many failed sign-ins: refused for now (an admin can unlock)" }),
  })
  .meta({ id: "ManagedUser" });

/** One of the signed-in user's active sessions (their sessions list, issue 25). */
export const sessionDto = z
  .object({
    id: z.string().meta({ description: "The session's public id (never its secret)" }),
    createdAt: isoTime.meta({ description: "When it was signed in" }),
    lastSeenAt: isoTime.meta({ description: "Its last request, to the minute" }),
    ip: z.string().nullable().meta({ description: "The address it was signed in from" }),
    browser: z.string().meta({
      description: "The browser and system in English, as one phrase",
      example: "Chrome on Linux",
    }),
    device: z
      .object({
        browser: z
          .string()
          .nullable()
          .meta({ description: "The browser's name (null: not one the server knows)" }),
        system: z
          .string()
          .nullable()
          .meta({ description: "The operating system's name (null: not one it knows)" }),
      })
      .meta({
        description:
          "The same, in parts, for a client writing it in its own language (the web app in German)",
        example: { browser: "Chrome", system: "Linux" },
      }),
    current: z.boolean().meta({ description: "The session of this request" }),
  })
  .meta({ id: "Session" });

/** How many sessions an admin's "end all sessions" ended. */
export const sessionsEndedDto = z
  .object({ ended: z.number().int().meta({ description: "Sessions ended" }) })
  .meta({ id: "SessionsEnded" });

/** A loosened limit waiting its 24 hours (decision 032): the value it becomes and when. */
const waitingMoney = z
  .object({
    value: moneyString.nullable().meta({ description: "The new limit; null: removed" }),
    appliesAt: isoTime,
  })
  .nullable();

export const customerDto = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    balance: moneyString,
    creditLimit: moneyString,
    allowOverdraft: z.boolean(),
    isActive: z.boolean(),
    createdAt: isoTime,
    createdBy: id.nullable(),
    createdByUser: userRef.nullable(),
    maxStake: moneyString.nullable().meta({ description: "The highest stake in force, or null" }),
    dailyDepositLimit: moneyString
      .nullable()
      .meta({ description: "Deposits per UTC day in force, or null" }),
    selfExcludedUntil: isoTime
      .nullable()
      .meta({ description: "Bets and deposits are refused until then; null when not excluded" }),
    pendingLimits: z
      .object({
        maxStake: waitingMoney,
        dailyDepositLimit: waitingMoney,
        selfExcludedUntil: z
          .object({
            value: isoTime.nullable().meta({ description: "The new end; null: ended" }),
            appliesAt: isoTime,
          })
          .nullable(),
      })
      .meta({ description: "Loosened limits waiting 24 hours before they apply" }),
  })
  .meta({ id: "Customer" });

export const shopDto = z
  .object({
    id,
    name: z.string(),
    location: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    balance: moneyString
      .nullable()
      .meta({ description: "The till balance; null for customer-role users" }),
    isActive: z.boolean(),
    createdAt: isoTime,
  })
  .meta({ id: "Shop" });

const betCounts = {
  totalBets: z.number().int(),
  activeBets: z.number().int(),
  wonBets: z.number().int(),
  placedBets: z.number().int().meta({ description: "Each-way bets settled Placed" }),
  lostBets: z.number().int(),
  voidBets: z.number().int(),
};

export const customerStatsDto = z.object(betCounts).meta({ id: "CustomerStats" });

export const shopStatsDto = z
  .object({ ...betCounts, totalStakes: moneyString, potentialPayouts: moneyString })
  .meta({ id: "ShopStats" });

/** A price as it was taken (issue 21, decision 048): "11/8", or the decimal "3.50". */
const priceString = z.string().meta({
  description: 'The price as taken: fractional ("11/8", "100/30") or decimal ("3.50")',
  example: "11/8",
});

/** Each-way terms (issue 21 item 6, decision 052). */
const eachWayDto = z
  .object({ places: z.number().int().min(2).max(8), fraction: z.enum(["1/4", "1/5"]) })
  .nullable()
  .meta({ description: "Each-way terms, or null for a win-only bet" });

/** Dead heats of a Won or Placed settlement (decision 084), or null for none. */
const deadHeatDto = z
  .object({
    win: z
      .string()
      .nullable()
      .meta({ description: "The win part's share of its stake", example: "1/2" }),
    place: z.string().nullable().meta({ description: "The place part's share (each-way)" }),
  })
  .nullable()
  .meta({ description: "Dead heats the settlement applied, or null" });

/** Rule 4 of a Won or Placed settlement (decision 084). */
const rule4Dto = z
  .number()
  .int()
  .nullable()
  .meta({ description: "Rule 4: cents in the euro deducted from the winnings, or null" });

/** The terms a settlement applied, on a bet and its slip. */
const settlementTermsDto = { deadHeat: deadHeatDto, rule4Deduction: rule4Dto };

/** What was paid on a cash bet's slip (issue 21 item 2, decision 051), or null. */
const slipPaidDto = z
  .object({
    amount: moneyString.meta({
      description: "The return paid: the payout (WON, PLACED) or the stake (VOID)",
    }),
    at: isoTime,
    by: userRef.nullable(),
    shiftId: id,
    shop: z.object({ id, name: z.string() }),
  })
  .nullable();

export const betDto = z
  .object({
    id,
    description: z.string(),
    customerId: id.nullable().meta({ description: "Null for a cash bet" }),
    shopId: id,
    payment: z.enum(["account", "cash"]).meta({
      description: "account: the customer's balance pays; cash: the slip is the bearer's claim",
    }),
    shiftId: id.nullable().meta({ description: "The shift whose till took a cash bet's stake" }),
    paid: slipPaidDto,
    eachWay: eachWayDto,
    stakeAmount: moneyString.meta({
      description: "The stake; for an each-way bet, the unit stake",
    }),
    totalStake: moneyString.meta({
      description: "What the bet cost: twice the unit stake each-way",
    }),
    odds: moneyString.meta({ description: "Decimal odds, rounded half-up for a fraction" }),
    price: priceString,
    potentialPayout: moneyString,
    actualPayout: moneyString.nullable(),
    ...settlementTermsDto,
    allowOvercredit: z.boolean(),
    outcome: z.string().nullable(),
    status: z.enum(BET_STATUSES),
    voidReason: z.string().nullable(),
    createdAt: isoTime,
    resolvedAt: isoTime.nullable(),
    placedBy: id.nullable(),
    resolvedBy: id.nullable(),
    customer: z.object({ id, firstName: z.string(), lastName: z.string() }).nullable(),
    shop: z.object({ id, name: z.string() }).nullable(),
    placedByUser: userRef.nullable(),
    resolvedByUser: userRef.nullable(),
  })
  .meta({ id: "Bet" });

/** A bet's printed slip (issue 12, decision 031): what the receipt shows, and its code. */
export const slipDto = z
  .object({
    betId: id.meta({ description: "The bet number" }),
    code: z.string().meta({
      description: "The verification code: 10 characters, no 0/O, 1/I/L",
      example: "7KX4QM9TRB",
    }),
    shop: z.object({
      id,
      name: z.string(),
      location: z.string(),
      address: z.string().nullable(),
      phone: z.string().nullable(),
    }),
    customer: z
      .object({ id, firstName: z.string(), lastName: z.string() })
      .nullable()
      .meta({ description: "Null for a cash bet: the slip is the bearer's claim" }),
    payment: z.enum(["account", "cash"]),
    description: z.string(),
    eachWay: eachWayDto,
    stakeAmount: moneyString,
    totalStake: moneyString,
    actualPayout: moneyString
      .nullable()
      .meta({ description: "What the bet returned once settled" }),
    ...settlementTermsDto,
    resolvedAt: isoTime.nullable(),
    paid: slipPaidDto,
    odds: moneyString.meta({ description: "Decimal odds, rounded half-up for a fraction" }),
    price: priceString,
    potentialPayout: moneyString,
    status: z.enum(BET_STATUSES),
    placedAt: isoTime,
    staff: z.string().nullable().meta({ description: "Who took the bet (username)" }),
  })
  .meta({ id: "Slip" });

/** What paying a cash bet's slip answers (POST /api/slips/{code}/pay; decision 051). */
export const slipPaymentDto = z
  .object({
    bet: betDto,
    amount: moneyString.meta({ description: "What was paid: the payout, or the stake for VOID" }),
    paidAt: isoTime,
    paidBy: userRef,
    shiftId: id.meta({ description: "The shift whose till paid it" }),
    shop: z.object({ id, name: z.string() }),
    transactionId: id.meta({ description: "The ledger row of the payment (SHOP to CASH)" }),
  })
  .meta({ id: "SlipPayment" });

const customerRef = z.object({ id, firstName: z.string(), lastName: z.string() }).nullable();
const shopRef = z.object({ id, name: z.string() }).nullable();

export const transactionDto = z
  .object({
    id,
    type: z.enum(TRANSACTION_TYPES),
    amount: moneyString,
    description: z.string().nullable(),
    status: z.enum(TRANSACTION_STATUSES),
    fromEntityType: z.enum(ENTITY_TYPES),
    fromEntityId: partyId,
    toEntityType: z.enum(ENTITY_TYPES),
    toEntityId: partyId,
    betId: id.nullable(),
    processedBy: id.nullable(),
    createdAt: isoTime,
    archived: z.boolean(),
    archivedAt: isoTime.nullable(),
    reversalOf: id.nullable(),
    shiftId: id.nullable().meta({ description: "The shift a deposit or withdrawal was taken in" }),
    reason: z
      .string()
      .nullable()
      .meta({ description: "Why a reversal was made (on the reversal row; issue 20), else null" }),
    fromCustomer: customerRef,
    toCustomer: customerRef,
    fromShop: shopRef,
    toShop: shopRef,
    bet: z.object({ id, description: z.string() }).nullable(),
    processedByUser: userRef.nullable(),
  })
  .meta({ id: "Transaction" });

/** A pick-up or top-up of a shift's till (issue 21 item 3, decision 049). */
export const tillMovementDto = z
  .object({
    id,
    kind: z.enum(TILL_MOVEMENT_KINDS),
    amount: moneyString,
    reason: z.string(),
    createdAt: isoTime,
    createdBy: userRef.nullable(),
  })
  .meta({ id: "TillMovement" });

/**
 * A cashier's shift (issue 12). `expectedCash` is the float + deposits - withdrawals + cash
 * stakes - cash payouts + top-ups - pick-ups: live while open, as stored at the close once
 * closed.
 */
export const shiftDto = z
  .object({
    id,
    status: z.enum(SHIFT_STATUSES),
    userId: id,
    user: userRef.nullable(),
    shopId: id,
    shop: shopRef,
    openingFloat: moneyString,
    openedAt: isoTime,
    closedAt: isoTime.nullable(),
    closedBy: userRef.nullable(),
    deposits: moneyString.meta({ description: "Sum of the deposits taken in the shift" }),
    depositCount: z.number().int(),
    withdrawals: moneyString.meta({ description: "Sum of the withdrawals paid in the shift" }),
    withdrawalCount: z.number().int(),
    cashStakes: moneyString.meta({
      description: "Sum of the cash bets' stakes taken into the till in the shift (issue 21)",
    }),
    cashStakeCount: z.number().int(),
    cashPayouts: moneyString.meta({
      description: "Sum of the cash bets' returns paid on the slip from the till in the shift",
    }),
    cashPayoutCount: z.number().int(),
    reversedDeposits: moneyString.meta({
      description:
        "Sum of this shift's deposits reversed while it was open: out of the till again (decision 079)",
    }),
    reversedDepositCount: z.number().int(),
    reversedWithdrawals: moneyString.meta({
      description:
        "Sum of this shift's withdrawals reversed while it was open: back in the till (decision 079)",
    }),
    reversedWithdrawalCount: z.number().int(),
    topups: moneyString.meta({ description: "Sum of the cash brought into the till" }),
    topupCount: z.number().int(),
    pickups: moneyString.meta({ description: "Sum of the cash lifted from the till to the safe" }),
    pickupCount: z.number().int(),
    tillMovements: z.array(tillMovementDto).meta({
      description: "The shift's pick-ups and top-ups, oldest first (decision 049)",
    }),
    expectedCash: moneyString.meta({
      description:
        "Opening float + deposits - withdrawals + cash stakes - cash payouts - reversed deposits + reversed withdrawals + top-ups - pick-ups; once closed, the figure stored at the close",
    }),
    countedCash: moneyString.nullable(),
    discrepancy: moneyString
      .nullable()
      .meta({ description: "Counted - expected (negative: cash missing); null while open" }),
  })
  .meta({ id: "Shift" });

export const alertDto = z
  .object({
    id,
    type: z.enum(ALERT_TYPES),
    category: z.enum(ALERT_CATEGORIES).meta({
      description:
        "Who it is for (decisions/044): staff see only operations; cash, security and system are the admins'",
    }),
    title: z.string(),
    description: z.string(),
    code: z.string().nullable().meta({
      description:
        "The kind of alert (decision 066), e.g. BOOKS_UNBALANCED or SIGN_IN_FAILURES: a stable identifier a client may translate by; title and description are its English. Null on alerts raised before codes existed",
    }),
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .nullable()
      .meta({
        description:
          "The values the alert's text interpolates: names, ids, counts, amounts in cents (names ending in Cents, integers), durations in seconds. Null when code is null",
      }),
    createdAt: isoTime,
    /** Null while open; the dismissed view (status=dismissed) fills these. */
    dismissedAt: isoTime.nullable(),
    dismissedBy: userRef.nullable(),
    dismissNote: z.string().nullable(),
  })
  .meta({ id: "Alert" });

export const dashboardStatsDto = z
  .object({
    totalGivenCredit: moneyString,
    totalCreditAtStake: moneyString,
    activeBets: z.number().int(),
    totalCustomers: z.number().int(),
  })
  .meta({ id: "DashboardStats" });

export const PERIOD_TYPES = ["totals", "year", "month", "week"] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

export const reportDto = z
  .object({
    period: z.enum(PERIOD_TYPES),
    range: z.object({
      value: z.string().nullable(),
      label: z.string(),
      from: isoTime.nullable(),
      to: isoTime.nullable(),
    }),
    financial: z.object({
      totalRevenue: euroNumber,
      totalStakes: euroNumber,
      totalPayouts: euroNumber,
      profit: euroNumber,
      profitMargin: z.number().meta({ description: "Percent, 2 decimals" }),
    }),
    betting: z.object({
      totalBets: z.number().int(),
      wonBets: z.number().int(),
      placedBets: z.number().int().meta({ description: "Each-way bets settled Placed" }),
      lostBets: z.number().int(),
      pendingBets: z.number().int(),
      voidBets: z.number().int(),
      winRate: z.number().meta({
        description: "Percent, 2 decimals: (won + placed) / (won + placed + lost)",
      }),
      averageStake: euroNumber,
    }),
    customers: z.object({
      totalCustomers: z.number().int(),
      activeCustomers: z.number().int(),
      topCustomers: z.array(
        z.object({ id, name: z.string(), betCount: z.number().int(), totalStaked: euroNumber }),
      ),
    }),
    shops: z.object({
      totalShops: z.number().int(),
      topPerformingShops: z.array(
        z.object({ id, name: z.string(), betCount: z.number().int(), totalRevenue: euroNumber }),
      ),
    }),
  })
  .meta({ id: "Report" });

/** GET /api/reports/series (issue 13): a period bucket by bucket, for the charts. */
export const reportSeriesDto = z
  .object({
    period: z.enum([...PERIOD_TYPES, "day"]),
    granularity: z
      .enum(["hour", "day", "month"])
      .meta({ description: "hour for a day, day for a week or month, month for a year or totals" }),
    timeZone: z.string().meta({
      description:
        "The business time zone (BUSINESS_TIMEZONE) whose days, hours and months the buckets are; starts stay UTC instants",
      example: "Europe/Dublin",
    }),
    range: z.object({
      value: z.string().nullable(),
      label: z.string(),
      from: isoTime.nullable(),
      to: isoTime.nullable(),
    }),
    buckets: z.array(
      z.object({
        start: isoTime,
        label: z.string(),
        bets: z.number().int(),
        stakes: moneyString,
        revenue: moneyString,
        payouts: moneyString,
        profit: moneyString,
      }),
    ),
    totals: z.object({
      bets: z.number().int(),
      stakes: moneyString,
      revenue: moneyString,
      payouts: moneyString,
      profit: moneyString,
    }),
    outcomes: z.object({
      won: z.object({
        bets: z.number().int(),
        payouts: moneyString.meta({ description: "Payouts of WON bets" }),
      }),
      placed: z.object({
        bets: z.number().int(),
        payouts: moneyString.meta({ description: "Payouts of PLACED (each-way) bets" }),
      }),
      lost: z.object({ bets: z.number().int() }),
      pending: z.object({ bets: z.number().int(), stakes: moneyString }),
      void: z.object({ bets: z.number().int() }),
      settledStakes: moneyString,
    }),
  })
  .meta({ id: "ReportSeries" });

const periodOption = z.object({ value: z.string(), label: z.string() });

export const periodsDto = z
  .object({
    years: z.array(z.number().int()),
    months: z.array(periodOption),
    weeks: z.array(periodOption),
  })
  .meta({ id: "ReportPeriods" });

/** Continuous replication with Litestream (decision 060). */
export const replicationDto = z
  .object({
    state: z.enum(["off", "ok", "lagging", "stopped"]),
    replica: z.string().nullable().meta({ description: "REPLICA_URL without its password" }),
    lagSeconds: z
      .number()
      .nullable()
      .meta({ description: "Seconds since the oldest commit not yet on the replica" }),
    lastSyncAt: isoTime.nullable(),
    detail: z.string().nullable(),
  })
  .meta({ id: "Replication" });

export const healthDto = z
  .object({
    systemStatus: z.enum(["operational", "degraded", "down"]),
    databaseStatus: z.enum(["connected", "disconnected", "error"]),
    databaseLatency: z.number().meta({ description: "Milliseconds" }),
    lastCheck: isoTime,
    activeSessions: z.number().int(),
    uptime: z.number().int().meta({ description: "Seconds since the process started" }),
    replication: replicationDto,
  })
  .meta({ id: "Health" });

export const recalculationDto = z
  .object({
    entityType: z.enum(["CUSTOMER", "SHOP"]),
    entityId: id,
    balance: moneyString,
    previousBalance: moneyString,
    drift: moneyString,
  })
  .meta({ id: "Recalculation" });

export const reversalDto = z
  .object({ original: transactionDto, reversal: transactionDto })
  .meta({ id: "Reversal" });

/** A ledger row a correction writes (or, in a dry run, would write): no id, named parties. */
export const correctionRowDto = z
  .object({
    type: z.enum(TRANSACTION_TYPES),
    amount: moneyString,
    fromEntityType: z.enum(ENTITY_TYPES),
    fromEntityId: partyId,
    fromName: z.string().nullable(),
    toEntityType: z.enum(ENTITY_TYPES),
    toEntityId: partyId,
    toName: z.string().nullable(),
    description: z.string().nullable(),
    betId: id.nullable(),
    reversalOf: id
      .nullable()
      .meta({ description: "The row this one is the exact opposite of, or null" }),
    reason: z
      .string()
      .nullable()
      .meta({ description: "The reason stored with the row (a reversal's), or null" }),
    shiftId: id.nullable().meta({
      description:
        "The open shift whose till this row counts in (a reversal of a deposit or withdrawal taken in a shift still open; decision 079), or null",
    }),
  })
  .meta({ id: "CorrectionRow" });

/** An open shift's till a correction counts in: its expected cash before and after. */
export const tillChangeDto = z
  .object({
    shiftId: id,
    cashier: z.string().nullable(),
    shop: z.string().nullable(),
    beforeAmount: moneyString.meta({ description: "The till's expected cash before" }),
    afterAmount: moneyString.meta({ description: "The till's expected cash after" }),
  })
  .meta({ id: "TillChange" });

/** A stored balance a correction moves: before and after it (issue 12). */
export const balanceChangeDto = z
  .object({
    party: z.enum(["CUSTOMER", "SHOP"]),
    id,
    name: z.string(),
    beforeAmount: moneyString,
    afterAmount: moneyString,
    creditLimit: moneyString
      .nullable()
      .meta({ description: "A customer's credit limit (null for a shop)" }),
  })
  .meta({ id: "BalanceChange" });

/**
 * What a correction writes and what it does to each balance (issue 12, decisions/033):
 * computed by running the real write, so a dry run (`dryRun: true`, rolled back) and the
 * real one answer the same rows and balances.
 */
export const correctionPreviewDto = z
  .object({
    dryRun: z.boolean().meta({ description: "True: nothing was written" }),
    rows: z.array(correctionRowDto),
    balances: z.array(balanceChangeDto),
    tills: z.array(tillChangeDto).meta({
      description: "Each open shift's till the correction counts in (decision 079); often none",
    }),
  })
  .meta({ id: "CorrectionPreview" });

/** A reversal's answer: the rows themselves, or with `dryRun: true` the preview. */
export const reversalOrPreviewDto = z.union([reversalDto, correctionPreviewDto]);

/** A re-settlement's answer: the bet as it is (or, in a dry run, would be) and the preview. */
export const resettlementDto = correctionPreviewDto
  .extend({ bet: betDto })
  .meta({ id: "Resettlement" });

/** One change of a settled bet's outcome: the outcome it replaced and the new one. */
export const betSettlementDto = z
  .object({
    id,
    betId: id,
    fromStatus: z.enum(BET_STATUSES),
    fromPayout: moneyString.nullable(),
    fromVoidReason: z.string().nullable(),
    fromResolvedAt: isoTime,
    fromResolvedByUser: userRef.nullable(),
    fromDeadHeat: deadHeatDto,
    fromRule4Deduction: rule4Dto,
    toStatus: z.enum(BET_STATUSES),
    toPayout: moneyString.nullable(),
    toVoidReason: z.string().nullable(),
    toDeadHeat: deadHeatDto,
    toRule4Deduction: rule4Dto,
    reason: z.string(),
    createdAt: isoTime,
    settledByUser: userRef.nullable(),
  })
  .meta({ id: "BetSettlement" });

export const auditEntryDto = z
  .object({
    id,
    actorId: id.nullable(),
    actorUsername: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
    requestId: z.string().nullable(),
    createdAt: isoTime,
    users: z.record(z.string(), z.string()).meta({
      description:
        "The usernames of the users whose ids before and after record (processedBy, placedBy, resolvedBy, paidBy, closedBy, createdBy, dismissedBy, settledBy, userId, keptUserId, and a USER party's fromEntityId/toEntityId), by id; a user deleted since is not in it",
    }),
  })
  .meta({ id: "AuditEntry" });

export const booksReportDto = z
  .object({
    ok: z.boolean(),
    checkedAt: isoTime,
    violations: z.array(
      z.object({
        rule: z.string(),
        entityType: z.enum(["CUSTOMER", "SHOP", "BET", "TRANSACTION"]),
        entityId: id,
        message: z.string(),
      }),
    ),
    truncated: z.boolean(),
  })
  .meta({ id: "BooksReport" });

/** A background job (src/lib/jobs.ts); jobs live in the server's memory until it restarts. */
export const jobDto = z
  .object({
    id: z.string(),
    kind: z.enum(JOB_KINDS),
    state: z.enum(JOB_STATES),
    progress: z.number().min(0).max(1).meta({ description: "0..1" }),
    phrase: z.string().meta({ description: "What the job is doing, in English words" }),
    step: z.string().meta({
      description:
        "What the job is doing, as a stable code a client may translate by (decision 026): waiting, starting, export-rows, export-finishing, books-balances, books-bets, books-ledger-rows, books-reversals, done, failed or cancelled; phrase is its English. A client shows phrase for a code it does not know",
    }),
    stepParams: z.record(z.string(), z.union([z.string(), z.number()])).meta({
      description:
        'The values the step\'s text takes: for export-rows the rows written (done) of all (total) and the table being read (its name in the export, e.g. "bet_settlements"); empty for the other steps',
    }),
    startedBy: z.string().meta({ description: "The admin who started it" }),
    createdAt: isoTime,
    startedAt: isoTime.nullable(),
    finishedAt: isoTime.nullable(),
    error: z.string().nullable().meta({ description: "Why it failed" }),
    result: booksReportDto.nullable().meta({
      description: "A finished books check: the same body as GET /api/admin/ledger-check",
    }),
    download: z.object({ fileName: z.string(), sizeBytes: z.number().int() }).nullable().meta({
      description: "A finished export's file, at GET /api/admin/jobs/{jobId}/download",
    }),
  })
  .meta({ id: "Job" });

/** The export of all data (GET /api/admin/export-all-data, an export job's download). */
export const exportDocumentDto = z
  .object({
    version: z.literal(1),
    exportedAt: isoTime,
    tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).meta({
      description:
        "Every table but secrets, by its name: its rows as stored (money in cents, times in ms since the epoch, flags 0/1)",
    }),
  })
  .meta({ id: "ExportDocument" });

/** The books indicator (issue 13): the newest stored books check and the one running. */
export const booksStatusDto = z
  .object({
    last: booksReportDto
      .extend({
        id,
        violationCount: z.number().int().min(0).meta({
          description: "How many violations the check found (violations lists the first ones)",
        }),
        startedBy: z.string().meta({ description: 'The admin who started it, or "schedule"' }),
        startedAt: isoTime,
        durationMs: z.number().int().min(0),
      })
      .nullable()
      .meta({ description: "The newest finished books check; null before the first one" }),
    running: jobDto.nullable().meta({ description: "A books check queued or under way" }),
  })
  .meta({ id: "BooksStatus" });

export const settingsDto = z
  .object({
    largeAmount: moneyString.meta({
      description:
        "From this amount a deposit, withdrawal, stake or Won payout asks for a second confirmation (LARGE_AMOUNT); a Won paying it needs an admin",
    }),
    creditLimitCap: moneyString.meta({
      description:
        "The highest credit limit staff may set; above it, and to allow overdraft, an admin is needed (STAFF_MAX_CREDIT_LIMIT)",
    }),
    cashBetMaxStake: moneyString.meta({
      description:
        "The largest cash bet staff may take; above it an admin is needed (CASH_BET_MAX_STAKE, default LARGE_AMOUNT)",
    }),
    oddsFormat: z.enum(PRICE_FORMATS).meta({
      description: "How prices show to a user who has not chosen (ODDS_FORMAT)",
    }),
    defaultLanguage: z.enum(LANGUAGES).meta({
      description:
        "The web app's language for a user who has not chosen one and whose browser asks for none it speaks (DEFAULT_LANGUAGE)",
    }),
    backupIntervalHours: z.number().positive().nullable().meta({
      description:
        "Hours between the server's own backups (BACKUP_INTERVAL_HOURS); null when BACKUP_DIR is not set",
    }),
    businessTimeZone: z.string().meta({
      description:
        'The shop\'s IANA time zone (BUSINESS_TIMEZONE, default UTC): "today", date filters, reports and the daily limit use its dates; times in JSON stay UTC',
      example: "Europe/Dublin",
    }),
  })
  .meta({ id: "Settings" });

export const countsDto = z
  .object({
    customers: z.number().int(),
    shops: z.number().int(),
    pendingBets: z.number().int(),
    alerts: z
      .number()
      .int()
      .meta({ description: "Undismissed alerts the caller sees (staff: operations only)" }),
  })
  .meta({ id: "Counts" });

export const messageDto = z.object({ message: z.string() }).meta({ id: "Message" });

/** Delete all data's answer: the backup written first (restore it with `bun run restore`). */
export const deleteAllDto = messageDto
  .extend({
    backupFile: z.string().meta({ description: "The checked backup taken just before the wipe" }),
  })
  .meta({ id: "DeleteAllResult" });

/** One backup the server took (scheduled, or before a delete-all) or `bun run backup` recorded. */
export const backupDto = z
  .object({
    id,
    reason: z.enum(["scheduled", "delete-all", "script"]).meta({
      description:
        "scheduled: the server's own; delete-all: taken before one; script: `bun run backup` (decision 080)",
    }),
    file: z.string().nullable().meta({ description: "The backup file (absolute path)" }),
    ok: z.boolean().meta({ description: "Written and checked: integrity ok, books balanced" }),
    detail: z.string().meta({ description: "What the check found, or why it failed" }),
    sizeBytes: z.number().int().nullable(),
    createdAt: isoTime,
  })
  .meta({ id: "Backup" });

/** One integrity check of the live database (src/lib/integrity.ts). */
export const integrityCheckDto = z
  .object({
    id,
    kind: z.enum(["quick", "full"]).meta({
      description: "quick: quick_check at start; full: integrity_check, daily in the background",
    }),
    ok: z.boolean(),
    detail: z.string().meta({ description: '"ok", or what SQLite found' }),
    startedAt: isoTime,
    finishedAt: isoTime,
    durationMs: z.number().int(),
  })
  .meta({ id: "IntegrityCheck" });

export const integrityStatusDto = z
  .object({
    quick: integrityCheckDto.nullable().meta({ description: "The newest start-up check" }),
    full: integrityCheckDto.nullable().meta({ description: "The newest full check" }),
    everyHours: z.number().meta({
      description: "Hours between full checks in the background (INTEGRITY_CHECK_HOURS); 0: none",
      example: 24,
    }),
  })
  .meta({ id: "IntegrityStatus" });

/** An API token as listed (decision 058): never its secret, only a prefix to tell it apart. */
export const apiTokenDto = z
  .object({
    id,
    name: z.string(),
    role: z.enum(["user", "admin"]),
    prefix: z
      .string()
      .meta({ description: "The token's first characters (not secret)", example: "bst_Xk3f" }),
    createdAt: isoTime,
    createdBy: userRef.meta({ description: "The admin who made it" }),
    expiresAt: isoTime.nullable().meta({ description: "When it stops working; null: never" }),
    lastUsedAt: isoTime.nullable().meta({ description: "Its last request, to the minute" }),
    revokedAt: isoTime.nullable().meta({ description: "When it was revoked; null: active" }),
  })
  .meta({ id: "ApiToken" });

/** A token just made: the listing plus the secret, shown this once and never again. */
export const createdApiTokenDto = apiTokenDto
  .extend({
    token: z.string().meta({
      description: "The secret for `Authorization: Bearer …`, shown this once and never again",
    }),
  })
  .meta({ id: "CreatedApiToken" });

export type UserDto = z.output<typeof userDto>;
export type ManagedUserDto = z.output<typeof managedUserDto>;
export type SessionDto = z.output<typeof sessionDto>;
export type CustomerDto = z.output<typeof customerDto>;
export type ShopDto = z.output<typeof shopDto>;
export type CustomerStatsDto = z.output<typeof customerStatsDto>;
export type ShopStatsDto = z.output<typeof shopStatsDto>;
export type BetDto = z.output<typeof betDto>;
export type SlipDto = z.output<typeof slipDto>;
export type TransactionDto = z.output<typeof transactionDto>;
export type ShiftDto = z.output<typeof shiftDto>;
export type TillMovementDto = z.output<typeof tillMovementDto>;
export type AlertDto = z.output<typeof alertDto>;
export type DashboardStatsDto = z.output<typeof dashboardStatsDto>;
export type ReportDto = z.output<typeof reportDto>;
export type PeriodsDto = z.output<typeof periodsDto>;
export type ReportSeriesDto = z.output<typeof reportSeriesDto>;
export type HealthDto = z.output<typeof healthDto>;
export type RecalculationDto = z.output<typeof recalculationDto>;
export type ReversalDto = z.output<typeof reversalDto>;
export type CorrectionPreviewDto = z.output<typeof correctionPreviewDto>;
export type ResettlementDto = z.output<typeof resettlementDto>;
export type BetSettlementDto = z.output<typeof betSettlementDto>;
export type AuditEntryDto = z.output<typeof auditEntryDto>;
export type CountsDto = z.output<typeof countsDto>;
export type SettingsDto = z.output<typeof settingsDto>;
export type BackupDto = z.output<typeof backupDto>;
export type IntegrityStatusDto = z.output<typeof integrityStatusDto>;
export type DeleteAllDto = z.output<typeof deleteAllDto>;
export type BooksReportDto = z.output<typeof booksReportDto>;
export type JobDto = z.output<typeof jobDto>;
export type BooksStatusDto = z.output<typeof booksStatusDto>;
export type ApiTokenDto = z.output<typeof apiTokenDto>;
export type CreatedApiTokenDto = z.output<typeof createdApiTokenDto>;
