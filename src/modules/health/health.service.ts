/**
 * GET /api/health: a real database probe, its latency, active sessions, process uptime and the
 * replica (decision 060).
 */
import { countActiveSessions } from "../../lib/auth/session";
import type { Deps } from "../../lib/http";
import { REPLICATION_OFF } from "../../lib/replication/supervisor";

/** A probe slower than this means the database is struggling (lock contention, slow disk). */
export const DEGRADED_LATENCY_MS = 250;

export type SystemStatus = "operational" | "degraded" | "down";
export type DatabaseStatus = "connected" | "disconnected" | "error";

/** The replica as the admin page shows it (decision 060). */
function replicationOf(deps: Pick<Deps, "replication">) {
  const r = deps.replication?.status() ?? REPLICATION_OFF;
  return {
    state: r.state,
    replica: r.replica,
    lagSeconds: r.lagSeconds,
    lastSyncAt: r.lastSyncAt === null ? null : new Date(r.lastSyncAt).toISOString(),
    detail: r.detail,
  };
}

export function checkHealth(
  deps: Pick<Deps, "db" | "sqlite" | "sessionPolicy" | "startedAt" | "clock" | "replication">,
) {
  const now = deps.clock();
  const started = performance.now();
  let databaseStatus: DatabaseStatus = "connected";
  let activeSessions = 0;
  try {
    // Reads a real table, so a missing or unreadable schema shows up here too.
    deps.sqlite.query("select id from users limit 1").all();
    activeSessions = countActiveSessions(deps.db, deps.sessionPolicy, now);
  } catch (err) {
    databaseStatus = /closed/i.test(String(err)) ? "disconnected" : "error";
  }
  const databaseLatency = Math.round((performance.now() - started) * 100) / 100;
  const systemStatus: SystemStatus =
    databaseStatus !== "connected"
      ? "down"
      : databaseLatency > DEGRADED_LATENCY_MS
        ? "degraded"
        : "operational";
  return {
    systemStatus,
    databaseStatus,
    databaseLatency,
    lastCheck: new Date(now).toISOString(),
    activeSessions,
    uptime: Math.floor((now - deps.startedAt) / 1000),
    replication: replicationOf(deps),
  };
}
