/**
 * The probes, the metrics and a full disk (issue 22 item 5, decision 056), through the real
 * app on real SQLite databases (a file where the disk or the WAL matters), and through the
 * real server process for what only its routing decides (probe-like paths never get the web
 * app's HTML; the pages still do).
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client";
import { isStorageFull, STORAGE_FULL_MESSAGE } from "../src/lib/errors";
import { createMetrics } from "../src/lib/metrics";
import { REPLICATION_OFF } from "../src/lib/replication/supervisor";
import { isServerPath } from "../src/modules/health/probes";
import { killRunningServers, spawnServer } from "./helpers/server-process";
import { createTestApp, ORIGIN, TEST_PASSWORD, type TestApp } from "./helpers/test-app";

const TOKEN = "metrics-token-0123456789abcdef";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "probes-"));
  dirs.push(dir);
  return dir;
}

let apps: TestApp[] = [];
async function fileApp(): Promise<TestApp> {
  const t = await createTestApp(join(tempDir(), "shop.db"));
  apps.push(t);
  return t;
}

afterEach(() => {
  for (const t of apps) {
    try {
      t.close();
    } catch {
      // closed by the test
    }
  }
  apps = [];
});

afterAll(async () => {
  await killRunningServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Readiness {
  status: string;
  failing?: string[];
  message?: string;
  checks: Record<string, { status: string; code?: string; error?: string; freeMb?: number }>;
}

async function readyz(t: TestApp): Promise<{ status: number; body: Readiness }> {
  const res = await t.request("GET", "/readyz", { as: "anonymous" });
  return { status: res.status, body: (await res.json()) as Readiness };
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.request("GET", "/metrics", {
    as: "anonymous",
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  return res.text();
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (!line) return undefined;
  const value = line.slice(series.length + 1).trim();
  return value === "+Inf" ? Number.POSITIVE_INFINITY : Number(value);
}

describe("GET /healthz", () => {
  test("answers while the process runs, without the database (closed here)", async () => {
    const t = await fileApp();
    t.close();
    const res = await t.request("GET", "/healthz", { as: "anonymous" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("GET /readyz", () => {
  test("200 with every check when the database reads and writes, migrations are current and the disk has room", async () => {
    const t = await fileApp();
    const { status, body } = await readyz(t);
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.checks.database?.status).toBe("ok");
    expect(body.checks.migrations?.status).toBe("ok");
    expect(body.checks.disk?.status).toBe("ok");
    expect(body.checks.disk?.freeMb).toBeGreaterThan(0);
    // Not built yet (issue 22 item 1): named, never failing.
    expect(body.checks.replication?.status).toBe("off");
    expect(body.failing).toBeUndefined();
  });

  test("the write probe leaves nothing behind: no row, no WAL growth, no commit", async () => {
    const t = await fileApp();
    const wal = `${t.handle.sqlite.filename}-wal`;
    await readyz(t);
    const walBefore = statSync(wal).size;
    const changesBefore = t.handle.sqlite.query("pragma data_version").get();
    for (let i = 0; i < 20; i++) expect((await readyz(t)).status).toBe(200);
    expect(statSync(wal).size).toBe(walBefore);
    expect(t.handle.sqlite.query("pragma data_version").get()).toEqual(changesBefore);
    const probeRows = t.handle.sqlite
      .query("select count(*) as n from app_secrets where name = 'readiness-probe'")
      .get() as { n: number };
    expect(probeRows.n).toBe(0);
  });

  test("503 naming the disk when less than MIN_FREE_DISK_MB is free", async () => {
    const t = await fileApp();
    t.deps.minFreeDiskMb = Number.MAX_SAFE_INTEGER;
    const { status, body } = await readyz(t);
    expect(status).toBe(503);
    expect(body.status).toBe("fail");
    expect(body.failing).toEqual(["disk"]);
    expect(body.checks.disk?.code).toBe("STORAGE_FULL");
    expect(body.message).toContain("MIN_FREE_DISK_MB");
  });

  test("503 naming the migrations when one is not applied", async () => {
    const t = await fileApp();
    t.handle.sqlite.run(
      "delete from __drizzle_migrations where created_at = (select max(created_at) from __drizzle_migrations)",
    );
    const { status, body } = await readyz(t);
    expect(status).toBe(503);
    expect(body.failing).toEqual(["migrations"]);
    expect(body.message).toMatch(/^migrations: migrations not applied: \d{4}_/);
  });

  test("503 naming the migrations when an applied one differs from its file", async () => {
    const t = await fileApp();
    t.handle.sqlite.run(
      "update __drizzle_migrations set hash = 'edited' where created_at = (select min(created_at) from __drizzle_migrations)",
    );
    const { status, body } = await readyz(t);
    expect(status).toBe(503);
    expect(body.failing).toEqual(["migrations"]);
    expect(body.message).toContain("different text");
  });

  test("503 naming the database when it cannot be read (closed)", async () => {
    const t = await fileApp();
    t.close();
    const { status, body } = await readyz(t);
    expect(status).toBe(503);
    expect(body.failing).toContain("database");
    expect(body.checks.database?.error).toMatch(/^read failed/);
  });
});

describe("a full database (PRAGMA max_page_count)", () => {
  test("writes answer 503 STORAGE_FULL with a message, /readyz fails, sign-in says why; room again, all recover", async () => {
    const t = await fileApp();
    const sqlite = t.handle.sqlite;
    const pages = (sqlite.query("pragma page_count").get() as { page_count: number }).page_count;
    // The file may not grow by one more page: the first write that needs one fails.
    sqlite.run(`pragma max_page_count = ${pages}`);
    let full: Response | null = null;
    let created = 0;
    for (let i = 0; i < 500 && !full; i++) {
      const res = await t.request("POST", "/api/customers", {
        body: { firstName: "Ada", lastName: `Lovelace ${i}`, creditLimit: "0" },
      });
      if (res.status === 201) created++;
      else full = res;
    }
    if (!full) throw new Error("the database never filled up");
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ code: "STORAGE_FULL", message: STORAGE_FULL_MESSAGE });
    // Nothing half-written: the refused customer is not there, the others are.
    const count = sqlite.query("select count(*) as n from customers").get() as { n: number };
    expect(count.n).toBe(created);

    const ready = await readyz(t);
    expect(ready.status).toBe(503);
    expect(ready.body.failing).toEqual(["database"]);
    expect(ready.body.checks.database?.code).toBe("STORAGE_FULL");
    expect(ready.body.message).toContain("database or disk is full");

    // Reads still answer (a session is not renewed on a full disk, not refused).
    expect((await t.request("GET", "/api/customers?limit=5")).status).toBe(200);

    // Sign-in writes a session: once its pages are full too, it says why.
    let login: Response | null = null;
    for (let i = 0; i < 500; i++) {
      const res = await t.request("POST", "/api/login", {
        as: "anonymous",
        body: { username: "user1", password: TEST_PASSWORD },
      });
      if (res.status !== 200) {
        login = res;
        break;
      }
    }
    if (!login) throw new Error("sign-in never hit the full database");
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual({ code: "STORAGE_FULL", message: STORAGE_FULL_MESSAGE });

    expect(sample(await scrape(withToken(t)), "betting_shop_storage_full_total")).toBeGreaterThan(
      0,
    );

    sqlite.run("pragma max_page_count = 1073741823");
    // Room again, but no write has committed since the failed one: not ready until one does.
    expect((await readyz(t)).body.failing).toEqual(["database"]);
    expect(
      (
        await t.request("POST", "/api/customers", {
          body: { firstName: "Grace", lastName: "Hopper", creditLimit: "0" },
        })
      ).status,
    ).toBe(201);
    expect((await readyz(t)).status).toBe(200);
  });

  test("a sign-in refused for want of room fails /readyz and counts, and a refused batch counts once", async () => {
    const t = await createTestApp(join(tempDir(), "shop.db"), { trustProxy: true });
    apps.push(t);
    const sqlite = t.handle.sqlite;
    const pages = (sqlite.query("pragma page_count").get() as { page_count: number }).page_count;
    sqlite.run(`pragma max_page_count = ${pages}`);
    // A refused sign-in writes its audit row and throttle count outside the group commit
    // (writeTx): the first write to fail is one of those. Each from its own address, so
    // none is throttled.
    let login: Response | null = null;
    for (let i = 0; i < 2000 && !login; i++) {
      const res = await t.request("POST", "/api/login", {
        as: "anonymous",
        body: { username: `nobody${i}`, password: "wrong password" },
        headers: { "X-Forwarded-For": `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      });
      if (res.status !== 401) login = res;
    }
    if (!login) throw new Error("sign-in never hit the full database");
    expect(login.status).toBe(503);
    const ready = await readyz(t);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database?.code).toBe("STORAGE_FULL");
    const total = async () => sample(await scrape(withToken(t)), "betting_shop_storage_full_total");
    expect(await total()).toBe(1);
    // No commit of the group commit failed: the refused sign-in is not one.
    const failedCommits = async () =>
      sample(await scrape(withToken(t)), 'betting_shop_commits_total{outcome="failed"}');
    expect(await failedCommits()).toBe(0);
    // A deposit refused by the group commit's failed batch: told once, not again by the
    // error handler its request meets.
    let refused: Response | null = null;
    for (let i = 0; i < 500 && !refused; i++) {
      const res = await t.request("POST", "/api/shops", {
        body: { name: `Shop ${i}`, location: "Full" },
      });
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(await total()).toBe(2);
    // Each refused sign-in checks a password (slow on purpose): some hundreds fill the room,
    // 10 s on an idle machine, past the suite's 30 s on a busy one.
  }, 180_000);

  test("a write failed for want of room fails /readyz although its rolled-back probe passes, until a write commits or 60 s pass", async () => {
    const t = await fileApp();
    const sqlite = t.handle.sqlite;
    const pages = (sqlite.query("pragma page_count").get() as { page_count: number }).page_count;
    sqlite.run(`pragma max_page_count = ${pages}`);
    let failed: Response | null = null;
    for (let i = 0; i < 500 && !failed; i++) {
      const res = await t.request("POST", "/api/shops", {
        body: { name: `Shop ${i}`, location: "Full" },
      });
      if (res.status !== 201) failed = res;
    }
    if (!failed) throw new Error("the database never filled up");
    expect(failed.status).toBe(503);
    // As on a full disk in WAL mode: the probe's insert, never written, goes through.
    sqlite.run("pragma max_page_count = 1073741823");
    const held = await readyz(t);
    expect(held.status).toBe(503);
    expect(held.body.failing).toEqual(["database"]);
    expect(held.body.checks.database?.code).toBe("STORAGE_FULL");
    expect(held.body.checks.database?.error).toMatch(
      /^the last write failed \d+ s ago: database or disk is full \(none has committed since\)$/,
    );
    // No write since, 60 s later: ready again (a server out of rotation gets no writes).
    t.deps.clock = () => Date.now() + 60_000;
    expect((await readyz(t)).status).toBe(200);
  });

  test("isStorageFull knows SQLite's SQLITE_FULL, ENOSPC and a worker's message", () => {
    const handle = openDatabase(":memory:");
    handle.sqlite.run("create table filler (x blob)");
    const pages = (handle.sqlite.query("pragma page_count").get() as { page_count: number })
      .page_count;
    handle.sqlite.run(`pragma max_page_count = ${pages}`);
    let caught: unknown;
    try {
      handle.sqlite.run("insert into filler values (zeroblob(100000))");
    } catch (err) {
      caught = err;
    }
    handle.close();
    expect(isStorageFull(caught)).toBe(true);
    const enospc = Object.assign(new Error("write failed"), { code: "ENOSPC" });
    expect(isStorageFull(enospc)).toBe(true);
    expect(isStorageFull(new Error("database or disk is full"))).toBe(true);
    expect(isStorageFull(new Error("UNIQUE constraint failed"))).toBe(false);
  });
});

function withToken(t: TestApp): TestApp {
  t.deps.metricsToken = TOKEN;
  return t;
}

describe("GET /metrics", () => {
  test("off (404 JSON) without METRICS_TOKEN; 401 without the bearer token or with a wrong one", async () => {
    const t = await fileApp();
    const off = await t.request("GET", "/metrics", {
      as: "anonymous",
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(off.status).toBe(404);
    expect(((await off.json()) as { code: string }).code).toBe("NOT_FOUND");

    t.deps.metricsToken = TOKEN;
    for (const authorization of [undefined, "Bearer wrong-token-wrong-token", `Basic ${TOKEN}`]) {
      const res = await t.request("GET", "/metrics", {
        as: "admin",
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(((await res.json()) as { code: string }).code).toBe("UNAUTHENTICATED");
    }
  });

  test("requests by route template and status, commits and batch sizes, and the gauges", async () => {
    const t = withToken(await fileApp());
    const customer = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Ada", lastName: "Lovelace", creditLimit: "0" },
    });
    await t.json("GET", `/api/customers/${customer.id}`);
    await t.json("GET", `/api/customers/${customer.id}`);
    expect((await t.request("GET", "/api/customers/999999")).status).toBe(404);
    expect((await t.request("GET", "/api/no-such-thing", { as: "anonymous" })).status).toBe(401);
    const text = await scrape(t);

    const route = 'route="/api/customers/{id}"';
    expect(
      sample(
        text,
        `betting_shop_http_request_duration_seconds_count{method="GET",${route},status="200"}`,
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        `betting_shop_http_request_duration_seconds_count{method="GET",${route},status="404"}`,
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'betting_shop_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/customers",status="201"}',
      ),
    ).toBe(1);
    // A path no route declares is one label, whatever the URL.
    expect(
      sample(
        text,
        'betting_shop_http_request_duration_seconds_count{method="GET",route="unmatched",status="401"}',
      ),
    ).toBe(1);
    expect(text).not.toContain("no-such-thing");
    expect(text).not.toContain(`/api/customers/${customer.id}"`);

    expect(sample(text, 'betting_shop_commits_total{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'betting_shop_commits_total{outcome="failed"}')).toBe(0);
    expect(sample(text, "betting_shop_commit_batch_size_count")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "betting_shop_commit_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "betting_shop_read_pool_waiting")).toBe(0);
    expect(sample(text, "betting_shop_sse_clients")).toBe(0);
    expect(sample(text, 'betting_shop_jobs{state="running"}')).toBe(0);
    // No backup and no books check yet.
    expect(sample(text, "betting_shop_backup_last_success_age_seconds")).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(sample(text, 'betting_shop_books_check_status{status="none"}')).toBe(1);
    expect(sample(text, 'betting_shop_books_check_status{status="balanced"}')).toBe(0);
    // No REPLICA_URL: no replication series, so `replication_up == 0` never fires.
    expect(text).not.toContain("betting_shop_replication_");
  });

  test("with replication on, Litestream's state, lag and last sync", async () => {
    const t = await fileApp();
    const lastSyncAt = Date.UTC(2026, 10, 23, 14, 5, 0);
    let running = true;
    let reachable = true;
    const metrics = createMetrics({
      ...t.deps,
      replication: {
        status: () => ({
          ...REPLICATION_OFF,
          state: !running ? "stopped" : reachable ? "ok" : "lagging",
          replica: "file:///replica",
          lagSeconds: 2,
          lastSyncAt,
          running,
        }),
      },
    });
    const up = await metrics.registry.metrics();
    expect(sample(up, "betting_shop_replication_up")).toBe(1);
    expect(sample(up, "betting_shop_replication_lag_seconds")).toBe(2);
    expect(sample(up, "betting_shop_replication_last_sync_timestamp_seconds")).toBe(
      lastSyncAt / 1000,
    );
    // Running, but the replica cannot be reached: on an idle shop nothing waits (lag 0), yet
    // /readyz fails, and so must the metric an alert reads.
    reachable = false;
    const unreachable = await metrics.registry.metrics();
    expect(sample(unreachable, "betting_shop_replication_up")).toBe(0);
    expect(sample(unreachable, "betting_shop_replication_lag_seconds")).toBe(2);
    reachable = true;
    running = false;
    expect(sample(await metrics.registry.metrics(), "betting_shop_replication_up")).toBe(0);
  });

  test("the newest good backup's age and the books check's verdict", async () => {
    const t = withToken(await fileApp());
    const now = Date.now();
    t.handle.sqlite.run(
      "insert into backups (reason, path, ok, detail, size_bytes, created_at) values ('scheduled', '/x.db', 1, 'ok', 1, ?)",
      [now - 3_600_000],
    );
    t.handle.sqlite.run(
      "insert into books_checks (ok, violation_count, violations, truncated, started_by, started_at, finished_at, duration_ms) values (1, 0, '[]', 0, 'test', ?, ?, 0)",
      [now, now],
    );
    const text = await scrape(t);
    const age = sample(text, "betting_shop_backup_last_success_age_seconds") as number;
    expect(age).toBeGreaterThanOrEqual(3_600);
    expect(age).toBeLessThan(3_600 * 2);
    expect(sample(text, 'betting_shop_books_check_status{status="balanced"}')).toBe(1);
    expect(sample(text, 'betting_shop_books_check_status{status="none"}')).toBe(0);
  });
});

describe("probe-like paths", () => {
  test("answer JSON 404 through the app, signed in or not", async () => {
    const t = await fileApp();
    for (const path of [
      "/readyz/",
      "/readyz/db",
      "/livez",
      "/metrics/x",
      "/Metrics.json",
      "/readiness",
      "/prometheus",
      "/metricsx",
    ]) {
      for (const as of ["anonymous", "admin"] as const) {
        const res = await t.request("GET", path, { as });
        expect(res.status).toBe(404);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(((await res.json()) as { code: string }).code).toBe("NOT_FOUND");
      }
    }
  });

  test("the server hands the API and probe-like paths to the app, and the pages to the web app", () => {
    for (const path of [
      "/api",
      "/api/x",
      "/healthz",
      "/readyz",
      "/readyz/x",
      "/metrics",
      "/livez",
      "/readiness",
      "/Readiness/db",
      "/liveness",
      "/prometheus",
      "/prometheus/metrics",
      "/metricsx",
      "/metric",
      "/healthcheck",
      "/health-check",
      "/status.json",
      "/probe",
      "/ping",
    ]) {
      expect(isServerPath(path)).toBe(true);
    }
    for (const path of [
      "/",
      "/auth",
      "/dashboard",
      "/customers/12",
      "/bets/3/slip",
      "/admin/audit",
      "/shifts",
      "/alerts",
      "/reports",
      "/transactions",
      "/assets/app-abc123.js",
      "/apix",
      "/favicon.ico",
      "/manifest.webmanifest",
      "/robots.txt",
    ]) {
      expect(isServerPath(path)).toBe(false);
    }
  });
});

/** The real server with these settings (the helper passes its environment on). */
async function spawnWith(dbPath: string, settings: Record<string, string>) {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  try {
    return await spawnServer(dbPath, TEST_PASSWORD);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe("the real server", () => {
  test("probes answer JSON, probe-like and unknown API paths never get the web app's HTML, pages do", async () => {
    const dir = tempDir();
    const server = await spawnWith(join(dir, "shop.db"), { METRICS_TOKEN: TOKEN });
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers: { Origin: ORIGIN, ...headers } });

    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as Readiness).checks.disk?.status).toBe("ok");

    const metrics = await get("/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('route="/readyz",status="200"');
    expect((await get("/metrics")).status).toBe(401);

    for (const path of [
      "/readyz/",
      "/livez",
      "/metrics/",
      "/metrics.txt",
      "/readiness",
      "/prometheus",
      "/metricsx",
      "/api/nope",
      "/api",
    ]) {
      const res = await get(path);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect([401, 404]).toContain(res.status);
    }
    for (const path of ["/", "/auth", "/customers/1", "/bets/1/slip"]) {
      const res = await get(path);
      expect(res.headers.get("content-type")).toContain("text/html");
      await res.text();
    }
    await server.kill("SIGKILL");
  });

  test("MIN_FREE_DISK_MB above the free space: /readyz 503 naming the disk", async () => {
    const dir = tempDir();
    const server = await spawnWith(join(dir, "shop.db"), {
      MIN_FREE_DISK_MB: String(Number.MAX_SAFE_INTEGER),
    });
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as Readiness;
    expect(body.failing).toEqual(["disk"]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.kill("SIGKILL");
  });
});
