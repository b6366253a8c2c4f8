/** A signed-in user's own password change (PATCH /api/user/password). */
import { and, eq, ne } from "drizzle-orm";
import type { AppDb, Tx } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { Mutation, Op } from "../../lib/audit";
import { assertPasswordAllowed, hashPassword, takePasswordCheck } from "../../lib/auth/password";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { toUserDto, type UserDto } from "../users/users.dto";
import { confirmPassword } from "./auth.service";

/**
 * Before the write, the current password first: checked under the sign-in throttle for this
 * user and address (confirmPassword; a wrong one counts as a failed sign-in, past
 * the limit it is a 429), then the new password against the policy (decision 046), then the
 * new one hashed. The policy's strength estimate costs up to a quarter of a second on the only
 * request thread (decision 072), so only a caller who knew the current password pays for it,
 * at most PASSWORD_CHECKS_PER_MINUTE times a minute: a wrong or throttled one never reaches
 * the estimator.
 */
export async function checkAndHashNewPassword(
  db: AppDb,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  now: number,
): Promise<string> {
  const user = db.select().from(users).where(eq(users.id, actor.userId)).get();
  if (!user) throw notFound("User");
  if (!(await confirmPassword(db, user, input.currentPassword, actor, now))) {
    throw new AppError("VALIDATION", "Current password is incorrect", {
      currentPassword: "Current password is incorrect",
    });
  }
  if (input.currentPassword === input.newPassword) {
    throw new AppError("VALIDATION", "New password must differ from the current one", {
      newPassword: "New password must differ from the current one",
    });
  }
  takePasswordCheck(db, user.id, now);
  assertPasswordAllowed(input.newPassword, user.username, "newPassword");
  return hashPassword(input.newPassword);
}

/** The user's own change: their other sessions end, a pending reset is satisfied. */
export function changeOwnPassword(
  tx: Tx,
  { actor }: Op,
  sessionId: string | null,
  passwordHash: string,
): Mutation<UserDto> {
  const after = tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(users.id, actor.userId))
    .returning()
    .get();
  if (!after) throw notFound("User");
  tx.delete(sessions)
    .where(
      and(eq(sessions.userId, actor.userId), sessionId ? ne(sessions.id, sessionId) : undefined),
    )
    .run();
  return {
    body: toUserDto(after),
    audit: { entityType: "USER", entityId: after.id, after: { otherSessionsEnded: true } },
  };
}
