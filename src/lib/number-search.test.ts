/**
 * Issue 20, item 3: `q` of digits, optionally after a "#", finds the bet or ledger row with
 * that number exactly (the `#` column, a slip, a phone call), in the JSON list and its CSV,
 * and still finds whatever text holds those characters (decision 040).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "1000" });
});
afterEach(() => t.close());

/** The next row of `table` gets id `next`: numbers as long as a real shop's, so q=5003 takes
 * the trigram path, and no text in the database holds them unless a test writes it. */
function nextId(table: "bets" | "transactions", next: number) {
  t.handle.sqlite.run("delete from sqlite_sequence where name = ?", [table]);
  t.handle.sqlite.run("insert into sqlite_sequence (name, seq) values (?, ?)", [table, next - 1]);
}

const place = (description: string) =>
  t.json<{ id: number }>("POST", "/api/bets", {
    body: { ...ids, description, stakeAmount: "1.00", odds: "2.00" },
  });
const deposit = (description: string) =>
  t.json<{ id: number }>("POST", "/api/deposits", {
    body: { ...ids, amount: "5.00", description },
  });

/** The ids a list answers for `path`, and its X-Total-Count. */
async function found(path: string) {
  const res = await t.request("GET", path);
  expect(res.status).toBe(200);
  const rows = (await res.json()) as { id: number }[];
  return { ids: rows.map((r) => r.id), total: Number(res.headers.get("x-total-count")) };
}

/** The ids in the first column of a list's CSV. */
async function csvIds(path: string) {
  const res = await t.request("GET", `${path}&format=csv`);
  expect(res.status).toBe(200);
  const [header, ...lines] = (await res.text()).trim().split(/\r?\n/);
  expect(header?.split(",")[0]).toBe("id");
  return lines.map((line) => Number(line.split(",")[0]));
}

describe("bets: q is a bet number", () => {
  test("5003 and #5003 find bet 5003 though no text holds 5003", async () => {
    nextId("bets", 5003);
    const derby = await place("Derby");
    await place("Galway Plate");
    expect(derby.id).toBe(5003);
    expect(await found("/api/bets?q=5003")).toEqual({ ids: [5003], total: 1 });
    expect(await found("/api/bets?q=%235003")).toEqual({ ids: [5003], total: 1 });
    expect(await csvIds("/api/bets?q=%235003")).toEqual([5003]);
    expect(await csvIds("/api/bets?q=5003")).toEqual([5003]);
    // Exactly that number: no prefix, no neighbours, and the filters still apply.
    expect((await found("/api/bets?q=500")).total).toBe(0);
    expect((await found("/api/bets?q=50030")).total).toBe(0);
    expect((await found("/api/bets?q=5003&status=WON")).total).toBe(0);
    expect((await found("/api/bets?q=%235003&status=PENDING")).ids).toEqual([5003]);
  });

  test("a number-looking text still finds its text matches, beside the bet with that number", async () => {
    nextId("bets", 5003);
    await place("Derby");
    const replay = await place("Race 5003 replay");
    const race = await place("Race 777 at Navan");
    // Newest first: the text match (5004) and the bet numbered 5003.
    expect(await found("/api/bets?q=5003")).toEqual({ ids: [replay.id, 5003], total: 2 });
    expect(await csvIds("/api/bets?q=5003")).toEqual([replay.id, 5003]);
    // No bet 777: its text alone.
    expect(await found("/api/bets?q=777")).toEqual({ ids: [race.id], total: 1 });
    // "#5003" is searched as typed too: no description holds "#5003".
    expect(await found("/api/bets?q=%235003")).toEqual({ ids: [5003], total: 1 });
  });

  test("one- and two-digit numbers (the prefix search) find the bet too", async () => {
    const first = await place("Derby");
    for (const q of [String(first.id), `%23${first.id}`]) {
      expect(await found(`/api/bets?q=${q}`)).toEqual({ ids: [first.id], total: 1 });
    }
  });
});

describe("transactions: q is a transaction number", () => {
  test("8001 and #8001 find ledger row 8001 exactly, and text holding 8001 too", async () => {
    nextId("transactions", 8001);
    const float = await deposit("Till float");
    const ref = await deposit("Ref 8001 correction");
    expect(float.id).toBe(8001);
    expect(await found("/api/transactions?q=8001")).toEqual({ ids: [ref.id, 8001], total: 2 });
    expect(await found("/api/transactions?q=%238001")).toEqual({ ids: [8001], total: 1 });
    expect(await csvIds("/api/transactions?q=%238001")).toEqual([8001]);
    expect(await found(`/api/transactions?q=${ref.id}`)).toEqual({ ids: [ref.id], total: 1 });
    // 8000: no row numbered so, and no text holds it ("800" would: the text "Ref 8001").
    expect((await found("/api/transactions?q=8000")).total).toBe(0);
    expect((await found("/api/transactions?q=8001&type=WITHDRAWAL")).total).toBe(0);
  });

  test("one- and two-digit numbers find the row, with or without #", async () => {
    const first = await deposit("Till float");
    for (const q of [String(first.id), `%23${first.id}`]) {
      expect((await found(`/api/transactions?q=${q}`)).ids).toContain(first.id);
    }
    expect((await found(`/api/transactions?q=%23${first.id}`)).total).toBe(1);
  });
});
