/**
 * Rows shaped like the API's DTOs. Each is parsed by its response schema (src/domain/dto),
 * so a fixture the typed client would refuse fails where it is made, not in a screen.
 */
import {
  type BetDto,
  type BooksStatusDto,
  betDto,
  type CustomerDto,
  customerDto,
  type JobDto,
  type ReportSeriesDto,
  type SettingsDto,
  type ShiftDto,
  type ShopDto,
  type SlipDto,
  settingsDto,
  shiftDto,
  shopDto,
  slipDto,
  type TransactionDto,
  transactionDto,
} from "../../src/domain/dto";
import { page } from "./render";

export function customer(overrides: Partial<CustomerDto> = {}): CustomerDto {
  return customerDto.parse({
    id: 7,
    firstName: "Ann",
    lastName: "Byrne",
    email: null,
    phone: null,
    address: null,
    dateOfBirth: null,
    balance: "50.00",
    creditLimit: "100.00",
    allowOverdraft: false,
    isActive: true,
    createdAt: "2026-01-02T10:00:00.000Z",
    createdBy: 1,
    createdByUser: { id: 1, username: "admin" },
    maxStake: null,
    dailyDepositLimit: null,
    selfExcludedUntil: null,
    pendingLimits: { maxStake: null, dailyDepositLimit: null, selfExcludedUntil: null },
    ...overrides,
  });
}

export function shop(overrides: Partial<ShopDto> = {}): ShopDto {
  return shopDto.parse({
    id: 3,
    name: "Central",
    location: "Dublin",
    address: null,
    phone: null,
    balance: "10.00",
    isActive: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  });
}

export function bet(overrides: Partial<BetDto> = {}): BetDto {
  return betDto.parse({
    id: 11,
    description: "Arsenal to win",
    customerId: 7,
    shopId: 3,
    payment: "account",
    shiftId: null,
    paid: null,
    eachWay: null,
    stakeAmount: "20.00",
    totalStake: "20.00",
    odds: "2.50",
    price: "2.50",
    potentialPayout: "50.00",
    actualPayout: null,
    deadHeat: null,
    rule4Deduction: null,
    allowOvercredit: false,
    outcome: "PENDING",
    status: "PENDING",
    voidReason: null,
    createdAt: "2026-01-03T10:00:00.000Z",
    resolvedAt: null,
    placedBy: 1,
    resolvedBy: null,
    customer: { id: 7, firstName: "Ann", lastName: "Byrne" },
    shop: { id: 3, name: "Central" },
    placedByUser: { id: 1, username: "admin" },
    resolvedByUser: null,
    ...overrides,
  });
}

/** What a cash bet's slip says once paid (issue 21 item 2): €19.00 at Main Street by alice. */
export const PAID_ON_SLIP = {
  amount: "19.00",
  at: "2026-11-26T14:03:00.000Z",
  by: { id: 2, username: "alice" },
  shiftId: 5,
  shop: { id: 4, name: "Main Street" },
} satisfies NonNullable<BetDto["paid"]>;

/**
 * A cash bet's slip (GET /api/bets/{id}/slip): bet #12, €8.00 on Leopardstown 14:30 Galopin
 * at 11/8 (2.38), taken at Central by alice, pending.
 */
export function slip(overrides: Partial<SlipDto> = {}): SlipDto {
  return slipDto.parse({
    betId: 12,
    code: "7KX4QM9TRB",
    shop: { id: 3, name: "Central", location: "Dublin", address: null, phone: null },
    customer: null,
    payment: "cash",
    description: "Leopardstown 14:30 Galopin",
    eachWay: null,
    stakeAmount: "8.00",
    totalStake: "8.00",
    actualPayout: null,
    deadHeat: null,
    rule4Deduction: null,
    resolvedAt: null,
    paid: null,
    odds: "2.38",
    price: "11/8",
    potentialPayout: "19.00",
    status: "PENDING",
    placedAt: "2026-11-26T14:03:00.000Z",
    staff: "alice",
    ...overrides,
  });
}

/** A slip() once WON and paid: €19.00 back, settled and paid at PAID_ON_SLIP's time. */
export const WON_AND_PAID = {
  status: "WON",
  actualPayout: "19.00",
  resolvedAt: PAID_ON_SLIP.at,
  paid: PAID_ON_SLIP,
} satisfies Partial<SlipDto>;

/** GET /api/settings: LARGE_AMOUNT €1,000.00, staff's credit limits and cash bets up to it. */
export function settings(overrides: Partial<SettingsDto> = {}): SettingsDto {
  return settingsDto.parse({
    largeAmount: "1000.00",
    creditLimitCap: "1000.00",
    cashBetMaxStake: "1000.00",
    oddsFormat: "decimal",
    defaultLanguage: "en",
    backupIntervalHours: null,
    businessTimeZone: "UTC",
    ...overrides,
  });
}

/**
 * transaction()'s parties the other way round: from the shop (Central, #3) to the customer
 * (Ann Byrne, #7), as a withdrawal or a deposit's reversal moves the money.
 */
