import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { notFound } from "../../lib/errors";
import { toUserDto } from "./users.dto";

export const usersEndpoints = [
  // Scope "self": implement() lets a customer login read only itself.
  implement(contracts.getUser, ({ db, params }) => {
    const user = db.select().from(users).where(eq(users.id, params.id)).get();
    if (!user) throw notFound("User");
    return toUserDto(user);
  }),
];
