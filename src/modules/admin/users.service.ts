/** User administration: list, create, change role, reset password (DESIGN.md sections 3 and 5). */
import { type AnyColumn, and, count, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { AppDb, Tx } from "../../db/client";
import { customers, loginFailures, users } from "../../db/schema";
import type { AlertParams } from "../../domain/alert-codes";
import { ROLES, type Role } from "../../domain/enums";
import type { SortKey } from "../../domain/list-query";
import { CUSTOMER_LOGIN_REQUIRED } from "../../domain/schemas";
import { raiseAlert } from "../../lib/alerts";
import type { Mutation, Op } from "../../lib/audit";
import { assertPasswordAllowed, hashPassword } from "../../lib/auth/password";
import { deleteUserSessions } from "../../lib/auth/session";
import type { Actor } from "../../lib/context";
import { AppError, notFound } from "../../lib/errors";
import { countWhere, enumFilter, type ListQuery, orderBy, searchAny } from "../../lib/list-query";
import { refuse } from "../../lib/refusals";
import { lockedUsernames } from "../auth/auth.service";
import { toUserDto, type UserDto } from "../users/users.dto";

const SORTS: Record<SortKey<"users">, AnyColumn | SQL> = {
  id: users.id,
  username: users.username,
  role: users.role,
  createdAt: users.createdAt,
};

export function listUsers(db: AppDb, query: ListQuery, now: number) {
  const role = enumFilter("role", query.role?.toLowerCase(), ROLES);
  const where = and(
    ...([
      searchAny(query.q, [users.username, users.role]),
      role ? eq(users.role, role) : undefined,
    ] as (SQL | undefined)[]),
  );
  const rows = db
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderBy(query, SORTS, { key: "username", order: "asc" }, users.id))
    .limit(query.limit)
    .offset(query.offset)
    .all();
  const locked = lockedUsernames(
    db,
    rows.map((row) => row.username),
    now,
  );
  return {
    items: rows.map((row) => ({
      ...toUserDto(row),
      signInLocked: locked.has(row.username.toLowerCase()),
    })),
    total: countWhere(db, users, where),
  };
}

/** "Admin" and "admin" would be two accounts nobody can tell apart: names are unique ignoring case. */
function findByUsername(tx: Tx | AppDb, username: string) {
  return tx.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
}

function roleAlert<
  C extends "USER_CREATED" | "USER_ROLE_CHANGED" | "USER_DISABLED" | "USER_ENABLED",
>(tx: Tx, now: number, code: C, params: AlertParams[C], key: string) {
  // Account and role changes are security alerts: admins only (decisions/044).
  raiseAlert(tx, { type: "info", category: "security", code, params, dedupeKey: key }, now);
}

/** Who acts for the user functions: null when the console (the create-admin script) acts. */
interface UserOp {
  actor: Actor | null;
  now: number;
}

/**
 * Before the write: a password the policy refuses and a taken name are refused at once, then
 * the (slow) hash is made.
 */
export async function hashNewUserPassword(
  db: AppDb,
  input: { username: string; password: string },
): Promise<string> {
  assertPasswordAllowed(input.password, input.username, "password");
  if (findByUsername(db, input.username)) throw taken(input.username);
  return hashPassword(input.password);
}

/** Before an admin's reset: the user must exist and the new password pass the policy. */
export async function hashResetPassword(
  db: AppDb,
  userId: number,
  newPassword: string,
): Promise<string> {
  const user = db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) throw notFound("User");
  assertPasswordAllowed(newPassword, user.username, "newPassword");
  return hashPassword(newPassword);
}

/** A customer login's record must exist (404 otherwise); other roles have none. */
function customerLinkFor(tx: Tx, role: Role, customerId: number | null | undefined) {
  if (role !== "customer" || customerId == null) return null;
  const found = tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .get();
  if (!found) throw notFound("Customer");
  return found.id;
}

/**
 * A new user. `mustChangePassword` (decision 046): whoever set the password is not its owner
 * (an admin, or a password the console generated and printed), so the owner chooses their own
 * at the first sign-in.
 */
export function insertUser(
  tx: Tx,
  { actor, now }: UserOp,
  input: { username: string; role: Role; customerId?: number | null },
  passwordHash: string,
  opts: { mustChangePassword: boolean },
): Mutation<UserDto> {
  // Checked again inside the write transaction: another request may have won the race.
  if (findByUsername(tx, input.username)) throw taken(input.username);
  const customerId = customerLinkFor(tx, input.role, input.customerId);
  const row = tx
    .insert(users)
    .values({
      username: input.username,
      passwordHash,
      role: input.role,
      customerId,
      createdAt: now,
      mustChangePassword: opts.mustChangePassword,
    })
    .returning()
    .get();
  const user = toUserDto(row);
  roleAlert(
    tx,
    now,
    "USER_CREATED",
    { actor: actor?.username ?? null, userId: row.id, username: row.username, role: row.role },
    `user-created:${row.id}`,
  );
  return { body: user, audit: { entityType: "USER", entityId: row.id, after: user } };
}

/** 409 USERNAME_TAKEN, also under the form's Username field. */
function taken(username: string) {
  return refuse("USERNAME_TAKEN", { username }, () => ({ username: "Username is already taken" }));
}

/** Whether `userId` is the only admin who can still sign in. */
function isLastAdmin(tx: Tx, userId: number): boolean {
  const others = tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt), ne(users.id, userId)))
    .get();
  return (others?.n ?? 0) === 0;
}

