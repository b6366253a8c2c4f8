/**
 * One declaration per endpoint (issue 8): method, path, who may call it, the wire schemas
 * of its inputs and its answer, the audit action of a mutation and whether it honours an
 * Idempotency-Key. The server (src/lib/endpoint.ts) derives the Hono route, the access
 * rule, validation, the write transaction, the audit row and the OpenAPI entry from it; the
 * web app (web/lib/api-client.ts) derives its typed calls from it. Nothing here is
 * server-only, so the web bundle can import it.
 */
import type { ZodType, z } from "zod";
import type { Role } from "./enums";

/** "public": no session needed; otherwise the roles admitted (everyone else: 401 or 403). */
export type Access = "public" | readonly Role[];

export const EVERYONE: readonly Role[] = ["admin", "user", "customer"];
export const STAFF: readonly Role[] = ["admin", "user"];
export const ADMIN: readonly Role[] = ["admin"];

export type Method = "get" | "post" | "patch" | "delete";

/**
 * What a customer login may read through an endpoint (issue 20). Every contract that admits
 * customers (or anyone) declares one, and implement() (src/lib/scope.ts) enforces it before
 * the handler runs; staff are never narrowed. A row the caller may not see is a 404, as if
 * it did not exist; a customer login linked to no record sees nothing.
 * - "self": about the caller itself; a path `{id}` must be the caller's own user.
 * - "shared": the same answer for every caller, nothing of any customer's.
 * - "customer": the path `{id}` is a customer, which must be the caller's own.
 * - "bet": the path `{id}` is a bet (its slip, its settlements), which must be the caller's.
 * - "own-list": a list whose `customerId` filter is forced to the caller's customer.
 * - "own-rows": the handler narrows its rows and figures to `own`, the caller's customer,
 *   which implement() resolves and hands it (the customers list, the dashboard's figures).
 * - "no-tills": shops without their till balances, never sorted by them.
 */
export type Scope = "self" | "shared" | "customer" | "bet" | "own-list" | "own-rows" | "no-tills";

export interface Contract {
  method: Method;
  /** OpenAPI form: `/api/bets/{id}`. */
  path: `/api/${string}`;
  summary: string;
  tag: string;
  access: Access;
  /** What a customer login may read here; required when customers are admitted. */
  scope?: Scope;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The success status. */
  status: 200 | 201 | 202 | 204;
  /** The success body; none for 204. For a paged list: the schema of one item. */
  response?: ZodType;
  /** A paged list: the body is an array of `response`, the total in X-Total-Count. */
  paged?: true;
  /** A paged list that also answers `format=csv`: every matching row as text/csv (issue 13). */
  csv?: true;
  /** Answers something other than JSON (a page, a script, a download). */
  produces?: "text/html" | "text/javascript" | "text/event-stream" | "application/json; download";
  /** Every mutation names the action of the one audit row it writes. */
  audit?: string;
  /** Money writes: an Idempotency-Key replays the first answer and changes nothing. */
  idempotent?: true;
  /**
   * A correction with a preview (issue 12): a body with `dryRun: true` runs the write and
   * rolls it back, answering its body with 200, with no audit row, idempotency key or event.
   */
  dryRun?: true;
  /**
   * false: refused (403) to an API token (decision 058), whatever its role: token management,
   * one's own password, sessions and preferences, and user accounts need a person signed in.
   */
  bearer?: false;
  /** Error statuses this endpoint answers beyond the ones its shape implies. */
  errors?: readonly (401 | 404 | 409 | 422 | 429)[];
}

/** Declares a contract, keeping its literal types. */
export function contract<const C extends Contract>(c: C): C {
  return c;
}

type Out<S> = S extends ZodType ? z.output<S> : undefined;
type In<S> = S extends ZodType ? z.input<S> : undefined;

/** What a successful call answers, as the web app receives it. */
export type ResponseOf<C extends Contract> = C["status"] extends 204
  ? undefined
  : C["paged"] extends true
    ? Out<C["response"]>[]
    : Out<C["response"]>;

/** What the server's handler gets once the inputs are validated. */
export type ParsedInput<C extends Contract> = {
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
};

/** What a caller may send. */
export type RequestOf<C extends Contract> = {
  params: In<C["params"]>;
  query: In<C["query"]>;
  body: In<C["body"]>;
};
