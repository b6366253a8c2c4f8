/**
 * Binds a handler to its contract (src/domain/contract.ts) and derives everything else from
 * the declaration: the Hono route, the access rule (checked before validation), input
 * validation with our error body, the write transaction (idempotent for money writes), the
 * audit row named by the contract, and the OpenAPI entry.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppDb, Tx } from "../db/client";
import { prepared } from "../db/client";
import { alerts } from "../db/schema";
import { withLocalDateFilters } from "../domain/business-time";
import type { Contract, ParsedInput } from "../domain/contract";
import { type ContractName, contracts } from "../domain/contracts";
import { exportDocumentDto } from "../domain/dto";
import { type Mutation, type Op, recordMutation } from "./audit";
import type { Actor } from "./context";
import { AppError, ERROR_CODES, ERROR_STATUS, REFUSAL_REASONS } from "./errors";
import { type ChangeEvent, publish } from "./events";
import { groupWrite } from "./group-commit";
import { type AppEnv, actorOf, type Deps, firstIssueMessage } from "./http";
import { idempotent } from "./idempotency";
import { SESSION_COOKIE } from "./middleware";
import { REFUSALS } from "./refusals";
import { admitsCustomers, SCOPE_TEXT, scopeReply, scopeRequest, withoutStaff } from "./scope";
import { refuseRepeated, refuseUnknownKeys } from "./unknown-keys";

export type { AuditTarget, Mutation, Op } from "./audit";
export { changedKeys } from "./audit";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler returns for its contract. */
export type Reply<C extends Contract> = C["status"] extends 204
  ? undefined
  : C["paged"] extends true
    ?
        | { items: Out<C["response"]>[]; total: number; capped?: boolean }
        // A list that exports answers its CSV download itself (issue 13).
        | (C["csv"] extends true ? Response : never)
    : C["produces"] extends string
      ? Response
      : Out<C["response"]>;

export interface RequestContext<C extends Contract> extends ParsedInput<C> {
  c: Context<AppEnv>;
  deps: Deps;
  db: AppDb;
  now: number;
  /** The signed-in caller; null only on public endpoints. */
  actor: C["access"] extends "public" ? Actor | null : Actor;
  /**
   * The customer a customer login is limited to, resolved from the contract's `scope`
   * (src/lib/scope.ts); null for staff. Handlers of "own-rows" contracts narrow to it.
   */
  own: number | null;
}

export type ReadHandler<C extends Contract> = (
  ctx: RequestContext<C>,
) => Reply<C> | Promise<Reply<C>>;

export interface WriteHandler<C extends Contract, P> {
  /** Async work before the write transaction (password hashing); it must not write. */
  prepare?: (ctx: RequestContext<C>) => Promise<P>;
  /** The write itself: synchronous, inside one IMMEDIATE transaction with its audit row. */
  write: (tx: Tx, ctx: RequestContext<C> & { prepared: P; op: Op }) => Mutation<Reply<C>>;
}

export interface Endpoint {
  name: ContractName;
  contract: Contract;
  handle(c: Context<AppEnv>): Promise<Response>;
  /** A read's handler, also run by the read workers (src/lib/read-worker.ts). */
  read?: ReadHandler<Contract>;
}

const names = new Map<Contract, ContractName>(
  Object.entries(contracts).map(([name, c]) => [c as Contract, name as ContractName]),
);

function nameOf(contract: Contract): ContractName {
  const name = names.get(contract);
  if (!name) throw new Error(`${contract.method} ${contract.path} is not in src/domain/contracts`);
  return name;
}

