import { and, count, eq, gt, min } from "drizzle-orm";
import { type AppDb, writeTx } from "../../db/client";
import { loginFailures, users } from "../../db/schema";
import { raiseAlert } from "../../lib/alerts";
import { audit } from "../../lib/audit";
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

/** Signs in: throttled per username; unknown user and wrong password answer alike. */
export async function signIn(
  db: AppDb,
  input: { username: string; password: string; ip: string | null; requestId: string },
) {
  const now = Date.now();
  const username = input.username.toLowerCase();
  const before = recentFailures(db, username, now);
  if (before.n >= MAX_FAILURES) {
    const retryAfter = Math.max(
      1,
      Math.ceil(((before.oldest ?? now) + FAILURE_WINDOW_MS - now) / 1000),
    );
    throw new AppError(
      "TOO_MANY_REQUESTS",
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
  if (!user || !ok) {
    writeTx(db, (tx) => {
      tx.insert(loginFailures).values({ username, ip: input.ip, createdAt: now }).run();
      const after = before.n + 1;
      if (after >= MAX_FAILURES) {
        raiseAlert(tx, {
          type: "error",
          title: "Repeated failed sign-ins",
          description: `${MAX_FAILURES} failed sign-ins for username "${input.username}" within 15 minutes.`,
          dedupeKey: `login-failures:${username}`,
        });
      }
    });
    log.warn("login failed", {
      requestId: input.requestId,
      username: input.username,
      ip: input.ip,
    });
    throw new AppError("UNAUTHORIZED", INVALID);
  }
  const token = writeTx(db, (tx) => {
    tx.delete(loginFailures).where(eq(loginFailures.username, username)).run();
    audit(
      tx,
      {
        userId: user.id,
        username: user.username,
        role: user.role,
        ip: input.ip,
        requestId: input.requestId,
      },
      {
        action: "auth.login",
        entityType: "USER",
        entityId: user.id,
      },
    );
    return createSession(tx, user.id, now);
  });
  return { token, user };
}

/** First start: with no user at all, create `admin` with ADMIN_PASSWORD or a printed random one. */
export async function ensureFirstAdmin(db: AppDb, adminPassword: string | undefined) {
  const existing = db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return null;
  const password =
    adminPassword || Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
  const passwordHash = await hashPassword(password);
  writeTx(db, (tx) => {
    const created = tx
      .insert(users)
      .values({ username: "admin", passwordHash, role: "admin", createdAt: Date.now() })
      .returning()
      .get();
    audit(tx, null, {
      action: "user.create-first-admin",
      entityType: "USER",
      entityId: created.id,
      after: { username: "admin", role: "admin" },
    });
  });
  return { username: "admin", password, generated: !adminPassword };
}
