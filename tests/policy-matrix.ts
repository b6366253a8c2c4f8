/**
 * The access policy, written down by hand (issue 8): for every endpoint, what each caller
 * gets. "ok" means let through (any answer but 401 or 403, never a 5xx). The policy test
 * compares this with the live app, so a role changed in src/domain/contracts.ts fails
 * until this file is changed on purpose too. Never generate this file from the contracts.
 *
 *                                 anonymous  customer  user  admin
 */
export type Expected = "ok" | 401 | 403;

export const POLICY_MATRIX: Record<string, readonly [Expected, Expected, Expected, Expected]> = {
  "POST /api/login": ["ok", "ok", "ok", "ok"],
  "POST /api/logout": ["ok", "ok", "ok", "ok"],
  "GET /api/user": [401, "ok", "ok", "ok"],
  "PATCH /api/user/shop": [401, 403, "ok", "ok"],
  "PATCH /api/user/password": [401, "ok", "ok", "ok"],
  "GET /api/users/{id}": [401, "ok", "ok", "ok"],
  "GET /api/settings": [401, "ok", "ok", "ok"],
  "GET /api/counts": [401, "ok", "ok", "ok"],
  "GET /api/dashboard/stats": [401, "ok", "ok", "ok"],
  "GET /api/customers": [401, "ok", "ok", "ok"],
  "GET /api/customers/{id}": [401, "ok", "ok", "ok"],
  "GET /api/customers/{id}/stats": [401, "ok", "ok", "ok"],
  "POST /api/customers": [401, 403, "ok", "ok"],
  "PATCH /api/customers/{id}": [401, 403, "ok", "ok"],
  "GET /api/shops": [401, "ok", "ok", "ok"],
  "GET /api/shops/{id}": [401, "ok", "ok", "ok"],
  "GET /api/shops/{id}/stats": [401, 403, "ok", "ok"],
  "POST /api/shops": [401, 403, "ok", "ok"],
  "PATCH /api/shops/{id}": [401, 403, "ok", "ok"],
  "GET /api/bets": [401, "ok", "ok", "ok"],
  "GET /api/bets/{id}": [401, "ok", "ok", "ok"],
  "POST /api/bets": [401, 403, "ok", "ok"],
  "PATCH /api/bets/{id}/resolve": [401, 403, "ok", "ok"],
  "GET /api/transactions": [401, "ok", "ok", "ok"],
  "POST /api/transactions": [401, 403, 403, "ok"],
  "POST /api/deposits": [401, 403, "ok", "ok"],
  "POST /api/withdrawals": [401, 403, "ok", "ok"],
  "GET /api/alerts": [401, 403, "ok", "ok"],
  "POST /api/alerts/{id}/dismiss": [401, 403, "ok", "ok"],
  "GET /api/health": [401, 403, 403, "ok"],
  "GET /api/reports": [401, 403, 403, "ok"],
  "GET /api/reports/periods": [401, 403, 403, "ok"],
  "POST /api/admin/recalculate-balance": [401, 403, 403, "ok"],
  "POST /api/admin/reverse-transaction": [401, 403, 403, "ok"],
  "GET /api/admin/users": [401, 403, 403, "ok"],
  "POST /api/admin/users": [401, 403, 403, "ok"],
  "PATCH /api/admin/users/{userId}/role": [401, 403, 403, "ok"],
  "POST /api/admin/users/{userId}/password": [401, 403, 403, "ok"],
  "PATCH /api/admin/users/{userId}": [401, 403, 403, "ok"],
  "POST /api/admin/users/{userId}/unlock": [401, 403, 403, "ok"],
  "GET /api/admin/export-all-data": [401, 403, 403, "ok"],
  "DELETE /api/admin/delete-all-data": [401, 403, 403, "ok"],
  "GET /api/admin/backups": [401, 403, 403, "ok"],
  "GET /api/admin/integrity": [401, 403, 403, "ok"],
  "GET /api/admin/audit": [401, 403, 403, "ok"],
  "GET /api/admin/ledger-check": [401, 403, 403, "ok"],
  "GET /api/events": [401, 403, "ok", "ok"],
  "GET /api/openapi.json": [401, "ok", "ok", "ok"],
  "GET /api/docs": [401, "ok", "ok", "ok"],
  "GET /api/docs/reference.js": [401, "ok", "ok", "ok"],
};
