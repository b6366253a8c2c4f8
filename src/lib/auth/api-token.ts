/**
 * API tokens for machine clients (decision 058). A token is `bst_` and 32 random bytes in
 * base64url; only SHA-256 of it is stored, with its first 12 characters (`prefix`, not
 * secret) to tell tokens apart. `Authorization: Bearer <token>` acts as a principal of the
 * token's role, named `token:<name>#<id>` and carrying its creating admin's id, so every audit
 * row written under a token names both. A token is refused (401) once revoked or expired,
 * and while its creator is disabled or no longer an admin.
 */
import { createHash } from "node:crypto";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, gt, sql } from "drizzle-orm";
import { type AppDb, prepared } from "../../db/client";
import { apiTokens, loginFailures, users } from "../../db/schema";
import type { SessionUser } from "../context";
import { AppError, isStorageFull } from "../errors";
import { countWhere } from "../list-query";
import { takeFromBucket } from "../rate-bucket";

export const TOKEN_PREFIX = "bst_";
/** How many of the token's characters are kept and shown (`bst_` and 8 more). */
export const PREFIX_CHARS = 12;
/** Write last_used_at at most once a minute, so a busy client does not cost a write a request. */
export const LAST_USED_EVERY_MS = 60_000;
export const DEFAULT_RATE_PER_MINUTE = 600;

/**
 * A refused bearer counts as a failed sign-in from its address (src/modules/auth/auth.service.ts:
 * FAILURE_WINDOW_MS and MAX_PER_ADDRESS, checked equal by tokens.test.ts): the same table, the
 * same window and the same per-address limit, so guessing tokens and passwords share one budget.
 */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** What a refused bearer's failure row records as its "username": no username can be this. */
export const BEARER_FAILURE_KEY = "(api token)";

export function hashApiToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** A new token: the secret (shown once), its stored hash and its displayed prefix. */
export function generateApiToken(): { token: string; hash: Buffer; prefix: string } {
  const token = `${TOKEN_PREFIX}${encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)))}`;
  return { token, hash: hashApiToken(token), prefix: token.slice(0, PREFIX_CHARS) };
}

/** The Bearer credential of a request: null without one; "" for `Bearer` with nothing after it. */
export function bearerOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(authorization.trim());
  if (!match) return null;
  return (match[1] ?? "").trim();
}

type TokenRow = {
  id: number;
  name: string;
  role: "admin" | "user";
  createdBy: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
};

/** What a request needs of its token's row. */
const TOKEN_COLUMNS = {
  id: apiTokens.id,
  name: apiTokens.name,
  role: apiTokens.role,
  createdBy: apiTokens.createdBy,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
};

function tokenByHash(db: AppDb, hash: Buffer): TokenRow | undefined {
  return prepared(db, "api-token.by-hash", (d) =>
    d
      .select(TOKEN_COLUMNS)
      .from(apiTokens)
      .where(eq(apiTokens.secretHash, sql.placeholder("hash")))
      .prepare(),
  ).get({ hash });
}

