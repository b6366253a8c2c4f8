import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { type AppDb, prepared, type Tx, writeTx } from "../db/client";
import { auditLog } from "../db/schema";
import type { Actor } from "./context";
import type { AppEnv } from "./http";

/** Who acts and when: every write takes its time from here, never from Date.now(). */
export interface Op {
  actor: Actor;
  now: number;
}

/** What the audit row records besides the action, which the endpoint's contract names. */
export interface AuditTarget {
  entityType: string;
  entityId?: number | string | null;
  before?: unknown;
  after?: unknown;
  /** The actor when the request had none yet (sign-in). */
  actor?: Actor;
}

/**
 * A write's result: its answer and the audit row's target, or `unchanged: true` when the
 * request changed nothing (an alert already dismissed, a sign-out without a session), so
 * there is nothing to audit. `after` runs once the transaction has committed.
 */
export type Mutation<T> =
  | { body: T; audit: AuditTarget; after?: (c: Context<AppEnv>) => void }
  | { body: T; unchanged: true; after?: (c: Context<AppEnv>) => void };

/**
 * The keys of `values` whose value differs from `before`'s (a key left undefined stays as it
 * is): none, and the request changes nothing, so it writes no row and no audit row whose
 * before equals its after.
 */
export function changedKeys<V extends object>(values: V, before: object): (keyof V)[] {
  const held = before as Record<PropertyKey, unknown>;
  return (Object.keys(values) as (keyof V)[]).filter(
    (key) => values[key] !== undefined && values[key] !== held[key],
  );
}

/**
 * Who writes without a signed-in actor: a console script names itself (`console:<os
 * user>@<host>`, decision 082) in the audit row's actor name, so its rows are told apart from
 * the server's own (first start) and from a refused sign-in.
 */
export interface AuditOp {
  actor: Actor | null;
  now: number;
  actorName?: string;
}

/** Writes the audit row a mutation asks for (none when it changed nothing); returns its body. */
export function recordMutation<T>(tx: Tx, action: string, op: AuditOp, result: Mutation<T>): T {
  if (!("unchanged" in result)) {
    const { actor, ...target } = result.audit;
    audit(tx, actor ?? op.actor, { action, ...target, actorName: op.actorName }, op.now);
  }
  return result.body;
}

/** One write transaction and its audit row: what the scripts use outside an endpoint. */
export function auditedWrite<T>(
  db: AppDb,
  action: string,
  op: AuditOp,
  fn: (tx: Tx) => Mutation<T>,
): T {
  return writeTx(db, (tx) => recordMutation(tx, action, op, fn(tx)));
}

/**
 * Writes one audit row inside the same write transaction as the change. Endpoints never
 * call it themselves: src/lib/endpoint.ts writes the row their contract names.
 */
export function audit(
  tx: Tx,
  actor: Actor | null,
  entry: {
    action: string;
    entityType: string;
    entityId?: number | string | null;
    before?: unknown;
    after?: unknown;
    /** Where a request with no actor came from (a refused sign-in): its address and id. */
    client?: { ip: string | null; requestId: string };
    /** The name of an actor who is no user (a console script), when `actor` is null. */
    actorName?: string;
  },
  now: number,
): void {
  prepared(tx, "audit.insert", (db) =>
    db
      .insert(auditLog)
      .values({
        actorId: sql.placeholder("actorId"),
        actorUsername: sql.placeholder("actorUsername"),
        action: sql.placeholder("action"),
        entityType: sql.placeholder("entityType"),
        entityId: sql.placeholder("entityId"),
        before: sql.placeholder("before"),
        after: sql.placeholder("after"),
        ip: sql.placeholder("ip"),
        requestId: sql.placeholder("requestId"),
        createdAt: sql.placeholder("createdAt"),
      })
      .prepare(),
  ).run({
    actorId: actor?.userId ?? null,
    actorUsername: actor?.username ?? entry.actorName ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    ip: actor?.ip ?? entry.client?.ip ?? null,
    requestId: actor?.requestId ?? entry.client?.requestId ?? null,
    createdAt: now,
  });
}
