import type { users } from "../../db/schema";

export type UserRow = Pick<
  typeof users.$inferSelect,
  | "id"
  | "username"
  | "role"
  | "createdAt"
  | "shopId"
  | "customerId"
  | "disabledAt"
  | "mustChangePassword"
  | "lastSignInAt"
  | "oddsFormat"
  | "language"
>;

export function toUserDto(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    createdAt: new Date(user.createdAt).toISOString(),
    shopId: user.shopId,
    customerId: user.customerId,
    disabled: user.disabledAt !== null,
    mustChangePassword: user.mustChangePassword,
    lastSignInAt: user.lastSignInAt === null ? null : new Date(user.lastSignInAt).toISOString(),
    oddsFormat: user.oddsFormat,
    language: user.language,
  };
}

export type UserDto = ReturnType<typeof toUserDto>;
