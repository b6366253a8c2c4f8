/**
 * The English catalogue: the source of every text the web app shows (decision 065). The
 * SPEC's English texts are here verbatim; the German catalogue (de.ts) must have every key
 * (a missing one is a type error there and fails web/i18n/catalogue.test.ts).
 *
 * `en` is the core, always loaded (the shell, sign-in, the dashboard, dialogs and errors);
 * each area (areas/<area>.ts) adds its English when it is first imported, so its texts come
 * with the code that shows them (a route's chunk) and the first screen carries no other
 * screen's texts. A file that uses an area's keys imports that area (checked by
 * web/i18n/catalogue.test.ts).
 */

import type * as admin from "./areas/admin";
import type * as alerts from "./areas/alerts";
import type * as audit from "./areas/audit";
import type * as auth from "./areas/auth";
import type * as bets from "./areas/bets";
import type * as books from "./areas/books";
import type * as charts from "./areas/charts";
import type * as customers from "./areas/customers";
import type * as jobs from "./areas/jobs";
import type * as receipts from "./areas/receipts";
import type * as refusals from "./areas/refusals";
import type * as shifts from "./areas/shifts";
import type * as shops from "./areas/shops";
import type * as transactions from "./areas/transactions";
import type * as ui from "./areas/ui";
import type * as users from "./areas/users";
import type * as validation from "./areas/validation";
import type { Shape } from "./shape";

