/**
 * Idempotency-Key for money-moving POSTs. The key is checked and stored inside the same
 * write transaction as the change, so two racing requests with one key cannot both apply.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, lt } from "drizzle-orm";
import type { AppDb, Tx } from "../db/client";
import { writeTx } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "./errors";

export interface IdempotencyRequest {
  userId: number;
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

export function requestHash(req: IdempotencyRequest): string {
  const text = `${req.method} ${req.path} ${JSON.stringify(req.body ?? null)}`;
  return encodeHexLowerCase(sha256(new TextEncoder().encode(text)));
}

/** Runs `fn` in one write transaction, honouring the idempotency key when there is one. */
export function idempotentWrite<T>(
  db: AppDb,
  req: IdempotencyRequest,
  status: number,
  fn: (tx: Tx) => T,
  now: number,
): StoredResponse<T> {
  return writeTx(db, (tx) => {
    if (!req.key) return { status, body: fn(tx), replayed: false };
    if (req.key.length > 200) throw new AppError("VALIDATION", "Idempotency-Key is too long");
    const hash = requestHash(req);
    const prior = tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, req.userId), eq(idempotencyKeys.key, req.key)))
      .get();
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
    tx.insert(idempotencyKeys)
      .values({
        userId: req.userId,
        key: req.key,
        requestHash: hash,
        status,
        responseBody: JSON.stringify(body),
        createdAt: now,
      })
      .run();
    return { status, body, replayed: false };
  });
}

/** Keys are kept for a day; a replay later than that is a new request. */
export function pruneIdempotencyKeys(db: AppDb, now: number): void {
  db.delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, now - 24 * 60 * 60_000))
    .run();
}
