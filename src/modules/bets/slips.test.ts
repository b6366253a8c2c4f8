import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { SlipDto } from "../../domain/dto";
import { SLIP_ALPHABET } from "../../domain/slip-code";
import {
  backfillSlipCodes,
  computeSlipCode,
  readSlipKey,
  startSlipBackfill,
} from "./slips.service";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "500.00" });
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.close();
});

const place = (body: Record<string, unknown> = {}) =>
  t.json<{ id: number }>("POST", "/api/bets", {
    as: "user",
    body: { ...ids, description: "Derby", stakeAmount: "10.00", odds: "2.50", ...body },
  });
const slipOf = (id: number, as: "admin" | "user" | "customer" = "user") =>
  t.json<SlipDto>("GET", `/api/bets/${id}/slip`, { as });
const find = (code: string, as: "admin" | "user" | "customer" = "user") =>
  t.request("GET", `/api/slips/${encodeURIComponent(code)}`, { as });
const sql = (text: string, ...values: (string | number | null)[]) =>
  t.handle.sqlite.query(text).run(...values);

describe("a bet's slip", () => {
  test("shows what the receipt prints, with a 10-character code without look-alikes", async () => {
    const bet = await place();
    const slip = await slipOf(bet.id);
    expect(slip).toMatchObject({
      betId: bet.id,
      shop: { id: ids.shopId, name: "Main Street", location: "Dublin" },
      customer: { id: ids.customerId, firstName: "Ada", lastName: "Lovelace" },
      description: "Derby",
      stakeAmount: "10.00",
      odds: "2.50",
      potentialPayout: "25.00",
      status: "PENDING",
      staff: "user1",
    });
    expect(slip.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    for (const c of "01ILO") expect(SLIP_ALPHABET).not.toContain(c);
    // Stored with the bet when it was placed, in the same transaction.
    const stored = t.handle.sqlite.query("select slip_code from bets where id = ?").get(bet.id);
    expect(stored).toEqual({ slip_code: slip.code });
  });

  test("keeps the same code for the same bet, and gives each bet its own", async () => {
    const a = await place();
    const b = await place();
    const code = (await slipOf(a.id)).code;
    expect((await slipOf(a.id, "admin")).code).toBe(code);
    // Settling changes nothing the code covers.
    await t.json("PATCH", `/api/bets/${a.id}/resolve`, { as: "user", body: { status: "LOST" } });
    expect((await slipOf(a.id)).code).toBe(code);
    expect((await slipOf(b.id)).code).not.toBe(code);
  });

  test("is derived from id, stake, odds and time with the database's own secret", async () => {
    const bet = await place();
    const row = t.handle.sqlite
      .query("select id, stake_cents, odds_hundredths, created_at from bets where id = ?")
      .get(bet.id) as {
      id: number;
      stake_cents: number;
      odds_hundredths: number;
      created_at: number;
    };
    const facts = {
      id: row.id,
      stakeCents: row.stake_cents,
      oddsHundredths: row.odds_hundredths,
      createdAt: row.created_at,
    };
    const key = readSlipKey(t.handle.sqlite);
    expect((await slipOf(bet.id)).code).toBe(computeSlipCode(key, facts));
    // Another database has another secret, so other codes for the same facts.
    const other = await createTestApp();
    try {
      expect(key.length).toBe(32);
      expect(readSlipKey(other.handle.sqlite).equals(key)).toBe(false);
      expect(computeSlipCode(readSlipKey(other.handle.sqlite), facts)).not.toBe(
        computeSlipCode(key, facts),
      );
    } finally {
      other.close();
    }
  });

  test("a customer login sees its own bets' slips only", async () => {
    const bet = await place();
    sql("update users set customer_id = ? where id = ?", ids.customerId, t.ids.customer);
    expect((await slipOf(bet.id, "customer")).betId).toBe(bet.id);
    const other = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Grace", lastName: "Hopper", creditLimit: "100" },
    });
    const theirs = await place({ customerId: other.id });
    const res = await t.request("GET", `/api/bets/${theirs.id}/slip`, { as: "customer" });
    expect(res.status).toBe(404);
    expect((await t.request("GET", "/api/bets/999999/slip", { as: "user" })).status).toBe(404);
  });
});

