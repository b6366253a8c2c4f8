/**
 * GET /readyz (issue 22, decision 056): may this process take traffic? Each check answers
 * `ok` or `fail` with why; any failure makes the answer 503, naming it.
 *
 * - database: a read (a real table) and a write probe. The write runs in its own IMMEDIATE
 *   transaction, apart from the group commit (a probe that hits a full database must not fail
 *   real writes with it), inserts a row large enough to need new pages, and is rolled back:
 *   it proves the write lock can be had and the database may grow (max_page_count), yet
 *   commits nothing, so it costs no fsync and never grows the WAL, however often it is asked.
 *   For the same reason it never touches the disk: in WAL mode a rolled-back insert stays in
 *   memory, so a full disk passes it. What does reach the disk is a real commit: while the
 *   newest write transaction failed with SQLITE_FULL (src/lib/metrics.ts counts them) and
 *   none has committed since, for up to STORAGE_FULL_HOLD_MS, `database` fails too (decision 076).
 * - migrations: the applied migrations match this version's files and none is pending
 *   (src/db/migrations.ts, decision 055).
 * - disk: free space in the database's folder at least MIN_FREE_DISK_MB (statfs).
 * - replication: with REPLICA_URL, Litestream runs and the replica is within
 *   REPLICA_MAX_LAG_SECONDS (decision 060); `off` without it.
 */
