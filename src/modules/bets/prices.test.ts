/**
 * Exact fractional prices through the API (issue 21 item 5, decision 048): a bet taken at a
 * fraction answers `odds` (its decimal, as before) and `price` (as entered), its potential
 * payout is stake x (n/d + 1) half-up (worked out by hand beside each case), a Won pays it,
 * a re-settlement takes it back exactly, and the books check recomputes the same. Nonsense is
 * a 400 naming the field. Migration 0019 turns an existing 2.38 into 138/100 paying as before.
 */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { BetDto, SlipDto, UserDto } from "../../domain/dto";
import { priceOf, returnCents } from "../../domain/price";
import { checkBooks } from "../../lib/books-check";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "100000.00" });
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  expect(checkBooks(t.deps.db).violations).toEqual([]);
  t.close();
});

const place = (stakeAmount: string, odds: unknown, extra: Record<string, unknown> = {}) =>
  t.json<BetDto>("POST", "/api/bets", {
    body: { ...ids, description: "Galway Plate", stakeAmount, odds, ...extra },
  });

/** [stake, odds as typed, the return written out, payout, the decimal odds answered, price] */
const table: [string, unknown, string, string, string, string][] = [
  ["8.00", "11/8", "8 x 19/8 = 19.00", "19.00", "2.38", "11/8"],
  ["10.00", "100/30", "10 x 130/30 = 43.333...", "43.33", "4.33", "100/30"],
  ["10.00", "5/2", "10 x 7/2 = 35.00", "35.00", "3.50", "5/2"],
  ["10.00", "evens", "10 x 2 = 20.00", "20.00", "2.00", "1/1"],
  ["5.00", "EVS", "5 x 2 = 10.00", "10.00", "2.00", "1/1"],
  ["10.00", "4/6", "10 x 10/6 = 16.666...", "16.67", "1.67", "4/6"],
  ["3.00", "1/8", "3 x 9/8 = 3.375 (half: up)", "3.38", "1.13", "1/8"],
  ["2.00", "1/3", "2 x 4/3 = 2.666...", "2.67", "1.33", "1/3"],
  ["10.00", "3.50", "10 x 3.50 = 35.00", "35.00", "3.50", "3.50"],
  ["8.00", "2.38", "8 x 2.38 = 19.04", "19.04", "2.38", "2.38"],
  ["8.00", 2.5, "8 x 2.50 = 20.00", "20.00", "2.50", "2.50"],
];

describe("a bet at a price", () => {
  for (const [stake, odds, written, payout, decimal, price] of table) {
    test(`${stake} at ${JSON.stringify(odds)}: ${written}`, async () => {
      const bet = await place(stake, odds);
      expect(bet).toMatchObject({ potentialPayout: payout, odds: decimal, price });
      const read = await t.json<BetDto>("GET", `/api/bets/${bet.id}`);
      expect(read).toMatchObject({ potentialPayout: payout, odds: decimal, price });
      const slip = await t.json<SlipDto>("GET", `/api/bets/${bet.id}/slip`);
      expect(slip).toMatchObject({ potentialPayout: payout, odds: decimal, price });
    });
  }

  test("a client's own potentialPayout must be the exact one: 19.00 at 11/8, not 19.04", async () => {
    const wrong = await t.request("POST", "/api/bets", {
      body: { ...ids, description: "x", stakeAmount: "8", odds: "11/8", potentialPayout: "19.04" },
    });
    expect(wrong.status).toBe(400);
    const right = await place("8", "11/8", { potentialPayout: "19.00" });
    expect(right.potentialPayout).toBe("19.00");
  });

  test("Won pays the exact return, and a re-settlement to Lost takes exactly that back", async () => {
    const bet = await place("10", "100/30");
    const won = await t.json<BetDto>("PATCH", `/api/bets/${bet.id}/resolve`, {
      body: { status: "WON" },
    });
    expect(won.actualPayout).toBe("43.33");
    const payout = t.handle.sqlite
      .query("select amount_cents as a from transactions where bet_id = ? and type = 'PAYOUT'")
      .get(bet.id) as { a: number };
    expect(payout.a).toBe(4333);
    await t.json("POST", `/api/admin/bets/${bet.id}/resettle`, {
      body: { status: "LOST", reason: "Photo finish read again" },
      expect: 200,
    });
    const back = t.handle.sqlite
      .query("select sum(amount_cents) as a from transactions where bet_id = ? and type = 'PAYOUT'")
      .get(bet.id) as { a: number };
    expect(back.a).toBe(8666); // the payout and its exact opposite row
  });

  test("the books check recomputes from the price: a potential payout off by a cent is found", async () => {
    const bet = await place("8", "11/8");
    t.handle.sqlite.run("update bets set potential_payout_cents = 1904 where id = ?", [bet.id]);
    const found = checkBooks(t.deps.db).violations.filter((v) => v.entityId === bet.id);
    expect(found.map((v) => v.message)).toEqual([
      `Bet #${bet.id}: potential payout €19.04 is not stake x odds at 11/8 (€19.00)`,
    ]);
    t.handle.sqlite.run("update bets set potential_payout_cents = 1900 where id = ?", [bet.id]);
  });

  test("nonsense is a 400 naming the odds field", async () => {
    for (const [odds, message] of [
      ["0/1", "Odds must be at least 1/100 (1.01)"],
      ["5/0", "The price's denominator must be at least 1"],
      ["-5/2", "Not a price"],
      ["-2", "Odds must be at least 1.01"],
      ["1000/1", "Odds must be at most 999/1 (1000.00)"],
      ["99999999/1", "Not a price"],
      ["5/99999", "Odds must be at least 1/100 (1.01)"],
      ["2000/1001", "The price's denominator must be at most 1000"],
      ["1e3", "Not a number"],
    ] as const) {
      const res = await t.request("POST", "/api/bets", {
        body: { ...ids, description: "x", stakeAmount: "8", odds },
      });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { message: string; fields: Record<string, string> };
      expect(answer.fields).toEqual({ odds: message });
      expect(answer.message).toBe(
        message.startsWith("Odds") || message.startsWith("The price")
          ? message
          : `odds: ${message}`,
      );
    }
    expect(t.handle.sqlite.query("select count(*) as n from bets").get()).toEqual({ n: 0 });
  });
});