/**
 * Changes a user's role and ends all of that user's sessions, so the new role applies at
 * their next sign-in. The last admin cannot be demoted (409): somebody must keep access.
 * Becoming a customer login needs a customer record: the one named, else the one the user
 * is already linked to (400 "Customer is required for a customer login" when neither).
 */
export function changeUserRole(
  tx: Tx,
  { actor, now }: Op,
  userId: number,
  role: Role,
  customerId?: number | null,
): Mutation<UserDto> {
  const before = tx.select().from(users).where(eq(users.id, userId)).get();
  if (!before) throw notFound("User");
  // A customer login keeps its record unless another is named; other roles have none.
  const link =
    role === "customer" ? (customerLinkFor(tx, role, customerId) ?? before.customerId) : null;
  if (before.role === role && before.customerId === link) {
    return { body: toUserDto(before), unchanged: true };
  }
  // As at Create User: a customer login linked to no customer would see nothing at all.
  if (role === "customer" && link === null) {
    throw new AppError("VALIDATION", CUSTOMER_LOGIN_REQUIRED, {
      customerId: CUSTOMER_LOGIN_REQUIRED,
    });
  }
  if (before.role === "admin" && role !== "admin" && isLastAdmin(tx, userId)) {
    throw refuse("LAST_ADMIN_DEMOTE", {});
  }
  const after = tx
    .update(users)
    .set({ role, customerId: link })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!after) throw notFound("User");
  deleteUserSessions(tx, userId);
  roleAlert(
    tx,
    now,
    "USER_ROLE_CHANGED",
    { actor: actor.username, userId, username: after.username, from: before.role, to: role },
    `role-change:${userId}:${now}`,
  );
  return {
    body: toUserDto(after),
    audit: {
      entityType: "USER",
      entityId: userId,
      before: { role: before.role, customerId: before.customerId },
      after: { role, customerId: link },
    },
  };
}

/**
 * Sets a new password and ends all of the user's sessions (the create-admin script); with
 * `mustChangePassword` (a generated password) the owner replaces it at the next sign-in.
 * The console is the way back in for a locked-out admin, so its "ready" must be true: the
 * username's failed sign-ins are forgotten (no 429 for the next 15 minutes), and an account
 * that ends up admin is enabled again. A disabled non-admin stays disabled (the answer says
 * so): enabling staff is an admin's call on the Users page.
 */
export function resetPassword(
  tx: Tx,
  { now }: UserOp,
  username: string,
  passwordHash: string,
  opts: { makeAdmin?: boolean; mustChangePassword?: boolean } = {},
): Mutation<UserDto> {
  const before = findByUsername(tx, username);
  if (!before) throw notFound("User");
  const role = opts.makeAdmin ? "admin" : before.role;
  const disabledAt = role === "admin" ? null : before.disabledAt;
  const after = tx
    .update(users)
    .set({ passwordHash, role, disabledAt, mustChangePassword: opts.mustChangePassword ?? false })
    .where(eq(users.id, before.id))
    .returning()
    .get();
  if (!after) throw notFound("User");
  deleteUserSessions(tx, before.id);
  const ofUser = eq(loginFailures.username, before.username.toLowerCase());
  const failedSignIns = countWhere(tx, loginFailures, ofUser);
  tx.delete(loginFailures).where(ofUser).run();
  if (role !== before.role) {
    roleAlert(
      tx,
      now,
      "USER_ROLE_CHANGED",
      { actor: null, userId: before.id, username: after.username, from: before.role, to: role },
      `role-change:${before.id}:${now}`,
    );
  }
  return {
    body: toUserDto(after),
    audit: {
      entityType: "USER",
      entityId: before.id,
      before: { role: before.role, disabled: before.disabledAt !== null, failedSignIns },
      after: { role, disabled: disabledAt !== null, failedSignIns: 0 },
    },
  };
}

/** An admin's reset: the user's sessions end and they choose a new password at sign-in. */
export function resetUserPassword(
  tx: Tx,
  _op: Op,
  userId: number,
  passwordHash: string,
): Mutation<UserDto> {
  const after = tx
    .update(users)
    .set({ passwordHash, mustChangePassword: true })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!after) throw notFound("User");
  deleteUserSessions(tx, userId);
  return {
    body: toUserDto(after),
    audit: { entityType: "USER", entityId: userId, after: { mustChangePassword: true } },
  };
}

/** Disables (its sessions end, it cannot sign in) or enables a user. */
export function setUserDisabled(
  tx: Tx,
  { actor, now }: Op,
  userId: number,
  disabled: boolean,
): Mutation<UserDto> {
  const before = tx.select().from(users).where(eq(users.id, userId)).get();
  if (!before) throw notFound("User");
  if ((before.disabledAt !== null) === disabled)
    return { body: toUserDto(before), unchanged: true };
  if (disabled && userId === actor.userId) {
    throw refuse("OWN_ACCOUNT_DISABLE", {});
  }
  if (disabled && before.role === "admin" && isLastAdmin(tx, userId)) {
    throw refuse("LAST_ADMIN_DISABLE", {});
  }
  const after = tx
    .update(users)
    .set({ disabledAt: disabled ? now : null })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!after) throw notFound("User");
  if (disabled) deleteUserSessions(tx, userId);
  roleAlert(
    tx,
    now,
    disabled ? "USER_DISABLED" : "USER_ENABLED",
    { actor: actor.username, userId, username: after.username },
    `user-status:${userId}:${now}`,
  );
  return {
    body: toUserDto(after),
    audit: {
      entityType: "USER",
      entityId: userId,
      before: { disabled: before.disabledAt !== null },
      after: { disabled },
    },
  };
}
