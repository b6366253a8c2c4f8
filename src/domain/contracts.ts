/**
 * Every API endpoint, declared once (see contract.ts). The route table, the OpenAPI
 * document, the role matrix's subject and the web client all come from this list.
 */
import { z } from "zod";
import { ADMIN, contract, EVERYONE, STAFF } from "./contract";
import {
  alertDto,
  apiTokenDto,
  auditEntryDto,
  backupDto,
  betDto,
  betSettlementDto,
  booksReportDto,
  booksStatusDto,
  countsDto,
  createdApiTokenDto,
  customerDto,
  customerStatsDto,
  dashboardStatsDto,
  deleteAllDto,
  healthDto,
  integrityStatusDto,
  jobDto,
  managedUserDto,
  periodsDto,
  recalculationDto,
  reportDto,
  reportSeriesDto,
  resettlementDto,
  reversalOrPreviewDto,
  sessionDto,
  sessionsEndedDto,
  settingsDto,
  shiftDto,
  shopDto,
  shopStatsDto,
  slipDto,
  slipPaymentDto,
  transactionDto,
  userDto,
} from "./dto";
import { csvListQuery, listQuery } from "./list-query";
import {
  cashMovementSchema,
  changePasswordSchema,
  changeRoleSchema,
  closeShiftSchema,
  createApiTokenSchema,
  createCustomerSchema,
  createShopSchema,
  createUserSchema,
  deleteAllSchema,
  dismissAlertSchema,
  endSessionSchema,
  loginSchema,
  openShiftSchema,
  placeBetSchema,
  preferencesSchema,
  recalculateSchema,
  resetPasswordSchema,
  resettleBetSchema,
  resolveBetSchema,
  reverseSchema,
  startJobSchema,
  tillMovementSchema,
  transferSchema,
  updateCustomerSchema,
  updateShopSchema,
  updateUserSchema,
  workingShopSchema,
} from "./schemas";
import { normalizeSlipCode } from "./slip-code";

/** A path id: digits only; anything else is "<What> not found" (404), as for a missing row. */
function pathId(what: string) {
  return z
    .string()
    .transform((v, ctx) => {
      const n = /^\d{1,16}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message: `${what} not found` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: "string", pattern: "^\\d+$", description: `The ${what.toLowerCase()}'s id` });
}

const idParams = (what: string) => z.object({ id: pathId(what) });

/** A background job's id (a UUID); anything else is "Job not found" (404). */
const jobParams = z.object({
  jobId: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Job not found")
    .meta({ description: "The job's id (a UUID)" }),
});

/** A slip's code as typed or scanned (case, spaces, dashes ignored); not a code: 404. */
const slipParams = z.object({
  code: z
    .string()
    .transform((v, ctx) => {
      const code = normalizeSlipCode(v);
      if (code === null) {
        ctx.addIssue({ code: "custom", message: "Slip not found" });
        return z.NEVER;
      }
      return code;
    })
    .meta({
      type: "string",
      example: "7KX4Q-M9TRB",
      description: "The slip's code as printed or scanned (case, spaces and dashes ignored)",
    }),
});

export const periodQuery = z.object({
  period: z
    .string()
    .max(20)
    .optional()
    .meta({
      type: "string",
      enum: ["totals", "year", "month", "week"],
      description: "The period's kind (default: totals, all time)",
    }),
  year: z.string().max(20).optional().meta({ example: "2026", description: "With period=year" }),
  month: z
    .string()
    .max(20)
    .optional()
    .meta({ example: "2026-11", description: "With period=month" }),
  week: z
    .string()
    .max(20)
    .optional()
    .meta({ example: "2026-W47", description: "With period=week (ISO week)" }),
});

/** The series' period: the report's parameters, plus period=day&day=2026-11-22 (by hour). */
export const seriesQuery = periodQuery.extend({
  period: z
    .string()
    .max(20)
    .optional()
    .meta({
      type: "string",
      enum: ["totals", "year", "month", "week", "day"],
      description: "The period's kind (default: totals, all time); day: by hour",
    }),
  day: z
    .string()
    .max(20)
    .optional()
    .meta({ example: "2026-11-22", description: "With period=day" }),
});

