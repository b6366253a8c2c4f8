/** User administration: list, create, change role, reset password (DESIGN.md sections 3 and 5). */
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { type AppDb, type Tx, writeTx } from "../../db/client";
import { users } from "../../db/schema";
import { ROLES, type Role } from "../../domain/enums";
import { raiseAlert } from "../../lib/alerts";
import { audit } from "../../lib/audit";
import { hashPassword } from "../../lib/auth/password";
import { deleteUserSessions } from "../../lib/auth/session";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { countWhere, enumFilter, type ListQuery, orderBy, searchAny } from "../../lib/list-query";
import { toUserDto, type UserDto } from "../users/users.dto";

const SORTS = {
  id: users.id,
  username: users.username,
  role: users.role,
  createdAt: users.createdAt,
};

export function listUsers(db: AppDb, query: ListQuery) {
  const role = enumFilter("role", query.role?.toLowerCase(), ROLES);
  const where = and(
    ...([
      searchAny(query.q, [users.username, users.role]),
      role ? eq(users.role, role) : undefined,
    ] as (SQL | undefined)[]),
  );
  const rows = db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(...orderBy(query, SORTS, { key: "username", order: "asc" }, users.id))
    .limit(query.limit)
    .offset(query.offset)
    .all();
  return { items: rows.map(toUserDto), total: countWhere(db, users, where) };
}

/** "Admin" and "admin" would be two accounts nobody can tell apart: names are unique ignoring case. */
function findByUsername(tx: Tx | AppDb, username: string) {
  return tx.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
}

function roleAlert(tx: Tx, title: string, description: string, key: string) {
  raiseAlert(tx, { type: "info", title, description, dedupeKey: key });
}

/** `actor` is null when the console (the create-admin script) acts. */
export async function createUser(
  db: AppDb,
  actor: Actor | null,
  input: { username: string; password: string; role: Role },
): Promise<UserDto> {
  if (findByUsername(db, input.username)) throw taken(input.username);
  const passwordHash = await hashPassword(input.password);
  return writeTx(db, (tx) => {
    // Checked again inside the write transaction: another request may have won the race.
    if (findByUsername(tx, input.username)) throw taken(input.username);
    const row = tx
      .insert(users)
      .values({ username: input.username, passwordHash, role: input.role, createdAt: Date.now() })
      .returning()
      .get();
    const user = toUserDto(row);
    audit(tx, actor, { action: "user.create", entityType: "USER", entityId: row.id, after: user });
    roleAlert(
      tx,
      "New user created",
      `${actor ? actor.username : "The console"} created user "${row.username}" with role ${row.role}.`,
      `user-created:${row.id}`,
    );
    return user;
  });
}

function taken(username: string) {
  return new AppError("CONFLICT", `Username "${username}" is already taken`, {
    username: "Username is already taken",
  });
}

/**
 * Changes a user's role and ends all of that user's sessions, so the new role applies at
 * their next sign-in. The last admin cannot be demoted (409): somebody must keep access.
 */
export function changeUserRole(db: AppDb, actor: Actor, userId: number, role: Role): UserDto {
  return writeTx(db, (tx) => {
    const before = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!before) throw notFound("User");
    if (before.role === role) return toUserDto(before);
    if (before.role === "admin") {
      const admins = tx.select({ n: count() }).from(users).where(eq(users.role, "admin")).get();
      if ((admins?.n ?? 0) <= 1) {
        throw new AppError(
          "CONFLICT",
          "The last admin cannot be demoted; make another user admin first",
        );
      }
    }
    const after = tx.update(users).set({ role }).where(eq(users.id, userId)).returning().get();
    if (!after) throw notFound("User");
    deleteUserSessions(tx, userId);
    audit(tx, actor, {
      action: "user.role-change",
      entityType: "USER",
      entityId: userId,
      before: { role: before.role },
      after: { role },
    });
    roleAlert(
      tx,
      "User role changed",
      `${actor.username} changed the role of "${after.username}" from ${before.role} to ${role}.`,
      `role-change:${userId}:${Date.now()}`,
    );
    return toUserDto(after);
  });
}

/** Sets a new password and ends all of the user's sessions (the create-admin script). */
export async function resetPassword(
  db: AppDb,
  actor: Actor | null,
  username: string,
  password: string,
  opts: { makeAdmin?: boolean } = {},
): Promise<UserDto> {
  const passwordHash = await hashPassword(password);
  return writeTx(db, (tx) => {
    const before = findByUsername(tx, username);
    if (!before) throw notFound("User");
    const role = opts.makeAdmin ? "admin" : before.role;
    const after = tx
      .update(users)
      .set({ passwordHash, role })
      .where(eq(users.id, before.id))
      .returning()
      .get();
    if (!after) throw notFound("User");
    deleteUserSessions(tx, before.id);
    audit(tx, actor, {
      action: "user.password-reset",
      entityType: "USER",
      entityId: before.id,
      before: { role: before.role },
      after: { role },
    });
    if (role !== before.role) {
      roleAlert(
        tx,
        "User role changed",
        `The console changed the role of "${after.username}" from ${before.role} to ${role}.`,
        `role-change:${before.id}:${Date.now()}`,
      );
    }
    return toUserDto(after);
  });
}
