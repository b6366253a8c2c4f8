/**
 * Background jobs through the HTTP app: the books check and the export started, watched,
 * read and cancelled. An in-memory database runs the work inline; a real database file runs
 * it in a worker thread with its own read-only connection (the production path).
 */

import type { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { BooksReportDto, JobDto } from "../../domain/dto";
import { disposeJobs } from "../../lib/jobs";
import { EXPORTED_TABLES, REDACTED_COLUMNS } from "./export";

/** The export as one JSON.stringify of every table read at once: what the stream must equal. */
function exportOracle(sqlite: Database, exportedAt: string): string {
  const tables: Record<string, unknown[]> = {};
  for (const table of EXPORTED_TABLES) {
    const hidden = REDACTED_COLUMNS[table] ?? [];
    const columns = (sqlite.query(`pragma table_info("${table}")`).all() as { name: string }[])
      .map((c) => `"${c.name}"`)
      .filter((c) => !hidden.includes(c.slice(1, -1)));
    tables[table] = sqlite.query(`select ${columns} from "${table}" order by rowid`).all();
  }
  return JSON.stringify({ version: 1, exportedAt, tables });
}

const exportedAtOf = (text: string) => (JSON.parse(text) as { exportedAt: string }).exportedAt;

/** Polls the job until it has finished (no timing asserted: only its final state). */
async function finished(t: TestApp, id: string): Promise<JobDto> {
  for (let i = 0; i < 2000; i++) {
    const job = await t.json<JobDto>("GET", `/api/admin/jobs/${id}`);
    if (job.state !== "queued" && job.state !== "running") return job;
    await Bun.sleep(5);
  }
  throw new Error(`job ${id} did not finish`);
}

/** Bets with awkward text (quotes, accents, U+2028), so the export has several chunks. */
async function seedBets(t: TestApp, n: number) {
  const { shopId, customerId } = await seedBasics(t, { creditLimit: "100000" });
  for (let i = 0; i < n; i++) {
    await t.json("POST", "/api/bets", {
      body: {
        customerId,
        shopId,
        description: `Derby "${i}" \u00e9 \u2603 \u2028 ${"x".repeat(450)}`,
        stakeAmount: "1.00",
        odds: "2.00",
      },
    });
  }
  return { shopId, customerId };
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("jobs on an in-memory database (run inline)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedBets(t, 20);
  });
  afterAll(() => {
    disposeJobs(t.handle.sqlite);
    t.close();
  });

  test("a books check: 202 at once, then done with the books report, listed newest first", async () => {
    const started = await t.json<JobDto>("POST", "/api/admin/jobs", {
      body: { kind: "ledger-check" },
      expect: 202,
    });
    expect(started).toMatchObject({ kind: "ledger-check", startedBy: "admin1", result: null });
    expect(["queued", "running"]).toContain(started.state);
    // What it is doing: a code a client translates by, and the same in English.
    const opening = { waiting: "Waiting for a free slot", starting: "Starting" };
    expect(Object.keys(opening)).toContain(started.step);
    expect(started.phrase).toBe(opening[started.step as keyof typeof opening]);
    expect(started.stepParams).toEqual({});
    const job = await finished(t, started.id);
    expect(job).toMatchObject({ state: "done", progress: 1, error: null, download: null });
    expect(job).toMatchObject({ step: "done", stepParams: {}, phrase: "Done" });
    expect(job.result).toMatchObject({ ok: true, violations: [], truncated: false });
    expect(job.finishedAt).not.toBeNull();
    const list = await t.json<JobDto[]>("GET", "/api/admin/jobs");
    expect(list[0]?.id).toBe(started.id);
  });

  test("GET /api/admin/ledger-check answers the same report, from a job", async () => {
    const report = await t.json<BooksReportDto>("GET", "/api/admin/ledger-check");
    expect(report).toMatchObject({ ok: true, violations: [], truncated: false });
    const list = await t.json<JobDto[]>("GET", "/api/admin/jobs");
    expect(list[0]).toMatchObject({ kind: "ledger-check", state: "done" });
  });

  test("an export job offers its file, byte for byte the export of the data", async () => {
    const started = await t.json<JobDto>("POST", "/api/admin/jobs", {
      body: { kind: "export" },
      expect: 202,
    });
    const job = await finished(t, started.id);
    expect(job.state).toBe("done");
    const today = new Date().toISOString().slice(0, 10);
    expect(job.download?.fileName).toBe(`betting-shop-export-${today}.json`);
    const res = await t.request("GET", `/api/admin/jobs/${job.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="betting-shop-export-${today}.json"`,
    );
    const text = await res.text();
    expect(job.download?.sizeBytes).toBe(Buffer.byteLength(text));
    expect(text).toBe(exportOracle(t.handle.sqlite, exportedAtOf(text)));
  });

  test("the streamed GET /api/admin/export-all-data is byte for byte the same document", async () => {
    const res = await t.request("GET", "/api/admin/export-all-data");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const text = await res.text();
    expect(text).toBe(exportOracle(t.handle.sqlite, exportedAtOf(text)));
  });

  test("unknown or malformed job ids are 404; an unknown kind is 400", async () => {
    for (const path of [`/api/admin/jobs/${UNKNOWN}`, "/api/admin/jobs/42"]) {
      const res = await t.request("GET", path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Job not found", code: "NOT_FOUND" });
      expect((await t.request("DELETE", path)).status).toBe(404);
      expect((await t.request("GET", `${path}/download`)).status).toBe(404);
    }
    const res = await t.request("POST", "/api/admin/jobs", { body: { kind: "vacuum" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Kind must be one of: ledger-check, export",
    );
  });

  test("a books check has no download (409)", async () => {
    const started = await t.json<JobDto>("POST", "/api/admin/jobs", {
      body: { kind: "ledger-check" },
      expect: 202,
    });
    await finished(t, started.id);
    const res = await t.request("GET", `/api/admin/jobs/${started.id}/download`);
    expect(res.status).toBe(409);
  });

  test("staff and customers get 403 on every jobs endpoint, anonymous 401", async () => {
    const started = await t.json<JobDto>("POST", "/api/admin/jobs", {
      body: { kind: "ledger-check" },
      expect: 202,
    });
    const exportsBefore = (await t.json<JobDto[]>("GET", "/api/admin/jobs")).filter(
      (j) => j.kind === "export",
    ).length;
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/admin/jobs", { kind: "export" }],
      ["GET", "/api/admin/jobs"],
      ["GET", `/api/admin/jobs/${started.id}`],
      ["DELETE", `/api/admin/jobs/${started.id}`],
      ["GET", `/api/admin/jobs/${started.id}/download`],
    ];
    for (const [method, path, body] of calls) {
      for (const as of ["user", "customer"] as const) {
        expect((await t.request(method, path, { as, body })).status).toBe(403);
      }
      expect((await t.request(method, path, { as: "anonymous", body })).status).toBe(401);
    }
    // Nothing a non-admin sent started or cancelled anything.
    const jobs = await t.json<JobDto[]>("GET", "/api/admin/jobs");
    expect(jobs.filter((j) => j.kind === "export")).toHaveLength(exportsBefore);
    expect((await finished(t, started.id)).state).toBe("done");
  });
});

describe("jobs on a database file (run in a worker thread)", () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "jobs-test-"));
    t = await createTestApp(join(dir, "shop.db"));
    // About 2 KB of export per bet: several 64 KB chunks.
    await seedBets(t, 160);
  }, 60_000);
  afterAll(() => {
    disposeJobs(t.handle.sqlite);
    t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a books check runs in the worker and reports what the check finds", async () => {
    const clean = await t.json<BooksReportDto>("GET", "/api/admin/ledger-check");
    expect(clean).toMatchObject({ ok: true, violations: [] });
    // A stored balance off by 1 cent: the worker's own connection sees the committed change.
    t.handle.sqlite.run("update customers set balance_cents = balance_cents + 1 where id = 1");
    const started = await t.json<JobDto>("POST", "/api/admin/jobs", {
      body: { kind: "ledger-check" },
      expect: 202,
    });
    const job = await finished(t, started.id);
    expect(job.state).toBe("done");
    expect(job.result?.ok).toBe(false);
    expect(job.result?.violations.map((v) => [v.rule, v.entityId])).toEqual([
      ["customer-balance", 1],
    ]);
    t.handle.sqlite.run("update customers set balance_cents = balance_cents - 1 where id = 1");
  });

  test("an export job writes its file in the worker; the download is the same document", async () => {
    const started = await t.json<JobDto>("POST", "/api/admin/jobs", {
      body: { kind: "export" },
      expect: 202,
    });
    const job = await finished(t, started.id);
    expect(job).toMatchObject({ state: "done", progress: 1, phrase: "Done" });
    const text = await (await t.request("GET", `/api/admin/jobs/${job.id}/download`)).text();
    expect(text.length).toBeGreaterThan(4 * 64 * 1024);
    expect(text).toBe(exportOracle(t.handle.sqlite, exportedAtOf(text)));
    // Cancelling a finished job leaves it as it was.
    expect(await t.json<JobDto>("DELETE", `/api/admin/jobs/${job.id}`)).toMatchObject({
      state: "done",
    });
  });

  test("the streamed export: progress while the reader lags, then cancelled from the list", async () => {
    const res = await t.request("GET", "/api/admin/export-all-data");
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The worker runs at most a couple of chunks ahead of this reader, so it waits mid-way.
    const running = (await t.json<JobDto[]>("GET", "/api/admin/jobs")).find(
      (j) => j.kind === "export" && j.state === "running",
    ) as JobDto;
    expect(running.progress).toBeGreaterThan(0);
    expect(running.progress).toBeLessThan(1);
    expect(running.download).toBeNull();
    // The step says which table and how many rows, as values; the phrase says it in English.
    expect(running.step).toBe("export-rows");
    const { table, done, total } = running.stepParams as {
      table: string;
      done: number;
      total: number;
    };
    expect(EXPORTED_TABLES as readonly string[]).toContain(table);
    expect(done).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(done);
    expect(running.progress).toBe(done / total);
    expect(running.phrase).toBe(
      `Exporting ${table.replaceAll("_", " ")}: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} rows`,
    );

    const cancelled = await t.json<JobDto>("DELETE", `/api/admin/jobs/${running.id}`);
    expect(cancelled).toMatchObject({ state: "cancelled", step: "cancelled", phrase: "Cancelled" });
    expect(cancelled.finishedAt).not.toBeNull();
    // The download ends in an error rather than passing for a whole export.
    let failed = false;
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
    expect((await t.json<JobDto>("GET", `/api/admin/jobs/${running.id}`)).state).toBe("cancelled");
  });

  test("the streamed export read to the end is the whole document", async () => {
    const text = await (await t.request("GET", "/api/admin/export-all-data")).text();
    expect(text).toBe(exportOracle(t.handle.sqlite, exportedAtOf(text)));
    const job = (await t.json<JobDto[]>("GET", "/api/admin/jobs"))[0];
    expect(job).toMatchObject({ kind: "export", state: "done", progress: 1 });
  });
});
