import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import { deleteSession } from "../../lib/auth/session";
import { changedKeys, implement } from "../../lib/endpoint";
import { AppError, notFound } from "../../lib/errors";
import { type AppEnv, clientIp, serverOrigin } from "../../lib/http";
import { SESSION_COOKIE } from "../../lib/middleware";
import { refuse } from "../../lib/refusals";
import { findShopRow } from "../shops/shops.service";
import { toUserDto } from "../users/users.dto";
import { auditDisabledSignIn, startSession, verifySignIn } from "./auth.service";
import { changeOwnPassword, checkAndHashNewPassword } from "./own-password.service";
import { confirmOwnPassword, endOwnSession, listOwnSessions } from "./sessions.service";

function isSecure(c: Context<AppEnv>): boolean {
  const configured = c.get("deps").cookieSecure;
  if (configured !== undefined) return configured;
  // X-Forwarded-Proto counts only with TRUST_PROXY (serverOrigin, lib/http.ts).
  return serverOrigin(c).startsWith("https:");
}

const COOKIE = { path: "/", httpOnly: true, sameSite: "Lax" } as const;

type OwnSettings = Pick<typeof users.$inferSelect, "shopId" | "oddsFormat" | "language">;

/**
 * The signed-in user's own settings (working shop, odds format, language) set on their row and
 * audited with the changed values before and after; a key left out stays as it is, and
 * setting the values it already has changes nothing.
 */
function setOwn(tx: Tx, userId: number, values: Partial<OwnSettings>) {
  const before = tx.select().from(users).where(eq(users.id, userId)).get();
  if (!before) throw notFound("User");
  const changed = changedKeys(values, before);
  if (changed.length === 0) return { body: toUserDto(before), unchanged: true as const };
  const set = Object.fromEntries(changed.map((key) => [key, values[key]]));
  const after = tx.update(users).set(set).where(eq(users.id, userId)).returning().get();
  if (!after) throw notFound("User");
  return {
    body: toUserDto(after),
    audit: {
      entityType: "USER" as const,
      entityId: after.id,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: set,
    },
  };
}

export const authEndpoints = [
  implement(contracts.login, {
    prepare: async ({ c, db, body, now }) => {
      const who = { ip: clientIp(c), requestId: c.get("requestId") };
      const user = await verifySignIn(db, { ...body, ...who }, now);
      // Only the right password learns that the account is disabled.
      if (user.disabledAt !== null) {
        auditDisabledSignIn(db, user, who, now);
        throw new AppError("UNAUTHENTICATED", "This account is disabled. Ask an admin.");
      }
      return user;
    },
    write: (tx, { c, prepared, now, deps }) => {
      // A sign-in over a valid session ends that session (whoever it was): a till handed
      // over keeps no earlier session alive behind the new cookie.
      const previous = c.get("sessionId");
      const previousUser = c.get("user");
      if (previous) deleteSession(tx, previous);
      const { token, user } = startSession(tx, prepared, now, {
        ip: clientIp(c),
        userAgent: c.req.header("user-agent") ?? null,
      });
      const actor = {
        userId: user.id,
        username: user.username,
        role: user.role,
        ip: clientIp(c),
        requestId: c.get("requestId"),
      };
      return {
        body: toUserDto(user),
        audit: {
          entityType: "USER",
          entityId: user.id,
          actor,
          ...(previous && previousUser
            ? { after: { previousSessionEnded: { userId: previousUser.id } } }
            : {}),
        },
        after: (c) => {
          c.set("user", user);
          setCookie(c, SESSION_COOKIE, token, {
            ...COOKIE,
            secure: isSecure(c),
            maxAge: Math.floor(deps.sessionPolicy.absoluteMs / 1000),
          });
        },
      };
    },
  }),
  // Ends the user's other sessions; also how a reset password is replaced at sign-in.
  implement(contracts.changePassword, {
    prepare: ({ db, actor, body, now }) => checkAndHashNewPassword(db, actor, body, now),
    write: (tx, { c, op, prepared }) => changeOwnPassword(tx, op, c.get("sessionId"), prepared),
  }),
  implement(contracts.listOwnSessions, ({ c, deps, actor, now }) =>
    listOwnSessions(deps.db, actor.userId, c.get("sessionId"), deps.sessionPolicy, now),
  ),
  implement(contracts.endOwnSession, {
    // The password first, under the sign-in throttle (a wrong one is auth.confirm-failed).
    prepare: ({ db, actor, body, now }) => confirmOwnPassword(db, actor, body.password, now),
    write: (tx, { c, op, params }) => endOwnSession(tx, op, c.get("sessionId"), params.sessionId),
  }),
  // Public, so that an expired session still signs out cleanly.
  implement(contracts.logout, {
    // A bearer has no session to end, and a 204 would tell a client dropping its credential
    // that it had: the token is revoked by a person instead (decision 086). Before the write
    // transaction, so a refusal takes no lock.
    prepare: async ({ c }) => {
      if (c.get("apiToken")) {
        throw new AppError(
          "FORBIDDEN",
          "An API token is revoked, not logged out: DELETE /api/admin/tokens/{tokenId}",
        );
      }
    },
    write: (tx, { c, actor }) => {
      const sessionId = c.get("sessionId");
      const after = (c: Context<AppEnv>) =>
        deleteCookie(c, SESSION_COOKIE, { ...COOKIE, secure: isSecure(c) });
      if (!sessionId || !actor) return { body: undefined, unchanged: true, after };
      deleteSession(tx, sessionId);
      return { body: undefined, audit: { entityType: "USER", entityId: actor.userId }, after };
    },
  }),
  // The staff user's working shop, remembered for their next sign-in.
  implement(contracts.setWorkingShop, {
    write: (tx, { op, body }) => {
      const shopId = body.shopId;
      if (shopId !== null) {
        const shop = findShopRow(tx, shopId);
        if (!shop) throw notFound("Shop");
        // The refusal a deposit at an inactive shop answers, with its reason (decision 070).
        if (!shop.isActive) throw refuse("SHOP_INACTIVE", {});
      }
      return setOwn(tx, op.actor.userId, { shopId });
    },
  }),
  // How this user sees prices (decision 048) and their language (decision 065): columns on
  // their own row, audited like any edit.
  implement(contracts.setPreferences, {
    write: (tx, { op, body }) =>
      setOwn(tx, op.actor.userId, { oddsFormat: body.oddsFormat, language: body.language }),
  }),
  // Public, but it answers 401 itself: that is how the web app learns it is signed out.
  implement(contracts.currentUser, ({ c }) => {
    const user = c.get("user");
    if (!user) throw new AppError("UNAUTHENTICATED", "Not signed in");
    return toUserDto(user);
  }),
];