/** Declares the server side of one contract: a mutation gets a write handler, a read a function. */
export function implement<const C extends Contract & { audit: string }, P = undefined>(
  contract: C,
  handler: WriteHandler<C, P>,
): Endpoint;
export function implement<const C extends Contract & { audit?: undefined }>(
  contract: C,
  handler: ReadHandler<C>,
): Endpoint;
export function implement<const C extends Contract, P>(
  contract: C,
  handler: ReadHandler<C> | WriteHandler<C, P>,
): Endpoint {
  const name = nameOf(contract);
  if (admitsCustomers(contract) && !contract.scope) {
    // Declared, not assumed (issue 20): what a customer login may read here.
    throw new Error(`${name} admits customers but declares no scope (src/domain/contract.ts)`);
  }
  return {
    name,
    contract,
    read: contract.audit ? undefined : (handler as ReadHandler<Contract>),
    async handle(c) {
      const deps = c.get("deps");
      const params = contract.params ? c.req.valid("param" as never) : undefined;
      // A misspelt field or parameter is a 400, not a silent default (decision 087).
      await refuseUnknownKeys(contract, c);
      // What the caller may read, before the handler sees anything (src/lib/scope.ts).
      const scoped = scopeRequest(deps.db, contract, c.get("user"), {
        params,
        query: contract.query ? c.req.valid("query" as never) : undefined,
      });
      const { own } = scoped;
      // A bare date in `from`/`to` is a business day of BUSINESS_TIMEZONE (decision 062).
      const query = withLocalDateFilters(scoped.query, c.req.query(), deps.businessTimeZone);
      const ctx = {
        c,
        deps,
        db: deps.db,
        now: deps.clock(),
        actor: c.get("user") ? actorOf(c) : null,
        own,
        params,
        query,
        body: contract.body ? c.req.valid("json" as never) : undefined,
      } as unknown as RequestContext<C>;
      if (!contract.audit) {
        const pool = deps.readPool;
        // A CSV export streams from a worker of its own (src/lib/csv-export.ts): the request
        // thread only starts it, so it does not take a read worker for the whole download.
        const csv = contract.csv && (ctx.query as { format?: string }).format === "csv";
        if (contract.method === "get" && pool?.serves(name) && !csv) {
          // Off the request thread: a slow read holds only its own caller (issue 11).
          const { reply, headers } = await pool.run(
            {
              name,
              params: ctx.params,
              query: ctx.query,
              body: ctx.body,
              actor: ctx.actor,
              own,
              user: c.get("user"),
              sessionId: c.get("sessionId"),
              requestId: c.get("requestId"),
              now: ctx.now,
            },
            c.req.raw.signal,
          );
          for (const [header, value] of headers) c.header(header, value);
          return send(c, contract, scopeReply(contract, own, reply));
        }
        const reply = await (handler as ReadHandler<C>)(ctx);
        return send(c, contract, scopeReply(contract, own, reply));
      }
      const write = handler as WriteHandler<C, P>;
      const prepared = write.prepare ? await write.prepare(ctx) : (undefined as P);
      const op = { actor: ctx.actor as Actor, now: ctx.now };
      if (contract.dryRun && (ctx.body as { dryRun?: boolean } | undefined)?.dryRun === true) {
        // A preview (issue 12): the real write, rolled back, so it cannot differ from what
        // the real one would do; no audit row, idempotency key, event or after hook.
        const body = await groupWrite(deps.db, (tx) =>
          rolledBack(tx, () => write.write(tx, { ...ctx, prepared, op }).body),
        );
        return send(c, { ...contract, status: 200 }, body);
      }
      let after: ((c: Context<AppEnv>) => void) | undefined;
      const changes: ChangeEvent[] = [];
      const step = (tx: Tx) => {
        const alertsBefore = lastAlertId(tx);
        const result = write.write(tx, { ...ctx, prepared, op });
        after = result.after;
        changes.length = 0;
        if (!("unchanged" in result)) {
          const { entityType, entityId } = result.audit;
          changes.push(change(contract.audit as string, entityType, entityId, ctx.now));
        }
        // One announcement per category raised, naming its newest alert: the live stream
        // tells staff only of operations alerts (decisions/044), so a mutation that raises
        // an operations and an admins' alert together must announce both.
        for (const raised of raisedSince(tx, alertsBefore)) {
          changes.push(change("alert.raise", "ALERT", raised, ctx.now));
        }
        return recordMutation(tx, contract.audit as string, op, result);
      };
      let body: Reply<C>;
      if (contract.idempotent) {
        const actor = ctx.actor as Actor;
        const key = c.req.header("idempotency-key")?.trim() || null;
        const request = {
          userId: actor.userId,
          // A token's keys are its own, not its creator's (decision 077).
          tokenId: c.get("apiToken")?.id ?? null,
          key,
          method: c.req.method,
          // The path as read, not as sent: a slip's code typed "2ujtq-eyy3v" on the retry
          // is the same slip as "2UJTQEYY3V", and the same request (decision 087).
          path: canonicalPath(contract.path, params, c.req.path),
          // A write without a body (a slip's payment) is the same request whatever is sent.
          body: contract.body ? await c.req.json() : null,
        };
        const stored = await groupWrite(
          deps.db,
          idempotent(request, contract.status, step, ctx.now),
        );
        body = stored.body;
        // A replay changed nothing: nothing to announce.
        if (stored.replayed) changes.length = 0;
      } else {
        body = await groupWrite(deps.db, step);
      }
      // Announced only once committed (groupWrite settles after the COMMIT that holds it).
      for (const event of changes) publish(event);
      after?.(c);
      return send(c, contract, body);
    },
  };
}

