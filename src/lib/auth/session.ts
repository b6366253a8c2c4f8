/**
 * Sessions after the current Lucia guide: the token is `id.secret`, the secret is 32 random
 * bytes, only SHA-256(secret) is stored and it is compared in constant time. A session ends
 * after an idle timeout or an absolute lifetime, whichever comes first.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, gt, lte, or, sql } from "drizzle-orm";
import { type AppDb, type DbOrTx, prepared } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { SessionUser } from "../context";
import { isStorageFull } from "../errors";
import { countWhere } from "../list-query";

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
};

/**
 * Renew the idle clock at most once a minute, so reads do not each cost a write; with a short
 * idle timeout, after a tenth of it, so a session in use never idles out (issue 10: with
 * SESSION_IDLE_MINUTES=1 a session used every 20 s died at 60 s).
 */
const RENEW_AFTER_MS = 60_000;

export function renewAfterMs(policy: SessionPolicy): number {
  return Math.min(RENEW_AFTER_MS, Math.floor(policy.idleMs / 10));
}

function randomString(bytes: number): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** SHA-256 of the secret (node:crypto: a fifth of the pure-JS hash's cost on every request). */
function hashSecret(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}

/** Past its idle timeout or its absolute lifetime (validateSession and sessionStillValid). */
function expired(
  row: { createdAt: number; lastVerifiedAt: number },
  policy: SessionPolicy,
  now: number,
): boolean {
  return now - row.createdAt >= policy.absoluteMs || now - row.lastVerifiedAt >= policy.idleMs;
}

/** What a session remembers of where it started (shown in its owner's sessions list). */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** A User-Agent is the client's own text: kept to this many characters. */
const USER_AGENT_CHARS = 512;

export function createSession(
  db: DbOrTx,
  userId: number,
  now: number,
  client: SessionClient = { ip: null, userAgent: null },
): string {
  const id = randomString(15);
  const secret = randomString(32);
  db.insert(sessions)
    .values({
      id,
      secretHash: hashSecret(secret),
      userId,
      createdAt: now,
      lastVerifiedAt: now,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, USER_AGENT_CHARS) ?? null,
    })
    .run();
  return `${id}.${secret}`;
}

/**
 * A session's row and its user's, as two primary-key reads prepared once: SQLite answered
 * the join of the two in five times their time. validateSession and sessionStillValid both
 * read through these.
 */
function sessionRow(db: AppDb, id: string) {
  return prepared(db, "session.row", (d) =>
    d
      .select({
        id: sessions.id,
        secretHash: sessions.secretHash,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        lastVerifiedAt: sessions.lastVerifiedAt,
      })
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

function sessionUser(db: AppDb, userId: number): SessionUser | undefined {
  return prepared(db, "session.user", (d) =>
    d
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        createdAt: users.createdAt,
        shopId: users.shopId,
        customerId: users.customerId,
        disabledAt: users.disabledAt,
        mustChangePassword: users.mustChangePassword,
        lastSignInAt: users.lastSignInAt,
        oddsFormat: users.oddsFormat,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: userId });
}

export function validateSession(
  db: AppDb,
  token: string,
  policy: SessionPolicy,
  now: number,
): { sessionId: string; user: SessionUser } | null {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 128) return null;
  const row = sessionRow(db, id);
  if (!row) return null;
  const user = sessionUser(db, row.userId);
  // A disabled user's sessions are deleted when it is disabled; this guards any left over.
  if (!user || user.disabledAt !== null) return null;
  const given = hashSecret(secret);
  if (given.length !== row.secretHash.length || !timingSafeEqual(given, row.secretHash))
    return null;
  if (expired(row, policy, now)) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  if (now - row.lastVerifiedAt >= renewAfterMs(policy)) {
    try {
      db.update(sessions).set({ lastVerifiedAt: now }).where(eq(sessions.id, id)).run();
    } catch (err) {
      // On a full disk the session stays valid unrenewed, so reads still answer (decision 056).
      if (!isStorageFull(err)) throw err;
    }
  }
  return { sessionId: row.id, user };
}

export function deleteSession(db: DbOrTx, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function deleteUserSessions(db: DbOrTx, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}

export function countActiveSessions(db: AppDb, policy: SessionPolicy, now: number): number {
  return countWhere(
    db,
    sessions,
    and(
      gt(sessions.createdAt, now - policy.absoluteMs),
      gt(sessions.lastVerifiedAt, now - policy.idleMs),
    ),
  );
}

/** Every session validateSession would refuse for its age (housekeeping, src/server.ts). */
export function deleteExpiredSessions(db: AppDb, policy: SessionPolicy, now: number): void {
  db.delete(sessions)
    .where(
      or(
        lte(sessions.createdAt, now - policy.absoluteMs),
        lte(sessions.lastVerifiedAt, now - policy.idleMs),
      ),
    )
    .run();
}

/**
 * Whether a session is still good, without renewing it: long-lived streams (the live
 * events) re-check their caller with this, so a session that was ended, expired, or whose
 * user was disabled or must change its password stops receiving at once.
 */
export function sessionStillValid(
  db: AppDb,
  sessionId: string,
  policy: SessionPolicy,
  now: number,
): boolean {
  // Asked by every open stream at every event: the same two prepared reads.
  const row = sessionRow(db, sessionId);
  if (!row || expired(row, policy, now)) return false;
  const user = sessionUser(db, row.userId);
  return user !== undefined && user.disabledAt === null && !user.mustChangePassword;
}
