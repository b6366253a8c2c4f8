/** The /api/* middleware chain: request id and log line, security, sessions. Access rules come from each endpoint's contract (lib/endpoint.ts). */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import {
  authenticateApiToken,
  bearerOf,
  DEFAULT_RATE_PER_MINUTE,
  takeTokenRequest,
} from "./auth/api-token";
import { validateSession } from "./auth/session";
import { duplicateKeyPath } from "./duplicate-keys";
import { AppError, errorBody } from "./errors";
import type { AppEnv } from "./http";
import { clientIp, decodedPath, incomingOf, misdirected, serverOrigin } from "./http";
import { log } from "./logger";

export const SESSION_COOKIE = "session";

/** A client's X-Request-Id is kept only if it is a short token (a UUID fits); else we make one. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(given: string | null | undefined): string {
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = requestIdOf(c.req.header("x-request-id"));
  c.set("requestId", requestId);
  c.set("user", null);
  c.set("sessionId", null);
  c.set("apiToken", null);
  const started = performance.now();
  if (decodedPath(new URL(c.req.url).pathname) !== null) await next();
  else c.res = c.json(errorBody(new AppError("VALIDATION", "Malformed path")), 400);
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
    tokenId: c.get("apiToken")?.id ?? null,
    ip: clientIp(c),
  });
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * PUBLIC_ORIGIN: a request for another host name is refused with 421 before anything else
 * reads it (a DNS-rebinding page's requests carry its own name). /healthz is not under /api,
 * so a local health probe by address still answers.
 */
export const publicHostOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const refused = misdirected(incomingOf(c), c.get("deps"));
  if (refused) throw refused;
  return next();
};

/** The writes a caller with no credentials may make: signing in (and out). */
const CREDENTIAL_FREE_WRITES = new Set(["/api/login", "/api/logout"]);

/**
 * Whether a write must show it comes from our pages: one that carries the session cookie
 * (a forged one would act as its user), and signing in (a forged sign-in would put the
 * victim in the forger's account). A write with no credentials at all acts as nobody: it is
 * the access rule's to answer, 401 "Not signed in", not a misleading "Cross-origin".
 */
function needsOrigin(c: Context<AppEnv>): boolean {
  return getCookie(c, SESSION_COOKIE) !== undefined || CREDENTIAL_FREE_WRITES.has(c.req.path);
}

/**
 * Hono's csrf() lets JSON through, so state-changing requests must prove they come from our
 * own pages: an Origin equal to ours (scheme, host and port; PUBLIC_ORIGIN when set), or
 * Sec-Fetch-Site: same-origin. X-Forwarded-Host/-Proto count only from a proxy TRUST_PROXY
 * names (lib/http.ts). A body must be JSON. A Bearer request (an API token, decision 058)
 * needs no Origin: a browser never sends another site's token, so it cannot be forged
 * cross-site; loadSession then ignores any cookie beside it.
 */
export const originAndContentType: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (bearerOf(c.req.header("authorization")) === null && needsOrigin(c)) {
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    let sameOrigin = fetchSite === "same-origin";
    if (origin) {
      try {
        sameOrigin = new URL(origin).origin === serverOrigin(c);
      } catch {
        sameOrigin = false;
      }
    }
    if (!sameOrigin) throw new AppError("FORBIDDEN", "Cross-origin request refused");
  }
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
    await readNumbersAsWritten(c);
  }
  return next();
};

/** A JSON number as money writes it: digits, at most two decimals (decision 038). */
const LITERAL_NUMBER = /^-?\d+(\.\d{1,2})?$/;

/** Text that may hold a number token LITERAL_NUMBER refuses: an exponent or a third decimal. */
const MAYBE_UNLITERAL = /\d[eE]|\.\d{3}/;

type SourceReviver = (key: string, value: unknown, context?: { source?: string }) => unknown;

/**
 * A JSON number reaches the schemas as it was written (issue 20, decision 071): JSON.parse
 * reads `1e3` as 1000 and `10.500` as 10.5, so a money field never saw the exponent or the
 * third decimal it must refuse. Such a token (an exponent, more than two decimals) is handed
 * on as its text instead, which every money, odds and id field refuses naming the field, as it
 * refuses the same string. Other bodies are left untouched; malformed JSON is the validator's
 * to answer.
 */
async function readNumbersAsWritten(c: Context<AppEnv>): Promise<void> {
  const text = await c.req.text();
  // Before anything parses it: JSON.parse keeps the last of two keys (src/lib/duplicate-keys.ts).
  // Refused by the access rule, once the caller is known (refuseRepeated).
  const duplicate = duplicateKeyPath(text);
  if (duplicate !== null) c.set("duplicateKey", duplicate);
  // Only a body with such a token somewhere is parsed here: most writes are left to the
  // validator's one parse.
  if (!MAYBE_UNLITERAL.test(text)) return;
  let rewritten = false;
  const keepSource: SourceReviver = (_key, value, context) => {
    if (typeof value !== "number" || context?.source === undefined) return value;
    if (LITERAL_NUMBER.test(context.source)) return value;
    rewritten = true;
    return context.source;
  };
  let body: unknown;
  try {
    body = (JSON.parse as (text: string, reviver: SourceReviver) => unknown)(text, keepSource);
  } catch {
    return;
  }
  // Hono's cache holds each body as the promise of it (its type names the body itself).
  if (rewritten)
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(JSON.stringify(body));
}

/**
 * The caller: an API token when the request carries `Authorization: Bearer` (the bearer wins;
 * a cookie beside it is ignored, decision 058), else the session cookie. A bad bearer is a 401
 * counted like a failed sign-in; a good one is held to API_TOKEN_RATE_PER_MINUTE.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const bearer = bearerOf(c.req.header("authorization"));
  if (bearer !== null) {
    const deps = c.get("deps");
    const now = deps.clock();
    const { user, token } = authenticateApiToken(deps.db, bearer, clientIp(c), now);
    c.set("user", user);
    c.set("apiToken", token);
    const perMinute = deps.apiTokenRatePerMinute ?? DEFAULT_RATE_PER_MINUTE;
    const wait = takeTokenRequest(deps, token.id, perMinute, now);
    if (wait > 0) {
      throw new AppError(
        "RATE_LIMITED",
        `Too many requests with this API token (at most ${perMinute} a minute)`,
        undefined,
        { "Retry-After": String(wait) },
      );
    }
    return next();
  }
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
