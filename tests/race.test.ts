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

test("one cash bet's slip paid from 10 concurrent requests over two tills: paid once, both tills to the cent", async () => {
  const ids = await seedBasics(t);
  const base = `http://127.0.0.1:${server.port}`;
  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  for (const cookie of [t.cookies.user, t.cookies.admin]) {
    expect(
      (await call(cookie, "POST", "/api/shifts", { shopId: ids.shopId, openingFloat: "50.00" }))
        .status,
    ).toBe(201);
  }
  // Twenty cash bets at once into the user's till: no funds to run out, every one taken.
  const placed = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(t.cookies.user, "POST", "/api/bets", {
        payment: "cash",
        description: "Cash race",
        stakeAmount: "2.50",
        odds: "7/4",
      }),
    ),
  );
  expect(placed.map((r) => r.status)).toEqual(Array(20).fill(201));
  const bet = (await placed[0]?.json()) as { id: number };
  expect(
    (await call(t.cookies.admin, "PATCH", `/api/bets/${bet.id}/resolve`, { status: "WON" })).status,
  ).toBe(200);
  const { code } = (await (
    await call(t.cookies.user, "GET", `/api/bets/${bet.id}/slip`)
  ).json()) as {
    code: string;
  };
  const pays = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(i % 2 ? t.cookies.admin : t.cookies.user, "POST", `/api/slips/${code}/pay`, {}),
    ),
  );
  const statuses = pays.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  const shifts = t.handle.sqlite
    .query(
      `select s.user_id as userId,
         coalesce((select sum(amount_cents) from transactions x where x.shift_id = s.id and x.from_entity_type = 'CASH'), 0) as taken,
         coalesce((select sum(amount_cents) from transactions x where x.shift_id = s.id and x.to_entity_type = 'CASH'), 0) as paid
       from shifts s where s.status = 'OPEN' order by s.id`,
    )
    .all() as { userId: number; taken: number; paid: number }[];
  // 20 x 2.50 taken by the user's till; 2.50 at 7/4 = 6.88 paid from exactly one till.
  expect(shifts.reduce((sum, s) => sum + s.taken, 0)).toBe(5000);
  expect(shifts.reduce((sum, s) => sum + s.paid, 0)).toBe(688);
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
});
