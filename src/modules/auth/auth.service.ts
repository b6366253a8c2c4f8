import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type AppDb, type DbOrTx, type Tx, writeTx } from "../../db/client";
import { alerts, auditLog, loginFailures, users } from "../../db/schema";
import { raiseAlert } from "../../lib/alerts";
import { audit, auditedWrite, type Mutation, type Op } from "../../lib/audit";
import {
  assertPasswordAllowed,
  dummyPasswordHash,
  hashPassword,
  verifyPassword,
} from "../../lib/auth/password";
import { createSession, type SessionClient } from "../../lib/auth/session";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { countWhere } from "../../lib/list-query";
import { log } from "../../lib/logger";
import { toUserDto, type UserDto } from "../users/users.dto";

/**
 * Sign-in limits (docs/security.md, decisions/018). Every attempt is counted, before its
 * password is checked, as a failure that a success deletes again; all counts are over the
 * last FAILURE_WINDOW_MS.
 */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Attempts for one username from one address; the next one is a 429. */
export const MAX_PER_USERNAME_ADDRESS = 5;
/** Attempts from one address, all usernames together; the next one is a 429. */
export const MAX_PER_ADDRESS = 20;
/** Failures for one username from other addresses after which its sign-ins are slowed, never refused. */
export const SLOW_AFTER = 5;
/** The slowdown doubles from 250 ms with each further failure, up to this. */
export const MAX_DELAY_MS = 3_000;
/** Failures for one username (any address) that raise the alert, once per window. */
export const ALERT_AFTER = 5;
/** Failed sign-ins are kept a day (the export shows them), then housekeeping deletes them. */
export const FAILURE_RETENTION_MS = 24 * 60 * 60_000;
/** What an alert or a log line quotes of a typed username. */
const USERNAME_QUOTE_CHARS = 64;
const INVALID = "Invalid username or password";

type UserRow = typeof users.$inferSelect;

const fromAddress = (ip: string | null) =>
  ip === null ? isNull(loginFailures.ip) : eq(loginFailures.ip, ip);
const notFromAddress = (ip: string | null) =>
  ip === null
    ? isNotNull(loginFailures.ip)
    : or(isNull(loginFailures.ip), ne(loginFailures.ip, ip));
const inWindow = (now: number) => gt(loginFailures.createdAt, now - FAILURE_WINDOW_MS);

/** A typed username as alerts and logs show it: at most 64 characters, in quotes, escaped. */
export function quoteUsername(typed: string): string {
  const short =
    typed.length > USERNAME_QUOTE_CHARS ? `${typed.slice(0, USERNAME_QUOTE_CHARS)}…` : typed;
  return JSON.stringify(short);
}

/**
 * A typed username as the audit trail keeps it: at most 64 characters, every control or
 * format character (NUL, bidi overrides, zero-width) written out as `\u{…}`, so the audit
 * screen and its export show what was typed without it rearranging or hiding the text.
 */