/**
 * Tests run with this on, as with checkResponse: a refusal answered with a status the
 * operation's document does not list fails loudly (`PATCH /api/shops/{id}` answered a 409
 * its document did not declare).
 */
function checkErrorStatus({ name, contract }: Endpoint, error: unknown): void {
  if (!(error instanceof AppError)) return;
  const status = ERROR_STATUS[error.code];
  if (!errorStatuses(contract).includes(status)) {
    throw new Error(
      `${contract.method.toUpperCase()} ${contract.path} (${name}) answered ${status} ${error.code} ("${error.message}"), a status its contract does not declare (errors in src/domain/contracts.ts)`,
    );
  }
}

/** Runs `fn` in a savepoint that is always rolled back: what it writes never stays. */
function rolledBack<T>(tx: Tx, fn: () => T): T {
  tx.run(sql`savepoint dry_run`);
  try {
    return fn();
  } finally {
    tx.run(sql`rollback to dry_run`);
    tx.run(sql`release dry_run`);
  }
}

function send(c: Context<AppEnv>, contract: Contract, reply: unknown): Response {
  if (reply instanceof Response) return reply;
  if (contract.status === 204) return c.body(null, 204);
  // A customer login learns no staff names or ids (decisions/047), whatever the handler. A
  // "shared" answer (the settings, the API document) is everyone's and names no one.
  const customer = c.get("user")?.role === "customer" && contract.scope !== "shared";
  let body = customer ? withoutStaff(reply) : reply;
  if (contract.paged) {
    const page = body as { items: unknown[]; total: number; capped?: boolean };
    c.header("X-Total-Count", String(page.total));
    if (page.capped) c.header("X-Total-Count-Capped", "true");
    body = page.items;
  }
  if (c.get("deps").checkResponses) checkResponse(contract, body);
  return c.json(body as object, contract.status);
}

function change(
  action: string,
  entityType: string,
  entityId: number | string | null | undefined,
  now: number,
): ChangeEvent {
  return {
    action,
    entityType,
    entityId: entityId == null ? null : String(entityId),
    at: new Date(now).toISOString(),
  };
}

/** The newest alert of each category raised after `lastId`, in id order. */
function raisedSince(tx: Tx, lastId: number): number[] {
  return tx
    .select({ id: sql<number>`max(${alerts.id})` })
    .from(alerts)
    .where(sql`${alerts.id} > ${lastId}`)
    .groupBy(alerts.category)
    .all()
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

/** The newest alert's id: a mutation that raised one announces it too. */
function lastAlertId(tx: Tx): number {
  return (
    prepared(tx, "alerts.last-id", (db) =>
      db
        .select({ id: sql<number>`coalesce(max(${alerts.id}), 0)` })
        .from(alerts)
        .prepare(),
    ).get()?.id ?? 0
  );
}

/** Tests run with this on: an answer that strays from its declared schema fails loudly. */
function checkResponse(contract: Contract, body: unknown): void {
  if (!contract.response) return;
  const schema = contract.paged ? z.array(contract.response) : contract.response;
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${contract.method.toUpperCase()} ${contract.path} answered outside its schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
    );
  }
}

