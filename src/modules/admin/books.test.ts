/**
 * The books indicator through the HTTP app (issue 13): every finished books check is stored,
 * GET /api/admin/books-status answers the newest one, a failing check raises one alert, and
 * the schedule runs the check by itself. A database file, so the check runs in its worker
 * (read-only) and the result is written on the request thread, as in production.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { openDatabase } from "../../db/client";
import type { BooksStatusDto, JobDto } from "../../domain/dto";
import { BOOKS_ALERT_KEY, booksCheckDtoOf, latestBooksCheck } from "../../lib/books-status";
import { disposeJobs } from "../../lib/jobs";
import { startBooksScheduler } from "./books.service";

let dir: string;
let t: TestApp;
let shopId: number;
let customerId: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "books-test-"));
  t = await createTestApp(join(dir, "books.db"));
  ({ shopId, customerId } = await seedBasics(t));
  await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "70" } });
});
afterEach(() => {
  disposeJobs(t.handle.sqlite);
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

const status = () => t.json<BooksStatusDto>("GET", "/api/admin/books-status");

/** Starts a check as the admin page does and waits for the indicator to have its result. */
async function checkNow(): Promise<BooksStatusDto> {
  const job = await t.json<JobDto>("POST", "/api/admin/jobs", {
    body: { kind: "ledger-check" },
    expect: 202,
  });
  for (let i = 0; i < 4000; i++) {
    const now = await status();
    if (!now.running && now.last && now.last.checkedAt >= job.createdAt) return now;
    await Bun.sleep(5);
  }
  throw new Error("the books check did not finish");
}

const booksAlerts = () =>
  t.handle.sqlite
    .query("select type, title, dismissed_at from alerts where dedupe_key = ?")
    .all(BOOKS_ALERT_KEY) as { type: string; title: string; dismissed_at: number | null }[];

describe("the books indicator", () => {
  test("is not yet checked on a fresh database, and admins only", async () => {
    expect(await status()).toEqual({ last: null, running: null });
    await t.json("GET", "/api/admin/books-status", { as: "user", expect: 403 });
    await t.json("GET", "/api/admin/books-status", { as: "customer", expect: 403 });
    await t.json("GET", "/api/admin/books-status", { as: "anonymous", expect: 401 });
  });

  test("turns red after a balance is corrupted with SQL and green after recalculation", async () => {
    const green = await checkNow();
    expect(green.last).toMatchObject({
      ok: true,
      violations: [],
      violationCount: 0,
      truncated: false,
      startedBy: "admin1",
    });

    t.handle.sqlite
      .query("update customers set balance_cents = 12345 where id = ?")
      .run(customerId);
    const red = await checkNow();
    expect(red.last).toMatchObject({ ok: false, violationCount: 1, truncated: false });
    expect(red.last?.violations).toEqual([
      {
        rule: "customer-balance",
        entityType: "CUSTOMER",
        entityId: customerId,
        message: `Customer #${customerId} has a stored balance of €123.45 but its ledger gives €70.00`,
      },
    ]);
    expect(booksAlerts()).toEqual([
      { type: "error", title: "The books do not balance", dismissed_at: null },
    ]);

    // A second failing check does not raise a second alert while the first is undismissed.
    await checkNow();
    expect(booksAlerts()).toHaveLength(1);

    await t.json("POST", "/api/admin/recalculate-balance", {
      body: { entityType: "CUSTOMER", entityId: customerId },
      expect: 200,
    });
    const fixed = await checkNow();
    expect(fixed.last).toMatchObject({ ok: true, violations: [], violationCount: 0 });
    expect(fixed.last?.id).toBeGreaterThan(red.last?.id ?? 0);
  });

  test("GET /api/admin/ledger-check only reads: it answers the report and stores nothing", async () => {
    const before = await status();
    const alertsBefore = t.handle.sqlite.query("select count(*) as n from alerts").get() as {
      n: number;
    };
    t.handle.sqlite.query("update shops set balance_cents = 1 where id = ?").run(shopId);
    const report = await t.json<{ ok: boolean; checkedAt: string }>(
      "GET",
      "/api/admin/ledger-check",
    );
    expect(report.ok).toBe(false);
    // Nothing stored and no alert raised (issue 25: a GET that wrote could be driven from a link).
    expect((await status()).last).toEqual(before.last);
    expect(t.handle.sqlite.query("select count(*) as n from alerts").get()).toEqual(alertsBefore);
  });

  test("a stored check (POST /api/admin/jobs) is kept across a restart", async () => {
    t.handle.sqlite.query("update shops set balance_cents = 1 where id = ?").run(shopId);
    const now = await checkNow();
    expect(now.last).toMatchObject({
      ok: false,
      violationCount: 1,
      violations: [expect.objectContaining({ rule: "shop-balance", entityId: shopId })],
    });

    // Another connection to the same file (as after a restart) reads the same result.
    const again = openDatabase(join(dir, "books.db"));
    try {
      const row = latestBooksCheck(again.db);
      expect(row ? booksCheckDtoOf(row) : null).toEqual(now.last as never);
    } finally {
      again.close();
    }
  });

  test("says a check is running while one is under way", async () => {
    const job = await t.json<JobDto>("POST", "/api/admin/jobs", {
      body: { kind: "ledger-check" },
      expect: 202,
    });
    const now = await status();
    // Either still running (then it is this job) or already stored.
    if (now.running) expect(now.running.id).toBe(job.id);
    else expect(now.last?.ok).toBe(true);
  });

  test("the schedule runs a check by itself, started by 'schedule'", async () => {
    const scheduler = startBooksScheduler(t.deps, { intervalHours: 24, startDelayMs: 0 });
    try {
      let last: BooksStatusDto["last"] = null;
      for (let i = 0; i < 4000 && !last; i++) {
        ({ last } = await status());
        if (!last) await Bun.sleep(5);
      }
      expect(last).toMatchObject({ ok: true, startedBy: "schedule" });
    } finally {
      scheduler.stop();
    }
  });
});
