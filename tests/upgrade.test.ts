/**
 * Upgrades (issue 22 item 4, decision 055): the current server starts on databases left by
 * earlier schema versions (tests/fixtures/upgrade/, made by tests/fixtures/make-upgrade-fixtures.ts
 * and committed as they were made), migrates them, answers every list and read 200 with
 * their old rows, the books balance, and it takes new money on them.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkAppliedMigrations } from "../src/db/migrations";
import { contracts } from "../src/domain/contracts";
import type { BetDto, CustomerDto } from "../src/domain/dto";
import { checkBooks } from "../src/lib/books-check";
import { createTestApp } from "./helpers/test-app";
import { FIXTURE_VERSIONS, unpackFixture } from "./helpers/upgrade-fixtures";

const dir = mkdtempSync(join(tmpdir(), "upgrade-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Streams and pages, not reads of the database. */
const NOT_READS = new Set(["/api/events", "/api/docs", "/api/docs/reference.js"]);

/** Every GET without a path parameter (every list among them), and each list as CSV. */
const READS = Object.values(contracts).flatMap((c) => {
  if (c.method !== "get" || c.path.includes("{") || NOT_READS.has(c.path)) return [];
  return "csv" in c && c.csv ? [c.path, `${c.path}?format=csv`] : [c.path];
});

test("the reads cover every list", () => {
  expect(READS).toEqual(
    expect.arrayContaining([
      "/api/customers",
      "/api/shops",
      "/api/bets",
      "/api/transactions",
      "/api/shifts",
      "/api/alerts",
      "/api/admin/audit",
      "/api/admin/users",
      "/api/reports",
    ]),
  );
});

describe.each(FIXTURE_VERSIONS)("a database at migration %d", (version) => {
  test("starts, migrates, reads every list with its rows, balances, and takes new money", async () => {
    const path = unpackFixture(version, dir);
    const t = await createTestApp(path);
    try {
      expect(checkAppliedMigrations(t.handle.sqlite)).toEqual({ pending: [], mismatch: null });
      const failed: string[] = [];
      for (const read of READS) {
        const res = await t.request("GET", read);
        const body = await res.text();
        if (res.status !== 200) failed.push(`${read}: ${res.status} ${body.slice(0, 300)}`);
      }
      const details = [
        "/api/customers/1",
        "/api/customers/1/stats",
        "/api/shops/1",
        "/api/shops/1/stats",
        "/api/bets/1",
        "/api/bets/2",
        "/api/bets/3",
        "/api/bets/2/settlements",
        ...(version >= 8 ? ["/api/shifts/1"] : []),
      ];
      for (const read of details) {
        const res = await t.request("GET", read);
        if (res.status !== 200) failed.push(`${read}: ${res.status} ${await res.text()}`);
      }
      expect(failed).toEqual([]);

      // The old rows, as they were.
      const customers = await t.json<CustomerDto[]>("GET", "/api/customers?sort=id&order=asc");
      expect(customers.map((c) => [c.id, c.firstName, c.balance])).toEqual([
        [1, "Ada", version >= 8 ? "48.00" : "38.00"],
        [2, "Brian", "39.00"],
      ]);
      const bets = await t.json<BetDto[]>("GET", "/api/bets?sort=id&order=asc");
      expect(bets.map((b) => [b.id, b.status, b.stakeAmount])).toEqual([
        [1, "PENDING", "2.00"],
        [2, "WON", "5.00"],
        [3, "LOST", "1.00"],
      ]);
      const transactions = await t.json<unknown[]>("GET", "/api/transactions");
      expect(transactions).toHaveLength(version >= 8 ? 8 : 7);
      const audit = await t.json<{ action: string }[]>("GET", "/api/admin/audit");
      expect(audit.map((a) => a.action)).toContain("customer.create");
      if (version >= 8) {
        expect(await t.json<unknown[]>("GET", "/api/shifts")).toHaveLength(1);
      }
      expect(checkBooks(t.handle.db).violations).toEqual([]);

      // New money on the old file: a deposit and a bet settled, and the books still balance.
      await t.json("POST", "/api/deposits", { body: { customerId: 2, shopId: 1, amount: "5" } });
      const bet = await t.json<BetDto>("POST", "/api/bets", {
        body: { customerId: 2, shopId: 1, description: "Kauto Star", stakeAmount: "2", odds: "3" },
      });
      expect(bet.id).toBe(4);
      await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "WON" } });
      expect(checkBooks(t.handle.db).violations).toEqual([]);
    } finally {
      t.close();
    }
  }, 60_000);
});
