/** Builds the app's dependencies from the environment and starts Bun.serve. */
import { createApp } from "./app";
import { openDatabase } from "./db/client";
import type { Env } from "./env";
import { DEFAULT_SESSION_POLICY, deleteExpiredSessions } from "./lib/auth/session";
import { type Deps, systemClock } from "./lib/http";
import { pruneIdempotencyKeys } from "./lib/idempotency";
import { log, setLogLevel } from "./lib/logger";
import { ensureFirstAdmin } from "./modules/auth/auth.service";
import { serveWeb } from "./web-static";

export async function startServer(env: Env) {
  setLogLevel(env.LOG_LEVEL);
  const handle = openDatabase(env.DATABASE_PATH, env.STARTUP_INTEGRITY_CHECK);
  const deps: Deps = {
    db: handle.db,
    sqlite: handle.sqlite,
    sessionPolicy: {
      ...DEFAULT_SESSION_POLICY,
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    cookieSecure: env.COOKIE_SECURE,
    startedAt: systemClock(),
    clock: systemClock,
    largeAmountCents: env.LARGE_AMOUNT,
    creditLimitCapCents: env.CREDIT_LIMIT_CAP,
  };
  const admin = await ensureFirstAdmin(handle.db, env.ADMIN_PASSWORD, deps.clock());
  if (admin?.generated) {
    // Printed once, on the very first start, so the operator can sign in.
    console.log(`First start: created user "admin" with password: ${admin.password}`);
  } else if (admin) {
    log.info("first start: created user admin with ADMIN_PASSWORD");
  }
  const app = createApp(deps);
  const web = serveWeb(env.WEB_DIST);
  const server = Bun.serve({
    port: env.PORT,
    fetch(request, srv) {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith("/api/") || pathname === "/api" || pathname === "/healthz") {
        return app.fetch(request, { server: srv });
      }
      return web(request);
    },
  });
  const housekeeping = setInterval(() => {
    deleteExpiredSessions(handle.db, deps.sessionPolicy, deps.clock());
    pruneIdempotencyKeys(handle.db, deps.clock());
  }, 10 * 60_000);
  housekeeping.unref();
  log.info("listening", { url: `http://localhost:${server.port}`, database: env.DATABASE_PATH });
  return {
    server,
    deps,
    stop() {
      clearInterval(housekeeping);
      server.stop(true);
      handle.close();
    },
  };
}