export function auditUsername(typed: string): string {
  const chars = Array.from(typed);
  const short = chars.slice(0, USERNAME_QUOTE_CHARS).join("");
  const visible = short.replace(
    /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu,
    (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`,
  );
  return chars.length > USERNAME_QUOTE_CHARS ? `${visible}…` : visible;
}

/**
 * One password check: a sign-in (anonymous, by a typed username) or the re-authentication
 * of a signed-in user (confirming its password). `username` is the throttle's key
 * (lowercased); `typed` what the audit row shows.
 */
type Attempt = {
  typed: string;
  username: string;
  userId: number | null;
  ip: string | null;
  requestId: string;
} & ({ kind: "login" } | { kind: "confirm"; actor: Actor });

type Refusal =
  | { reason: "unknown-user" | "wrong-password" | "disabled" }
  | { reason: "throttled"; limit: ThrottleLimit };
type ThrottleLimit = "username-and-address" | "address";

const refusalAction = (attempt: Attempt, why: Refusal) =>
  attempt.kind === "confirm"
    ? "auth.confirm-failed"
    : why.reason === "throttled"
      ? "auth.login-locked"
      : "auth.login-failed";

/**
 * Every refused password check is on the audit trail (issue 25): `auth.login-failed`,
 * `auth.login-locked` (the throttle) or `auth.confirm-failed`, with the username as typed,
 * the address and the reason. Only the trail knows the reason; the caller's answer is the
 * same for an unknown user and a wrong password. The throttle's refusals are counted into one
 * row per window instead (auditThrottled).
 */
function auditRefusal(
  tx: Tx,
  attempt: Attempt,
  why: Refusal,
  now: number,
  more: { refusals?: number } = {},
): void {
  audit(
    tx,
    attempt.kind === "confirm" ? attempt.actor : null,
    {
      action: refusalAction(attempt, why),
      entityType: "USER",
      entityId: attempt.userId,
      after: { username: auditUsername(attempt.typed), ...why, ...more },
      client: { ip: attempt.ip, requestId: attempt.requestId },
    },
    now,
  );
}

/**
 * A refusal by the throttle on the record without flooding it (decision 072): refusals cost
 * the caller nothing, so a script sends thousands. The first in a window writes its row with
 * `refusals: 1`; the next ones for the same key within FAILURE_WINDOW_MS of that row add to
 * its `refusals` and set `lastRefusedAt`, so the trail holds at most one row per key and
 * window and still says how many were refused and until when. The key is the action, the
 * address and the limit, and for the username limit the username as the audit row shows it,
 * in any case (the throttle's own key is lowercased). The address limit refuses whatever
 * username comes, so its row is per address and names the first; the ones typed before it
 * each have their `auth.login-failed` row. Rows are few: an address holds at most
 * MAX_PER_ADDRESS / MAX_PER_USERNAME_ADDRESS username locks and its address lock per window.
 */
function auditThrottled(tx: Tx, attempt: Attempt, limit: ThrottleLimit, now: number): void {
  const why: Refusal = { reason: "throttled", limit };
  const username = auditUsername(attempt.typed);
  const open = tx
    .select({ id: auditLog.id, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, refusalAction(attempt, why)),
        gt(auditLog.createdAt, now - FAILURE_WINDOW_MS),
        attempt.ip === null ? isNull(auditLog.ip) : eq(auditLog.ip, attempt.ip),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .all()
    .map((row) => ({ id: row.id, after: JSON.parse(row.after ?? "{}") as ThrottledDetails }))
    .find(
      ({ after }) =>
        after.reason === "throttled" &&
        after.limit === limit &&
        (limit === "address" || after.username?.toLowerCase() === username.toLowerCase()),
    );
  if (!open) {
    auditRefusal(tx, attempt, why, now, { refusals: 1 });
    return;
  }
  const after: ThrottledDetails = {
    ...open.after,
    refusals: (open.after.refusals ?? 1) + 1,
    lastRefusedAt: new Date(now).toISOString(),
  };
  tx.update(auditLog)
    .set({ after: JSON.stringify(after) })
    .where(eq(auditLog.id, open.id))
    .run();
}

/** What a throttle row's `after` holds. */
type ThrottledDetails = {
  username?: string;
  reason?: string;
  limit?: string;
  refusals?: number;
  lastRefusedAt?: string;
};

/** Seconds until the `limit`-th newest of these failures leaves the window (Retry-After). */
function retryAfterSeconds(db: DbOrTx, where: SQL | undefined, limit: number, now: number) {
  const row = db
    .select({ at: loginFailures.createdAt })
    .from(loginFailures)
    .where(where)
    .orderBy(desc(loginFailures.createdAt))
    .limit(1)
    .offset(limit - 1)
    .get();
  return Math.max(1, Math.ceil(((row?.at ?? now) + FAILURE_WINDOW_MS - now) / 1000));
}

/** The slowdown for a username that `foreign` failures from other addresses point at. */
export function slowdownMs(foreign: number): number {
  if (foreign < SLOW_AFTER) return 0;
  return Math.min(MAX_DELAY_MS, 250 * 2 ** (foreign - SLOW_AFTER));
}

/** How long a sign-in for `username` from `ip` waits before its password is checked. */
export function signInDelayMs(db: DbOrTx, username: string, ip: string | null, now: number) {
  const key = username.toLowerCase();
  return slowdownMs(
    countWhere(
      db,
      loginFailures,
      and(eq(loginFailures.username, key), notFromAddress(ip), inWindow(now)),
    ),
  );
}

/**
 * Counts the attempt before anything else, in one synchronous IMMEDIATE transaction, so no
 * burst can outrun the count: refused with 429 once its username+address or its address has
 * used up the window (refusals are not counted, so they do not extend it); otherwise recorded.
 * Answers the recorded row's id and the slowdown due to failures from elsewhere.
 */
function admitAttempt(db: AppDb, attempt: Attempt, now: number) {
  const { username, ip } = attempt;
  const refusal = writeTx(db, (tx) => {
    const limits: [SQL | undefined, number, ThrottleLimit][] = [
      [
        and(eq(loginFailures.username, username), fromAddress(ip), inWindow(now)),
        MAX_PER_USERNAME_ADDRESS,
        "username-and-address",
      ],
      [and(fromAddress(ip), inWindow(now)), MAX_PER_ADDRESS, "address"],
    ];
    for (const [where, limit, limitName] of limits) {
      if (countWhere(tx, loginFailures, where) >= limit) {
        // On the record in the same transaction, though nothing else is written.
        auditThrottled(tx, attempt, limitName, now);
        return { retryAfter: retryAfterSeconds(tx, where, limit, now) };
      }
    }
    tx.insert(loginFailures).values({ username, ip, createdAt: now }).run();
    return null;
  });
  if (refusal) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many failed sign-in attempts. Try again later.",
      undefined,
      { "Retry-After": String(refusal.retryAfter) },
    );
  }
  return { delayMs: signInDelayMs(db, username, ip, now) };
}

/** The alert for a username under attack: quoting it, at most one per username per window. */
function alertRepeatedFailures(tx: Tx, username: string, typed: string, now: number): void {
  const failures = countWhere(
    tx,
    loginFailures,
    and(eq(loginFailures.username, username), inWindow(now)),
  );
  if (failures < ALERT_AFTER) return;
  const dedupeKey = `login-failures:${username.slice(0, USERNAME_QUOTE_CHARS)}`;
  const recent = tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.dedupeKey, dedupeKey), gt(alerts.createdAt, now - FAILURE_WINDOW_MS)))
    .get();
  if (recent) return;
  raiseAlert(
    tx,
    {
      type: "error",
      category: "security",
      code: "SIGN_IN_FAILURES",
      params: { count: failures, username: quoteUsername(typed) },
      dedupeKey,
    },
    now,
  );
}

/**
 * One password check under the sign-in throttle (decisions/018 and 042): the attempt is
 * counted first for the username and this address (admitAttempt, 429 once either is used
 * up), slowed if the username is under attack from elsewhere, then the password is checked
 * against `passwordHash` (a dummy hash when the user is unknown, so both answer alike). A
 * success deletes this address's failures for the username; a failure stays counted, is
 * audited and may raise the alert. Failures from other addresses never refuse this one.
 */
async function throttledPasswordCheck(
  db: AppDb,
  attempt: Attempt,
  password: string,
  passwordHash: string | null,
  now: number,
): Promise<boolean> {
  const { username, ip } = attempt;
  const { delayMs } = admitAttempt(db, attempt, now);
  if (delayMs > 0) await Bun.sleep(delayMs);
  const ok = await verifyPassword(password, passwordHash ?? (await dummyPasswordHash()));
  if (passwordHash !== null && ok) {
    writeTx(db, (tx) =>
      tx
        .delete(loginFailures)
        .where(and(eq(loginFailures.username, username), fromAddress(ip)))
        .run(),
    );
    return true;
  }
  writeTx(db, (tx) => {
    auditRefusal(
      tx,
      attempt,
      { reason: passwordHash === null ? "unknown-user" : "wrong-password" },
      now,
    );
    alertRepeatedFailures(tx, username, attempt.typed, now);
  });
  log.warn("password check failed", {
    requestId: attempt.requestId,
    username: quoteUsername(attempt.typed),
    ip,
  });
  return false;
}

/**
 * Checks a sign-in (throttledPasswordCheck); unknown user and wrong password answer alike.
 * Answers the user row; the caller adds its own checks.
 */
export async function verifySignIn(
  db: AppDb,
  input: { username: string; password: string; ip: string | null; requestId: string },
  now: number,
): Promise<UserRow> {
  const user = db.select().from(users).where(eq(users.username, input.username)).get();
  const attempt: Attempt = {
    kind: "login",
    typed: input.username,
    username: input.username.toLowerCase(),
    userId: user?.id ?? null,
    ip: input.ip,
    requestId: input.requestId,
  };
  const ok = await throttledPasswordCheck(
    db,
    attempt,
    input.password,
    user?.passwordHash ?? null,
    now,
  );
  if (user && ok) return user;
  throw new AppError("UNAUTHENTICATED", INVALID);
}

/**
 * The right password for a disabled account: refused (the caller says so, only to whoever
 * knew the password) and on the record like any other refused sign-in.
 */
export function auditDisabledSignIn(
  db: AppDb,
  user: { id: number; username: string },
  who: { ip: string | null; requestId: string },
  now: number,
): void {
  const attempt: Attempt = {
    kind: "login",
    typed: user.username,
    username: user.username.toLowerCase(),
    userId: user.id,
    ...who,
  };
  writeTx(db, (tx) => auditRefusal(tx, attempt, { reason: "disabled" }, now));
}

/**
 * Re-authentication of a signed-in user (changing its own password, delete-all): the same
 * check as a sign-in, per username and address (decisions/042). A borrowed session cannot
 * guess past the sign-in throttle, and failures from another address never lock the owner
 * out of its own session: only this address's attempts can refuse it (429).
 */
export function confirmPassword(
  db: AppDb,
  user: { username: string; passwordHash: string },
  password: string,
  who: Actor,
  now: number,
): Promise<boolean> {
  const attempt: Attempt = {
    kind: "confirm",
    actor: who,
    typed: user.username,
    username: user.username.toLowerCase(),
    userId: who.userId,
    ip: who.ip,
    requestId: who.requestId,
  };
  return throttledPasswordCheck(db, attempt, password, user.passwordHash, now);
}

/** True while some address is refused for this username (the user list shows it). */
export function signInLocked(db: AppDb, username: string, now: number): boolean {
  return lockedUsernames(db, [username], now).size > 0;
}

/** Which of `usernames` (lowercased) are refused for some address now: one query for a page. */
export function lockedUsernames(db: AppDb, usernames: string[], now: number): Set<string> {
  if (usernames.length === 0) return new Set();
  const rows = db
    .selectDistinct({ username: loginFailures.username })
    .from(loginFailures)
    .where(
      and(
        inArray(
          loginFailures.username,
          usernames.map((name) => name.toLowerCase()),
        ),
        inWindow(now),
      ),
    )
    .groupBy(loginFailures.username, loginFailures.ip)
    .having(sql`count(*) >= ${MAX_PER_USERNAME_ADDRESS}`)
    .all();
  return new Set(rows.map((row) => row.username));
}

/** An admin clears a lock: the username's failed sign-ins from every address are forgotten. */
export function unlockUser(tx: Tx, _op: Op, userId: number): Mutation<UserDto> {
  const user = tx.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound("User");
  const ofUser = eq(loginFailures.username, user.username.toLowerCase());
  const changes = countWhere(tx, loginFailures, ofUser);
  tx.delete(loginFailures).where(ofUser).run();
  if (changes === 0) return { body: toUserDto(user), unchanged: true };
  return {
    body: toUserDto(user),
    audit: {
      entityType: "USER",
      entityId: user.id,
      before: { failedSignIns: changes },
      after: { failedSignIns: 0 },
    },
  };
}

/** Housekeeping: failed sign-ins older than FAILURE_RETENTION_MS are deleted. */
export function pruneLoginFailures(db: AppDb, now: number): void {
  db.delete(loginFailures)
    .where(lte(loginFailures.createdAt, now - FAILURE_RETENTION_MS))
    .run();
}

/**
 * The write of a good sign-in: a new session (its token goes in the cookie) and the time of
 * it (the user list's last sign-in). Answers the token and the user as now stored.
 */
export function startSession(tx: Tx, user: UserRow, now: number, client?: SessionClient) {
  const token = createSession(tx, user.id, now, client);
  const signedIn =
    tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id)).returning().get() ??
    user;
  return { token, user: signedIn };
}

/**
 * First start: with no user at all, create `admin` with ADMIN_PASSWORD or a printed random one.
 * ADMIN_PASSWORD must pass the password policy (a refused one stops the start, saying why); a
 * generated one was printed to a console, so admin must replace it at the first sign-in
 * (decision 046). The operator chose ADMIN_PASSWORD, so that one stands.
 */
export async function ensureFirstAdmin(db: AppDb, adminPassword: string | undefined, now: number) {
  const existing = db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return null;
  if (adminPassword) {
    try {
      assertPasswordAllowed(adminPassword, "admin", "ADMIN_PASSWORD");
    } catch (err) {
      throw new Error(`ADMIN_PASSWORD is refused: ${(err as Error).message}`);
    }
  }
  const password =
    adminPassword || Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
  const generated = !adminPassword;
  const passwordHash = await hashPassword(password);
  auditedWrite(db, "user.create-first-admin", { actor: null, now }, (tx) => {
    const created = tx
      .insert(users)
      .values({
        username: "admin",
        passwordHash,
        role: "admin",
        createdAt: now,
        mustChangePassword: generated,
      })
      .returning()
      .get();
    return {
      body: null,
      audit: {
        entityType: "USER",
        entityId: created.id,
        after: { username: "admin", role: "admin", mustChangePassword: generated },
      },
    };
  });
  return { username: "admin", password, generated };
}
