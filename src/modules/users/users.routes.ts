import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { createRouter, idParam } from "../../lib/http";
import { toUserDto } from "./users.dto";

export const usersRoutes = createRouter().get("/users/:id", (c) => {
  const id = idParam(c, "id", "User");
  const user = c.get("deps").db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound("User");
  return c.json(toUserDto(user));
});
