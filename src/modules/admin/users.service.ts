/** User administration: list, create, change role, reset password (DESIGN.md sections 3 and 5). */
import { type AnyColumn, and, count, eq, type SQL, sql } from "drizzle-orm";
import type { AppDb, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { ROLES, type Role } from "../../domain/enums";
import type { SortKey } from "../../domain/list-query";
import { raiseAlert } from "../../lib/alerts";
import type { Mutation, Op } from "../../lib/audit";
import { hashPassword } from "../../lib/auth/password";
import { deleteUserSessions } from "../../lib/auth/session";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { countWhere, enumFilter, type ListQuery, orderBy, searchAny } from "../../lib/list-query";
import { toUserDto, type UserDto } from "../users/users.dto";

const SORTS: Record<SortKey<"users">, AnyColumn | SQL> = {
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
      shopId: users.shopId,
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

function roleAlert(tx: Tx, now: number, title: string, description: string, key: string) {
  raiseAlert(tx, { type: "info", title, description, dedupeKey: key }, now);
}

/** Who acts for the user functions: null when the console (the create-admin script) acts. */
interface UserOp {
  actor: Actor | null;
  now: number;
}

/** Before the write: a taken name is refused at once, then the (slow) hash is made. */
export async function hashNewUserPassword(
  db: AppDb,
  input: { username: string; password: string },
): Promise<string> {
  if (findByUsername(db, input.username)) throw taken(input.username);
  return hashPassword(input.password);
}

export function insertUser(
  tx: Tx,
  { actor, now }: UserOp,
  input: { username: string; role: Role },
  passwordHash: string,
): Mutation<UserDto> {
  // Checked again inside the write transaction: another request may have won the race.
  if (findByUsername(tx, input.username)) throw taken(input.username);
  const row = tx
    .insert(users)
    .values({ username: input.username, passwordHash, role: input.role, createdAt: now })
    .returning()
    .get();
  const user = toUserDto(row);
  roleAlert(
    tx,
    now,
    "New user created",
    `${actor ? actor.username : "The console"} created user "${row.username}" with role ${row.role}.`,
    `user-created:${row.id}`,
  );
  return { body: user, audit: { entityType: "USER", entityId: row.id, after: user } };
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
export function changeUserRole(
  tx: Tx,
  { actor, now }: Op,
  userId: number,
  role: Role,
): Mutation<UserDto> {
  const before = tx.select().from(users).where(eq(users.id, userId)).get();
  if (!before) throw notFound("User");
  if (before.role === role) return { body: toUserDto(before), unchanged: true };
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
  roleAlert(
    tx,
    now,
    "User role changed",
    `${actor.username} changed the role of "${after.username}" from ${before.role} to ${role}.`,
    `role-change:${userId}:${now}`,
  );
  return {
    body: toUserDto(after),
    audit: { entityType: "USER", entityId: userId, before: { role: before.role }, after: { role } },
  };
}

/** Sets a new password and ends all of the user's sessions (the create-admin script). */
export function resetPassword(
  tx: Tx,
  { now }: UserOp,
  username: string,
  passwordHash: string,
  opts: { makeAdmin?: boolean } = {},
): Mutation<UserDto> {
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
  if (role !== before.role) {
    roleAlert(
      tx,
      now,
      "User role changed",
      `The console changed the role of "${after.username}" from ${before.role} to ${role}.`,
      `role-change:${before.id}:${now}`,
    );
  }
  return {
    body: toUserDto(after),
    audit: {
      entityType: "USER",
      entityId: before.id,
      before: { role: before.role },
      after: { role },
    },
  };
}