import type { Database } from "bun:sqlite";
import { statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { checkAppliedMigrations, describeMismatch } from "../../db/migrations";
import { isStorageFull, messageOf } from "../../lib/errors";
import type { Deps } from "../../lib/http";
import { storageFullSince } from "../../lib/metrics";

/** MIN_FREE_DISK_MB's default. */
export const DEFAULT_MIN_FREE_DISK_MB = 200;

/** Bytes the write probe inserts: more than a page, so the file must find room for it. */
const PROBE_BYTES = 8 * 1024;

export interface CheckResult {
  status: "ok" | "fail" | "off";
  /** Why it failed (a failing check only). */
  error?: string;
  /** STORAGE_FULL when the failure is a full disk or database. */
  code?: "STORAGE_FULL";
  [detail: string]: unknown;
}

export interface Readiness {
  status: "ok" | "fail";
  /** The failing checks' names (a failing answer only). */
  failing?: string[];
  /** One line naming each failing check and why (a failing answer only). */
  message?: string;
  checks: Record<"database" | "migrations" | "disk" | "replication", CheckResult>;
}

function failed(err: unknown, what: string): CheckResult {
  const full = isStorageFull(err);
  return {
    status: "fail",
    error: `${what}: ${messageOf(err)}`,
    ...(full ? { code: "STORAGE_FULL" as const } : {}),
  };
}

/** A read of a real table, then a write that needs new pages, rolled back. */
export function checkDatabase(sqlite: Database): CheckResult {
  const started = performance.now();
  try {
    sqlite.query("select id from users limit 1").all();
  } catch (err) {
    return failed(err, "read failed");
  }
  try {
    sqlite.run("begin immediate");
    try {
      sqlite.run("insert into app_secrets (name, value) values ('readiness-probe', ?)", [
        "0".repeat(PROBE_BYTES),
      ]);
    } finally {
      // SQLite may have ended the transaction itself (a full disk can): then nothing to undo.
      if (sqlite.inTransaction) sqlite.run("rollback");
    }
  } catch (err) {
    return failed(err, "write failed");
  }
  return { status: "ok", latencyMs: Math.round((performance.now() - started) * 100) / 100 };
}

/**
 * How long a write that failed for want of room keeps `database` failing when no write has
 * committed since: long enough for a load balancer to see it, short enough that a server
 * taken out of rotation (so written to by no one) comes back by itself once there is room.
 */
export const STORAGE_FULL_HOLD_MS = 60_000;

/** `fail` while the newest write failed with a full disk, recently, and none has committed since. */
export function checkRecentWrites(deps: Pick<Deps, "db" | "clock">): CheckResult | null {
  const failedAt = storageFullSince(deps.db);
  if (failedAt === undefined) return null;
  const agoMs = deps.clock() - failedAt;
  if (agoMs >= STORAGE_FULL_HOLD_MS) return null;
  return {
    status: "fail",
    code: "STORAGE_FULL",
    error: `the last write failed ${Math.max(0, Math.round(agoMs / 1000))} s ago: database or disk is full (none has committed since)`,
  };
}

export function checkMigrations(sqlite: Database): CheckResult {
  try {
    const { pending, mismatch } = checkAppliedMigrations(sqlite);
    if (mismatch) return { status: "fail", error: describeMismatch("The database", mismatch) };
    if (pending.length > 0) {
      return { status: "fail", error: `migrations not applied: ${pending.join(", ")}` };
    }
    return { status: "ok" };
  } catch (err) {
    return failed(err, "could not read the applied migrations");
  }
}

/** The folder the database (and its WAL) lives in; null in memory. */
function databaseFolder(sqlite: Database): string | null {
  const file = sqlite.filename;
  if (!file || file === ":memory:") return null;
  return dirname(resolve(file));
}

export function checkDisk(sqlite: Database, minFreeMb: number): CheckResult {
  const folder = databaseFolder(sqlite);
  if (!folder) return { status: "ok", detail: "in memory" };
  try {
    const stats = statfsSync(folder);
    const freeMb = Math.floor((Number(stats.bavail) * Number(stats.bsize)) / (1024 * 1024));
    if (freeMb < minFreeMb) {
      return {
        status: "fail",
        code: "STORAGE_FULL",
        error: `only ${freeMb} MB free beside the database (MIN_FREE_DISK_MB is ${minFreeMb})`,
        freeMb,
        minFreeMb,
      };
    }
    return { status: "ok", freeMb, minFreeMb };
  } catch (err) {
    return failed(err, "could not read the free space");
  }
}

/**
 * The replica's health (decision 060): `off` without REPLICA_URL; `fail` when Litestream is
 * not running (it is being restarted) or the replica is further behind than
 * REPLICA_MAX_LAG_SECONDS; `ok` otherwise, with the lag and the last sync.
 */
export function checkReplication(deps: Pick<Deps, "replication">): CheckResult {
  if (!deps.replication) return { status: "off", detail: "replication is not configured" };
  const r = deps.replication.status();
  const facts = {
    state: r.state,
    replica: r.replica,
    lagSeconds: r.lagSeconds,
    lastSyncAt: r.lastSyncAt === null ? null : new Date(r.lastSyncAt).toISOString(),
  };
  if (r.state === "stopped") {
    return {
      status: "fail",
      error: `replication stopped: ${r.detail ?? "Litestream is not running"}`,
      ...facts,
    };
  }
  if (r.state === "lagging") {
    return {
      status: "fail",
      error: `replication lagging: ${r.detail ?? "the replica is behind"}`,
      ...facts,
    };
  }
  return { status: "ok", ...facts };
}

export function checkReadiness(
  deps: Pick<Deps, "db" | "sqlite" | "clock" | "minFreeDiskMb" | "replication">,
): Readiness {
  const probe = checkDatabase(deps.sqlite);
  const checks: Readiness["checks"] = {
    database: probe.status === "fail" ? probe : (checkRecentWrites(deps) ?? probe),
    migrations: checkMigrations(deps.sqlite),
    disk: checkDisk(deps.sqlite, deps.minFreeDiskMb ?? DEFAULT_MIN_FREE_DISK_MB),
    replication: checkReplication(deps),
  };
  const failing = Object.entries(checks).filter(([, check]) => check.status === "fail");
  if (failing.length === 0) return { status: "ok", checks };
  return {
    status: "fail",
    failing: failing.map(([name]) => name),
    message: failing.map(([name, check]) => `${name}: ${check.error}`).join("; "),
    checks,
  };
}
