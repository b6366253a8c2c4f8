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
import { type Contract, EVERYONE, type ParsedInput } from "../domain/contract";
import { type ContractName, contracts } from "../domain/contracts";
import { type Mutation, type Op, recordMutation } from "./audit";
import type { Actor } from "./context";
import { AppError, ERROR_CODES } from "./errors";
import { type ChangeEvent, publish } from "./events";
import { groupWrite } from "./group-commit";
import { type AppEnv, actorOf, type Deps, firstIssueMessage } from "./http";
import { idempotent } from "./idempotency";
import { admitsCustomers, SCOPE_TEXT, scopeReply, scopeRequest, withoutStaff } from "./scope";

export type { AuditTarget, Mutation, Op } from "./audit";

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
      // What the caller may read, before the handler sees anything (src/lib/scope.ts).
      const { own, query } = scopeRequest(deps.db, contract, c.get("user"), {
        params,
        query: contract.query ? c.req.valid("query" as never) : undefined,
      });
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
          key,
          method: c.req.method,
          path: c.req.path,
          body: await c.req.json(),
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
    if (contract.access === "public") return next();
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
    return next();
  };
}

export const errorBodySchema = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "Error", description: "Every error answer" });

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input (code VALIDATION); `message` names the field, `fields` has one message per field",
  401: "Not signed in (UNAUTHENTICATED)",
  403: "Signed in with a role that may not do this, or a cross-origin request (FORBIDDEN)",
  404: "No such entity (NOT_FOUND)",
  409: "The entity's state forbids it, or an Idempotency-Key reused for another body (CONFLICT)",
  413: "Body larger than 100 KB (PAYLOAD_TOO_LARGE)",
  415: "Body is not JSON (UNSUPPORTED_MEDIA_TYPE)",
  422: "A business rule refuses it: funds, balance, an inactive party (UNPROCESSABLE)",
  429: "Too many failed sign-ins (RATE_LIMITED)",
};

function errorStatuses(contract: Contract): number[] {
  const statuses = new Set<number>(contract.errors ?? []);
  if (contract.params || contract.query || contract.body) statuses.add(400);
  if (contract.access !== "public") statuses.add(401);
  if (contract.access !== "public" && EVERYONE.some((role) => !contract.access.includes(role))) {
    statuses.add(403);
  }
  if (contract.method !== "get") statuses.add(403);
  if (contract.params) statuses.add(404);
  if (contract.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (contract.idempotent) statuses.add(409);
  return [...statuses].sort();
}

function routeConfig(endpoint: Endpoint): RouteConfig {
  const { contract } = endpoint;
  const success: Record<string, unknown> = { description: "Success" };
  if (contract.produces) {
    const type = contract.produces.split(";")[0] as string;
    success.content = { [type]: { schema: z.string() } };
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
  if (contract.csv) {
    // format=csv (issue 13): every matching row as a download instead of one JSON page.
    success.content = {
      ...(success.content as object),
      "text/csv": {
        schema: z.string().meta({
          description:
            "With format=csv: a header row (the JSON fields, nested ones as a.b) and every matching row, all pages",
        }),
      },
    };
    success.headers = {
      ...(success.headers as object),
      "Content-Disposition": {
        description: 'With format=csv: attachment; filename="<list>-YYYY-MM-DD.csv"',
        schema: { type: "string" },
      },
    };
  }
  const responses: Record<string, unknown> = { [contract.status]: success };
  if (contract.dryRun && contract.status !== 200) {
    // A dry run answers 200 (nothing was created), with the same schema.
    responses[200] = { ...success, description: "The dry run: what it would do; nothing written" };
  }
  for (const status of errorStatuses(contract)) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? "Error",
      content: { "application/json": { schema: errorBodySchema } },
    };
  }
  const description = [
    contract.access === "public" ? "Anyone." : `Roles: ${contract.access.join(", ")}.`,
    contract.scope ? `A customer login: ${SCOPE_TEXT[contract.scope]}.` : "",
    contract.audit ? `Writes one audit row \`${contract.audit}\`.` : "",
    contract.idempotent
      ? "Honours an `Idempotency-Key` header: a replay with the same body returns the first answer and changes nothing."
      : "",
    contract.dryRun
      ? "With `dryRun: true` it answers 200 with what it would write and each balance before and after, and writes nothing (no audit row, no idempotency key)."
      : "",
  ]
    .filter(Boolean)
    .join(" ");
  return createRoute({
    method: contract.method,
    path: contract.path,
    operationId: endpoint.name,
    summary: contract.summary,
    description,
    tags: [contract.tag],
    security: contract.access === "public" ? [] : [{ session: [] }],
    request: {
      params: contract.params as never,
      query: contract.query as never,
      body: contract.body
        ? { content: { "application/json": { schema: contract.body } }, required: true }
        : undefined,
      headers: contract.idempotent
        ? z.object({
            "idempotency-key": z
              .string()
              .optional()
              .meta({ description: "One key per submitted form (at most 200 characters)" }),
          })
        : undefined,
    },
    responses: responses as RouteConfig["responses"],
    middleware: [accessRule(contract)],
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
  api.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "session",
    description: "The session cookie set by POST /api/login",
  });
  for (const endpoint of endpoints) {
    api.openapi(routeConfig(endpoint), (c) => endpoint.handle(c as Context<AppEnv>));
  }
  return api;
}

/** The OpenAPI 3.1 document of an API built by createApi. */
export function openApiDocument(api: ReturnType<typeof createApi>) {
  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Betting Shop back office API",
      version: "1.0.0",
      description: [
        "JSON in and out. Money is sent and answered as decimal strings with 2 decimals",
        '("12.50"); reports answer money as JSON numbers of euros, computed from integer cents',
        "and rounded once. Ids are integers (a body may send a string of digits).",
        "Lists are paged with `limit`, `offset`, `q`, `sort`, `order` and filters; the body is an",
        "array and the total is in `X-Total-Count`. Every error is",
        "`{ message, code, fields? }` with `code` one of",
        `${ERROR_CODES.join(", ")}.`,
        "State-changing calls need a same-origin `Origin` header.",
      ].join(" "),
    },
  });
}
