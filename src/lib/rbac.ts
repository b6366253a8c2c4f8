/**
 * The route table: which roles each API route admits. The server consults it before any
 * handler runs; a route that is not listed here is refused (404 to a signed-in caller), so
 * a new handler is unreachable until someone decides who may call it.
 */
import type { Role } from "../domain/enums";

export type Access = "public" | readonly Role[];

const ALL: readonly Role[] = ["admin", "user", "customer"];
const STAFF: readonly Role[] = ["admin", "user"];
const ADMIN: readonly Role[] = ["admin"];

export const ROUTE_TABLE: readonly { method: string; path: string; access: Access }[] = [
  { method: "POST", path: "/api/login", access: "public" },
  { method: "POST", path: "/api/logout", access: "public" },
  { method: "GET", path: "/api/user", access: "public" },
  { method: "GET", path: "/api/users/:id", access: ALL },
  { method: "GET", path: "/api/dashboard/stats", access: ALL },

  { method: "GET", path: "/api/customers", access: ALL },
  { method: "GET", path: "/api/customers/:id", access: ALL },
  { method: "GET", path: "/api/customers/:id/stats", access: ALL },
  { method: "POST", path: "/api/customers", access: STAFF },
  { method: "PATCH", path: "/api/customers/:id", access: STAFF },

  { method: "GET", path: "/api/shops", access: ALL },
  { method: "GET", path: "/api/shops/:id", access: ALL },
  { method: "GET", path: "/api/shops/:id/stats", access: ALL },
  { method: "POST", path: "/api/shops", access: STAFF },
  { method: "PATCH", path: "/api/shops/:id", access: STAFF },

  { method: "GET", path: "/api/bets", access: ALL },
  { method: "GET", path: "/api/bets/:id", access: ALL },
  { method: "POST", path: "/api/bets", access: STAFF },
  { method: "PATCH", path: "/api/bets/:id/resolve", access: STAFF },

  { method: "GET", path: "/api/transactions", access: ALL },
  { method: "POST", path: "/api/transactions", access: ADMIN },
  { method: "POST", path: "/api/deposits", access: STAFF },
  { method: "POST", path: "/api/withdrawals", access: STAFF },

  { method: "GET", path: "/api/alerts", access: ALL },
  { method: "POST", path: "/api/alerts/:id/dismiss", access: STAFF },

  { method: "GET", path: "/api/health", access: ADMIN },
  { method: "GET", path: "/api/reports", access: ADMIN },
  { method: "GET", path: "/api/reports/periods", access: ADMIN },

  { method: "POST", path: "/api/admin/recalculate-balance", access: ADMIN },
  { method: "POST", path: "/api/admin/reverse-transaction", access: ADMIN },
  { method: "GET", path: "/api/admin/users", access: ADMIN },
  { method: "POST", path: "/api/admin/users", access: ADMIN },
  { method: "PATCH", path: "/api/admin/users/:userId/role", access: ADMIN },
  { method: "GET", path: "/api/admin/export-all-data", access: ADMIN },
  { method: "DELETE", path: "/api/admin/delete-all-data", access: ADMIN },
  { method: "GET", path: "/api/admin/audit", access: ADMIN },
  { method: "GET", path: "/api/admin/ledger-check", access: ADMIN },
];

const compiled = ROUTE_TABLE.map((route) => ({
  ...route,
  regex: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`),
}));

/** The access rule for a request, or null when the route is not in the table. */
export function findAccess(method: string, path: string): Access | null {
  const m = method === "HEAD" ? "GET" : method;
  for (const route of compiled) {
    if (route.method === m && route.regex.test(path)) return route.access;
  }
  return null;
}
