import { and, count, eq, gt, min } from "drizzle-orm";
import { type AppDb, type Tx, writeTx } from "../../db/client";
import { loginFailures, users } from "../../db/schema";
import { raiseAlert } from "../../lib/alerts";
import { auditedWrite } from "../../lib/audit";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/auth/password";
import { createSession } from "../../lib/auth/session";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
const INVALID = "Invalid username or password";

function recentFailures(db: AppDb, username: string, now: number) {
  return (
    db
      .select({ n: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.username, username),
          gt(loginFailures.createdAt, now - FAILURE_WINDOW_MS),
        ),
      )
      .get() ?? { n: 0, oldest: null }
  );
}

type UserRow = typeof users.$inferSelect;

/**
 * Checks a sign-in before anything is written for it: throttled per username; unknown user
 * and wrong password answer alike. A failure is recorded (and may raise the alert) in its
 * own transaction, since the 401 that follows must not roll it back.
 */
export async function verifySignIn(
  db: AppDb,
  input: { username: string; password: string; ip: string | null; requestId: string },
  now: number,
): Promise<UserRow> {
  const username = input.username.toLowerCase();
  const before = recentFailures(db, username, now);
  if (before.n >= MAX_FAILURES) {
    const retryAfter = Math.max(
      1,
      Math.ceil(((before.oldest ?? now) + FAILURE_WINDOW_MS - now) / 1000),
    );
    throw new AppError(
      "RATE_LIMITED",
      "Too many failed sign-in attempts. Try again later.",
      undefined,
      {
        "Retry-After": String(retryAfter),
      },
    );
  }
  const user = db.select().from(users).where(eq(users.username, input.username)).get();
  const ok = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (user && ok) return user;
  writeTx(db, (tx) => {
    tx.insert(loginFailures).values({ username, ip: input.ip, createdAt: now }).run();
    if (before.n + 1 >= MAX_FAILURES) {
      raiseAlert(
        tx,
        {
          type: "error",
          title: "Repeated failed sign-ins",
          description: `${MAX_FAILURES} failed sign-ins for username "${input.username}" within 15 minutes.`,
          dedupeKey: `login-failures:${username}`,
        },
        now,
      );
    }
  });
  log.warn("login failed", { requestId: input.requestId, username: input.username, ip: input.ip });
  throw new AppError("UNAUTHENTICATED", INVALID);
}

/** The write of a good sign-in: failures forgotten, a new session; the token goes in the cookie. */
export function startSession(tx: Tx, user: UserRow, now: number) {
  tx.delete(loginFailures).where(eq(loginFailures.username, user.username.toLowerCase())).run();
  return createSession(tx, user.id, now);
}

/** First start: with no user at all, create `admin` with ADMIN_PASSWORD or a printed random one. */
export async function ensureFirstAdmin(db: AppDb, adminPassword: string | undefined, now: number) {
  const existing = db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return null;
  const password =
    adminPassword || Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
  const passwordHash = await hashPassword(password);
  auditedWrite(db, "user.create-first-admin", { actor: null, now }, (tx) => {
    const created = tx
      .insert(users)
      .values({ username: "admin", passwordHash, role: "admin", createdAt: now })
      .returning()
      .get();
    return {
      body: null,
      audit: {
        entityType: "USER",
        entityId: created.id,
        after: { username: "admin", role: "admin" },
      },
    };
  });
  return { username: "admin", password, generated: !adminPassword };
}
