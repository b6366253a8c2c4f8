/** createApp(): the Hono app with its middleware, error handling and every module mounted. */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { AppError } from "./lib/errors";
import type { AppEnv, Deps } from "./lib/http";
import { log } from "./lib/logger";
import {
  enforceRouteTable,
  loadSession,
  originAndContentType,
  requestContext,
} from "./lib/middleware";
import { adminRoutes } from "./modules/admin/admin.routes";
import { alertsRoutes } from "./modules/alerts/alerts.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { betsRoutes } from "./modules/bets/bets.routes";
import { customersRoutes } from "./modules/customers/customers.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { reportsRoutes } from "./modules/reports/reports.routes";
import { shopsRoutes } from "./modules/shops/shops.routes";
import { transactionsRoutes } from "./modules/transactions/transactions.routes";
import { usersRoutes } from "./modules/users/users.routes";

export const BODY_LIMIT_BYTES = 100 * 1024;

/** Every API module; the route table in lib/rbac.ts says who may call each route. */
export const apiModules = [
  authRoutes,
  usersRoutes,
  dashboardRoutes,
  customersRoutes,
  shopsRoutes,
  betsRoutes,
  transactionsRoutes,
  alertsRoutes,
  adminRoutes,
  reportsRoutes,
  healthRoutes,
];

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.use("/api/*", requestContext);
  app.use(
    "/api/*",
    secureHeaders({
      strictTransportSecurity: "max-age=31536000; includeSubDomains",
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
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
  app.use("/api/*", enforceRouteTable);

  const api = new Hono<AppEnv>();
  for (const module of apiModules) api.route("/", module);
  app.route("/api", api);

  app.notFound((c) => c.json({ message: "Not found" }, 404));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return c.json(
        err.fields ? { message: err.message, fields: err.fields } : { message: err.message },
        err.status,
      );
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message =
        status === 400 ? "Malformed JSON in request body" : err.message || "Request refused";
      return c.json({ message }, status);
    }
    if (err instanceof SyntaxError)
      return c.json({ message: "Malformed JSON in request body" }, 400);
    log.error("unhandled error", {
      requestId: c.get("requestId"),
      path: c.req.path,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
    return c.json({ message: "Internal server error" }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