export const en = {
  app: {
    name: "Betting Shop",
    skipToContent: "Skip to content",
    menu: "Menu",
    closeMenu: "Close menu",
  },
  nav: {
    main: "Main",
    administration: "ADMINISTRATION",
    dashboard: "Dashboard",
    customers: "Customers",
    shops: "Shops",
    bets: "Bets",
    transactions: "Transactions",
    myAccount: "My Account",
    myBets: "My Bets",
    myTransactions: "My Transactions",
    reports: "Reports",
    shifts: "Shifts",
    systemAdmin: "System Admin",
    auditTrail: "Audit trail",
    countCustomers: "customers",
    countShops: "shops",
    countPendingBets: "pending bets",
  },
  /**
   * The tab's title while a page loads, and where a detail page lives ("Jane Doe · Customers");
   * the shell's router names them before any area's texts are here.
   */
  pages: {
    dashboard: "Dashboard",
    customers: "Customers",
    customer: "Customer",
    shops: "Shops",
    shop: "Shop",
    bets: "Bets",
    bet: "Bet",
    transactions: "Transactions",
    user: "User",
    users: "Users",
    admin: "System Administration",
    audit: "Audit trail",
    reports: "Reports",
    alerts: "Alerts",
    shifts: "Shifts",
    shiftReport: "Shift report",
    /** A customer login on a staff-only screen: 'Access Denied: {this}'. */
    shiftsStaffOnly: "Shifts are for staff only.",
  },
  signIn: {
    title: "Sign In",
    subtitle: "Sign in to the betting shop management system",
    headline: "Betting shop management system",
    featureCustomersTitle: "Customer management",
    featureCustomersText: "Balances, credit limits and overdraft in one place.",
    featureAnalyticsTitle: "Real-time analytics",
    featureAnalyticsText: "Live dashboards of bets, stakes and transactions.",
    featureAuditTitle: "Secure and auditable",
    featureAuditText: "Every action is recorded with who did it and when.",
    expired: "Your session has expired. Sign in again to continue where you were.",
    username: "Username",
    password: "Password",
    submit: "Sign In",
    submitting: "Signing in...",
  },
  preferences: {
    prices: "Prices",
    showOddsAs: "Show odds as",
    shopDefault: "Shop default: {{format}}",
    decimal: "Decimal (3.50)",
    fractional: "Fractional (5/2)",
    oddsSaved: "Odds format saved",
    oddsFailed: "Failed to save the odds format",
    language: "Language",
    languageLabel: "Language of the app",
    languageDefault: "Browser or shop default: {{language}}",
    languageSaved: "Language saved",
    languageFailed: "Failed to save the language",
  },
  languages: {
    en: "English",
    de: "Deutsch",
  },
  notify: {
    success: "Success",
  },
  common: {
    cancel: "Cancel",
    goBack: "Go back",
    processing: "Processing...",
    theCustomer: "the customer",
  },
  pickers: {
    customer: "Customer",
    customerPlaceholder: "Name, number (C-000123), email, phone...",
    shop: "Shop",
    shopPlaceholder: "Search shops by name or location...",
  },
  balance: {
    title: "Customer Balance Info",
    current: "Current Balance:",
    creditLimit: "Credit Limit:",
    available: "Available:",
    overdraftAllowed: "Overdraft allowed",
  },
  bet: {
    newBet: "New Bet",
    printSlip: "Print Slip #{{id}}",
    title: "Place New Bet",
    confirmWon: "Place this bet as Won and pay out this amount?",
    confirmCash: "Take this amount in cash for the bet?",
    confirmStake: "Take a stake of this amount from {{name}}?",
    confirmPlace: "Yes, place the bet",
    payment: "Payment",
    account: "Account",
    cash: "Cash",
    description: "Description",
    stakeAmount: "Stake Amount (€)",
    odds: "Odds",
    cashNote:
      "Cash into the till: no customer, no funds or credit check. The slip prints once the bet is placed, and it is paid on the slip.",
    cashNeedsAdmin: "An admin is needed to take a cash bet above {{amount}}.",
    outcome: "Outcome (optional)",
    outcomeAdminOnly: "Only an admin can place a bet with an outcome",
    voidReason: "Void reason",
    allowOvercredit: "Allow overcredit",
    potentialPayout: "Potential Payout:",
    exceeds: "This bet amount exceeds the customer's available funds (balance + credit limit).",
    adminOvercredit: "As an admin you can tick Allow Overcredit to place this bet anyway.",
    openShiftFirst: "Open a shift first: Open shift, under Shift in the menu.",
    placeBet: "Place Bet",
    insufficientFunds: "Insufficient Funds",
    insufficientFundsText:
      "Customer balance: {{balance}}, credit limit: {{limit}}, available: {{available}}. Stake of {{stake}} exceeds the available funds.",
    shop: "Shop",
    shopNumber: "Shop #{{id}}",
    shiftTill: "(your open shift's till)",
    noShift:
      "No open shift: a cash bet goes into an open shift's till. Open a shift first (Open shift, under Shift in the menu).",
    loadingShift: "Loading your shift...",
  },
  reports: {
    title: "Reports",
    subtitle: "Business performance by period",
    adminOnly: "Reports are only available to admin users.",
    selectPeriod: "Select Time Period",
    selectPeriodText: "Choose a year, month or week to view the report for that period.",
    noData: "No Data Available",
    noDataText: "Unable to load report data. Please try again later.",
    timePeriod: "Time Period",
    totals: "Totals",
    byYear: "By Year",
    byMonth: "By Month",
    byWeek: "By Week",
    year: "Year",
    month: "Month",
    week: "Week",
    selectYear: "Select year",
    selectMonth: "Select month",
    selectWeek: "Select week",
    tabOverview: "Overview",
    tabFinancial: "Financial",
    tabBetting: "Betting",
    tabPerformance: "Performance",
    totalRevenue: "Total Revenue",
    profit: "Profit",
    margin: "Margin {{value}}",
    totalBets: "Total Bets",
    winRateNote: "Win rate {{value}}",
    activeCustomers: "Active Customers",
    ofCustomers: "of {{customers}} customers, {{shops}} shops",
    totalStakes: "Total Stakes",
    totalPayouts: "Total Payouts",
    profitMargin: "Profit Margin",
    wonBets: "Won Bets",
    placedBets: "Placed Bets",
    lostBets: "Lost Bets",
    pendingBets: "Pending Bets",
    voidBets: "Void Bets",
    winRate: "Win Rate",
    averageStake: "Average Stake",
    topCustomers: "Top Customers",
    noCustomers: "No customers found",
    customer: "Customer",
    bets: "Bets",
    totalStaked: "Total Staked",
    topShops: "Top Performing Shops",
    noShops: "No shops found",
    shop: "Shop",
    revenue: "Revenue",
  },
  cash: {
    depositButton: "Deposit",
    withdrawButton: "Withdraw",
    depositTitle: "Process Customer Deposit",
    withdrawalTitle: "Process Customer Withdrawal",
    availableForWithdrawal: "Available for withdrawal:",
    withdrawalRule: "Withdrawals are only allowed from positive balance, not credit.",
    deposit: "Deposit:",
    newBalance: "New Balance:",
    clearsDebt: "✓ This deposit will clear the customer's debt.",
    stillDebt: "⚠ Customer will still have debt after this deposit.",
    confirmDeposit: "Deposit this amount for {{name}}?",
    confirmWithdrawal: "Pay out this amount to {{name}}?",
    yesDeposit: "Yes, deposit {{amount}}",
    yesWithdraw: "Yes, withdraw {{amount}}",
    amount: "Amount (€)",
    description: "Description (optional)",
    process: "Process",
    depositDone: "Deposit processed successfully",
    withdrawalDone: "Withdrawal processed successfully",
    deposited: "{{amount}} deposited for {{name}}; balance {{balance}}",
    withdrawn: "{{amount}} withdrawn from {{name}}; balance {{balance}}",
  },
  dashboard: {
    title: "Dashboard",
    subtitle: "Overview of your betting operations",
    noAccountTitle: "No Account Linked",
    noAccountText: "This sign-in is not linked to a customer account. Please ask at the counter.",
    totalGivenCredit: "Total Given Credit",
    creditLimit: "Credit Limit",
    totalCreditAtStake: "Total Credit at Stake",
    atRisk: "At Risk",
    activeBets: "Active Bets",
    pending: "Pending",
    totalCustomers: "Total Customers",
    registered: "Registered",
    recentTransactions: "Recent Transactions",
    viewAll: "View All",
    loadingTransactions: "Loading transactions...",
    noTransactions: "No transactions found",
    bets: "Bets",
    openBets: "Open bets ({{count}}{{more}})",
    todaysBets: "Today's bets ({{count}}{{more}})",
    takenBy: "Taken by",
    unknown: "Unknown",
    loadingBets: "Loading bets...",
    noBets: "No bets found",
    stakesByHour: "Today's stakes by hour ({{zone}})",
    stakesByHourSummary: "Stakes by hour today: {{total}} in {{bets}} bets.",
    noBetsToday: "No bets placed today yet.",
  },
  errors: {
    title: "Error",
    fallback: "Something went wrong",
    noAnswerTitle: "No answer from the server",
    noAnswerRead: "Could not reach the server. Check the connection and try again.",
    noAnswerWrite: "The server could not be reached, so this may or may not have been recorded.",
    noAnswerRetry:
      "Retrying from the same dialog reuses the same Idempotency-Key, so it cannot be recorded twice.",
    noAnswerCheck: "Check before trying again.",
    invalidSignIn: "Invalid username or password",
    accountDisabled: "This account is disabled. Ask an admin.",
    signInThrottled: "Too many failed sign-in attempts. Try again later.",
    VALIDATION: "Some values are not valid. Check the fields and try again.",
    UNAUTHENTICATED: "You are not signed in, or your session has ended. Sign in again.",
    FORBIDDEN: "You may not do this.",
    NOT_FOUND: "Not found.",
    METHOD_NOT_ALLOWED: "The server does not take this request at this address.",
    CONFLICT: "This conflicts with a change made meanwhile. Reload and try again.",
    UNPROCESSABLE: "This cannot be done as asked.",
    RATE_LIMITED: "Too many attempts. Wait a moment and try again.",
    PAYLOAD_TOO_LARGE: "The request is too large.",
    UNSUPPORTED_MEDIA_TYPE: "The request is not in a form the server reads.",
    MISDIRECTED: "This server does not answer for this address.",
    INTERNAL: "Something went wrong on the server.",
    STORAGE_FULL: "The server's disk is full: nothing can be saved.",
    UNAVAILABLE: "The server is stopping: nothing was done. Try again shortly.",
  },
} as const;

/** The areas' English, each loaded with its code. */
export interface EnglishAreas {
  admin: typeof admin.en;
  alerts: typeof alerts.en;
  audit: typeof audit.en;
  auth: typeof auth.en;
  bets: typeof bets.en;
  books: typeof books.en;
  charts: typeof charts.en;
  customers: typeof customers.en;
  jobs: typeof jobs.en;
  receipts: typeof receipts.en;
  refusals: typeof refusals.en;
  shifts: typeof shifts.en;
  shops: typeof shops.en;
  transactions: typeof transactions.en;
  ui: typeof ui.en;
  users: typeof users.en;
  validation: typeof validation.en;
}

/** The whole English catalogue: the core and every area. */
export type EnglishCatalogue = typeof en & EnglishAreas;

/** The shape every catalogue has: the same keys as English, each a string. */
export type Catalogue = Shape<EnglishCatalogue>;