/** The access rule, before any validation: 401 anonymous, 403 a role not admitted. */
function accessRule(contract: Contract): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (contract.access === "public") {
      refuseRepeated(c);
      return next();
    }
    const user = c.get("user");
    if (!user) throw new AppError("UNAUTHENTICATED", "Not signed in");
    if (!contract.access.includes(user.role)) {
      throw new AppError("FORBIDDEN", "You do not have permission to do this");
    }
    // Token management, passwords, sessions and accounts need a person (decision 058).
    if (contract.bearer === false && c.get("apiToken")) {
      throw new AppError("FORBIDDEN", "An API token cannot do this: sign in as a person");
    }
    // After an admin's reset, nothing but choosing a new password (issue 10).
    if (user.mustChangePassword && names.get(contract) !== "changePassword") {
      throw new AppError("FORBIDDEN", "Choose a new password to continue");
    }
    refuseRepeated(c);
    return next();
  };
}

/** Each refusal reason with its status and params, as the Error schema describes them. */
const REFUSAL_LIST = REFUSAL_REASONS.map((reason) => {
  const { code, params } = REFUSALS[reason];
  const status = ERROR_STATUS[code];
  return `${reason} (${status}${params.length ? `; ${params.join(", ")}` : ""})`;
}).join(", ");

