/**
 * GET /metrics (issue 22, decision 056): the server's numbers in Prometheus' text format,
 * with prom-client. Each app (createApp) has its own registry, so tests' apps never mix:
 *
 * - requests by method, route (the contract's path template, `/api/customers/{id}`, never
 *   the raw URL) and status, as a latency histogram (time to the answer's head: a stream's
 *   length is not counted);
 * - the group commit's transactions, their batch sizes and durations (src/lib/group-commit.ts);
 * - the read pool's queue, the open live-update streams, the background jobs by state;
 * - the last good backup's age and the newest books check's verdict;
 * - replication: Litestream up, the replica's lag and its last sync (decision 060), only
 *   with REPLICA_URL.
 *
 * Gauges are read when scraped (prom-client's `collect`), so nothing runs between scrapes.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AppDb } from "../db/client";
import { backups } from "../db/schema";
import { latestBooksCheck } from "./books-status";
import { AppError, errorBody, isStorageFull } from "./errors";
import { subscriberCount } from "./events";
import { observeCommits } from "./group-commit";
import type { AppEnv, Deps } from "./http";
import { type JobState, jobsOf } from "./jobs";

const PREFIX = "betting_shop_";

/** Requests: most answer within milliseconds; reports and checks may take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const COMMIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

const JOB_STATES: readonly JobState[] = ["queued", "running", "done", "failed", "cancelled"];

/** A Hono route (`/api/customers/:id`) as its contract writes it (`/api/customers/{id}`). */
export function routeTemplate(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");
}

/**
 * The route that answered: the last matched route registered for a method (middleware is
 * registered for ALL). A path no route declares is `unmatched`, so a scan of random URLs
 * cannot make a label per URL.
 */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i];
    if (route && route.method !== "ALL" && !route.path.includes("*")) {
      return routeTemplate(route.path);
    }
  }
  return "unmatched";
}

/** Per database: when its newest write transaction failed for want of room, until one commits. */
const lastStorageFull = new WeakMap<AppDb, number>();

/**
 * When the newest write transaction on `db` failed with a full disk (SQLITE_FULL), or
 * undefined once a write has committed since (or none failed). /readyz reads it: in WAL mode
 * its own rolled-back probe never reaches the disk, so only a real commit can tell.
 */
export function storageFullSince(db: AppDb): number | undefined {
  return lastStorageFull.get(db);
}

export interface AppMetrics {
  registry: Registry;
  /** Times every request (put first, so it sees the final status). */
  middleware: MiddlewareHandler<AppEnv>;
  /** GET /metrics, behind METRICS_TOKEN. */
  handler: (c: Context<AppEnv>) => Promise<Response>;
}

