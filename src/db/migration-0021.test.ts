/**
 * drizzle/0021_cash_bets_each_way.sql rebuilds `bets` (issue 21, decisions 051 and 052): a
 * database as it stood at 0020, with bets, their ledger rows and settlements, comes through
 * with every bet, id, reference, search entry and report figure as it was, and the server
 * then takes cash bets on it.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { createTestApp } from "../../tests/helpers/test-app";
import type { BetDto } from "../domain/dto";
import { checkBooks } from "../lib/books-check";

const ROOT = `${import.meta.dir}/../../drizzle`;

/** A database file migrated up to and including `lastIdx`. */
function databaseAt(dir: string, lastIdx: number): string {
  const journal = JSON.parse(readFileSync(`${ROOT}/meta/_journal.json`, "utf8")) as {
    entries: { idx: number }[];
  };
  cpSync(ROOT, `${dir}/old`, { recursive: true });
  writeFileSync(
    `${dir}/old/meta/_journal.json`,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= lastIdx) }),
  );
  const path = `${dir}/db.sqlite`;
  const sqlite = new Database(path);
  migrate(drizzle(sqlite), { migrationsFolder: `${dir}/old` });
  // Two customers, a shop, three bets (one settled Won with its rows), a settlement history.
  sqlite.run(`insert into customers (id, first_name, last_name, created_at, balance_cents)
    values (1, 'Ada', 'Lovelace', 0, -200), (2, 'Brian', 'Boru', 0, 900)`);
  sqlite.run(
    `insert into shops (id, name, location, created_at) values (1, 'Main Street', 'Dublin', 0)`,
  );
  sqlite.run(`insert into bets (id, description, customer_id, shop_id, stake_cents, odds_hundredths,
      price_num, price_den, price_format, potential_payout_cents, actual_payout_cents, status, outcome,
      created_at, resolved_at, slip_code)
    values (1, 'Arkle Chase', 1, 1, 200, 300, 2, 1, 'fractional', 600, null, 'PENDING', 'PENDING', 1000, null, 'AAAAAAAAAA'),
           (2, 'Red Rum Derby', 2, 1, 500, 300, 200, 100, 'decimal', 1500, 1500, 'WON', 'WON', 2000, 3000, 'BBBBBBBBBB'),
           (7, 'Best Mate', 2, 1, 100, 200, 100, 100, 'decimal', 200, 0, 'LOST', 'LOST', 4000, 5000, null)`);
  sqlite.run(`insert into transactions (type, amount_cents, from_entity_type, from_entity_id,
      to_entity_type, to_entity_id, bet_id, created_at)
    values ('BETTING', 200, 'CUSTOMER', 1, 'SHOP', 1, 1, 1000),
           ('BETTING', 500, 'CUSTOMER', 2, 'SHOP', 1, 2, 2000),
           ('PAYOUT', 1500, 'SHOP', 1, 'CUSTOMER', 2, 2, 3000),
           ('BETTING', 100, 'CUSTOMER', 2, 'SHOP', 1, 7, 4000)`);
  // The highest id ever given was 9 (two bets since deleted): the next bet is #10, not #8.
  sqlite.run("update sqlite_sequence set seq = 9 where name = 'bets'");
  sqlite.close();
  return path;
}

test("migration 0021 keeps every bet, reference, search entry and report figure; cash bets follow", async () => {
  const dir = mkdtempSync(join(tmpdir(), "migration-0021-"));
  try {
    const path = databaseAt(dir, 20);
    const before = new Database(path);
    const rollups = (db: Database) => ({
      shops: db
        .query(
          "select grain, bucket, shop_id, bet_count, won_count, lost_count, pending_count, void_count, staked_cents, revenue_cents, payout_cents from report_shop_rollups order by 1, 2, 3",
        )
        .all(),
      customers: db.query("select * from report_customer_rollups order by 1, 2, 3").all(),
    });
    const bets = (db: Database) =>
      db
        .query(
          "select id, description, customer_id, shop_id, stake_cents, odds_hundredths, price_num, price_den, price_format, potential_payout_cents, actual_payout_cents, status, outcome, created_at, resolved_at, slip_code from bets order by id",
        )
        .all();
    const oldBets = bets(before);
    const oldRollups = rollups(before);
    before.close();

    const t = await createTestApp(path);
    try {
      const db = t.handle.sqlite;
      expect(bets(db)).toEqual(oldBets);
      expect(rollups(db)).toEqual(oldRollups);
      expect(db.query("pragma foreign_key_check").all()).toEqual([]);
      expect(db.query("pragma foreign_keys").get()).toEqual({ foreign_keys: 1 });
      // New columns take their defaults on old rows.
      expect(db.query("select distinct payment from bets").all()).toEqual([{ payment: "account" }]);
      // The search index still finds old bets, and follows new ones (its triggers were remade).
      const found = await t.json<BetDto[]>("GET", "/api/bets?q=rum");
      expect(found.map((b) => b.id)).toEqual([2]);
      expect(checkBooks(t.handle.db).violations).toEqual([]);

      // The server takes a cash bet on the migrated file: the next id, in the shop's figures.
      await t.json("POST", "/api/shifts", {
        as: "user",
        body: { shopId: 1, openingFloat: "0.00" },
      });
      const cash = await t.json<BetDto>("POST", "/api/bets", {
        as: "user",
        body: {
          payment: "cash",
          description: "Cash on Kauto Star",
          stakeAmount: "4.00",
          odds: "evens",
        },
      });
      expect(cash.id).toBe(10);
      expect((await t.json<BetDto[]>("GET", "/api/bets?q=kauto")).map((b) => b.id)).toEqual([10]);
      const shopDay = db
        .query("select sum(bet_count) as n from report_shop_rollups where grain = 'month'")
        .get() as { n: number };
      expect(shopDay.n).toBe(4);
      const customerAll = db
        .query(
          "select count(*) as n, sum(bet_count) as bets from report_customer_rollups where grain = 'all'",
        )
        .get() as { n: number; bets: number };
      expect(customerAll).toEqual({ n: 2, bets: 3 });
      expect(checkBooks(t.handle.db).violations).toEqual([]);
    } finally {
      t.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