export const errorBodySchema = z
  .object({
    message: z.string().meta({
      description: "What went wrong, in English: for people and logs, not for matching",
    }),
    code: z.enum(ERROR_CODES),
    fields: z.record(z.string(), z.string()).optional(),
    reason: z
      .enum(REFUSAL_REASONS)
      .optional()
      .meta({
        description: `Why a business rule refused (422, 409, and 403 for what only an admin may do; decision 070): a stable name to write the refusal in the reader's own language from \`params\`. A client that does not know a reason shows \`message\`. Each reason (status; params): ${REFUSAL_LIST}.`,
      }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({
        description:
          "With `reason`: the values `message` was written from. Money as integer cents in a name ending `Cents`; instants as ISO strings (UTC) told in the business time zone `zone`; ids and ages as numbers; statuses and types as their codes; names as they are. A value that may be missing is left out",
      }),
  })
  .meta({ id: "Error", description: "Every error answer" });

/** One shared response per error status (components.responses), each with the Error body. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; retry?: true }> = {
  400: {
    name: "BadRequest",
    description:
      "Invalid input (VALIDATION): `message` names the field, `fields` has one message per field; also malformed JSON",
  },
  401: {
    name: "Unauthenticated",
    description:
      "Not signed in (UNAUTHENTICATED): no session cookie or bearer token, or one that expired or was revoked",
  },
  403: {
    name: "Forbidden",
    description:
      "Refused (FORBIDDEN): a role that may not do this, an API token where a person must sign in, a password that must be changed first, or a write signed in by the cookie without a same-origin `Origin`",
  },
  404: {
    name: "NotFound",
    description: "No such entity, or one the caller may not see (NOT_FOUND)",
  },
  409: {
    name: "Conflict",
    description:
      "The entity's state forbids it, or an `Idempotency-Key` already used for another request (CONFLICT)",
  },
  413: { name: "PayloadTooLarge", description: "Body larger than 100 KB (PAYLOAD_TOO_LARGE)" },
  415: {
    name: "UnsupportedMediaType",
    description: "A body that is not `application/json` (UNSUPPORTED_MEDIA_TYPE)",
  },
  421: {
    name: "Misdirected",
    description: "With PUBLIC_ORIGIN set, a request addressed to another host name (MISDIRECTED)",
  },
  422: {
    name: "Unprocessable",
    description: "A business rule refuses it: funds, balance, an inactive party (UNPROCESSABLE)",
  },
  429: {
    name: "RateLimited",
    description:
      "Too many requests (RATE_LIMITED): failed sign-ins or password checks, or an API token over its rate; `Retry-After` says when to try again",
    retry: true,
  },
  500: {
    name: "InternalError",
    description:
      "An unexpected failure (INTERNAL): the message quotes the request id, also in `X-Request-Id`, for the operator's log",
  },
  503: {
    name: "Unavailable",
    description:
      "The server is stopping (UNAVAILABLE, with `Retry-After`: nothing was done, try again), or a write found the disk full (STORAGE_FULL: nothing was saved)",
    retry: true,
  },
};

/** `path` ("/api/slips/{code}/pay") with its parameters as parsed; `sent` without any. */
function canonicalPath(path: string, params: unknown, sent: string): string {
  if (params === undefined || params === null) return sent;
  const values = params as Record<string, unknown>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** What some operations say about a status beyond the shared text. */
const ERROR_NOTES: Partial<Record<ContractName, Partial<Record<number, string>>>> = {
  login: {
    401: "Wrong username or password, or a disabled account (UNAUTHENTICATED)",
    503: "The disk is full, so no session can be saved (STORAGE_FULL), or the server is stopping (UNAVAILABLE)",
  },
  logout: {
    401: "Only with `Authorization: Bearer`: a token unknown, revoked or expired (UNAUTHENTICATED). Without one, signing out succeeds, signed in or not",
    403: "Only with a valid `Authorization: Bearer`: an API token is revoked (DELETE /api/admin/tokens/{tokenId}, by a person), not logged out (FORBIDDEN)",
  },
  currentUser: { 401: "Not signed in (UNAUTHENTICATED): how a client learns it has no session" },
};

function errorStatuses(contract: Contract): number[] {
  const statuses = new Set<number>(contract.errors ?? []);
  // Path parameters that do not parse are a 404, like a missing row; query and body, 400; a
  // path whose %-escapes do not decode, 400 too. Any operation: a parameter it does not read
  // is a 400, on one that reads none too (decision 087).
  statuses.add(400);
  // Any operation, public ones too: a request with `Authorization: Bearer` is checked
  // before the route, 401 for a token unknown, revoked or expired, 429 for one over its
  // rate or an address that sent too many unknown ones (decision 058).
  statuses.add(401);
  statuses.add(429);
  // A role not admitted, a token where a person must sign in, a password to change first.
  if (contract.access !== "public") statuses.add(403);
  if (contract.method !== "get") {
    // Writes: the Origin rule for a cookie (or none). Any body they are sent, read or not,
    // must be JSON (415) and at most 100 KB (413).
    statuses.add(403);
    statuses.add(413);
    statuses.add(415);
  }
  if (contract.params) statuses.add(404);
  if (contract.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (contract.idempotent) statuses.add(409);
  for (const always of [421, 500, 503]) statuses.add(always);
  return [...statuses].sort((a, b) => a - b);
}

/** How an operation may be called: public, a session only, or a session or an API token. */
function securityOf(name: ContractName, contract: Contract): Record<string, string[]>[] {
  if (name === "login") return [];
  const session: Record<string, string[]> = { session: [] };
  const bearer: Record<string, string[]> = { bearer: [] };
  const either = contract.bearer === false ? [session] : [session, bearer];
  // Public but about the caller (sign out, who am I): signed in or not.
  return contract.access === "public" ? [{}, ...either] : either;
}

const ORIGIN_RULE =
  "A write signed in by the session cookie (and sign-in itself) must come from this server's own pages: an `Origin` header equal to the server's origin (PUBLIC_ORIGIN when set), or `Sec-Fetch-Site: same-origin`; otherwise 403. A request with `Authorization: Bearer` needs neither.";

const IDEMPOTENCY_RULE =
  "Send an `Idempotency-Key` (one per intended operation, at most 200 characters) to make a retry safe: the same key with the same method, path and body within 24 hours answers the first answer again (same status and body) and changes nothing; the same key with another request is 409. The body is compared as JSON: the order of its fields does not matter. Keys belong to who sent them: a session's to its user, an API token's to that token alone (two tokens of one admin never share a key).";

function routeConfig(endpoint: Endpoint): RouteConfig {
  const { contract, name } = endpoint;
  const success: Record<string, unknown> = { description: "Success" };
  if (contract.produces) {
    const type = contract.produces.split(";")[0] as string;
    // The download is the export document; the pages and the event stream are text.
    const schema = type === "application/json" ? exportDocumentDto : z.string();
    success.content = { [type]: { schema } };
    if (contract.produces.includes("download")) {
      success.headers = {
        "Content-Disposition": {
          description: 'attachment; filename="betting-shop-export-YYYY-MM-DD.json"',
          schema: { type: "string" },
        },
      };
    }
  } else if (contract.response) {
    const schema = contract.paged ? z.array(contract.response) : contract.response;
    success.content = { "application/json": { schema } };
    if (contract.paged) {
      success.description = contract.csv
        ? "One page of rows; with `format=csv`, every matching row as `text/csv` instead (see `x-csv`)"
        : "One page of rows";
      success.headers = {
        "X-Total-Count": {
          description: "Rows matching the filters, all pages together",
          schema: { type: "integer" },
        },
        "X-Total-Count-Capped": {
          description:
            "Present (true) when more than 10,000 rows match: X-Total-Count then says 10000 and the rest was not counted",
          schema: { type: "string", enum: ["true"] },
        },
      };
    }
  }
  const responses: Record<string, unknown> = { [contract.status]: success };
  if (contract.dryRun && contract.status !== 200) {
    // A dry run answers 200 (nothing was created): the preview alone where the answer is
    // "the write's answer or the preview" (a reversal), else the same schema.
    const split = contract.response && !contract.paged ? dryRunParts(contract.response) : null;
    const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });
    if (split) responses[contract.status] = { ...success, ...json(split.written) };
    responses[200] = {
      ...success,
      ...(split ? json(split.preview) : {}),
      description: "The dry run: what it would do; nothing written",
    };
  }
  for (const status of errorStatuses(contract)) {
    const shared = ERROR_RESPONSES[status];
    if (!shared) throw new Error(`${name}: no shared response for status ${status}`);
    const note = ERROR_NOTES[name]?.[status];
    responses[status] = {
      $ref: `#/components/responses/${shared.name}`,
      ...(note ? { description: note } : {}),
    };
  }
  const description = [
    contract.access === "public" ? "Anyone." : `Roles: ${contract.access.join(", ")}.`,
    contract.access !== "public"
      ? contract.bearer === false
        ? "A person's session only: an API token is refused (403)."
        : "A session cookie or an API token (`Authorization: Bearer`)."
      : "",
    contract.scope ? `A customer login: ${SCOPE_TEXT[contract.scope]}.` : "",
    contract.audit ? `Writes one audit row \`${contract.audit}\`.` : "",
    contract.method !== "get" ? ORIGIN_RULE : "",
    contract.idempotent ? IDEMPOTENCY_RULE : "",
    contract.dryRun
      ? "With `dryRun: true` it answers 200 with what it would write and each balance before and after, and writes nothing (no audit row, no idempotency key)."
      : "",
  ]
    .filter(Boolean)
    .join(" ");
  const parameters = contract.method !== "get" ? [{ $ref: "#/components/parameters/Origin" }] : [];
  return createRoute({
    method: contract.method,
    path: contract.path,
    operationId: name,
    summary: contract.summary,
    description,
    tags: [contract.tag],
    security: securityOf(name, contract),
    ...(parameters.length ? { parameters } : {}),
    ...(contract.csv ? { "x-csv": csvResponse() } : {}),
    request: {
      params: contract.params as never,
      query: contract.query as never,
      body: contract.body
        ? { content: { "application/json": { schema: contract.body } }, required: true }
        : undefined,
      headers: contract.idempotent
        ? z.object({
            "idempotency-key": z.string().optional().meta({
              description:
                "Makes a retry safe: the same key and request again answers the first answer and changes nothing (at most 200 characters)",
            }),
          })
        : undefined,
    },
    responses: responses as RouteConfig["responses"],
    middleware: [accessRule(contract)],
  });
}

/**
 * A write's answer declared as a union of what it writes and its dry run's preview (the
 * member with a `dryRun` field): the two apart, so the write's status and the dry run's 200
 * each name their own schema and a generated client need not tell them apart. Null for any
 * other answer.
 */
function dryRunParts(schema: z.ZodType): { written: z.ZodType; preview: z.ZodType } | null {
  if (!(schema instanceof z.ZodUnion)) return null;
  const options = schema.options as readonly z.ZodType[];
  const isPreview = (option: z.ZodType) =>
    option instanceof z.ZodObject && Object.hasOwn(option.shape, "dryRun");
  const previews = options.filter(isPreview);
  const written = options.filter((option) => !isPreview(option));
  const [preview] = previews;
  const [answer] = written;
  return previews.length === 1 && written.length === 1 && preview && answer
    ? { written: answer, preview }
    : null;
}

/**
 * The `format=csv` answer of a list, beside its 200 rather than in it: a second content type
 * in the 200 would type every JSON page as `string | T[]` in generated clients (decision 059).
 * The same shape as a Response object, under an extension generators leave alone.
 */
function csvResponse() {
  return {
    description:
      "With `format=csv`: a download of every matching row (all pages; limit and offset ignored), UTF-8 with a byte order mark. A header row of the JSON fields (nested ones as a.b) without the duplicates (an id beside its object's `.id`, a bet's `outcome`), plus `localTime` (`createdAt` in the business time zone, `YYYY-MM-DD HH:MM:SS`) and, on bets and transactions, `signedAmount` (a column that sums: decision 064); times UTC to the second; with `decimal=comma`, `;`-separated with decimal commas",
    headers: {
      "Content-Disposition": {
        description:
          'attachment; filename="<list>-YYYY-MM-DD.csv" (the date in the business time zone)',
        schema: { type: "string" },
      },
    },
    content: { "text/csv": { schema: { type: "string" } } },
  };
}

/** The shared parts every operation refers to: error responses, the Origin header, security. */
function registerShared(api: OpenAPIHono<AppEnv>): void {
  const registry = api.openAPIRegistry;
  registry.register("Error", errorBodySchema);
  for (const { name, description, retry } of Object.values(ERROR_RESPONSES)) {
    registry.registerComponent("responses", name, {
      description,
      ...(retry
        ? {
            headers: {
              "Retry-After": {
                description: "Seconds to wait before trying again",
                schema: { type: "integer" },
              },
            },
          }
        : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
  }
  registry.registerComponent("parameters", "Origin", {
    name: "Origin",
    in: "header",
    required: false,
    description: ORIGIN_RULE,
    schema: { type: "string", format: "uri", example: "https://shop.example" },
  });
  registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description:
      "The session cookie POST /api/login sets (HttpOnly): what the web app uses. Writes need a same-origin `Origin`.",
  });
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "bst_ and 43 base64url characters (32 random bytes)",
    description:
      "An API token an admin makes (POST /api/admin/tokens: a name, role user or admin, an optional expiry; the secret is shown once), sent as `Authorization: Bearer bst_...`. It acts with the token's role, needs no `Origin`, is throttled per token (429 with `Retry-After` past its rate per minute) and is named in the audit trail. Revoked, expired or unknown: 401 (repeated unknown tokens from one address: 429). Operations that need a person (token management, passwords, sessions, user accounts) refuse it with 403.",
  });
}

