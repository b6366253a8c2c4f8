/**
 * The system alerts say their kind and values too (decision 066): a books check that finds
 * a discrepancy and the recalculation that corrects it answer `code` and `params` beside the
 * English (the large bet, the till short and the sign-ins are in alerts.test.ts). On a file
 * database: the books check runs in a worker.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { AlertDto, BooksStatusDto, JobDto } from "../../domain/dto";
import { disposeJobs } from "../../lib/jobs";

let dir: string;
let t: TestApp;
let customerId: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "alert-codes-"));
  t = await createTestApp(join(dir, "alerts.db"));
  ({ customerId } = await seedBasics(t));
});
afterEach(() => {
  disposeJobs(t.handle.sqlite);
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function alertsOf(code: string): Promise<AlertDto[]> {
  return (await t.json<AlertDto[]>("GET", "/api/alerts")).filter((a) => a.code === code);
}

/** Runs the books check as the admin page does and waits for its result. */
async function checkBooks(): Promise<void> {
  const job = await t.json<JobDto>("POST", "/api/admin/jobs", {
    body: { kind: "ledger-check" },
    expect: 202,
  });
  for (let i = 0; i < 4000; i++) {
    const { last } = await t.json<BooksStatusDto>("GET", "/api/admin/books-status");
    if (last && last.checkedAt >= job.createdAt) return;
    await Bun.sleep(5);
  }
  throw new Error("the books check did not finish");
}

describe("a system alert's code and params", () => {
  test("the books check and a balance drift: counts, the first discrepancy and signed cents", async () => {
    t.handle.sqlite
      .query("update customers set balance_cents = 12345 where id = ?")
      .run(customerId);

    await checkBooks();
    const first = `Customer #${customerId} has a stored balance of €123.45 but its ledger gives €0.00`;
    expect(await alertsOf("BOOKS_UNBALANCED")).toEqual([
      expect.objectContaining({
        category: "system",
        title: "The books do not balance",
        description: `The books check found 1 discrepancy, the first: ${first}. See the books indicator on the admin page.`,
        params: { count: 1, truncated: false, first },
      }),
    ]);

    await t.json("POST", "/api/admin/recalculate-balance", {
      body: { entityType: "CUSTOMER", entityId: customerId },
      expect: 200,
    });
    expect(await alertsOf("BALANCE_DRIFT")).toEqual([
      expect.objectContaining({
        description: `Customer Ada Lovelace (#${customerId}) had a stored balance of €123.45 but its ledger says €0.00 (drift -€123.45). The balance was reset to the ledger.`,
        params: {
          entityType: "CUSTOMER",
          entityId: customerId,
          name: "Ada Lovelace",
          storedCents: 12_345,
          ledgerCents: 0,
          driftCents: -12_345,
        },
      }),
    ]);
  });
});