export function createMetrics(deps: Deps): AppMetrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Requests answered, by method, route template and status: seconds to the answer's head",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const commits = new Counter({
    name: `${PREFIX}commits_total`,
    help: "Write transactions of the group commit, by outcome (failed: nothing of the batch was written)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const storageFull = new Counter({
    name: `${PREFIX}storage_full_total`,
    help: "Write transactions that failed because the disk or the database was full (SQLITE_FULL)",
    registers: [registry],
  });
  const batchSizes = new Histogram({
    name: `${PREFIX}commit_batch_size`,
    help: "Writes carried by one group-commit transaction",
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });
  const commitSeconds = new Histogram({
    name: `${PREFIX}commit_duration_seconds`,
    help: "One group-commit transaction from BEGIN to the end of COMMIT (the fsync included)",
    buckets: COMMIT_BUCKETS,
    registers: [registry],
  });
  for (const outcome of ["ok", "failed"]) commits.inc({ outcome }, 0);
  observeCommits(deps.db, (batch) => {
    if (batch.ok) lastStorageFull.delete(deps.db);
    if (!batch.ok && isStorageFull(batch.error)) {
      storageFull.inc();
      lastStorageFull.set(deps.db, deps.clock());
    }
    // A write refused outside the group commit is no commit of it: counted above only.
    if (batch.outside) return;
    commits.inc({ outcome: batch.ok ? "ok" : "failed" });
    batchSizes.observe(batch.size);
    commitSeconds.observe(batch.seconds);
  });
  new Gauge({
    name: `${PREFIX}read_pool_waiting`,
    help: "Reads waiting for a free read worker",
    registers: [registry],
    collect() {
      this.set(deps.readPool?.waiting ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}sse_clients`,
    help: "Open live-update streams (GET /api/events)",
    registers: [registry],
    collect() {
      this.set(subscriberCount());
    },
  });
  new Gauge({
    name: `${PREFIX}jobs`,
    help: "Background jobs this process remembers (the books check, the export), by state",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const counts = new Map<JobState, number>(JOB_STATES.map((state) => [state, 0]));
      for (const job of jobsOf(deps.sqlite, { clock: deps.clock }).list()) {
        counts.set(job.state, (counts.get(job.state) ?? 0) + 1);
      }
      for (const [state, n] of counts) this.set({ state }, n);
    },
  });
  new Gauge({
    name: `${PREFIX}backup_last_success_age_seconds`,
    help: "Seconds since the newest good backup of any kind: scheduled (BACKUP_DIR), before a delete-all, or `bun run backup` (+Inf: none yet)",
    registers: [registry],
    collect() {
      // Any reason (decision 080): a cron job's `bun run backup` is as good a restore point.
      const last = deps.db
        .select({ at: backups.createdAt })
        .from(backups)
        .where(eq(backups.ok, true))
        .orderBy(desc(backups.createdAt))
        .limit(1)
        .get();
      this.set(last ? Math.max(0, (deps.clock() - last.at) / 1000) : Number.POSITIVE_INFINITY);
    },
  });
  new Gauge({
    name: `${PREFIX}books_check_status`,
    help: "The newest books check: 1 on its status (balanced, unbalanced, or none before the first)",
    labelNames: ["status"] as const,
    registers: [registry],
    collect() {
      const last = latestBooksCheck(deps.db);
      const status = !last ? "none" : last.ok ? "balanced" : "unbalanced";
      for (const s of ["balanced", "unbalanced", "none"])
        this.set({ status: s }, s === status ? 1 : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}books_check_age_seconds`,
    help: "Seconds since the newest books check finished (+Inf: none yet)",
    registers: [registry],
    collect() {
      const last = latestBooksCheck(deps.db);
      this.set(
        last ? Math.max(0, (deps.clock() - last.finishedAt) / 1000) : Number.POSITIVE_INFINITY,
      );
    },
  });
  // Replication (decision 060): read from the Litestream supervisor when scraped. Without
  // REPLICA_URL the series are left out, not 0: `replication_up == 0` is an alert, and it
  // must not fire forever on a server that was never meant to replicate.
  const replication = deps.replication;
  if (replication) {
    new Gauge({
      name: `${PREFIX}replication_up`,
      help: "1 while Litestream runs and the replica keeps up (as /readyz's replication check), else 0 (present only with REPLICA_URL)",
      registers: [registry],
      collect() {
        // Not merely running: a replica it cannot reach, with a shop idle overnight, has no
        // lag to show (nothing waits), yet nothing would reach it (decision 060).
        this.set(replication.status().state === "ok" ? 1 : 0);
      },
    });
    new Gauge({
      name: `${PREFIX}replication_lag_seconds`,
      help: "Seconds since the oldest commit not yet on the replica (0: none waiting)",
      registers: [registry],
      collect() {
        this.set(replication.status().lagSeconds ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}replication_last_sync_timestamp_seconds`,
      help: "When Litestream last wrote to the replica, as a Unix time (0: not since start)",
      registers: [registry],
      collect() {
        const at = replication.status().lastSyncAt;
        this.set(at ? at / 1000 : 0);
      },
    });
  }
  new Gauge({
    name: `${PREFIX}uptime_seconds`,
    help: "Seconds since this process started serving",
    registers: [registry],
    collect() {
      this.set(Math.max(0, (deps.clock() - deps.startedAt) / 1000));
    },
  });

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      requests.observe(
        { method: c.req.method, route: routeOf(c), status: String(status) },
        (performance.now() - started) / 1000,
      );
    }
  };

  const handler = async (c: Context<AppEnv>) => {
    const token = deps.metricsToken;
    if (!token) {
      // Off unless asked for: as if there were no such page (decision 056).
      const err = new AppError(
        "NOT_FOUND",
        "Not found: /metrics is off until METRICS_TOKEN is set",
      );
      return c.json(errorBody(err), 404);
    }
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      const err = new AppError(
        "UNAUTHENTICATED",
        "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>",
      );
      return c.json(errorBody(err), 401);
    }
    const text = await registry.metrics();
    return c.body(text, 200, {
      "Content-Type": registry.contentType,
      "Cache-Control": "no-store",
    });
  };

  return { registry, middleware, handler };
}

/** `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const given = createHash("sha256").update(match[1]).digest();
  const wanted = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, wanted);
}