/** The API's Hono app: every endpoint's route, with our validation errors. */
export function createApi(endpoints: readonly Endpoint[]) {
  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const issues = result.error.issues;
      if (result.target === "param") {
        throw new AppError("NOT_FOUND", issues[0]?.message ?? "Not found");
      }
      const { message, fields } = firstIssueMessage(issues);
      throw new AppError("VALIDATION", message, fields);
    },
  });
  registerShared(api);
  for (const endpoint of endpoints) {
    api.openapi(routeConfig(endpoint), async (c) => {
      try {
        return await endpoint.handle(c as Context<AppEnv>);
      } catch (error) {
        if (c.get("deps").checkResponses) checkErrorStatus(endpoint, error);
        throw error;
      }
    });
  }
  return api;
}

/** Each tag's line in the document, in the order the reference lists them. */
const TAGS: Record<string, string> = {
  Auth: "Signing in and out, the signed-in user's own settings, password and sessions",
  Users: "Users as others see them",
  Settings: "The operator's settings the screens need",
  Dashboard: "The dashboard's and the sidebar's figures",
  Customers: "Customers and their balances",
  Shops: "Shops and their tills",
  Bets: "Bets, their settlement and their slips",
  Transactions: "The ledger: deposits, withdrawals and transfers",
  Shifts: "Cashiers' shifts and their tills",
  Alerts: "Alerts raised by the server",
  Reports: "Reports by period",
  System: "The server's own state",
  Admin: "Administration: users, API tokens, corrections, audit, backups, data",
  Live: "Live changes as Server-Sent Events",
  Reference: "This reference",
};

