/**
 * Search and sort at scale (issue 11, item 2): the FTS5 indexes stay in step with their
 * tables through inserts, renames and delete-all; user text never reaches FTS5 as syntax;
 * queries of 1-2 characters match the start of each text; counts past 10,000 are capped and say so; sorts by a
 * joined name keep rows without that link.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTestApp,
  seedBasics,
  TEST_PASSWORD,
  type TestApp,
} from "../../tests/helpers/test-app";
import { MAX_OFFSET, TOTAL_CAP } from "./list-query";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "1000" });
});
afterEach(() => t.close());

/** X-Total-Count of a list request (and whether it was capped). */
async function total(path: string, as: "admin" | "customer" = "admin") {
  const res = await t.request("GET", path, { as });
  expect(res.status).toBe(200);
  return {
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped") === "true",
    rows: (await res.json()) as { id: number }[],
  };
}
const count = async (path: string) => (await total(path)).total;

const place = (description: string, extra: Record<string, unknown> = {}, as = "admin" as const) =>
  t.json<{ id: number }>("POST", "/api/bets", {
    as,
    body: { ...ids, description, stakeAmount: "1.00", odds: "2.00", ...extra },
  });

/** Rows of a contentless FTS5 table (it answers a scan with its rowids). */
const ftsRows = (fts: string) =>
  (t.handle.sqlite.query(`select count(*) as n from ${fts}`).get() as { n: number }).n;

describe("the search indexes stay in step", () => {
  test("new customers, shops, bets and ledger rows are found at once", async () => {
    await place("Galway Plate");
    await t.json("POST", "/api/deposits", {
      body: { ...ids, amount: "5", description: "Till float" },
    });
    expect(await count("/api/customers?q=lovelace")).toBe(1);
    expect(await count("/api/customers?q=ada lov")).toBe(1);
    expect(await count("/api/shops?q=dublin")).toBe(1);
    expect(await count("/api/bets?q=galway")).toBe(1);
    expect(await count("/api/bets?q=LOVELACE")).toBe(1);
    expect(await count("/api/bets?q=main str")).toBe(1);
    expect(await count("/api/transactions?q=till flo")).toBe(1);
    // A stake row and the deposit both name the customer and the shop.
    expect(await count("/api/transactions?q=lovelace")).toBe(2);
    expect(await count("/api/transactions?q=main street")).toBe(2);
  });

  test("a customer or shop renamed is found by the new name only, with its bets and ledger", async () => {
    await place("Derby");
    await t.json("PATCH", `/api/customers/${ids.customerId}`, {
      body: { lastName: "Byron", email: "ada@analytical.engine" },
    });
    await t.json("PATCH", `/api/shops/${ids.shopId}`, { body: { name: "Quay Road" } });
    for (const list of ["customers", "bets", "transactions"]) {
      expect({ list, n: await count(`/api/${list}?q=lovelace`) }).toEqual({ list, n: 0 });
    }
    expect(await count("/api/customers?q=byron")).toBe(1);
    expect(await count("/api/customers?q=analytical")).toBe(1);
    expect(await count("/api/bets?q=ada byron")).toBe(1);
    expect(await count("/api/transactions?q=byron")).toBe(1);
    expect(await count("/api/bets?q=main street")).toBe(0);
    expect(await count("/api/bets?q=quay road")).toBe(1);
    expect(await count("/api/transactions?q=quay")).toBe(1);
  });

  test("delete-all empties the indexes and leaves them working", async () => {
    const backupDir = mkdtempSync(join(tmpdir(), "search-test-"));
    try {
      t.deps.backups = { dir: backupDir, intervalHours: null, keep: 14 };
      await place("Galway Plate");
      await t.json("DELETE", "/api/admin/delete-all-data", { body: { password: TEST_PASSWORD } });
      for (const fts of ["customers_fts", "shops_fts", "bets_fts", "transactions_fts"]) {
        expect({ fts, rows: ftsRows(fts) }).toEqual({ fts, rows: 0 });
      }
      expect(await count("/api/bets?q=galway")).toBe(0);
      // The triggers are back: new rows are indexed again.
      ids = await seedBasics(t, { creditLimit: "1000" });
      await place("Galway Hurdle");
      expect(await count("/api/bets?q=galway")).toBe(1);
      expect(await count("/api/customers?q=lovelace")).toBe(1);
      expect(ftsRows("bets_fts")).toBe(1);
    } finally {
      rmSync(backupDir, { recursive: true, force: true });
    }
  });
});

