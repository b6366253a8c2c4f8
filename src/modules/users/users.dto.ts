import type { users } from "../../db/schema";

export function toUserDto(
  user: Pick<typeof users.$inferSelect, "id" | "username" | "role" | "createdAt" | "shopId">,
) {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    createdAt: new Date(user.createdAt).toISOString(),
    shopId: user.shopId,
  };
}

export type UserDto = ReturnType<typeof toUserDto>;
