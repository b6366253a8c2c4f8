/** createApp(): the Hono app with its middleware, error handling and every module mounted. */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { moduleEndpoints } from "./endpoints";
import { compressAnswers } from "./lib/compression";
import type { Endpoint } from "./lib/endpoint";
import { createApi, openApiDocument } from "./lib/endpoint";
import {
  AppError,
  ERROR_CODES,
  ERROR_STATUS,
  errorBody,
  isStorageFull,
  STORAGE_FULL_MESSAGE,
} from "./lib/errors";
import { reportFailedWrite } from "./lib/group-commit";
import type { AppEnv, Deps } from "./lib/http";
import { log } from "./lib/logger";
import {
  loadSession,
  originAndContentType,
  publicHostOnly,
  requestContext,
  requestIdOf,
} from "./lib/middleware";
import { CallerGoneError } from "./lib/read-pool";
import { isProbeLikePath, mountProbes } from "./modules/health/probes";
import { referenceEndpoints } from "./modules/reference/reference.endpoints";

export const BODY_LIMIT_BYTES = 100 * 1024;

let cachedDocument: unknown = null;

/** Every endpoint of the API, each declared once in src/domain/contracts.ts. */
export const endpoints: readonly Endpoint[] = [
  ...moduleEndpoints,
  ...referenceEndpoints(() => cachedDocument),
];

const api = createApi(endpoints);
cachedDocument = openApiDocument(api);

/** A contract's path as a pattern of the request path (`{id}` is one segment). */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{[A-Za-z]+\}/g, "[^/]+")}$`);

const declaredPaths = endpoints.map(({ contract }) => ({
  pattern: pathPattern(contract.path),
  method: contract.method.toUpperCase(),
}));

/**
 * The methods a declared path takes (GET answers HEAD too), or null for a path no contract
 * declares.
 */
export function allowedMethods(path: string): string[] | null {
  const methods = new Set<string>();
  for (const declared of declaredPaths) {
    if (!declared.pattern.test(path)) continue;
    methods.add(declared.method);
    if (declared.method === "GET") methods.add("HEAD");
  }
  return methods.size > 0 ? [...methods].sort() : null;
}

/** The OpenAPI 3.1 document of every endpoint. */
export const openApi = cachedDocument as Record<string, unknown>;

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  // Request metrics, /healthz, /readyz and /metrics, outside the contracts (decision 056).
  mountProbes(app, deps);

  // Outermost: JSON and CSV of 1 KB or more go out compressed, SSE never (decision 057).
  app.use("/api/*", compressAnswers());
  app.use("/api/*", requestContext);
  app.use("/api/*", publicHostOnly);
  app.use(
    "/api/*",
    secureHeaders({
      strictTransportSecurity: "max-age=31536000; includeSubDomains",
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      // The API reference page sends its own, wider policy (modules/reference).
      overwrite: false,
    }),
  );
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KB`,
        );
      },
    }),
  );
  app.use("/api/*", originAndContentType);
  app.use("/api/*", loadSession);
  app.route("/", api);

  // Deny by default: a path or method no contract declares is refused.
  app.notFound((c) => {
    // A declared path asked with another method says which it takes, to anyone: the
    // OpenAPI document, open to everyone, lists them anyway (decision 094).
    const allowed = allowedMethods(c.req.path);
    if (allowed) {
      const err = new AppError(
        "METHOD_NOT_ALLOWED",
        `${c.req.method} is not a method of ${c.req.path}; it takes ${allowed.join(", ")}`,
      );
      c.header("Allow", allowed.join(", "));
      return c.json(errorBody(err), err.status);
    }
    // A probe-like path nobody serves (/readyz/x, /livez) is simply not here (decision 056).
    const err = isProbeLikePath(c.req.path)
      ? new AppError("NOT_FOUND", "Not found")
      : c.get("user")
        ? new AppError("NOT_FOUND", "Not found")
        : new AppError("UNAUTHENTICATED", "Not signed in");
    return c.json(errorBody(err), err.status);
  });
  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return c.json(errorBody(err), err.status);
    }
    if (err instanceof CallerGoneError) {
      // Nobody reads this answer: the client closed the request while its read was queued
      // or running, so the read was dropped. Worth a line, not an error.
      log.info("caller went away", { requestId: c.get("requestId"), path: c.req.path });
      const gone = new AppError("UNAVAILABLE", err.message);
      return c.json(errorBody(gone), gone.status);
    }
    if (isStorageFull(err)) {
      // A full disk (or database): 503 saying so, not a 500 (decision 056).
      log.error("storage full", { path: c.req.path, error: String(err) });
      // Readiness and storage_full_total hear of it, whichever path the write took (a read
      // whose sort spilled to a full disk is no failed write).
      const db = c.get("deps")?.db;
      if (db && c.req.method !== "GET") reportFailedWrite(db, err);
      const full = new AppError("STORAGE_FULL", STORAGE_FULL_MESSAGE);
      return c.json(errorBody(full), full.status);
    }
    if (err instanceof HTTPException || err instanceof SyntaxError) {
      const status = err instanceof HTTPException ? err.status : 400;
      const code = ERROR_CODES.find((code) => ERROR_STATUS[code] === status) ?? "VALIDATION";
      const message =
        status === 400 ? "Malformed JSON in request body" : err.message || "Request refused";
      return c.json({ message, code }, status);
    }
    // The stack goes to the log only; the caller gets the request id to quote.
    const requestId = c.get("requestId") ?? requestIdOf(null);
    log.error("unhandled error", {
      requestId,
      path: c.req.path,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
    c.header("X-Request-Id", requestId);
    return c.json(
      { message: `Internal server error (request id ${requestId})`, code: "INTERNAL" },
      500,
    );
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
