/**
 * What a caller may see (issue 10). Staff and admins see everything; a customer-role user
 * sees only its own customer record, its bets and its ledger rows. A customer login linked
 * to no record sees nothing (id -1 matches no row, and is not falsy like 0).
 */
import type { SessionUser } from "./context";
import { notFound } from "./errors";

/** The one customer a caller is limited to, or null for no limit. */
export function ownCustomerOf(user: SessionUser | null): number | null {
  if (user?.role !== "customer") return null;
  return user.customerId ?? -1;
}

/** A customer-role caller asking for another customer's record is told it does not exist. */
export function assertVisibleCustomer(own: number | null, customerId: number, what: string) {
  if (own !== null && own !== customerId) throw notFound(what);
}