/** Not open source: an SPDX custom reference (OpenAPI 3.1's `identifier`). */
const LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

/** The OpenAPI 3.1 document of an API built by createApi. */
export function openApiDocument(api: ReturnType<typeof createApi>) {
  const used = new Set<string>(Object.values(contracts).map((c) => c.tag));
  const unknown = [...used].filter((tag) => !(tag in TAGS));
  if (unknown.length) throw new Error(`Tags without a line in TAGS: ${unknown.join(", ")}`);
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Betting Shop back office API",
      version: "1.0.0",
      contact: { name: "The operator's administrator (the admin users of this server)" },
      license: LICENSE,
      description: [
        "JSON in and out. Money is sent and answered as decimal strings with 2 decimals",
        '("12.50"); reports answer money as JSON numbers of euros, computed from integer cents',
        "and rounded once. Ids are integers (a body may send a string of digits).",
        "Lists are paged with `limit` (1 to 500, default 50), `offset`, `sort`, `order`, and each",
        "list's own search `q` and filters; the body is an array and the total is in",
        "`X-Total-Count`. Every error is `{ message, code, fields?, reason?, params? }` with",
        `\`code\` one of ${ERROR_CODES.join(", ")}; a business refusal (422, 409, 403) adds its`,
        "`reason` and the `params` its English `message` was written from (see the Error schema).",
        "\n\nTwo ways to sign in: the session cookie POST /api/login sets (the web app's way;",
        "every write then needs a same-origin `Origin` header), or an API token an admin makes",
        "(POST /api/admin/tokens), sent as `Authorization: Bearer <token>` (a machine client's way;",
        "no `Origin` needed). Money writes take an `Idempotency-Key` header: a retry with the same",
        "key and body answers the first answer and moves no money again.",
      ].join(" "),
    },
    servers: [
      {
        url: "/",
        description:
          "This server: the origin that served this document (PUBLIC_ORIGIN when it is set)",
      },
    ],
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
  });
  closeRequestBodies(document.paths);
  return document;
}