describe("finding a bet by its slip's code", () => {
  test("finds it for staff and admins, typed in any case, with spaces or a dash", async () => {
    const bet = await place();
    const { code } = await slipOf(bet.id);
    for (const typed of [
      code,
      code.toLowerCase(),
      `${code.slice(0, 5)}-${code.slice(5)}`,
      ` ${code.slice(0, 5)} ${code.slice(5)} `,
    ]) {
      const res = await find(typed);
      expect(res.status).toBe(200);
      expect(((await res.json()) as SlipDto).betId).toBe(bet.id);
    }
    expect((await find(code, "admin")).status).toBe(200);
  });

  test("is for staff: a customer login gets 403, anonymous 401", async () => {
    const { code } = await slipOf((await place()).id);
    expect((await find(code, "customer")).status).toBe(403);
    const anonymous = await t.request("GET", `/api/slips/${code}`, { as: "anonymous" });
    expect(anonymous.status).toBe(401);
  });

  test("answers 404 'Slip not found' for unknown codes and for what is no code", async () => {
    const { code } = await slipOf((await place()).id);
    const unknown = code.startsWith("2") ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    for (const typed of [unknown, "ABCDEFGHJK", "OOOOOOOOOO", "123", "x".repeat(40)]) {
      const res = await find(typed);
      expect({ typed, status: res.status }).toEqual({ typed, status: 404 });
      expect(await res.json()).toEqual({ message: "Slip not found", code: "NOT_FOUND" });
    }
  });

  test("stops matching once a fractional bet's price is changed in the database", async () => {
    const bet = await place({ odds: "11/8" });
    const { code } = await slipOf(bet.id);
    expect((await find(code)).status).toBe(200);
    sql("update bets set price_num = 12 where id = ?", bet.id);
    expect((await find(code)).status).toBe(404);
    sql("update bets set price_num = 11 where id = ?", bet.id);
    expect((await find(code)).status).toBe(200);
  });

  for (const [what, change] of [
    ["stake", "update bets set stake_cents = stake_cents + 100 where id = ?"],
    ["odds", "update bets set odds_hundredths = odds_hundredths + 1 where id = ?"],
    ["time", "update bets set created_at = created_at + 1000 where id = ?"],
  ] as const) {
    test(`stops matching once the bet's ${what} is changed in the database`, async () => {
      const bet = await place();
      const { code } = await slipOf(bet.id);
      expect((await find(code)).status).toBe(200);
      // Behind the server's back (put back below, so the ledger check after the test holds).
      sql(change, bet.id);
      const res = await find(code);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Slip not found", code: "NOT_FOUND" });
      // Put back as it was, it matches again.
      sql(
        change.replace("+ 100", "- 100").replace("+ 1 ", "- 1 ").replace("+ 1000", "- 1000"),
        bet.id,
      );
      expect((await find(code)).status).toBe(200);
    });
  }

  test("a code copied onto another bet does not find that bet", async () => {
    const a = await place();
    const b = await place();
    const { code } = await slipOf(a.id);
    sql("update bets set slip_code = null where id = ?", a.id);
    sql("update bets set slip_code = ? where id = ?", code, b.id);
    expect((await find(code)).status).toBe(404);
  });
});

describe("codes for bets that have none", () => {
  test("the backfill gives earlier bets the code their slip shows, in batches", async () => {
    const placed = [await place(), await place(), await place()];
    const slips = await Promise.all(placed.map((b) => slipOf(b.id)));
    sql("update bets set slip_code = null");
    const [first] = slips;
    if (!first) throw new Error("no slip");
    // Before the backfill reaches it, the slip already shows the code it will get.
    expect((await slipOf(first.betId)).code).toBe(first.code);
    expect((await find(first.code)).status).toBe(404);
    expect(backfillSlipCodes(t.handle.db, 2)).toBe(2);
    expect(backfillSlipCodes(t.handle.db, 2)).toBe(1);
    expect(backfillSlipCodes(t.handle.db, 2)).toBe(0);
    for (const slip of slips) {
      const res = await find(slip.code);
      expect(((await res.json()) as SlipDto).betId).toBe(slip.betId);
    }
  });

  test("the background backfill runs batch after batch until every bet has its code", async () => {
    const slips = [await slipOf((await place()).id), await slipOf((await place()).id)];
    sql("update bets set slip_code = null");
    const backfill = startSlipBackfill(t.handle.db, { batch: 1, pauseMs: 0 });
    expect(await backfill.done).toBe(2);
    for (const slip of slips) expect((await find(slip.code)).status).toBe(200);
  });

  test("a failing backfill backs off: the pause doubles with each failure up to its cap, and a success resets it", async () => {
    const slips = [await slipOf((await place()).id), await slipOf((await place()).id)];
    sql("update bets set slip_code = null");
    const pauses: number[] = [];
    let failuresLeft = 12;
    const backfill = startSlipBackfill(t.handle.db, {
      batch: 1,
      pauseMs: 25,
      maxRetryPauseMs: 30_000,
      run: (db, batch) => {
        if (failuresLeft-- > 0) throw new Error("disk I/O error");
        return backfillSlipCodes(db, batch);
      },
      // The pauses are recorded and run at once: no waiting in the test.
      schedule: (step, ms) => {
        pauses.push(ms);
        queueMicrotask(step);
        return undefined;
      },
    });
    expect(await backfill.done).toBe(2);
    // The first pause before any batch, 12 failures backing off, then the batches' pauses.
    expect(pauses).toEqual([
      25, 25, 50, 100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000, 25, 25,
    ]);
    for (const slip of slips) expect((await find(slip.code)).status).toBe(200);
  });

  test("a code another bet already holds makes the new bet take the next variant", async () => {
    const first = await place();
    const now = Date.parse("2026-11-22T12:00:00.000Z");
    t.deps.clock = () => now;
    const key = readSlipKey(t.handle.sqlite);
    const next = { id: first.id + 1, stakeCents: 1000, oddsHundredths: 250, createdAt: now };
    const taken = computeSlipCode(key, next);
    sql("update bets set slip_code = ? where id = ?", taken, first.id);
    const bet = await place();
    expect(bet.id).toBe(next.id);
    const { code } = await slipOf(bet.id);
    expect(code).toBe(computeSlipCode(key, next, 1));
    expect(((await (await find(code)).json()) as SlipDto).betId).toBe(bet.id);
    // The first bet holds a code that is not its own: it finds nothing.
    expect((await find(taken)).status).toBe(404);
  });
});

describe("the slip secret", () => {
  test("is made by the migration and never exported (delete-all keeps it: admin/data.test.ts)", async () => {
    const secret = t.handle.sqlite
      .query("select value from app_secrets where name = 'slip'")
      .get() as {
      value: string;
    };
    expect(secret.value).toMatch(/^[0-9a-f]{64}$/);
    const text = await (await t.request("GET", "/api/admin/export-all-data")).text();
    expect(text).not.toContain(secret.value);
    expect(text.toLowerCase()).not.toContain(secret.value.slice(0, 16));
    expect(text).not.toContain("app_secrets");
  });
});
