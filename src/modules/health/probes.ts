/**
 * The probes and the metrics (issue 22, decision 056), outside the API's contracts: they are
 * for the machine that runs the server (a load balancer, Kubernetes, Prometheus), not for the
 * API's clients, and they answer whatever PUBLIC_ORIGIN says (a probe calls by address).
 *
 * - GET /healthz: the process answers. Touches nothing, the database included.
 * - GET /readyz: ready for traffic (readiness.ts): 200 `{ status: "ok", checks }`, else 503
 *   `{ status: "fail", failing, message, checks }`.
 * - GET /metrics: Prometheus' text format behind METRICS_TOKEN (src/lib/metrics.ts).
 */
import type { Hono } from "hono";
import type { AppEnv, Deps } from "../../lib/http";
import { createMetrics } from "../../lib/metrics";
import { checkReadiness } from "./readiness";

/**
 * Probe-like paths: any first segment that begins like a name a probe or a scraper might try
 * (`/readyz/`, `/readiness`, `/livez`, `/liveness`, `/metrics.json`, `/metricsx`,
 * `/prometheus`, `/Health`, `/healthcheck`). A prefix, not a list of names: the audit found
 * `/readiness`, `/prometheus` and `/metricsx` answered 200 with the web app's HTML. The web
 * app has no page beginning so (web/app/router.tsx), so they are answered by the API's app (a
 * JSON 404 unless served), never with the web app's HTML.
 */
const PROBE_LIKE = /^\/(?:health|read[iy]|live|metric|prometheus|probe|ping|status)/i;

export function isProbeLikePath(pathname: string): boolean {
  return PROBE_LIKE.test(pathname);
}

/** The paths the server hands to the API's app: `/api`, `/api/...` and every probe-like path. */
export function isServerPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/") || isProbeLikePath(pathname);
}

/** Adds the request metrics (first, so they see every answer) and the three probes. */
export function mountProbes(app: Hono<AppEnv>, deps: Deps): void {
  const metrics = createMetrics(deps);
  app.use("*", metrics.middleware);
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", (c) => {
    const readiness = checkReadiness(deps);
    c.header("Cache-Control", "no-store");
    return c.json(readiness, readiness.status === "ok" ? 200 : 503);
  });
  app.get("/metrics", metrics.handler);
}