describe("each user's odds format", () => {
  test("null follows ODDS_FORMAT; a user sets their own and clears it again, audited", async () => {
    const settings = await t.json<{ oddsFormat: string }>("GET", "/api/settings", { as: "user" });
    expect(settings.oddsFormat).toBe("decimal");
    expect((await t.json<UserDto>("GET", "/api/user", { as: "user" })).oddsFormat).toBeNull();
    const set = await t.json<UserDto>("PATCH", "/api/user/preferences", {
      as: "user",
      body: { oddsFormat: "fractional" },
    });
    expect(set.oddsFormat).toBe("fractional");
    expect((await t.json<UserDto>("GET", "/api/user", { as: "user" })).oddsFormat).toBe(
      "fractional",
    );
    // Only one's own: the admin's stays unset.
    expect((await t.json<UserDto>("GET", "/api/user", { as: "admin" })).oddsFormat).toBeNull();
    const bad = await t.request("PATCH", "/api/user/preferences", {
      as: "user",
      body: { oddsFormat: "american" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fields: { oddsFormat: "Odds format must be decimal or fractional" },
    });
    const cleared = await t.json<UserDto>("PATCH", "/api/user/preferences", {
      as: "user",
      body: { oddsFormat: null },
    });
    expect(cleared.oddsFormat).toBeNull();
    const audit = t.handle.sqlite
      .query("select count(*) as n from audit_log where action = 'user.preferences'")
      .get() as { n: number };
    expect(audit.n).toBe(2);
  });
});

describe("migration 0019", () => {
  test("an existing bet at 2.38 becomes 138/100 and pays as before", () => {
    const root = `${import.meta.dir}/../../../drizzle`;
    const dir = mkdtempSync(join(tmpdir(), "prices-migration-"));
    try {
      // The migrations up to 0018 only: the database as it stood before this one.
      const journal = JSON.parse(readFileSync(`${root}/meta/_journal.json`, "utf8")) as {
        entries: { idx: number; tag: string }[];
      };
      const before = journal.entries.filter((e) => e.idx <= 18);
      cpSync(root, `${dir}/old`, { recursive: true });
      writeFileSync(
        `${dir}/old/meta/_journal.json`,
        JSON.stringify({ ...journal, entries: before }),
      );
      const sqlite = new Database(`${dir}/db.sqlite`);
      const db = drizzle(sqlite);
      migrate(db, { migrationsFolder: `${dir}/old` });
      sqlite.run("pragma foreign_keys = off");
      sqlite.run(
        "insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths, potential_payout_cents, status, created_at) values ('Old', 1, 1, 800, 238, 1904, 'PENDING', 0)",
      );
      migrate(db, { migrationsFolder: root });
      const row = sqlite
        .query(
          "select odds_hundredths as oddsHundredths, price_num as priceNum, price_den as priceDen, price_format as priceFormat, potential_payout_cents as potential from bets",
        )
        .get() as {
        oddsHundredths: number;
        priceNum: number;
        priceDen: number;
        priceFormat: string;
        potential: number;
      };
      expect(row).toEqual({
        oddsHundredths: 238,
        priceNum: 138,
        priceDen: 100,
        priceFormat: "decimal",
        potential: 1904,
      });
      expect(returnCents(800, priceOf(row))).toBe(1904);
      const user = sqlite.query("select odds_format from users").all();
      expect(user).toEqual([]);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