describe("what the user types", () => {
  test("FTS5 syntax in q is text: never a 500, found literally", async () => {
    await place('He said "go" (NEAR the end) - col:umn {x} * ^ AND OR NOT');
    await place("plain");
    const hostile = [
      '"',
      '""',
      '"go"',
      "(NEAR",
      "AND OR",
      "col:umn",
      "{x}",
      "* ^",
      "- col",
      "NOT",
      "'; drop table bets; --",
      "\u0000abc",
      "a\u0000",
      "%_\\",
      "🎉🎉🎉",
    ];
    for (const q of hostile) {
      const res = await t.request("GET", `/api/bets?q=${encodeURIComponent(q)}`);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
    }
    for (const q of ['"go"', "(NEAR", "AND OR", "col:umn", "{x}", "* ^", "- col", "NOT"]) {
      expect({ q, n: await count(`/api/bets?q=${encodeURIComponent(q)}`) }).toEqual({ q, n: 1 });
    }
  });

  test("queries under three characters match the start of a text, through its index", async () => {
    await place("Race 7");
    await place("Race 8");
    await place("7 to 1 outsider");
    expect(await count("/api/bets?q=7")).toBe(1); // starts "7 to 1", not "Race 7"
    expect(await count("/api/bets?q=ra")).toBe(2);
    expect(await count("/api/bets?q=ce")).toBe(0); // inside "Race" only
    expect(await count("/api/bets?q=lo")).toBe(3); // Lovelace, through the customer
    expect(await count("/api/bets?q=ad")).toBe(3); // Ada
    expect(await count("/api/bets?q=ov")).toBe(0);
    expect(await count("/api/bets?q=Pe")).toBe(3); // PENDING
    expect(await count("/api/customers?q=LO")).toBe(1);
    expect(await count("/api/customers?q=ov")).toBe(0);
    expect(await count("/api/shops?q=du")).toBe(1); // Dublin
    expect(await count("/api/shops?q=ub")).toBe(0);
    expect(await count("/api/transactions?q=Lo")).toBeGreaterThan(0);
  });

  test("a short query finds what a LIKE on the start of each text finds, any letter in either case", async () => {
    const words = ["Galway", "galway", "GALWAY", "%_ odd", "Éire", "Ádh", "Zed"];
    for (let i = 0; i < 14; i++) await place(`${words[i % 7]} ${i}`);
    const like = (q: string) =>
      (
        t.handle.sqlite
          .query(
            `select b.id from bets b join customers c on c.id = b.customer_id join shops s on s.id = b.shop_id
             where b.description like ?1 escape '\\' or c.first_name like ?1 escape '\\'
             or c.last_name like ?1 escape '\\' or s.name like ?1 escape '\\' or b.status like ?1
             or b.id = ?2 order by b.id`,
          )
          // Digits also name a bet by its number (issue 20, decision 040).
          .all(
            `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
            /^\d+$/.test(q) ? Number(q) : null,
          ) as {
          id: number;
        }[]
      ).map((r) => r.id);
    // LIKE folds A-Z only: each spelling of q's letters beyond them asked of it (É and é).
    const spellings = (q: string) =>
      [...q].reduce(
        (heads, ch) =>
          heads.flatMap((head) =>
            [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].map((c) => head + c),
          ),
        [""],
      );
    const anyCase = (q: string) => [...new Set(spellings(q).flatMap(like))].sort((a, b) => a - b);
    for (const q of ["g", "GA", "gA", "%", "%_", "_", "É", "é", "Á", "á", "z", "1", "m", "pe"]) {
      const { rows } = await total(`/api/bets?q=${encodeURIComponent(q)}&limit=500&sort=id`);
      expect({ q, ids: rows.map((r) => r.id) }).toEqual({ q, ids: anyCase(q) });
    }
    // Éire's bets, found as É and as é.
    expect(anyCase("é")).toHaveLength(2);
  });

  test("the indexed search finds what LIKE finds", async () => {
    const words = ["Galway", "Cheltenham", "Punchestown", "Leopardstown", "Fairyhouse"];
    for (let i = 0; i < 20; i++) await place(`${words[i % 5]} race ${i}`);
    const like = (q: string) =>
      (
        t.handle.sqlite
          .query(
            `select b.id from bets b join customers c on c.id = b.customer_id join shops s on s.id = b.shop_id
             where b.description like ?1 or c.first_name || ' ' || c.last_name like ?1 or s.name like ?1
             or b.status like ?1 order by b.id`,
          )
          .all(`%${q}%`) as { id: number }[]
      ).map((r) => r.id);
    for (const q of ["town", "race 1", "GALWAY", "e r", "ada", "pend", "stown race 1"]) {
      const { rows } = await total(`/api/bets?q=${encodeURIComponent(q)}&limit=500&sort=id`);
      expect({ q, ids: rows.map((r) => r.id) }).toEqual({ q, ids: like(q) });
    }
  });
});

describe("counts past 10,000", () => {
  /** Loads `n` bets straight into the table (the triggers index them). */
  function loadBets(n: number, description: (i: number) => string) {
    const insert = t.handle.sqlite.prepare(
      `insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths,
        potential_payout_cents, status, placed_by, created_at) values (?, ?, ?, 100, 200, 200, ?, ?, ?)`,
    );
    t.handle.sqlite.transaction(() => {
      for (let i = 0; i < n; i++) {
        insert.run(
          description(i),
          ids.customerId,
          ids.shopId,
          i % 2 ? "LOST" : "PENDING",
          t.ids.user,
          i,
        );
      }
    })();
  }

  test("are capped at 10,000 with X-Total-Count-Capped, for lists, filters and searches", async () => {
    const n = TOTAL_CAP + 25;
    loadBets(n, (i) => (i < 20 ? `Rare ${i}` : `Common ${i}`));
    const lost = (from: number) => Math.floor(n / 2) - Math.floor(from / 2); // odd i >= from
    const all = await total("/api/bets");
    expect(all).toMatchObject({ total: TOTAL_CAP, capped: true });
    expect(all.rows).toHaveLength(50);
    expect(await total("/api/bets?q=common")).toMatchObject({ total: TOTAL_CAP, capped: true });
    expect(await total("/api/bets?q=common&status=LOST")).toMatchObject({
      total: lost(20),
      capped: false,
    });
    expect(await total("/api/bets?status=PENDING")).toMatchObject({
      total: n - lost(0),
      capped: false,
    });
    expect(await total("/api/bets?q=rare")).toMatchObject({ total: 20, capped: false });
    expect(await total("/api/bets?q=rare 1&status=LOST")).toMatchObject({
      total: 6,
      capped: false,
    });
    // The last pages are still there.
    const deep = await total(`/api/bets?offset=${TOTAL_CAP}&sort=id`);
    expect(deep.rows).toHaveLength(n - TOTAL_CAP);
    // The reference documents the header.
    const doc = (await t.json("GET", "/api/openapi.json")) as {
      paths: Record<string, { get?: { responses: Record<string, { headers?: object }> } }>;
    };
    expect(Object.keys(doc.paths["/api/bets"]?.get?.responses["200"]?.headers ?? {})).toContain(
      "X-Total-Count-Capped",
    );
  });

  test("a common search under a broad filter is counted from the search's own rows", async () => {
    // 11,500 "Common" bets (more than the cap) under `to`, a filter matching more than the cap
    // too: the count is taken from the search's ids, exact up to 10,000 and capped past it.
    loadBets(TOTAL_CAP + 2_000, (i) => (i < 500 ? `Rare ${i}` : `Common ${i}`));
    expect(await total("/api/bets?q=common&to=1970-01-01T00:00:10.500Z")).toMatchObject({
      total: TOTAL_CAP,
      capped: false,
    });
    expect(await total("/api/bets?q=common&to=1970-01-01T00:00:10.501Z")).toMatchObject({
      total: TOTAL_CAP,
      capped: true,
    });
    const page = await total("/api/bets?q=common&to=1970-01-01T00:00:10.500Z&limit=5");
    expect(page.rows.map((r) => r.id)).toEqual(
      (
        t.handle.sqlite
          .query(
            "select id from bets where description like 'Common%' and created_at < 10500 order by created_at desc, id desc limit 5",
          )
          .all() as { id: number }[]
      ).map((r) => r.id),
    );
  });
});

describe("a short query that more than 10,000 names start with", () => {
  test("pages by the row test and counts through the customers it reaches first", async () => {
    const sqlite = t.handle.sqlite;
    const addCustomer = sqlite.prepare(
      "insert into customers (first_name, last_name, created_at) values (?, ?, 0) returning id",
    );
    const addBet = sqlite.prepare(
      `insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths,
        potential_payout_cents, status, placed_by, created_at) values (?, ?, ?, 100, 200, 200, ?, ?, ?)`,
    );
    sqlite.transaction(() => {
      for (let i = 0; i < TOTAL_CAP + 50; i++) {
        const { id } = addCustomer.get(i % 2 ? "Lara" : "Ann", `Lane ${i}`) as { id: number };
        addBet.run(`bet ${i}`, id, ids.shopId, i % 500 ? "LOST" : "PENDING", t.ids.user, i);
      }
      const { id } = addCustomer.get("Zoe", "Mars") as { id: number };
      for (let i = 0; i < 30; i++) {
        addBet.run(`bet ${i}`, id, ids.shopId, i % 2 ? "LOST" : "PENDING", t.ids.user, i);
      }
    })();
    const truth = (status: string) =>
      (
        sqlite
          .query(
            `select b.id from bets b join customers c on c.id = b.customer_id
             where (c.first_name like 'la%' or c.last_name like 'la%') and (? = '' or b.status = ?)
             order by b.id`,
          )
          .all(status, status) as { id: number }[]
      ).map((r) => r.id);
    for (const status of ["", "LOST", "PENDING"]) {
      const all = truth(status);
      const page = await total(`/api/bets?q=la&status=${status}&sort=id&limit=40&offset=20`);
      expect({ status, ids: page.rows.map((r) => r.id) }).toEqual({
        status,
        ids: all.slice(20, 60),
      });
      expect({ status, total: page.total, capped: page.capped }).toEqual({
        status,
        total: Math.min(all.length, TOTAL_CAP),
        capped: all.length > TOTAL_CAP,
      });
    }
  });
});

describe("a filter with a sort its index does not serve", () => {
  test("pages exactly as a plain sorted query, the sort's first rows tried first", async () => {
    const odds = [3, 2, 5, 2, 4, 9, 2, 7, 3, 6, 8, 2, 5, 4, 3, 2, 6, 7, 9, 5];
    for (const [i, o] of odds.entries()) {
      await place(`race ${i}`, { odds: `${o}.00`, outcome: i % 3 === 0 ? "PENDING" : "LOST" });
    }
    const truth = (order: "asc" | "desc") =>
      (
        t.handle.sqlite
          .query(
            `select id from bets where status = 'LOST' order by odds_hundredths ${order}, id ${order}`,
          )
          .all() as { id: number }[]
      ).map((r) => r.id);
    for (const order of ["asc", "desc"] as const) {
      const pages: number[] = [];
      for (let offset = 0; offset < 20; offset += 4) {
        const { rows, total: n } = await total(
          `/api/bets?status=LOST&sort=odds&order=${order}&limit=4&offset=${offset}`,
        );
        expect(n).toBe(truth(order).length);
        pages.push(...rows.map((r) => r.id));
      }
      expect({ order, pages }).toEqual({ order, pages: truth(order) });
    }
  });
});

describe("sorting by a joined name", () => {
  test("placed by: rows without a user first ascending, last descending, paged across", async () => {
    const a = await place("by user1", {}, "user" as "admin");
    const b = await place("by admin1");
    const orphan = await place("orphan");
    t.handle.sqlite.run("update bets set placed_by = null where id = ?", [orphan.id]);
    const order = async (qs: string) =>
      (await total(`/api/bets?sort=placedBy&${qs}`)).rows.map((r) => r.id);
    const asc = await order("order=asc");
    expect(asc).toEqual([orphan.id, b.id, a.id]);
    expect(await order("order=desc")).toEqual([a.id, b.id, orphan.id]);
    expect(await order("order=asc&limit=2&offset=1")).toEqual([b.id, a.id]);
    expect(await order("order=desc&limit=1&offset=2")).toEqual([orphan.id]);
    // A search narrows the same order.
    expect(await order("order=asc&q=by ")).toEqual([b.id, a.id]);
  });

  test("customer: by last name, then first name", async () => {
    const other = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Alan", lastName: "Babbage", creditLimit: "1000" },
    });
    const ada = await place("Ada's");
    const alan = await t.json<{ id: number }>("POST", "/api/bets", {
      body: { ...ids, customerId: other.id, description: "Alan's", stakeAmount: "1", odds: "2" },
    });
    const ids2 = (await total("/api/bets?sort=customer")).rows.map((r) => r.id);
    expect(ids2).toEqual([alan.id, ada.id]);
    const desc = (await total("/api/bets?sort=customer&order=desc")).rows.map((r) => r.id);
    expect(desc).toEqual([ada.id, alan.id]);
  });

  test("customer, under a search matching many rows: pages and counts exactly as the plain join", async () => {
    // More than the cap match through customers' names (their bets), a few more through
    // descriptions of other customers' bets: the walk visits only the customers they reach.
    const customer = async (firstName: string, lastName: string) =>
      (
        await t.json<{ id: number }>("POST", "/api/customers", {
          body: { firstName, lastName, creditLimit: "1000" },
        })
      ).id;
    const named = [await customer("Ann", "Common"), await customer("Bob", "Commoner")];
    const others = [await customer("Cid", "Zed"), await customer("Dee", "Able")];
    const insert = t.handle.sqlite.prepare(
      `insert into bets (description, customer_id, shop_id, stake_cents, odds_hundredths,
        potential_payout_cents, status, placed_by, created_at) values (?, ?, ?, 100, 200, 200, ?, ?, ?)`,
    );
    t.handle.sqlite.transaction(() => {
      for (let i = 0; i < TOTAL_CAP + 50; i++) {
        const who = named[i % 2] as number;
        insert.run(`plain ${i}`, who, ids.shopId, i % 3 ? "LOST" : "PENDING", t.ids.user, i % 997);
      }
      // Enough lost bets outside the search that the status filter alone passes the cap.
      for (let i = 0; i < 4_000; i++) {
        insert.run(`plain ${i}`, others[i % 2] as number, ids.shopId, "LOST", t.ids.user, i);
      }
      for (let i = 0; i < 40; i++) {
        const who = others[i % 2] as number;
        const text = i % 4 ? `common ${i}` : `plain ${i}`;
        insert.run(text, who, ids.shopId, i % 3 ? "LOST" : "PENDING", t.ids.user, i);
      }
    })();
    const truth = (order: "asc" | "desc", status: string) =>
      (
        t.handle.sqlite
          .query(
            `select b.id from bets b join customers c on c.id = b.customer_id
             where (c.first_name || ' ' || c.last_name like '%common%' or b.description like '%common%')
               and (? = '' or b.status = ?)
             order by c.last_name ${order}, c.first_name ${order}, c.id ${order},
               b.created_at ${order}, b.id ${order}`,
          )
          .all(status, status) as { id: number }[]
      ).map((r) => r.id);
    for (const order of ["asc", "desc"] as const) {
      for (const status of ["", "LOST"]) {
        const all = truth(order, status);
        for (const offset of [0, 7, 5_003, all.length - 12]) {
          // Past MAX_OFFSET the end is reached counting from it (decision 043).
          const at =
            offset > MAX_OFFSET
              ? `last=true&offset=${all.length - offset - 7}`
              : `offset=${offset}`;
          const page = await total(
            `/api/bets?q=common&sort=customer&order=${order}&status=${status}&limit=7&${at}`,
          );
          expect({ order, status, offset, ids: page.rows.map((r) => r.id) }).toEqual({
            order,
            status,
            offset,
            ids: all.slice(offset, offset + 7),
          });
          // Counted from the customers' bets under the filter, with the descriptions' few.
          expect(page).toMatchObject({
            total: Math.min(all.length, TOTAL_CAP),
            capped: all.length > TOTAL_CAP,
          });
        }
      }
    }
  });
});