export const SHOP_TO_CUSTOMER: Partial<TransactionDto> = {
  fromEntityType: "SHOP",
  fromEntityId: 3,
  toEntityType: "CUSTOMER",
  toEntityId: 7,
  fromCustomer: null,
  toCustomer: { id: 7, firstName: "Ann", lastName: "Byrne" },
  fromShop: { id: 3, name: "Central" },
  toShop: null,
};

export function transaction(overrides: Partial<TransactionDto> = {}): TransactionDto {
  return transactionDto.parse({
    id: 21,
    type: "DEPOSIT",
    amount: "50.00",
    description: "cash",
    status: "COMPLETED",
    fromEntityType: "CUSTOMER",
    fromEntityId: 7,
    toEntityType: "SHOP",
    toEntityId: 3,
    betId: null,
    processedBy: 1,
    createdAt: "2026-01-03T10:00:00.000Z",
    archived: false,
    archivedAt: null,
    reversalOf: null,
    shiftId: null,
    reason: null,
    fromCustomer: { id: 7, firstName: "Ann", lastName: "Byrne" },
    toCustomer: null,
    fromShop: null,
    toShop: { id: 3, name: "Central" },
    bet: null,
    processedByUser: { id: 1, username: "admin" },
    ...overrides,
  });
}

/** A background job (the books check by default, running at 40 %). */
export const JOB_ID = "3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b";
export function job(over: Partial<JobDto> = {}): JobDto {
  return {
    id: JOB_ID,
    kind: "ledger-check",
    state: "running",
    progress: 0.4,
    phrase: "Checking each bet against its ledger rows",
    step: "books-bets",
    stepParams: {},
    startedBy: "admin",
    createdAt: "2026-03-01T10:00:00.000Z",
    startedAt: "2026-03-01T10:00:00.000Z",
    finishedAt: null,
    error: null,
    result: null,
    download: null,
    ...over,
  };
}

/** A report series with no bets at all: no buckets, zero totals and outcomes. */
export function emptySeries(overrides: Partial<ReportSeriesDto> = {}): ReportSeriesDto {
  return {
    period: "totals",
    granularity: "month",
    timeZone: "UTC",
    range: { value: null, label: "All time", from: null, to: null },
    buckets: [],
    totals: { bets: 0, stakes: "0.00", revenue: "0.00", payouts: "0.00", profit: "0.00" },
    outcomes: {
      won: { bets: 0, payouts: "0.00" },
      placed: { bets: 0, payouts: "0.00" },
      lost: { bets: 0 },
      pending: { bets: 0, stakes: "0.00" },
      void: { bets: 0 },
      settledStakes: "0.00",
    },
    ...overrides,
  };
}

/** The user's open shift at Main Street: a float of €100.00 and nothing else yet. */
export function shift(overrides: Partial<ShiftDto> = {}): ShiftDto {
  return shiftDto.parse({
    id: 5,
    status: "OPEN",
    userId: 1,
    user: { id: 1, username: "user-user" },
    shopId: 4,
    shop: { id: 4, name: "Main Street" },
    openingFloat: "100.00",
    openedAt: "2026-01-03T09:00:00.000Z",
    closedAt: null,
    closedBy: null,
    deposits: "0.00",
    depositCount: 0,
    withdrawals: "0.00",
    withdrawalCount: 0,
    cashStakes: "0.00",
    cashStakeCount: 0,
    cashPayouts: "0.00",
    cashPayoutCount: 0,
    reversedDeposits: "0.00",
    reversedDepositCount: 0,
    reversedWithdrawals: "0.00",
    reversedWithdrawalCount: 0,
    topups: "0.00",
    topupCount: 0,
    pickups: "0.00",
    pickupCount: 0,
    tillMovements: [],
    expectedCash: "100.00",
    countedCash: null,
    discrepancy: null,
    ...overrides,
  });
}

/** GET /api/health from a server up 2 h 5 min, its database connected (no replication). */
export function health(overrides: Record<string, unknown> = {}) {
  return {
    systemStatus: "operational",
    databaseStatus: "connected",
    databaseLatency: 1,
    lastCheck: "2026-01-01T00:00:00Z",
    activeSessions: 1,
    uptime: 7500,
    ...overrides,
  };
}

type BooksCheck = NonNullable<BooksStatusDto["last"]>;

/** A books check that ran 20 s from 10:00 on 1 March 2026, started by admin, found nothing. */
export function booksCheck(overrides: Partial<BooksCheck> = {}): BooksCheck {
  return {
    id: 1,
    ok: true,
    checkedAt: "2026-03-01T10:00:20.000Z",
    violations: [],
    violationCount: 0,
    truncated: false,
    startedBy: "admin",
    startedAt: "2026-03-01T10:00:00.000Z",
    durationMs: 20_000,
    ...overrides,
  };
}

/** What the admin page reads (health, users, backups, tokens, settings), `overrides` on top. */
export function adminPageRoutes(overrides: Record<string, unknown> = {}) {
  return {
    "GET /api/health": health(),
    "GET /api/admin/users": page([]),
    "GET /api/admin/backups": page([]),
    "GET /api/admin/tokens": [],
    "GET /api/settings": settings(),
    ...overrides,
  };
}
