import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { notFound } from "../../lib/errors";
import { toUserDto } from "./users.dto";

export const usersEndpoints = [
  implement(contracts.getUser, ({ c, db, params }) => {
    // A customer-role caller sees only itself (issue 10).
    const me = c.get("user");
    if (me?.role === "customer" && me.id !== params.id) throw notFound("User");
    const user = db.select().from(users).where(eq(users.id, params.id)).get();
    if (!user) throw notFound("User");
    return toUserDto(user);
  }),
];