/**
 * Each JSON body says `additionalProperties: false` on every object it declares, its own and
 * each nested one (`eachWay`, `deadHeat`): the server refuses a field it does not read at any
 * depth (decision 087), and a client validating against the document should refuse it first.
 * A body the server reads as `{}` when none is sent (an alert's dismissal, one's preferences)
 * is not required.
 */
function closeRequestBodies(paths: Record<string, object> | undefined): void {
  for (const contract of Object.values(contracts) as Contract[]) {
    if (!contract.body) continue;
    const operations = paths?.[contract.path] as Record<string, unknown> | undefined;
    const body = (operations?.[contract.method] as { requestBody?: Record<string, unknown> })
      ?.requestBody;
    if (!body) continue;
    if (contract.body.safeParse({}).success) body.required = false;
    const content = body.content as Record<string, { schema?: unknown }> | undefined;
    closeObjects(content?.["application/json"]?.schema);
  }
}

/** Closes each object schema with properties in `schema`, at any depth. */
function closeObjects(schema: unknown): void {
  if (typeof schema !== "object" || schema === null) return;
  const s = schema as Record<string, unknown>;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes("object") && typeof s.properties === "object" && s.properties !== null) {
    s.additionalProperties = false;
    for (const property of Object.values(s.properties)) closeObjects(property);
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const part of Array.isArray(s[key]) ? s[key] : []) closeObjects(part);
  }
  closeObjects(s.items);
}
