/**
 * Idempotency-Key for money-moving POSTs. The key is checked and stored inside the same
 * write transaction (and savepoint, with group commit) as the change, so two racing
 * requests with one key cannot both apply, and a refused write leaves no key behind.
 *
 * Scope (issue 20, tested in idempotency.test.ts): a key belongs to its user (looked up by
 * user and key) and, when an API token sent it, to that token alone (decision 077): two
 * integrations an admin set up each count their own keys. It replays only the same method,
 * path and body (the stored hash). The same key on another path is a 409, not a new
 * request: a client that reuses a deposit's key for a withdrawal has a bug, and answering
 * the deposit (paying nothing) or quietly applying a second money move are both worse than
 * saying so. At most 200 characters (400).
 */
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { AppDb, Tx } from "../db/client";
import { prepared } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "./errors";

export interface IdempotencyRequest {
  userId: number;
  /** The API token that sent the request; null for a session. */
  tokenId: number | null;
  key: string | null;
  method: string;
  path: string;
  body: unknown;
}

export interface StoredResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/**
 * SHA-256 of method, path and body (node:crypto: a fifth of the pure-JS hash's cost). The
 * path must stay in it: without it a withdrawal sent under a deposit's key and body would
 * replay the deposit's answer and pay nothing. The body is hashed in a canonical form (each
 * object's keys sorted): a retry that writes the same fields in another order is the same
 * request, as JSON says it is (decision 077).
 */
export function requestHash(req: Pick<IdempotencyRequest, "method" | "path" | "body">): string {
  const text = `${req.method} ${req.path} ${JSON.stringify(canonical(req.body ?? null))}`;
  return createHash("sha256").update(text).digest("hex");
}

/** `value` with every object's keys in sorted order (arrays keep theirs). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((name) => [name, canonical(record[name])]),
  );
}

/**
 * The key as stored: a session's as sent, an API token's under the token's own prefix, so
 * it never meets its creator's keys or another token's (decision 077). The prefix starts
 * with U+2192: a header value is bytes, read one character per byte (U+0000 to U+00FF), so
 * no key a client sends can spell it. No migration: the table's (user, key) stays the key.
 */
export function storedKey(key: string, tokenId: number | null): string {
  return tokenId === null ? key : `\u2192token ${tokenId} ${key}`;
}

/**
 * The write `fn` wrapped to honour the idempotency key when there is one: a replay with the
 * same request answers the stored body and runs nothing; another request under a used key
 * is a 409. Run the result in a write transaction (groupWrite or writeTx).
 */
export function idempotent<T>(
  req: IdempotencyRequest,
  status: number,
  fn: (tx: Tx) => T,
  now: number,
): (tx: Tx) => StoredResponse<T> {
  return (tx) => {
    if (!req.key) return { status, body: fn(tx), replayed: false };
    if (req.key.length > 200) throw new AppError("VALIDATION", "Idempotency-Key is too long");
    const key = storedKey(req.key, req.tokenId);
    const hash = requestHash(req);
    const prior = prepared(tx, "idempotency.find", (db) =>
      db
        .select({
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.status,
          responseBody: idempotencyKeys.responseBody,
        })
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, sql.placeholder("userId")),
            eq(idempotencyKeys.key, sql.placeholder("key")),
          ),
        )
        .prepare(),
    ).get({ userId: req.userId, key });
    if (prior) {
      if (prior.requestHash !== hash) {
        throw new AppError(
          "CONFLICT",
          "This Idempotency-Key was already used for a different request",
        );
      }
      return { status: prior.status, body: JSON.parse(prior.responseBody) as T, replayed: true };
    }
    const body = fn(tx);
    prepared(tx, "idempotency.insert", (db) =>
      db
        .insert(idempotencyKeys)
        .values({
          userId: sql.placeholder("userId"),
          key: sql.placeholder("key"),
          requestHash: sql.placeholder("requestHash"),
          status: sql.placeholder("status"),
          responseBody: sql.placeholder("responseBody"),
          createdAt: sql.placeholder("createdAt"),
        })
        .prepare(),
    ).run({
      userId: req.userId,
      key,
      requestHash: hash,
      status,
      responseBody: JSON.stringify(body),
      createdAt: now,
    });
    return { status, body, replayed: false };
  };
}

/** Keys are kept for a day; a replay later than that is a new request. */
export function pruneIdempotencyKeys(db: AppDb, now: number): void {
  db.delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, now - 24 * 60 * 60_000))
    .run();
}
