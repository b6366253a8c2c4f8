/**
 * Each-way bets and the PLACED status (issue 21 item 6, decision 052), through the API on a
 * real database: two equal parts, the total stake taken, the potential payout the win part's
 * return plus the place part's (each rounded half-up on its own), and settlement WON (both
 * parts), PLACED (the place part), LOST and VOID (the total back). The expected returns are
 * worked out by hand beside each row, not by the code under test.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { BetDto, ResettlementDto, SlipDto } from "../../domain/dto";
import { betReturns, settledReturnCents } from "../../domain/each-way";
import { parsePrice } from "../../domain/price";
import { checkBooks } from "../../lib/books-check";
import { ROLLUP_TABLES, rebuildRollups } from "../reports/rollups";

/**
 * [unit stake, price, places, fraction, total stake, win part, place part, WON pays,
 * PLACED pays], each worked by hand:
 */
const TABLE: [string, string, number, "1/4" | "1/5", string, string, string, string, string][] = [
  // 5 x (5/1 + 1) = 30.00; 5 x (5/4 + 1) = 11.25
  ["5.00", "5/1", 3, "1/4", "10.00", "30.00", "11.25", "41.25", "11.25"],
  // 8 x (11/8 + 1) = 19.00; 8 x (11/32 + 1) = 10.75
  ["8.00", "11/8", 3, "1/4", "16.00", "19.00", "10.75", "29.75", "10.75"],
  // 10 x (100/30 + 1) = 43.333 -> 43.33; 10 x (100/120 + 1) = 18.333 -> 18.33
  ["10.00", "100/30", 4, "1/4", "20.00", "43.33", "18.33", "61.66", "18.33"],
  // evens: 10 x 2 = 20.00; 10 x (1/4 + 1) = 12.50
  ["10.00", "evens", 2, "1/4", "20.00", "20.00", "12.50", "32.50", "12.50"],
  // 1/5 the odds: 10 x (10/1 + 1) = 110.00; 10 x (2 + 1) = 30.00
  ["10.00", "10/1", 5, "1/5", "20.00", "110.00", "30.00", "140.00", "30.00"],
  // 1/5 of 11/8 = 11/40: 2 x (51/40) = 2.55; 2 x 19/8 = 4.75
  ["2.00", "11/8", 3, "1/5", "4.00", "4.75", "2.55", "7.30", "2.55"],
  // odd cents: 0.33 x 19/8 = 0.78375 -> 0.78; 0.33 x 51/40 = 0.42075 -> 0.42 (whole-bet
  // rounding would also give 1.20 here: 1.2045)
  ["0.33", "11/8", 3, "1/5", "0.66", "0.78", "0.42", "1.20", "0.42"],
  // half cents round up per part: 0.01 x 3/2 = 0.015 -> 0.02; 0.01 x 9/8 = 0.01125 -> 0.01
  ["0.01", "1/2", 2, "1/4", "0.02", "0.02", "0.01", "0.03", "0.01"],
  // a decimal price: 2.50 is 150/100; 4 x 2.5 = 10.00; 4 x (1.5/4 + 1) = 5.50
  ["4.00", "2.50", 3, "1/4", "8.00", "10.00", "5.50", "15.50", "5.50"],
  // 7/2 at 1/5: 3 x 4.5 = 13.50; 3 x (7/10 + 1) = 5.10
  ["3.00", "7/2", 8, "1/5", "6.00", "13.50", "5.10", "18.60", "5.10"],
];

const cents = (money: string) => Math.round(Number(money) * 100);

describe("each-way returns (the domain function against the hand-worked table)", () => {
  for (const [unit, price, , fraction, total, win, place, won, placed] of TABLE) {
    test(`${unit} E/W at ${price} ${fraction}: WON ${won}, PLACED ${placed}`, () => {
      const parsed = parsePrice(price);
      if (!parsed.ok) throw new Error(parsed.error);
      const eachWay = { places: 3, fraction };
      const returns = betReturns(cents(total), parsed.price, eachWay);
      expect(returns).toEqual({ win: cents(win), place: cents(place), potential: cents(won) });
      const bet = {
        stakeCents: cents(total),
        potentialPayoutCents: returns.potential,
        price: parsed.price,
        eachWay,
      };
      expect(settledReturnCents(bet, "WON")).toBe(cents(won));
      expect(settledReturnCents(bet, "PLACED")).toBe(cents(placed));
      expect(settledReturnCents(bet, "LOST")).toBe(0);
      expect(settledReturnCents(bet, "VOID")).toBe(cents(total));
    });
  }
});

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "0" });
  await t.json("POST", "/api/deposits", { body: { ...ids, amount: "500" } });
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  expect(checkBooks(t.deps.db).violations).toEqual([]);
  t.close();
});

