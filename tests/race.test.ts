/**
 * 50 concurrent bets over a real socket for one customer whose funds cover exactly 20:
 * exactly 20 succeed, 30 get 422, and the balance equals its ledger.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { balances, ledgerViolations } from "./helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "./helpers/test-app";

let dir: string;
let t: TestApp;
let server: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "race-"));
  t = await createTestApp(join(dir, "race.db"));
  server = Bun.serve({ port: 0, fetch: (req, srv) => t.app.fetch(req, { server: srv }) });
});
afterAll(() => {
  server.stop(true);
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

test("50 concurrent bets, funds for 20: 20 placed, 30 refused with 422, books balanced", async () => {
  const ids = await seedBasics(t, { creditLimit: "100.00" });
  const base = `http://127.0.0.1:${server.port}`;
  const send = () =>
    fetch(`${base}/api/bets`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, Cookie: t.cookies.user },
      body: JSON.stringify({ ...ids, description: "Race", stakeAmount: "5.00", odds: "2.00" }),
    });
  const results = await Promise.all(Array.from({ length: 50 }, send));
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(20);
  expect(statuses.filter((s) => s === 422)).toHaveLength(30);
  expect(balances(t.handle.sqlite, ids.customerId, ids.shopId).customer).toBe(-10_000);
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
});

test("concurrent replays of one Idempotency-Key place the bet once", async () => {
  const ids = await seedBasics(t, { creditLimit: "100.00" });
  const base = `http://127.0.0.1:${server.port}`;
  const send = () =>
    fetch(`${base}/api/bets`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: base,
        Cookie: t.cookies.user,
        "Idempotency-Key": "double-click",
      },
      body: JSON.stringify({ ...ids, description: "Once", stakeAmount: "1.00", odds: "2.00" }),
    });
  const results = await Promise.all(Array.from({ length: 10 }, send));
  const bodies = await Promise.all(results.map((r) => r.json() as Promise<{ id: number }>));
  expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
  expect(balances(t.handle.sqlite, ids.customerId, ids.shopId).customer).toBe(-100);
});
