/** The /api/* middleware chain: request id and log line, security, sessions. Access rules come from each endpoint's contract (lib/endpoint.ts). */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { validateSession } from "./auth/session";
import { AppError } from "./errors";
import type { AppEnv } from "./http";
import { clientIp } from "./http";
import { log } from "./logger";

export const SESSION_COOKIE = "session";

export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("user", null);
  c.set("sessionId", null);
  const started = performance.now();
  await next();
  c.header("X-Request-Id", requestId);
  c.header("Cache-Control", "no-store");
  const user = c.get("user");
  log.info("request", {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    userId: user?.id ?? null,
    ip: clientIp(c),
  });
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Hono's csrf() lets JSON through, so state-changing requests must prove they come from our
 * own pages: a matching Origin, or Sec-Fetch-Site: same-origin. A body must be JSON.
 */
export const originAndContentType: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header("origin");
  const fetchSite = c.req.header("sec-fetch-site");
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host") ?? new URL(c.req.url).host;
  let sameOrigin = fetchSite === "same-origin";
  if (origin) {
    try {
      sameOrigin = new URL(origin).host === host;
    } catch {
      sameOrigin = false;
    }
  }
  if (!sameOrigin) throw new AppError("FORBIDDEN", "Cross-origin request refused");
  const length = c.req.header("content-length");
  const hasBody = length !== undefined ? length !== "0" : c.req.raw.body !== null;
  if (hasBody) {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/json\b/i.test(type)) {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Request body must be JSON (Content-Type: application/json)",
      );
    }
  }
  return next();
};

export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const deps = c.get("deps");
    const session = validateSession(deps.db, token, deps.sessionPolicy, deps.clock());
    if (session) {
      c.set("user", session.user);
      c.set("sessionId", session.sessionId);
    }
  }
  return next();
};