const place = (body: Record<string, unknown>, expect = 201) =>
  t.json<BetDto>("POST", "/api/bets", {
    body: { ...ids, description: "Cheltenham 14:30", ...body },
    expect,
  });
const resolve = (id: number, status: string, expect = 200) =>
  t.json<BetDto & { error?: { message: string } }>("PATCH", `/api/bets/${id}/resolve`, {
    body: { status, voidReason: status === "VOID" ? "Race abandoned" : undefined },
    expect,
  });
const balance = async () =>
  (await t.json<{ balance: string }>("GET", `/api/customers/${ids.customerId}`)).balance;
const ledgerOf = (betId: number) =>
  t.handle.sqlite
    .query("select type, amount_cents as amount from transactions where bet_id = ? order by id")
    .all(betId);

describe("placing and settling each-way bets through the API", () => {
  for (const [unit, price, places, fraction, total, , , won, placed] of TABLE) {
    test(`${unit} E/W at ${price} ${places} places ${fraction}: total ${total}, potential ${won}`, async () => {
      const bet = await place({ stakeAmount: unit, odds: price, eachWay: { places, fraction } });
      expect(bet.eachWay).toEqual({ places, fraction });
      expect(bet.stakeAmount).toBe(unit);
      expect(bet.totalStake).toBe(total);
      expect(bet.potentialPayout).toBe(won);
      // The BETTING row takes the total.
      expect(ledgerOf(bet.id)).toEqual([{ type: "BETTING", amount: cents(total) }]);
      const settled = await resolve(bet.id, "PLACED");
      expect(settled.status).toBe("PLACED");
      expect(settled.actualPayout).toBe(placed);
      expect(ledgerOf(bet.id)).toEqual([
        { type: "BETTING", amount: cents(total) },
        { type: "PAYOUT", amount: cents(placed) },
      ]);
    });
  }

  test("€5 E/W at 5/1 1/4 3 places: the balance takes €10, WON pays €41.25", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    expect(await balance()).toBe("490.00");
    const settled = await resolve(bet.id, "WON");
    expect(settled.actualPayout).toBe("41.25");
    expect(await balance()).toBe("531.25");
  });

  test("PLACED pays the place part; LOST pays nothing; VOID refunds the total stake", async () => {
    const terms = { stakeAmount: "5", odds: "5/1", eachWay: { places: 3, fraction: "1/4" } };
    const a = await place(terms);
    const b = await place(terms);
    const c = await place(terms);
    expect(await balance()).toBe("470.00");
    expect((await resolve(a.id, "PLACED")).actualPayout).toBe("11.25");
    expect((await resolve(b.id, "LOST")).actualPayout).toBe("0.00");
    const voided = await resolve(c.id, "VOID");
    expect(voided.actualPayout).toBeNull();
    expect(ledgerOf(c.id)).toEqual([
      { type: "BETTING", amount: 1000 },
      { type: "REFUND", amount: 1000 },
    ]);
    expect(await balance()).toBe("491.25");
  });

  test("a win-only bet keeps stakeAmount = totalStake and cannot be settled Placed (422)", async () => {
    const bet = await place({ stakeAmount: "5", odds: "5/1" });
    expect(bet.eachWay).toBeNull();
    expect(bet.totalStake).toBe("5.00");
    expect(bet.potentialPayout).toBe("30.00");
    const res = await t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
      body: { status: "PLACED" },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain(
      "Only an each-way bet can be settled Placed",
    );
    // Nor placed already Placed.
    const placedAtOnce = await t.request("POST", "/api/bets", {
      body: { ...ids, description: "x", stakeAmount: "5", odds: "5/1", outcome: "PLACED" },
    });
    expect(placedAtOnce.status).toBe(422);
  });

  test("an each-way bet may be placed already Placed by an admin", async () => {
    const bet = await place({
      stakeAmount: "8",
      odds: "11/8",
      eachWay: { places: 3, fraction: "1/4" },
      outcome: "PLACED",
    });
    expect(bet.status).toBe("PLACED");
    expect(bet.actualPayout).toBe("10.75");
  });

  test("funds count the total stake: €300 E/W needs €600", async () => {
    const res = await t.request("POST", "/api/bets", {
      body: {
        ...ids,
        description: "Too much",
        stakeAmount: "300",
        odds: "2/1",
        eachWay: { places: 3, fraction: "1/4" },
      },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("stake €600.00");
  });

  test("a client's potentialPayout must be both parts' returns", async () => {
    const body = { stakeAmount: "5", odds: "5/1", eachWay: { places: 3, fraction: "1/4" } };
    const wrong = await t.request("POST", "/api/bets", {
      body: { ...ids, description: "x", ...body, potentialPayout: "30.00" },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("41.25");
    await place({ ...body, potentialPayout: "41.25" });
  });

  test("bad each-way terms are refused with their field's message", async () => {
    for (const eachWay of [
      { places: 1, fraction: "1/4" },
      { places: 9, fraction: "1/4" },
      { places: 3, fraction: "1/3" },
    ]) {
      const res = await t.request("POST", "/api/bets", {
        body: { ...ids, description: "x", stakeAmount: "5", odds: "5/1", eachWay },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/Each-way (places|fraction)/);
    }
  });

  test("staff may not settle Placed a place part paying LARGE_AMOUNT or more", async () => {
    await t.json("POST", "/api/deposits", { body: { ...ids, amount: "20000" } });
    // 1000 x (100/1 x 1/4 + 1) = 26,000.00 >= the default LARGE_AMOUNT
    const bet = await place({
      stakeAmount: "1000",
      odds: "100/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    const res = await t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
      as: "user",
      body: { status: "PLACED" },
    });
    expect(res.status).toBe(403);
    expect((await resolve(bet.id, "PLACED")).actualPayout).toBe("26000.00");
  });
});

describe("lists, slips, CSV, reports and re-settlement know each-way and PLACED", () => {
  test("status=PLACED filters the list, and a search for 'plac' finds the status", async () => {
    const ew = { stakeAmount: "5", odds: "5/1", eachWay: { places: 3, fraction: "1/4" } };
    const a = await place(ew);
    await place(ew);
    await resolve(a.id, "PLACED");
    const list = await t.json<BetDto[]>("GET", "/api/bets?status=PLACED");
    expect(list.map((b) => b.id)).toEqual([a.id]);
    const search = await t.json<BetDto[]>("GET", "/api/bets?q=placed");
    expect(search.map((b) => b.id)).toEqual([a.id]);
    const prefix = await t.json<BetDto[]>("GET", "/api/bets?q=pl");
    expect(prefix.map((b) => b.id)).toEqual([a.id]);
  });

  test("the slip shows the terms, the unit and the total; the code covers the terms", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    const slip = await t.json<SlipDto>("GET", `/api/bets/${bet.id}/slip`);
    expect(slip.eachWay).toEqual({ places: 3, fraction: "1/4" });
    expect(slip.stakeAmount).toBe("5.00");
    expect(slip.totalStake).toBe("10.00");
    expect(slip.potentialPayout).toBe("41.25");
    const found = await t.json<SlipDto>("GET", `/api/slips/${slip.code}`);
    expect(found.betId).toBe(bet.id);
    // Changing the terms behind the slip's back voids the code (as the stake would).
    t.handle.sqlite.run("update bets set each_way_places = 4 where id = ?", [bet.id]);
    const changed = await t.request("GET", `/api/slips/${slip.code}`);
    expect(changed.status).toBe(404);
    t.handle.sqlite.run("update bets set each_way_places = 3 where id = ?", [bet.id]);
  });

  test("the CSV has the each-way columns and the total stake", async () => {
    await place({ stakeAmount: "5", odds: "5/1", eachWay: { places: 3, fraction: "1/5" } });
    const res = await t.request("GET", "/api/bets?format=csv");
    expect(res.status).toBe(200);
    const [header, row] = (await res.text()).replace(/^\uFEFF/, "").split("\n");
    const columns = (header ?? "").split(",");
    const cells = (row ?? "").split(",");
    const at = (name: string) => cells[columns.indexOf(name)];
    expect(at("eachWay.places")).toBe("3");
    expect(at("eachWay.fraction")).toBe("1/5");
    expect(at("stakeAmount")).toBe("5.00");
    expect(at("totalStake")).toBe("10.00");
    // 5 x 6 = 30.00; 5 x (5/5 + 1) = 10.00
    expect(at("potentialPayout")).toBe("40.00");
  });

  test("reports count PLACED apart, with their own payouts, and as won in the win rate; roll-ups match the bets", async () => {
    const ew = { stakeAmount: "5", odds: "5/1", eachWay: { places: 3, fraction: "1/4" } };
    const a = await place(ew);
    const b = await place(ew);
    const c = await place(ew);
    const d = await place({ stakeAmount: "4", odds: "evens" });
    await resolve(a.id, "PLACED");
    await resolve(b.id, "WON");
    await resolve(c.id, "LOST");
    await resolve(d.id, "VOID");
    const report = await t.json<{
      financial: { totalRevenue: number; totalPayouts: number; totalStakes: number };
      betting: Record<string, number>;
    }>("GET", "/api/reports");
    expect(report.betting).toMatchObject({
      totalBets: 4,
      wonBets: 1,
      placedBets: 1,
      lostBets: 1,
      voidBets: 1,
      pendingBets: 0,
      // (1 won + 1 placed) / 3 settled
      winRate: 66.6667,
    });
    // Stakes 3 x 10.00 settled; payouts 11.25 + 41.25.
    expect(report.financial.totalRevenue).toBe(30);
    expect(report.financial.totalPayouts).toBe(52.5);
    const series = await t.json<{ outcomes: Record<string, { bets: number; payouts?: string }> }>(
      "GET",
      "/api/reports/series",
    );
    // Each outcome with its own payouts: the PLACED bet's 11.25 apart from the WON 41.25.
    expect(series.outcomes.placed).toEqual({ bets: 1, payouts: "11.25" });
    expect(series.outcomes.won).toEqual({ bets: 1, payouts: "41.25" });
    // A day without the PLACED bet reads none.
    const before = await t.json<{ outcomes: Record<string, { payouts?: string }> }>(
      "GET",
      "/api/reports/series?period=day&day=2020-01-01",
    );
    expect(before.outcomes.placed?.payouts).toBe("0.00");
    // The triggers' roll-ups equal a rebuild from the bets.
    const read = () =>
      ROLLUP_TABLES.map((table) =>
        t.handle.sqlite.query(`select * from ${table} order by 1, 2, 3`).all(),
      );
    const stored = read();
    t.handle.sqlite.run("begin immediate");
    try {
      rebuildRollups(t.handle.sqlite);
      expect(read()).toEqual(stored);
    } finally {
      t.handle.sqlite.run("rollback");
    }
    const stats = await t.json<Record<string, number>>(
      "GET",
      `/api/customers/${ids.customerId}/stats`,
    );
    expect(stats.placedBets).toBe(1);
    const shopStats = await t.json<Record<string, number>>("GET", `/api/shops/${ids.shopId}/stats`);
    expect(shopStats.placedBets).toBe(1);
  });

  test("re-settlement goes WON -> PLACED -> LOST -> PLACED with exact corrections", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    await resolve(bet.id, "WON");
    expect(await balance()).toBe("531.25");
    const resettle = (status: string) =>
      t.json<ResettlementDto>("POST", `/api/admin/bets/${bet.id}/resettle`, {
        body: { status, reason: "Photo finish reviewed" },
        expect: 200,
      });
    const toPlaced = await resettle("PLACED");
    expect(toPlaced.bet.status).toBe("PLACED");
    expect(toPlaced.bet.actualPayout).toBe("11.25");
    expect(await balance()).toBe("501.25");
    await resettle("LOST");
    expect(await balance()).toBe("490.00");
    await resettle("PLACED");
    expect(await balance()).toBe("501.25");
    const history = await t.json<{ fromStatus: string; toStatus: string; toPayout: string }[]>(
      "GET",
      `/api/bets/${bet.id}/settlements`,
    );
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.toPayout])).toEqual([
      ["WON", "PLACED", "11.25"],
      ["PLACED", "LOST", "0.00"],
      ["LOST", "PLACED", "11.25"],
    ]);
  });

  test("a win-only bet cannot be re-settled Placed (422)", async () => {
    const bet = await place({ stakeAmount: "5", odds: "5/1" });
    await resolve(bet.id, "LOST");
    const res = await t.request("POST", `/api/admin/bets/${bet.id}/resettle`, {
      body: { status: "PLACED", reason: "Wrong" },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain(
      "Only an each-way bet can be settled Placed",
    );
  });

  test("the books check finds a PLACED bet paid the whole potential", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    await resolve(bet.id, "PLACED");
    t.handle.sqlite.run("update bets set actual_payout_cents = 4125 where id = ?", [bet.id]);
    const problems = checkBooks(t.deps.db).violations.map((v) => v.message);
    expect(problems.join("\n")).toContain("PLACED");
    t.handle.sqlite.run("update bets set actual_payout_cents = 1125 where id = ?", [bet.id]);
  });

  test("the books check finds an each-way potential payout that is not both parts", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    t.handle.sqlite.run("update bets set each_way_fraction = '1/5' where id = ?", [bet.id]);
    const problems = checkBooks(t.deps.db).violations.map((v) => v.message);
    expect(problems.join("\n")).toContain("win and place parts");
    t.handle.sqlite.run("update bets set each_way_fraction = '1/4' where id = ?", [bet.id]);
  });
});