function tokenById(db: AppDb, id: number): TokenRow | undefined {
  return prepared(db, "api-token.by-id", (d) =>
    d
      .select(TOKEN_COLUMNS)
      .from(apiTokens)
      .where(eq(apiTokens.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

function creatorOf(db: AppDb, userId: number) {
  return prepared(db, "api-token.creator", (d) =>
    d
      .select({
        id: users.id,
        role: users.role,
        createdAt: users.createdAt,
        shopId: users.shopId,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: userId });
}

type Creator = { id: number; createdAt: number; shopId: number | null };

/** Why a token row may not act now, or the creator it acts for. */
function refusal(
  db: AppDb,
  row: TokenRow,
  now: number,
): { message: string } | { creator: Creator } {
  if (row.revokedAt !== null) return { message: "This API token was revoked" };
  if (row.expiresAt !== null && row.expiresAt <= now) {
    return { message: "This API token has expired" };
  }
  const creator = creatorOf(db, row.createdBy);
  if (!creator || creator.disabledAt !== null || creator.role !== "admin") {
    return { message: "This API token's creator is disabled or no longer an admin" };
  }
  return { creator };
}

/** How the audit trail names a token's actions: `token:till-sync#3`. */
export function tokenActorName(token: { id: number; name: string }): string {
  return `token:${token.name}#${token.id}`;
}

/**
 * The principal a valid token acts as: the token's role, named `token:<name>#<id>`, with
 * its creator's id (audit rows name both) and the creator's working shop (money dialogs'
 * default). The id tells apart two tokens given the same name (decision 082).
 */
function principalOf(row: TokenRow, creator: Creator): SessionUser {
  return {
    id: creator.id,
    username: tokenActorName(row),
    role: row.role,
    createdAt: creator.createdAt,
    shopId: creator.shopId,
    customerId: null,
    disabledAt: null,
    mustChangePassword: false,
    lastSignInAt: null,
    oddsFormat: null,
    language: null,
  };
}

/** Failed sign-ins and bearers from this address within the window. */
const fromAddressInWindow = (ip: string | null, now: number) =>
  and(
    ip === null ? sql`${loginFailures.ip} is null` : eq(loginFailures.ip, ip),
    gt(loginFailures.createdAt, now - FAILURE_WINDOW_MS),
  );

/** Seconds until the oldest counted failure from this address leaves the window. */
function retryAfterSeconds(db: AppDb, ip: string | null, now: number): number {
  const row = db
    .select({ at: loginFailures.createdAt })
    .from(loginFailures)
    .where(fromAddressInWindow(ip, now))
    .orderBy(sql`${loginFailures.createdAt} desc`)
    .limit(1)
    .offset(MAX_FAILURES_PER_ADDRESS - 1)
    .get();
  return Math.max(1, Math.ceil(((row?.at ?? now) + FAILURE_WINDOW_MS - now) / 1000));
}

/**
 * A refused bearer: 429 once its address has used up the sign-in window (not counted, so it
 * does not extend it), else counted as a failed sign-in from that address and a 401.
 */
function refuse(db: AppDb, ip: string | null, now: number, message: string): never {
  // At the limit (failures from this address in the window), the next refusal is a 429.
  if (countWhere(db, loginFailures, fromAddressInWindow(ip, now)) >= MAX_FAILURES_PER_ADDRESS) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many failed sign-ins or invalid API tokens from this address. Try again later.",
      undefined,
      { "Retry-After": String(retryAfterSeconds(db, ip, now)) },
    );
  }
  try {
    db.insert(loginFailures).values({ username: BEARER_FAILURE_KEY, ip, createdAt: now }).run();
  } catch (err) {
    // On a full disk the refusal still answers (decision 056).
    if (!isStorageFull(err)) throw err;
  }
  throw new AppError("UNAUTHENTICATED", message);
}

/**
 * The principal of a Bearer credential, or a 401 saying why not (429 when its address is
 * throttled). Renews last_used_at at most once a minute.
 */
export function authenticateApiToken(
  db: AppDb,
  token: string,
  ip: string | null,
  now: number,
): { user: SessionUser; token: { id: number; name: string } } {
  const row =
    token.startsWith(TOKEN_PREFIX) && token.length <= 200
      ? tokenByHash(db, hashApiToken(token))
      : undefined;
  if (!row) return refuse(db, ip, now, "Invalid API token (Authorization: Bearer <token>)");
  const why = refusal(db, row, now);
  if ("message" in why) return refuse(db, ip, now, why.message);
  if (row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_EVERY_MS) {
    try {
      db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id)).run();
    } catch (err) {
      if (!isStorageFull(err)) throw err;
    }
  }
  return { user: principalOf(row, why.creator), token: { id: row.id, name: row.name } };
}

/** Whether a token may still act, without touching it: the live stream re-checks with this. */
export function apiTokenStillValid(db: AppDb, tokenId: number, now: number): boolean {
  const row = tokenById(db, tokenId);
  return row !== undefined && !("message" in refusal(db, row, now));
}

/** Requests per token: `perMinute`, in a bucket per app (src/lib/rate-bucket.ts). */
export function takeTokenRequest(
  owner: object,
  tokenId: number,
  perMinute: number,
  now: number,
): number {
  return takeFromBucket(owner, `token:${tokenId}`, perMinute, now);
}