export const contracts = {
  // --- sign-in -------------------------------------------------------------------------
  login: contract({
    method: "post",
    path: "/api/login",
    summary: "Sign in; sets the session cookie",
    tag: "Auth",
    access: "public",
    scope: "self",
    body: loginSchema,
    status: 200,
    response: userDto,
    audit: "auth.login",
    errors: [401, 429],
  }),
  logout: contract({
    method: "post",
    path: "/api/logout",
    summary: "Sign out: ends the session and clears the cookie",
    tag: "Auth",
    access: "public",
    scope: "self",
    // A token is revoked, not logged out (decision 086).
    bearer: false,
    status: 204,
    audit: "auth.logout",
  }),
  currentUser: contract({
    method: "get",
    path: "/api/user",
    summary: "The signed-in user (401 when signed out)",
    tag: "Auth",
    access: "public",
    scope: "self",
    status: 200,
    response: userDto,
    errors: [401],
  }),
  setWorkingShop: contract({
    method: "patch",
    path: "/api/user/shop",
    summary: "Set the signed-in staff user's working shop (preselected in money dialogs)",
    tag: "Auth",
    access: STAFF,
    bearer: false,
    body: workingShopSchema,
    status: 200,
    response: userDto,
    audit: "user.working-shop",
    errors: [404, 422],
  }),
  setPreferences: contract({
    method: "patch",
    path: "/api/user/preferences",
    summary:
      "Set the signed-in user's preferences, each optional: how prices show, decimal or fractional (null: the operator's ODDS_FORMAT), and the web app's language, en or de (null: the browser's, then DEFAULT_LANGUAGE)",
    tag: "Auth",
    access: EVERYONE,
    bearer: false,
    scope: "self",
    body: preferencesSchema,
    status: 200,
    response: userDto,
    audit: "user.preferences",
  }),
  changePassword: contract({
    method: "patch",
    path: "/api/user/password",
    summary: "Change the signed-in user's password (ends their other sessions)",
    tag: "Auth",
    access: EVERYONE,
    bearer: false,
    scope: "self",
    body: changePasswordSchema,
    status: 200,
    response: userDto,
    audit: "user.password-change",
    errors: [429],
  }),
  listOwnSessions: contract({
    method: "get",
    path: "/api/user/sessions",
    summary: "The signed-in user's active sessions, newest first (this one marked current)",
    tag: "Auth",
    access: EVERYONE,
    bearer: false,
    scope: "self",
    status: 200,
    response: z.array(sessionDto),
  }),
  endOwnSession: contract({
    method: "delete",
    path: "/api/user/sessions/{sessionId}",
    summary:
      "End another of the signed-in user's sessions, confirmed with the password (someone else's is 404; this one is 422: sign out)",
    tag: "Auth",
    access: EVERYONE,
    bearer: false,
    scope: "self",
    params: z.object({
      sessionId: z
        .string()
        .regex(/^[a-z2-7]{1,64}$/, "Session not found")
        .meta({ description: "The session's id, as GET /api/user/sessions lists it" }),
    }),
    body: endSessionSchema,
    status: 204,
    audit: "auth.session-end",
    errors: [422, 429],
  }),
  getUser: contract({
    method: "get",
    path: "/api/users/{id}",
    summary: "A user",
    tag: "Users",
    access: EVERYONE,
    scope: "self",
    params: idParams("User"),
    status: 200,
    response: userDto,
  }),
  settings: contract({
    method: "get",
    path: "/api/settings",
    summary:
      "The operator's settings the screens need (the large-amount threshold, the staff credit-limit cap)",
    tag: "Settings",
    access: EVERYONE,
    scope: "shared",
    status: 200,
    response: settingsDto,
  }),
  counts: contract({
    method: "get",
    path: "/api/counts",
    summary: "The sidebar's and the bell's numbers: customers, shops, pending bets, alerts",
    tag: "Dashboard",
    access: EVERYONE,
    scope: "own-rows",
    status: 200,
    response: countsDto,
  }),
  dashboardStats: contract({
    method: "get",
    path: "/api/dashboard/stats",
    summary: "The dashboard's four figures",
    tag: "Dashboard",
    access: EVERYONE,
    scope: "own-rows",
    status: 200,
    response: dashboardStatsDto,
  }),

  // --- customers -----------------------------------------------------------------------
  listCustomers: contract({
    method: "get",
    path: "/api/customers",
    summary: "Customers, paged",
    tag: "Customers",
    access: EVERYONE,
    scope: "own-rows",
    query: csvListQuery("customers"),
    status: 200,
    response: customerDto,
    paged: true,
    csv: true,
  }),
  getCustomer: contract({
    method: "get",
    path: "/api/customers/{id}",
    summary: "A customer",
    tag: "Customers",
    access: EVERYONE,
    scope: "customer",
    params: idParams("Customer"),
    status: 200,
    response: customerDto,
  }),
  customerStats: contract({
    method: "get",
    path: "/api/customers/{id}/stats",
    summary: "A customer's bet counts",
    tag: "Customers",
    access: EVERYONE,
    scope: "customer",
    params: idParams("Customer"),
    status: 200,
    response: customerStatsDto,
  }),
  createCustomer: contract({
    method: "post",
    path: "/api/customers",
    summary: "Add a customer",
    tag: "Customers",
    access: STAFF,
    body: createCustomerSchema,
    status: 201,
    response: customerDto,
    audit: "customer.create",
    errors: [422],
  }),
  updateCustomer: contract({
    method: "patch",
    path: "/api/customers/{id}",
    summary: "Edit a customer",
    tag: "Customers",
    access: STAFF,
    params: idParams("Customer"),
    body: updateCustomerSchema,
    status: 200,
    response: customerDto,
    audit: "customer.update",
    errors: [422],
  }),

  // --- shops ---------------------------------------------------------------------------
  listShops: contract({
    method: "get",
    path: "/api/shops",
    summary: "Shops, paged",
    tag: "Shops",
    access: EVERYONE,
    scope: "no-tills",
    query: csvListQuery("shops"),
    status: 200,
    response: shopDto,
    paged: true,
    csv: true,
  }),
  getShop: contract({
    method: "get",
    path: "/api/shops/{id}",
    summary: "A shop",
    tag: "Shops",
    access: EVERYONE,
    scope: "no-tills",
    params: idParams("Shop"),
    status: 200,
    response: shopDto,
  }),
  shopStats: contract({
    method: "get",
    path: "/api/shops/{id}/stats",
    summary: "A shop's bet counts and sums",
    tag: "Shops",
    access: STAFF,
    params: idParams("Shop"),
    status: 200,
    response: shopStatsDto,
  }),
  createShop: contract({
    method: "post",
    path: "/api/shops",
    summary: "Add a shop",
    tag: "Shops",
    access: STAFF,
    body: createShopSchema,
    status: 201,
    response: shopDto,
    audit: "shop.create",
  }),
  updateShop: contract({
    method: "patch",
    path: "/api/shops/{id}",
    summary: "Edit a shop",
    tag: "Shops",
    access: STAFF,
    params: idParams("Shop"),
    body: updateShopSchema,
    status: 200,
    response: shopDto,
    audit: "shop.update",
    // 409: deactivating a shop whose tills are still open (SHOP_HAS_OPEN_SHIFTS).
    errors: [409],
  }),

  // --- bets ----------------------------------------------------------------------------
  listBets: contract({
    method: "get",
    path: "/api/bets",
    summary: "Bets, paged",
    tag: "Bets",
    access: EVERYONE,
    scope: "own-list",
    query: csvListQuery("bets"),
    status: 200,
    response: betDto,
    paged: true,
    csv: true,
  }),
  getBet: contract({
    method: "get",
    path: "/api/bets/{id}",
    summary: "A bet",
    tag: "Bets",
    access: EVERYONE,
    scope: "bet",
    params: idParams("Bet"),
    status: 200,
    response: betDto,
  }),
  listBetSettlements: contract({
    method: "get",
    path: "/api/bets/{id}/settlements",
    summary: "A bet's re-settlements, oldest first: each earlier outcome, who changed it and why",
    tag: "Bets",
    access: EVERYONE,
    scope: "bet",
    params: idParams("Bet"),
    status: 200,
    response: z.array(betSettlementDto),
  }),
  placeBet: contract({
    method: "post",
    path: "/api/bets",
    summary: "Place a bet (the stake leaves the customer's account)",
    tag: "Bets",
    access: STAFF,
    body: placeBetSchema,
    status: 201,
    response: betDto,
    audit: "bet.place",
    idempotent: true,
    errors: [404, 422],
  }),
  resolveBet: contract({
    method: "patch",
    path: "/api/bets/{id}/resolve",
    summary: "Settle a pending bet as Won, Placed (each-way bets only), Lost or Void",
    tag: "Bets",
    access: STAFF,
    params: idParams("Bet"),
    body: resolveBetSchema,
    status: 200,
    response: betDto,
    audit: "bet.resolve",
    // Money moves (a payout, a refund): a retried settlement replays its answer (077).
    idempotent: true,
    // 422: Placed for a bet that is not each-way (decision 052).
    errors: [409, 422],
  }),
  getBetSlip: contract({
    method: "get",
    path: "/api/bets/{id}/slip",
    summary: "A bet's slip: what the printed receipt shows, with its verification code",
    tag: "Bets",
    access: EVERYONE,
    scope: "bet",
    params: idParams("Bet"),
    status: 200,
    response: slipDto,
  }),
  findSlip: contract({
    method: "get",
    path: "/api/slips/{code}",
    summary: "The slip with this code (404 when no bet matches it as it is now)",
    tag: "Bets",
    access: STAFF,
    params: slipParams,
    status: 200,
    response: slipDto,
  }),

  paySlip: contract({
    method: "post",
    path: "/api/slips/{code}/pay",
    summary:
      "Pay a settled cash bet's slip from the till of your open shift (WON, PLACED: the payout; VOID: the stake); once only",
    tag: "Bets",
    access: STAFF,
    params: slipParams,
    status: 200,
    response: slipPaymentDto,
    audit: "slip.pay",
    // Cash leaves the till: a retried payment replays its answer (decision 077).
    idempotent: true,
    errors: [409, 422],
    // A till is a person's (decision 078): an API token has none.
    bearer: false,
  }),

  // --- money ---------------------------------------------------------------------------
  listTransactions: contract({
    method: "get",
    path: "/api/transactions",
    summary: "Ledger rows, paged",
    tag: "Transactions",
    access: EVERYONE,
    scope: "own-list",
    query: csvListQuery("transactions"),
    status: 200,
    response: transactionDto,
    paged: true,
    csv: true,
  }),
  createTransfer: contract({
    method: "post",
    path: "/api/transactions",
    summary: "Move cash between tills, to or from a user (TRANSFER)",
    tag: "Transactions",
    access: ADMIN,
    body: transferSchema,
    status: 201,
    response: transactionDto,
    audit: "transaction.transfer",
    idempotent: true,
    errors: [404],
  }),
  deposit: contract({
    method: "post",
    path: "/api/deposits",
    summary: "Cash handed in at a till",
    tag: "Transactions",
    access: STAFF,
    body: cashMovementSchema,
    status: 201,
    response: transactionDto,
    audit: "transaction.deposit",
    idempotent: true,
    errors: [404, 422],
  }),
  withdraw: contract({
    method: "post",
    path: "/api/withdrawals",
    summary: "Cash paid out of a till",
    tag: "Transactions",
    access: STAFF,
    body: cashMovementSchema,
    status: 201,
    response: transactionDto,
    audit: "transaction.withdrawal",
    idempotent: true,
    errors: [404, 422],
  }),

  // --- shifts (issue 12) ---------------------------------------------------------------
  currentShift: contract({
    method: "get",
    path: "/api/shifts/current",
    summary: "The caller's open shift, or null",
    tag: "Shifts",
    access: STAFF,
    status: 200,
    response: shiftDto.nullable(),
  }),
  listShifts: contract({
    method: "get",
    path: "/api/shifts",
    summary: "Shifts, paged (staff: only their own)",
    tag: "Shifts",
    access: STAFF,
    query: listQuery("shifts"),
    status: 200,
    response: shiftDto,
    paged: true,
  }),
  getShift: contract({
    method: "get",
    path: "/api/shifts/{id}",
    summary: "A shift with its figures (staff: only their own)",
    tag: "Shifts",
    access: STAFF,
    params: idParams("Shift"),
    status: 200,
    response: shiftDto,
  }),
  openShift: contract({
    method: "post",
    path: "/api/shifts",
    summary: "Open the caller's shift at a shop with an opening float",
    tag: "Shifts",
    access: STAFF,
    body: openShiftSchema,
    status: 201,
    response: shiftDto,
    audit: "shift.open",
    errors: [404, 409, 422],
    // A till is a person's (decision 078): an API token has none.
    bearer: false,
  }),
  closeShift: contract({
    method: "post",
    path: "/api/shifts/{id}/close",
    summary: "Close a shift with the cash counted: answers expected, counted and discrepancy",
    tag: "Shifts",
    access: STAFF,
    params: idParams("Shift"),
    body: closeShiftSchema,
    status: 200,
    response: shiftDto,
    audit: "shift.close",
    errors: [409],
    // A till is a person's (decision 078): an API token has none.
    bearer: false,
  }),
  recordTillMovement: contract({
    method: "post",
    path: "/api/shifts/{id}/movements",
    summary:
      "Record a pick-up (cash to the safe) or top-up (cash brought in) on an open shift: answers the shift",
    tag: "Shifts",
    access: STAFF,
    params: idParams("Shift"),
    body: tillMovementSchema,
    status: 201,
    response: shiftDto,
    audit: "shift.movement",
    idempotent: true,
    errors: [409, 422],
    // A till is a person's (decision 078): an API token has none.
    bearer: false,
  }),

  // --- alerts --------------------------------------------------------------------------
  listAlerts: contract({
    method: "get",
    path: "/api/alerts",
    summary:
      "Alerts, paged: the undismissed ones newest first, or with status=dismissed the dismissed ones (who, when, note), newest dismissal first. Staff get only operations alerts (decisions/044)",
    tag: "Alerts",
    access: STAFF,
    query: listQuery("alerts").extend({
      status: z
        .enum(["open", "dismissed"], { error: "status must be open or dismissed" })
        .optional()
        .meta({ description: "open (the default): undismissed; dismissed: the dismissed ones" }),
    }),
    status: 200,
    response: alertDto,
    paged: true,
  }),
  dismissAlert: contract({
    method: "post",
    path: "/api/alerts/{id}/dismiss",
    summary:
      "Dismiss an alert for everyone. A cash or security alert takes a note (required); staff may dismiss only operations alerts, any other is 404 to them",
    tag: "Alerts",
    access: STAFF,
    params: idParams("Alert"),
    body: dismissAlertSchema,
    status: 204,
    audit: "alert.dismiss",
  }),

  // --- reports and health ------------------------------------------------------------
  health: contract({
    method: "get",
    path: "/api/health",
    summary: "Database probe, latency, active sessions, uptime",
    tag: "System",
    access: ADMIN,
    status: 200,
    response: healthDto,
  }),
  report: contract({
    method: "get",
    path: "/api/reports",
    summary: "The report for a period (money as JSON numbers of euros)",
    tag: "Reports",
    access: ADMIN,
    query: periodQuery,
    status: 200,
    response: reportDto,
  }),
  reportPeriods: contract({
    method: "get",
    path: "/api/reports/periods",
    summary: "The years, months and ISO weeks that have bets",
    tag: "Reports",
    access: ADMIN,
    status: 200,
    response: periodsDto,
  }),
  reportSeries: contract({
    method: "get",
    path: "/api/reports/series",
    summary: "A period's stakes, payouts and profit bucket by bucket, and its outcome mix",
    tag: "Reports",
    access: ADMIN,
    query: seriesQuery,
    status: 200,
    response: reportSeriesDto,
  }),

  // --- administration ------------------------------------------------------------------
  recalculateBalance: contract({
    method: "post",
    path: "/api/admin/recalculate-balance",
    summary: "Recompute a customer's or shop's balance from the ledger",
    tag: "Admin",
    access: ADMIN,
    body: recalculateSchema,
    status: 200,
    response: recalculationDto,
    audit: "balance.recalculate",
    errors: [404],
  }),
  reverseTransaction: contract({
    method: "post",
    path: "/api/admin/reverse-transaction",
    summary: "Reverse a deposit, withdrawal or transfer",
    tag: "Admin",
    access: ADMIN,
    body: reverseSchema,
    status: 201,
    response: reversalOrPreviewDto,
    audit: "transaction.reverse",
    idempotent: true,
    dryRun: true,
    errors: [404, 409],
  }),
  resettleBet: contract({
    method: "post",
    path: "/api/admin/bets/{id}/resettle",
    summary:
      "Change a settled bet's outcome with correcting ledger rows (`dryRun: true`: the preview only)",
    tag: "Admin",
    access: ADMIN,
    params: idParams("Bet"),
    body: resettleBetSchema,
    status: 200,
    response: resettlementDto,
    audit: "bet.resettle",
    idempotent: true,
    dryRun: true,
    // 422: Placed for a bet that is not each-way (decision 052).
    errors: [409, 422],
  }),
  listUsers: contract({
    method: "get",
    path: "/api/admin/users",
    summary: "Users, paged",
    tag: "Admin",
    access: ADMIN,
    query: listQuery("users"),
    status: 200,
    response: managedUserDto,
    paged: true,
  }),
  createUser: contract({
    method: "post",
    path: "/api/admin/users",
    summary: "Add a user",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    body: createUserSchema,
    status: 201,
    response: userDto,
    audit: "user.create",
    errors: [404, 409],
  }),
  changeUserRole: contract({
    method: "patch",
    path: "/api/admin/users/{userId}/role",
    summary: "Change a user's role (ends their sessions)",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    params: z.object({ userId: pathId("User") }),
    body: changeRoleSchema,
    status: 200,
    response: userDto,
    audit: "user.role-change",
    errors: [409],
  }),
  resetUserPassword: contract({
    method: "post",
    path: "/api/admin/users/{userId}/password",
    summary: "Set a user's password (ends their sessions; they choose a new one at sign-in)",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    params: z.object({ userId: pathId("User") }),
    body: resetPasswordSchema,
    status: 200,
    response: userDto,
    audit: "user.password-reset",
  }),
  updateUser: contract({
    method: "patch",
    path: "/api/admin/users/{userId}",
    summary: "Disable or enable a user (disabling ends their sessions)",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    params: z.object({ userId: pathId("User") }),
    body: updateUserSchema,
    status: 200,
    response: userDto,
    audit: "user.update",
    errors: [409],
  }),
  unlockUser: contract({
    method: "post",
    path: "/api/admin/users/{userId}/unlock",
    summary: "Clear a sign-in lock: forget the user's failed sign-ins from every address",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    params: z.object({ userId: pathId("User") }),
    status: 200,
    response: userDto,
    audit: "user.unlock",
  }),
  endUserSessions: contract({
    method: "post",
    path: "/api/admin/users/{userId}/sessions/end",
    summary: "End all of a user's sessions (an admin's own: all but this one)",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    params: z.object({ userId: pathId("User") }),
    status: 200,
    response: sessionsEndedDto,
    audit: "user.sessions-end",
  }),
  exportAllData: contract({
    method: "get",
    path: "/api/admin/export-all-data",
    summary: "Every table except secrets, as one JSON download",
    tag: "Admin",
    access: ADMIN,
    status: 200,
    produces: "application/json; download",
  }),
  deleteAllData: contract({
    method: "delete",
    path: "/api/admin/delete-all-data",
    summary:
      "Empty every table but the acting admin, their session and the backups list, after the admin's password and a checked backup",
    tag: "Admin",
    access: ADMIN,
    // Only a person, with their password: an admin token cannot empty the books (decision 082).
    bearer: false,
    body: deleteAllSchema,
    status: 200,
    response: deleteAllDto,
    audit: "data.delete-all",
    errors: [409, 422],
  }),
  listBackups: contract({
    method: "get",
    path: "/api/admin/backups",
    summary: "The backups the server took (scheduled and before delete-all), newest first",
    tag: "Admin",
    access: ADMIN,
    query: listQuery("backups"),
    status: 200,
    response: backupDto,
    paged: true,
  }),
  integrityStatus: contract({
    method: "get",
    path: "/api/admin/integrity",
    summary: "The newest integrity checks of the database: at start (quick) and daily (full)",
    tag: "Admin",
    access: ADMIN,
    status: 200,
    response: integrityStatusDto,
  }),
  auditLog: contract({
    method: "get",
    path: "/api/admin/audit",
    summary: "The audit log, paged; format=csv: every matching entry as a CSV download",
    tag: "Admin",
    access: ADMIN,
    query: csvListQuery("audit").extend({
      /** One action by its exact name ("customer.update"); an unknown one is a 400. */
      action: z.string().max(60).optional().meta({
        description: 'Only entries of this action, by its exact name ("customer.update")',
      }),
    }),
    status: 200,
    response: auditEntryDto,
    paged: true,
    csv: true,
  }),
  ledgerCheck: contract({
    method: "get",
    path: "/api/admin/ledger-check",
    summary: "The books check: every ledger invariant",
    tag: "Admin",
    access: ADMIN,
    status: 200,
    response: booksReportDto,
    errors: [409],
  }),
  booksStatus: contract({
    method: "get",
    path: "/api/admin/books-status",
    summary: "The books indicator: the newest books check's result and whether one is running",
    tag: "Admin",
    access: ADMIN,
    status: 200,
    response: booksStatusDto,
  }),

  // --- background jobs (src/lib/jobs.ts; in memory, forgotten at restart) -------------
  startJob: contract({
    method: "post",
    path: "/api/admin/jobs",
    summary:
      "Start the books check or the export in the background (changes no data, writes no audit row)",
    tag: "Admin",
    access: ADMIN,
    body: startJobSchema,
    status: 202,
    response: jobDto,
  }),
  listJobs: contract({
    method: "get",
    path: "/api/admin/jobs",
    summary: "The background jobs since the server started, newest first",
    tag: "Admin",
    access: ADMIN,
    status: 200,
    response: z.array(jobDto),
  }),
  getJob: contract({
    method: "get",
    path: "/api/admin/jobs/{jobId}",
    summary: "One background job: state, progress and, once done, its result",
    tag: "Admin",
    access: ADMIN,
    params: jobParams,
    status: 200,
    response: jobDto,
  }),
  cancelJob: contract({
    method: "delete",
    path: "/api/admin/jobs/{jobId}",
    summary: "Cancel a queued or running job (a finished one is answered as it is)",
    tag: "Admin",
    access: ADMIN,
    params: jobParams,
    status: 200,
    response: jobDto,
  }),
  downloadJob: contract({
    method: "get",
    path: "/api/admin/jobs/{jobId}/download",
    summary: "A finished export job's file, as the export download",
    tag: "Admin",
    access: ADMIN,
    params: jobParams,
    status: 200,
    produces: "application/json; download",
    errors: [409],
  }),

  // --- API tokens (decision 058) -------------------------------------------------------
  listApiTokens: contract({
    method: "get",
    path: "/api/admin/tokens",
    summary: "API tokens for machine clients, newest first (never their secrets)",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    status: 200,
    response: z.array(apiTokenDto),
  }),
  createApiToken: contract({
    method: "post",
    path: "/api/admin/tokens",
    summary:
      "Make an API token: `token` in the answer is its secret, shown this once (use it as `Authorization: Bearer <token>`)",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    body: createApiTokenSchema,
    status: 201,
    response: createdApiTokenDto,
    audit: "token.create",
  }),
  revokeApiToken: contract({
    method: "delete",
    path: "/api/admin/tokens/{tokenId}",
    summary:
      "Revoke an API token: from now on it is refused with 401 (revoking again changes nothing)",
    tag: "Admin",
    access: ADMIN,
    bearer: false,
    params: z.object({ tokenId: pathId("Token") }),
    status: 200,
    response: apiTokenDto,
    audit: "token.revoke",
  }),

  // --- live changes ------------------------------------------------------------------
  events: contract({
    method: "get",
    path: "/api/events",
    summary:
      "Server-Sent Events: `change` events { action, entityType, entityId, at } for every committed change",
    tag: "Live",
    access: STAFF,
    status: 200,
    produces: "text/event-stream",
  }),

  // --- this reference ------------------------------------------------------------------
  openapi: contract({
    method: "get",
    path: "/api/openapi.json",
    summary: "This document (OpenAPI 3.1)",
    tag: "Reference",
    access: EVERYONE,
    scope: "shared",
    status: 200,
    response: z.record(z.string(), z.unknown()),
  }),
  docs: contract({
    method: "get",
    path: "/api/docs",
    summary: "The interactive API reference",
    tag: "Reference",
    access: EVERYONE,
    scope: "shared",
    status: 200,
    produces: "text/html",
  }),
  docsScript: contract({
    method: "get",
    path: "/api/docs/reference.js",
    summary: "The API reference's script, served by this server",
    tag: "Reference",
    access: EVERYONE,
    scope: "shared",
    status: 200,
    produces: "text/javascript",
  }),
} as const;

export type Contracts = typeof contracts;
export type ContractName = keyof Contracts;
