/**
 * A search finds a name in either case beyond ASCII (Özdemir, ÖZDEMIR, özdemir), in a list's
 * page and in its CSV export alike. The page finds ids through the trigram indexes, which
 * fold every letter's case; the export walks the row test, which was SQLite's LIKE and folds
 * only A-Z: "Özdemir" was one row on screen and none in the file. Through the HTTP API on a
 * real database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { BetDto } from "../src/domain/dto";
import { parseCsv } from "./helpers/csv";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
const ids = { customerId: 0, shopId: 0, betId: 0, otherBetId: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ids.shopId = (
    await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "Über den Wolken", location: "Köln" },
    })
  ).id;
  ids.customerId = (
    await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Jürgen", lastName: "Özdemir", creditLimit: "0" },
    })
  ).id;
  const other = await t.json<{ id: number }>("POST", "/api/customers", {
    body: { firstName: "Ada", lastName: "Lovelace", creditLimit: "0" },
  });
  await t.json("POST", "/api/deposits", {
    body: { customerId: ids.customerId, shopId: ids.shopId, amount: "50.00" },
  });
  await t.json("POST", "/api/deposits", {
    body: { customerId: other.id, shopId: ids.shopId, amount: "50.00" },
  });
  const place = (customerId: number, description: string) =>
    t.json<BetDto>("POST", "/api/bets", {
      body: { customerId, shopId: ids.shopId, description, stakeAmount: "5.00", odds: "3.00" },
      expect: 201,
    });
  ids.betId = (await place(ids.customerId, "Übersee Cup: Ölmühle to win")).id;
  ids.otherBetId = (await place(other.id, "Kempton 14:10: Star to win")).id;
});

afterAll(() => t.close());

/** The ids a list's page and its CSV export find for `q`, each sorted. */
async function found(path: string, q: string): Promise<{ page: number[]; csv: number[] }> {
  const url = `${path}?q=${encodeURIComponent(q)}&limit=100`;
  const page = await t.json<{ id: number }[]>("GET", url);
  const res = await t.request("GET", `${url}&format=csv`);
  expect(res.status).toBe(200);
  const [header, ...rows] = parseCsv(await res.text());
  const at = (header ?? []).indexOf("id");
  expect(at).toBeGreaterThanOrEqual(0);
  return {
    page: page.map((row) => row.id).sort((a, b) => a - b),
    csv: rows.map((row) => Number(row[at])).sort((a, b) => a - b),
  };
}

describe("a name beyond ASCII, in any case, on the page and in the CSV", () => {
  for (const q of ["Özdemir", "özdemir", "ÖZDEMIR", "zdemir", "Jürgen", "JÜRGEN"]) {
    test(`customers, bets and ledger rows for q=${q}`, async () => {
      const customers = await found("/api/customers", q);
      expect(customers.page).toEqual([ids.customerId]);
      expect(customers.csv).toEqual(customers.page);
      const bets = await found("/api/bets", q);
      expect(bets.page).toEqual([ids.betId]);
      expect(bets.csv).toEqual(bets.page);
      // The deposit and the bet's stake, both Jürgen Özdemir's.
      const ledger = await found("/api/transactions", q);
      expect(ledger.page).toHaveLength(2);
      expect(ledger.csv).toEqual(ledger.page);
    });
  }

  for (const q of ["Übersee", "übersee", "ÖLMÜHLE"]) {
    test(`a bet's description: q=${q}`, async () => {
      const bets = await found("/api/bets", q);
      expect(bets.page).toEqual([ids.betId]);
      expect(bets.csv).toEqual(bets.page);
    });
  }

  test("a shop's name and place in either case, every bet of it", async () => {
    for (const q of ["über den", "ÜBER DEN", "KÖLN"]) {
      const shops = await found("/api/shops", q);
      expect(shops.page).toEqual([ids.shopId]);
      expect(shops.csv).toEqual(shops.page);
    }
    const bets = await found("/api/bets", "ÜBER DEN WOLKEN");
    expect(bets.page).toEqual([ids.betId, ids.otherBetId]);
    expect(bets.csv).toEqual(bets.page);
  });

  test("two letters (a name's start, decision 023) in either case", async () => {
    for (const q of ["Öz", "öz", "ÖZ"]) {
      const customers = await found("/api/customers", q);
      expect(customers.page).toEqual([ids.customerId]);
      expect(customers.csv).toEqual(customers.page);
      expect((await found("/api/bets", q)).csv).toEqual([ids.betId]);
    }
    for (const q of ["üb", "ÜB"]) expect((await found("/api/shops", q)).csv).toEqual([ids.shopId]);
  });

  test("GLOB's own characters are read literally: * ? [ find nothing here", async () => {
    for (const q of ["Ö*r", "Öz?emir", "[Ö]zdemir", "Ö[z]"]) {
      const customers = await found("/api/customers", q);
      expect(customers.page).toEqual([]);
      expect(customers.csv).toEqual([]);
    }
  });

  test("an ASCII name is found in either case as before", async () => {
    const bets = await found("/api/bets", "KEMPTON");
    expect(bets.page).toEqual([ids.otherBetId]);
    expect(bets.csv).toEqual(bets.page);
  });
});
