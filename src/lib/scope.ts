/**
 * What a caller may read (issue 10), declared on each contract (`scope`, src/domain/contract.ts)
 * and enforced here, by implement(), before the handler runs (issue 20, decisions/042). Staff
 * and admins read everything; a customer login reads its own customer record, its bets and
 * its ledger rows, shops without tills, and itself among users. A row it may not see is a
 * 404, as if it did not exist.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { bets } from "../db/schema";
import type { Contract, Scope } from "../domain/contract";
import { STAFF_FIELDS } from "../domain/dto";
import type { SessionUser } from "./context";
import { notFound } from "./errors";

/**
 * The customer id a customer login linked to no record is narrowed to: it matches no row
 * (ids start at 1), so its lists are empty and its figures zero.
 */
export const NO_CUSTOMER = -1;

/** Whether a customer login may call `contract` (then it must declare a scope). */
export function admitsCustomers(contract: Contract): boolean {
  return contract.access === "public" || contract.access.includes("customer");
}

/** What a customer login is never told (decision 047), said where an answer could name staff. */
const NO_STAFF = "; every field naming staff (`placedByUser`, `processedBy`, ...) is null";

/** Each scope in a sentence, for the API reference (what a customer login gets). */
export const SCOPE_TEXT: Record<Scope, string> = {
  self: "only itself (another user's id is 404)",
  shared: "the same answer as staff",
  customer: `only its own customer record (any other id is 404)${NO_STAFF}`,
  bet: `only its own bets (another customer's bet is 404)${NO_STAFF}`,
  "own-list": `only its own rows (\`customerId\` is forced to its own; another customer's is an empty list)${NO_STAFF}`,
  "own-rows": `only its own record and figures${NO_STAFF}`,
  "no-tills": "shops without their till balances (`balance` is null; no sort by balance)",
};

/** What implement() hands the handler: the narrowed input and the caller's customer. */
export interface Scoped {
  /** The one customer a customer login is limited to (NO_CUSTOMER without a record); null for staff. */
  own: number | null;
  query: unknown;
}

const DETAIL: Partial<Record<Scope, string>> = { customer: "Customer", bet: "Bet" };

/**
 * Narrows one request to what its caller may read, or throws 404. `params` and `query` are
 * the validated inputs; the answer's `query` replaces them for the handler.
 */
export function scopeRequest(
  db: DbOrTx,
  contract: Contract,
  user: SessionUser | null,
  input: { params: unknown; query: unknown },
): Scoped {
  const { query } = input;
  if (user?.role !== "customer") return { own: null, query };
  const scope = contract.scope;
  if (!scope)
    throw new Error(`${contract.method} ${contract.path} admits customers but declares no scope`);
  const own = user.customerId ?? NO_CUSTOMER;
  const id = (input.params as { id?: number } | undefined)?.id;
  switch (scope) {
    case "self":
      if (id !== undefined && id !== user.id) throw notFound("User");
      return { own, query };
    case "shared":
      return { own, query };
    case "customer":
    case "bet": {
      const owner = id === undefined ? undefined : ownerOf(db, scope, id);
      if (own === NO_CUSTOMER || owner !== own) throw notFound(DETAIL[scope] as string);
      return { own, query };
    }
    case "own-list": {
      // Another customer's id asks for rows it may not read: none, rather than its own rows
      // under her filter (issue 20 item 13: "404 or an empty list").
      const asked = (query as { customerId?: number } | undefined)?.customerId;
      const customerId = asked === undefined || asked === own ? own : NO_CUSTOMER;
      return { own, query: { ...(query as object), customerId } };
    }
    case "own-rows":
      return { own, query };
    case "no-tills": {
      const q = query as { sort?: string } | undefined;
      // Nor can it order the tills by balance.
      return { own, query: q?.sort === "balance" ? { ...q, sort: undefined } : query };
    }
  }
}

/** The customer a detail row belongs to (undefined when there is no such row). */
function ownerOf(db: DbOrTx, scope: "customer" | "bet", id: number): number | undefined {
  if (scope === "customer") return id;
  // A cash bet (decision 051) belongs to no customer login: as if there were no such row.
  return (
    db.select({ customerId: bets.customerId }).from(bets).where(eq(bets.id, id)).get()
      ?.customerId ?? undefined
  );
}

/** The answer a customer login gets: shops without their tills ("no-tills"). */
export function scopeReply(contract: Contract, own: number | null, reply: unknown): unknown {
  if (own === null || contract.scope !== "no-tills" || reply instanceof Response) return reply;
  const noTill = (shop: object) => ({ ...shop, balance: null });
  const page = reply as { items?: object[] };
  if (Array.isArray(page.items)) return { ...page, items: page.items.map(noTill) };
  return noTill(reply as object);
}

const STAFF_FIELD_SET: ReadonlySet<string> = new Set(STAFF_FIELDS);

/**
 * What a customer login sees of staff (issue 25 item 8, decisions/047): no one. Every field
 * that names who did something at the counter (STAFF_FIELDS: a staff id, a {id, username},
 * the slip's `staff`) is null, at any depth of the answer; every such field is nullable, so
 * the answer keeps its contract. Applied to every JSON answer a customer login gets
 * (src/lib/endpoint.ts send) and to its CSV rows (src/lib/csv-export.ts).
 */
export function withoutStaff<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutStaff) as T;
  if (value === null || typeof value !== "object" || value instanceof Response) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = STAFF_FIELD_SET.has(key) ? null : withoutStaff(inner);
  }
  return copy as T;
}
