/** A signed-in user's own password change (PATCH /api/user/password). */
import { and, eq, ne } from "drizzle-orm";
import type { AppDb, Tx } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { Mutation, Op } from "../../lib/audit";
import { assertPasswordAllowed, hashPassword } from "../../lib/auth/password";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { toUserDto, type UserDto } from "../users/users.dto";
import { confirmPassword } from "./auth.service";

/**
 * Before the write: the new password against the policy (decision 046; cheap, so a refused one
 * costs no throttled check), the current password under the sign-in throttle for this user and
 * address (confirmPassword; slow, a wrong one counts as a failed sign-in), then the new one hashed.
 */
export async function checkAndHashNewPassword(
  db: AppDb,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  now: number,
): Promise<string> {
  const user = db.select().from(users).where(eq(users.id, actor.userId)).get();
  if (!user) throw notFound("User");
  assertPasswordAllowed(input.newPassword, user.username, "newPassword");
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
