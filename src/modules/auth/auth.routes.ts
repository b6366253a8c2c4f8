import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { writeTx } from "../../db/client";
import { loginSchema } from "../../domain/schemas";
import { audit } from "../../lib/audit";
import { deleteSession } from "../../lib/auth/session";
import { AppError } from "../../lib/errors";
import { type AppEnv, actorOf, clientIp, createRouter, validate } from "../../lib/http";
import { SESSION_COOKIE } from "../../lib/middleware";
import { toUserDto } from "../users/users.dto";
import { signIn } from "./auth.service";

function isSecure(c: Context<AppEnv>): boolean {
  const configured = c.get("deps").cookieSecure;
  if (configured !== undefined) return configured;
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}

export const authRoutes = createRouter()
  .post("/login", validate("json", loginSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    const deps = c.get("deps");
    const { token, user } = await signIn(deps.db, {
      username,
      password,
      ip: clientIp(c),
      requestId: c.get("requestId"),
    });
    c.set("user", user);
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: isSecure(c),
      maxAge: Math.floor(deps.sessionPolicy.absoluteMs / 1000),
    });
    return c.json(toUserDto(user));
  })
  .post("/logout", (c) => {
    const sessionId = c.get("sessionId");
    if (sessionId) {
      const actor = actorOf(c);
      writeTx(c.get("deps").db, (tx) => {
        deleteSession(tx, sessionId);
        audit(tx, actor, { action: "auth.logout", entityType: "USER", entityId: actor.userId });
      });
    }
    deleteCookie(c, SESSION_COOKIE, {
      path: "/",
      secure: isSecure(c),
      httpOnly: true,
      sameSite: "Lax",
    });
    return c.body(null, 204);
  })
  .get("/user", (c) => {
    const user = c.get("user");
    if (!user) throw new AppError("UNAUTHORIZED", "Not signed in");
    return c.json(toUserDto(user));
  });
