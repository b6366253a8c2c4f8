/**
 * A user's sessions (issue 25 item 7): the owner lists its active ones and ends the others;
 * an admin ends all of a user's. Each ending is a mutation with its audit row; the session's
 * id is only its public half (the secret is never stored), so listing it gives nothing away.
 */
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { AppDb, DbOrTx, Tx } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { SessionDto } from "../../domain/dto";
import type { Mutation, Op } from "../../lib/audit";
import type { SessionPolicy } from "../../lib/auth/session";
import { describeUserAgent, userAgentParts } from "../../lib/auth/user-agent";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { confirmPassword } from "./auth.service";

/** Sessions validateSession would still accept for their age. */
const active = (policy: SessionPolicy, now: number) =>
  and(
    gt(sessions.createdAt, now - policy.absoluteMs),
    gt(sessions.lastVerifiedAt, now - policy.idleMs),
  );

export function listOwnSessions(
  db: DbOrTx,
  userId: number,
  currentSessionId: string | null,
  policy: SessionPolicy,
  now: number,
): SessionDto[] {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), active(policy, now)))
    .orderBy(desc(sessions.createdAt), sessions.id)
    .all()
    .map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      lastSeenAt: new Date(row.lastVerifiedAt).toISOString(),
      ip: row.ip,
      browser: describeUserAgent(row.userAgent),
      device: userAgentParts(row.userAgent),
      current: row.id === currentSessionId,
    }));
}

/**
 * Ending a session asks for the password again (ASVS 5.0 7.5.2): checked like a sign-in,
 * per username and address (confirmPassword), so it cannot be guessed past the throttle.
 */
export async function confirmOwnPassword(
  db: AppDb,
  actor: Actor,
  password: string,
  now: number,
): Promise<void> {
  const user = db.select().from(users).where(eq(users.id, actor.userId)).get();
  if (!user) throw notFound("User");
  if (!(await confirmPassword(db, user, password, actor, now))) {
    throw new AppError("VALIDATION", "Password is incorrect", {
      password: "Password is incorrect",
    });
  }
}

/**
 * The owner ends one of its other sessions. Another user's session answers as a missing one
 * (404), so ids cannot be probed; the session of this request is refused (sign out ends it).
 */
export function endOwnSession(
  tx: Tx,
  { actor }: Op,
  currentSessionId: string | null,
  sessionId: string,
): Mutation<undefined> {
  const row = tx
    .select({ id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId)))
    .get();
  if (!row) throw notFound("Session");
  if (row.id === currentSessionId) {
    throw new AppError("UNPROCESSABLE", "This is the session you are using: sign out to end it");
  }
  tx.delete(sessions).where(eq(sessions.id, row.id)).run();
  return {
    body: undefined,
    audit: {
      entityType: "USER",
      entityId: actor.userId,
      before: { session: { ip: row.ip, browser: describeUserAgent(row.userAgent) } },
      after: { sessionEnded: true },
    },
  };
}

/**
 * An admin ends every session of a user (a lost phone, a till left signed in). On the
 * admin's own account the session of this request stays, as a password change leaves it.
 */
export function endUserSessions(
  tx: Tx,
  { actor }: Op,
  currentSessionId: string | null,
  userId: number,
): Mutation<{ ended: number }> {
  const user = tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound("User");
  const keep =
    userId === actor.userId && currentSessionId ? ne(sessions.id, currentSessionId) : undefined;
  const ended = tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep))
    .returning({ id: sessions.id })
    .all().length;
  return {
    body: { ended },
    audit: {
      entityType: "USER",
      entityId: userId,
      before: { sessions: ended },
      after: { sessions: 0 },
    },
  };
}
