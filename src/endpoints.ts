/**
 * Every module's endpoints (the API reference's own two are added in app.ts). The read
 * workers (src/lib/read-worker.ts) load this list too, to run the same read handlers: the
 * server hands the pool this module's URL (ENDPOINTS_MODULE), since lib imports nothing above it.
 */
import type { Endpoint } from "./lib/endpoint";
import { adminEndpoints } from "./modules/admin/admin.endpoints";
import { resettleEndpoints } from "./modules/admin/resettle.endpoints";
import { alertsEndpoints } from "./modules/alerts/alerts.endpoints";
import { authEndpoints } from "./modules/auth/auth.endpoints";
import { betsEndpoints } from "./modules/bets/bets.endpoints";
import { slipsEndpoints } from "./modules/bets/slips.endpoints";
import { customersEndpoints } from "./modules/customers/customers.endpoints";
import { dashboardEndpoints } from "./modules/dashboard/dashboard.endpoints";
import { eventsEndpoints } from "./modules/events/events.endpoints";
import { healthEndpoints } from "./modules/health/health.endpoints";
import { reportsEndpoints } from "./modules/reports/reports.endpoints";
import { shiftsEndpoints } from "./modules/shifts/shifts.endpoints";
import { shopsEndpoints } from "./modules/shops/shops.endpoints";
import { tokensEndpoints } from "./modules/tokens/tokens.endpoints";
import { transactionsEndpoints } from "./modules/transactions/transactions.endpoints";
import { usersEndpoints } from "./modules/users/users.endpoints";

/** This module's URL, for the read workers to load (src/lib/read-pool.ts). */
export const ENDPOINTS_MODULE = import.meta.url;

export const moduleEndpoints: readonly Endpoint[] = [
  ...authEndpoints,
  ...usersEndpoints,
  ...dashboardEndpoints,
  ...customersEndpoints,
  ...shopsEndpoints,
  ...betsEndpoints,
  ...slipsEndpoints,
  ...transactionsEndpoints,
  ...shiftsEndpoints,
  ...alertsEndpoints,
  ...adminEndpoints,
  ...resettleEndpoints,
  ...reportsEndpoints,
  ...healthEndpoints,
  ...eventsEndpoints,
  ...tokensEndpoints,
];
