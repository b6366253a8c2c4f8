/**
 * Dead heats and Rule 4 (decision 084), through the API on a real database: a Won or Placed
 * settlement may share a part's stake after a dead heat and deduct cents in the euro from the
 * winnings. The payout, the ledger row, the bet's terms, the slip paid at a till, a
 * re-settlement that only changes the terms, the four eyes on what is really paid, and the
 * books check. The expected returns are worked out by hand beside each row, not by the code
 * under test.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import {
  type Caller,
  createTestApp,
  seedBasics,
  type TestApp,
} from "../../../tests/helpers/test-app";
import type {
  BetDto,
  BetSettlementDto,
  ResettlementDto,
  ShiftDto,
  SlipDto,
} from "../../domain/dto";
import { settledReturnCents } from "../../domain/each-way";
import { parsePrice } from "../../domain/price";
import type { SettlementTerms } from "../../domain/settlement-terms";
import { checkBooks } from "../../lib/books-check";

type Row = [
  stake: string,
  price: string,
  eachWay: "1/4" | "1/5" | null,
  status: "WON" | "PLACED",
  terms: SettlementTerms,
  pays: string,
];

const dh = (win: string | null, place: string | null = null, rule4: number | null = null) => ({
  deadHeat: win === null && place === null ? null : { win, place },
  rule4Deduction: rule4,
});

/** [unit stake, price, each-way fraction, outcome, terms, what it pays], each by hand: */
const TABLE: Row[] = [
  // two-way dead heat for the win: 10 x 1/2 x (5 + 1) = 30.00
  ["10.00", "5/1", null, "WON", dh("1/2"), "30.00"],
  // Rule 4 25c: 10 x (1 + 5 x 0.75) = 47.50
  ["10.00", "5/1", null, "WON", dh(null, null, 25), "47.50"],
  // both: 10 x 1/2 x (1 + 3.75) = 23.75
  ["10.00", "5/1", null, "WON", dh("1/2", null, 25), "23.75"],
  // three runners for two places keep 2/3: 9 x 2/3 x 3 = 18.00
  ["9.00", "2/1", null, "WON", dh("2/3"), "18.00"],
  // the largest deduction: 10 x (1 + 1 x 0.10) = 11.00
  ["10.00", "evens", null, "WON", dh(null, null, 90), "11.00"],
  // a decimal price 3.50 (5/2): 4 x (1 + 2.5 x 0.8) = 12.00
  ["4.00", "3.50", null, "WON", dh(null, null, 20), "12.00"],
  // 3 x (1 + 10/3 x 0.85) = 3 x 3.8333... = 11.50
  ["3.00", "100/30", null, "WON", dh(null, null, 15), "11.50"],
  // half a cent rounds up: 0.01 x 1/3 x 1.5 = 0.005 -> 0.01
  ["0.01", "1/2", null, "WON", dh("1/3"), "0.01"],
  // each-way, a dead heat for the last place: win 5 x 6 = 30.00; place 5 x 1/2 x 2.25 =
  // 5.625 -> 5.63; 35.63
  ["5.00", "5/1", "1/4", "WON", dh(null, "1/2"), "35.63"],
  ["5.00", "5/1", "1/4", "PLACED", dh(null, "1/2"), "5.63"],
  // each-way with Rule 4 10c on both parts: win 5 x (1 + 4.5) = 27.50; place 5 x (1 + 1.25 x
  // 0.9) = 10.625 -> 10.63; 38.13
  ["5.00", "5/1", "1/4", "WON", dh(null, null, 10), "38.13"],
  // 1/5 the odds, dead heat for the win and Rule 4 30c: win 10 x 1/2 x (1 + 10 x 0.7) =
  // 40.00; place 10 x (1 + 2 x 0.7) = 24.00; 64.00
  ["10.00", "10/1", "1/5", "WON", dh("1/2", null, 30), "64.00"],
];

const cents = (money: string) => Math.round(Number(money) * 100);

describe("returns after a dead heat and Rule 4 (the domain function against the table)", () => {
  for (const [unit, price, fraction, status, terms, pays] of TABLE) {
    const eachWay = fraction ? { places: 3, fraction } : null;
    test(`${unit}${eachWay ? " E/W" : ""} at ${price} ${status} with ${JSON.stringify(terms)}: ${pays}`, () => {
      const parsed = parsePrice(price);
      if (!parsed.ok) throw new Error(parsed.error);
      const bet = {
        stakeCents: eachWay ? 2 * cents(unit) : cents(unit),
        potentialPayoutCents: 0,
        price: parsed.price,
        eachWay,
      };
      expect(settledReturnCents(bet, status, terms)).toBe(cents(pays));
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

const place = (body: Record<string, unknown>, as: Caller = "admin") =>
  t.json<BetDto>("POST", "/api/bets", {
    as,
    body: { ...ids, description: "Cheltenham 14:30", ...body },
    expect: 201,
  });
const resolve = (id: number, body: Record<string, unknown>, as: Caller = "admin") =>
  t.request("PATCH", `/api/bets/${id}/resolve`, { as, body });
const settled = async (id: number, body: Record<string, unknown>) => {
  const res = await resolve(id, body);
  expect(res.status).toBe(200);
  return (await res.json()) as BetDto;
};
const resettle = (id: number, body: Record<string, unknown>) =>
  t.request("POST", `/api/admin/bets/${id}/resettle`, {
    body: { reason: "Rule 4 declared by the course", ...body },
  });
const balance = async () =>
  (await t.json<{ balance: string }>("GET", `/api/customers/${ids.customerId}`)).balance;
const ledgerOf = (betId: number) =>
  t.handle.sqlite
    .query("select type, amount_cents as amount from transactions where bet_id = ? order by id")
    .all(betId);
/** The id of a bet's first PAYOUT row. */
const payoutId = (betId: number) =>
  (
    t.handle.sqlite
      .query("select min(id) as id from transactions where bet_id = ? and type = 'PAYOUT'")
      .get(betId) as { id: number }
  ).id;
const refusal = async (res: Response) =>
  (await res.json()) as { message: string; code?: string; fields?: Record<string, string> };

describe("settling with a dead heat or Rule 4 through the API", () => {
  for (const [unit, price, fraction, status, terms, pays] of TABLE) {
    const eachWay = fraction ? { places: 3, fraction } : null;
    test(`${unit}${eachWay ? " E/W" : ""} at ${price} ${status}: pays ${pays}, one PAYOUT of it`, async () => {
      const bet = await place({ stakeAmount: unit, odds: price, eachWay });
      const after = await settled(bet.id, { status, ...terms });
      expect(after.status).toBe(status);
      expect(after.actualPayout).toBe(pays);
      expect(after.deadHeat).toEqual(terms.deadHeat);
      expect(after.rule4Deduction).toBe(terms.rule4Deduction);
      // The potential payout stays what the price promised.
      expect(after.potentialPayout).toBe(bet.potentialPayout);
      expect(ledgerOf(bet.id)).toEqual([
        { type: "BETTING", amount: cents(bet.totalStake) },
        { type: "PAYOUT", amount: cents(pays) },
      ]);
    });
  }

  test("€10 at 5/1 dead-heated for the win: the balance gains €30.00, the bet and its page say why", async () => {
    const bet = await place({ stakeAmount: "10", odds: "5/1" });
    expect(await balance()).toBe("490.00");
    await settled(bet.id, { status: "WON", deadHeat: { win: " 1 / 2 " } });
    expect(await balance()).toBe("520.00");
    const read = await t.json<BetDto>("GET", `/api/bets/${bet.id}`);
    expect(read).toMatchObject({ deadHeat: { win: "1/2", place: null }, rule4Deduction: null });
    // An ordinary settlement carries no terms.
    const plain = await place({ stakeAmount: "1", odds: "2/1" });
    expect(await settled(plain.id, { status: "WON" })).toMatchObject({
      actualPayout: "3.00",
      deadHeat: null,
      rule4Deduction: null,
    });
  });

  test("a Rule 4 of 0, an empty dead heat and nulls are an ordinary settlement", async () => {
    const bet = await place({ stakeAmount: "10", odds: "5/1" });
    const after = await settled(bet.id, {
      status: "WON",
      deadHeat: { win: "", place: null },
      rule4Deduction: 0,
    });
    expect(after).toMatchObject({ actualPayout: "60.00", deadHeat: null, rule4Deduction: null });
  });

  test("terms only on a paying outcome, a win part only Won, within their ranges (400 per field)", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ status: "LOST", rule4Deduction: 10 }, "rule4Deduction", "Only a Won or Placed"],
      [
        { status: "VOID", voidReason: "Abandoned", deadHeat: { win: "1/2" } },
        "deadHeat",
        "Only a Won or Placed",
      ],
      [{ status: "PLACED", deadHeat: { win: "1/2" } }, "deadHeat.win", "Only a Won settlement"],
      [{ status: "WON", deadHeat: { win: "2/2" } }, "deadHeat.win", "less than the whole"],
      [{ status: "WON", deadHeat: { win: "3/2" } }, "deadHeat.win", "less than the whole"],
      [{ status: "WON", deadHeat: { place: "1/21" } }, "deadHeat.place", "2 to 20 runners"],
      [{ status: "WON", deadHeat: { win: "half" } }, "deadHeat.win", 'such as "1/2"'],
      [{ status: "WON", deadHeat: { win: 0.5 } }, "deadHeat.win", 'such as "1/2"'],
      [{ status: "WON", rule4Deduction: 91 }, "rule4Deduction", "from 1 to 90"],
      [{ status: "WON", rule4Deduction: -5 }, "rule4Deduction", "from 1 to 90"],
      [{ status: "WON", rule4Deduction: 12.5 }, "rule4Deduction", "from 1 to 90"],
      [{ status: "WON", rule4Deduction: "25" }, "rule4Deduction", "from 1 to 90"],
    ];
    for (const [body, field, message] of cases) {
      const res = await resolve(bet.id, body);
      expect(res.status).toBe(400);
      expect((await refusal(res)).fields?.[field]).toContain(message);
    }
    // Nothing was settled by any of them.
    expect((await t.json<BetDto>("GET", `/api/bets/${bet.id}`)).status).toBe("PENDING");
  });

  test("a dead heat is stored in lowest terms: 01/2 and 2/4 are 1/2, and re-settling to 2/4 changes nothing (409)", async () => {
    const a = await place({ stakeAmount: "10", odds: "5/1" });
    expect((await settled(a.id, { status: "WON", deadHeat: { win: "01/2" } })).deadHeat).toEqual({
      win: "1/2",
      place: null,
    });
    const again = await resettle(a.id, { status: "WON", deadHeat: { win: "2/4" } });
    expect(again.status).toBe(409);
    const b = await place({ stakeAmount: "10", odds: "5/1" });
    const four = await settled(b.id, { status: "WON", deadHeat: { win: "10/20" } });
    expect(four).toMatchObject({ deadHeat: { win: "1/2" }, actualPayout: "30.00" });
  });

  test("terms that leave nothing to pay are refused (422): the bet is a loser", async () => {
    // 0.01 x 1/5 x 2 = 0.004: no cent to pay.
    const bet = await place({ stakeAmount: "0.01", odds: "evens" });
    const res = await resolve(bet.id, { status: "WON", deadHeat: { win: "1/5" } });
    expect(res.status).toBe(422);
    expect((await refusal(res)).message).toBe(
      "These terms leave nothing to pay (€0.00): settle the bet Lost",
    );
    expect(ledgerOf(bet.id)).toEqual([{ type: "BETTING", amount: 1 }]);
    // A third of it rounds up to a cent (0.0067), and is paid.
    expect((await settled(bet.id, { status: "WON", deadHeat: { win: "1/3" } })).actualPayout).toBe(
      "0.01",
    );
  });

  test("a place dead heat on a win-only bet is refused (422), naming why", async () => {
    const bet = await place({ stakeAmount: "5", odds: "5/1" });
    const res = await resolve(bet.id, { status: "WON", deadHeat: { place: "1/2" } });
    expect(res.status).toBe(422);
    expect((await refusal(res)).message).toBe("Only an each-way bet has a place part to dead-heat");
    expect(ledgerOf(bet.id)).toEqual([{ type: "BETTING", amount: 500 }]);
  });

  test("an admin places a bet already settled Won with Rule 4 (an import): it pays the reduced return", async () => {
    const bet = await place({ stakeAmount: "10", odds: "5/1", outcome: "WON", rule4Deduction: 25 });
    expect(bet).toMatchObject({ status: "WON", actualPayout: "47.50", rule4Deduction: 25 });
    expect(ledgerOf(bet.id)).toEqual([
      { type: "BETTING", amount: 1000 },
      { type: "PAYOUT", amount: 4750 },
    ]);
    // Terms on a pending bet mean nothing yet: refused on the field.
    const pending = await t.request("POST", "/api/bets", {
      body: { ...ids, description: "x", stakeAmount: "1", odds: "2/1", rule4Deduction: 25 },
    });
    expect(pending.status).toBe(400);
    expect((await refusal(pending)).fields?.rule4Deduction).toContain("Only a Won or Placed");
  });

  test("four eyes from LARGE_AMOUNT look at what is really paid", async () => {
    await t.json("POST", "/api/deposits", { body: { ...ids, amount: "1000" } });
    // 600 x (2/1 + 1) = 1,800.00 >= LARGE_AMOUNT (1,000.00); halved by a dead heat, 900.00.
    const bet = await place({ stakeAmount: "600", odds: "2/1" });
    const full = await resolve(bet.id, { status: "WON" }, "user");
    expect(full.status).toBe(403);
    const halved = await resolve(bet.id, { status: "WON", deadHeat: { win: "1/2" } }, "user");
    expect(halved.status).toBe(200);
    expect(((await halved.json()) as BetDto).actualPayout).toBe("900.00");
  });
});

describe("re-settling the terms, slips and the books", () => {
  test("a Rule 4 declared after the bet was paid: WON -> WON with 25c takes back the difference", async () => {
    const bet = await place({ stakeAmount: "10", odds: "5/1" });
    await settled(bet.id, { status: "WON" });
    expect(await balance()).toBe("550.00");
    const res = await resettle(bet.id, { status: "WON", rule4Deduction: 25 });
    expect(res.status).toBe(200);
    const done = (await res.json()) as ResettlementDto;
    expect(done.bet).toMatchObject({ status: "WON", actualPayout: "47.50", rule4Deduction: 25 });
    // The old PAYOUT's exact opposite, then the new one: 550.00 - 60.00 + 47.50.
    expect(await balance()).toBe("537.50");
    expect(ledgerOf(bet.id)).toEqual([
      { type: "BETTING", amount: 1000 },
      { type: "PAYOUT", amount: 6000 },
      { type: "PAYOUT", amount: 6000 },
      { type: "PAYOUT", amount: 4750 },
    ]);
    // The rows say what changed: the terms, not "WON to WON".
    const described = t.handle.sqlite
      .query("select description from transactions where bet_id = ? order by id")
      .all(bet.id)
      .map((r) => (r as { description: string }).description);
    expect(described.slice(2)).toEqual([
      `Correction of #${payoutId(bet.id)}: bet #${bet.id} re-settled WON on new terms`,
      `Payout for bet #${bet.id} (WON on new terms)`,
    ]);
    // The same outcome and terms again changes nothing (409).
    const again = await resettle(bet.id, { status: "WON", rule4Deduction: 25 });
    expect(again.status).toBe(409);
    // Then lost on appeal: the terms go with the outcome.
    const lost = (await (await resettle(bet.id, { status: "LOST" })).json()) as ResettlementDto;
    expect(lost.bet).toMatchObject({ status: "LOST", deadHeat: null, rule4Deduction: null });
    expect(await balance()).toBe("490.00");
    const history = await t.json<BetSettlementDto[]>("GET", `/api/bets/${bet.id}/settlements`);
    expect(
      history.map((h) => [
        h.fromStatus,
        h.fromRule4Deduction,
        h.fromPayout,
        h.toStatus,
        h.toRule4Deduction,
        h.toPayout,
      ]),
    ).toEqual([
      ["WON", null, "60.00", "WON", 25, "47.50"],
      ["WON", 25, "47.50", "LOST", null, "0.00"],
    ]);
  });

  test("an each-way bet re-settled PLACED with a place dead heat, and its preview writes nothing", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    await settled(bet.id, { status: "LOST" });
    const preview = await resettle(bet.id, {
      status: "PLACED",
      deadHeat: { place: "1/2" },
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as ResettlementDto).bet.actualPayout).toBe("5.63");
    expect(ledgerOf(bet.id)).toEqual([{ type: "BETTING", amount: 1000 }]);
    const res = await resettle(bet.id, { status: "PLACED", deadHeat: { place: "1/2" } });
    expect(res.status).toBe(200);
    expect(await balance()).toBe("495.63");
    const [row] = await t.json<BetSettlementDto[]>("GET", `/api/bets/${bet.id}/settlements`);
    expect(row).toMatchObject({
      fromDeadHeat: null,
      toStatus: "PLACED",
      toDeadHeat: { win: null, place: "1/2" },
    });
    // A win dead heat cannot come with Placed, here either.
    const wrong = await resettle(bet.id, { status: "PLACED", deadHeat: { win: "1/2" } });
    expect(wrong.status).toBe(400);
  });

  test("a cash bet dead-heated: the slip shows the terms and pays the reduced return from the till", async () => {
    const shift = await t.json<ShiftDto>("POST", "/api/shifts", {
      as: "user",
      body: { shopId: ids.shopId, openingFloat: "100.00" },
    });
    const bet = await t.json<BetDto>("POST", "/api/bets", {
      as: "user",
      body: { payment: "cash", description: "Red Rum", stakeAmount: "8.00", odds: "11/8" },
      expect: 201,
    });
    // 8 x 1/2 x 19/8 = 9.50; Rule 4 20c: 8 x 1/2 x (1 + 11/8 x 0.8) = 4 x 2.1 = 8.40
    await settled(bet.id, { status: "WON", deadHeat: { win: "1/2" }, rule4Deduction: 20 });
    const slip = await t.json<SlipDto>("GET", `/api/bets/${bet.id}/slip`);
    expect(slip).toMatchObject({
      status: "WON",
      actualPayout: "8.40",
      deadHeat: { win: "1/2", place: null },
      rule4Deduction: 20,
    });
    const paid = await t.request("POST", `/api/slips/${slip.code}/pay`, { as: "user", body: {} });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { amount: string }).amount).toBe("8.40");
    const now = await t.json<ShiftDto>("GET", "/api/shifts/current", { as: "user" });
    expect(now.id).toBe(shift.id);
    // 100.00 + 8.00 taken - 8.40 paid
    expect(now.expectedCash).toBe("99.60");
  });

  test("the CSV has the terms' columns", async () => {
    const bet = await place({
      stakeAmount: "5",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
    });
    await settled(bet.id, { status: "WON", deadHeat: { place: "1/3" }, rule4Deduction: 5 });
    const res = await t.request("GET", "/api/bets?format=csv");
    expect(res.status).toBe(200);
    const [header, row] = (await res.text()).replace(/^\uFEFF/, "").split("\n");
    const columns = (header ?? "").split(",");
    const cells = (row ?? "").split(",");
    const at = (name: string) => cells[columns.indexOf(name)];
    expect(at("deadHeat.win")).toBe("");
    expect(at("deadHeat.place")).toBe("1/3");
    expect(at("rule4Deduction")).toBe("5");
    // win 5 x (1 + 5 x 0.95) = 28.75; place 5 x 1/3 x (1 + 1.25 x 0.95) = 3.6458 -> 3.65
    expect(at("actualPayout")).toBe("32.40");
  });

  test("the books check finds a termed payout that is not the terms' return, and terms on a loser", async () => {
    const bet = await place({ stakeAmount: "10", odds: "5/1" });
    await settled(bet.id, { status: "WON", rule4Deduction: 25 });
    const problems = () =>
      checkBooks(t.deps.db)
        .violations.map((v) => v.message)
        .join("\n");
    // The deduction changed behind the books: 47.50 paid, 30c would pay 45.00.
    t.handle.sqlite.run("update bets set rule4_deduction = 30 where id = ?", [bet.id]);
    expect(problems()).toContain("expected €45.00 after Rule 4 30c");
    t.handle.sqlite.run("update bets set rule4_deduction = 25 where id = ?", [bet.id]);
    expect(problems()).toBe("");
    // The database itself refuses terms on an outcome that pays nothing, and a place part's
    // on a win-only bet.
    const lost = await place({ stakeAmount: "1", odds: "2/1" });
    await settled(lost.id, { status: "LOST" });
    expect(() =>
      t.handle.sqlite.run("update bets set rule4_deduction = 10 where id = ?", [lost.id]),
    ).toThrow(/CHECK/);
    expect(() =>
      t.handle.sqlite.run("update bets set dead_heat_place = '1/2' where id = ?", [bet.id]),
    ).toThrow(/CHECK/);
    // Nor a dead heat that is not a share: 3/2, 1/1, 1/21, 01/2, 1/2/3.
    for (const share of ["3/2", "1/1", "1/21", "01/2", "1/2/3"]) {
      expect(() =>
        t.handle.sqlite.run("update bets set dead_heat_win = ? where id = ?", [share, bet.id]),
      ).toThrow(/CHECK/);
    }
    // 10/20 fits the column but is not how the API writes a half: the books check names it.
    t.handle.sqlite.run(
      "update bets set rule4_deduction = null, dead_heat_win = '10/20' where id = ?",
      [bet.id],
    );
    t.handle.sqlite.run("update bets set actual_payout_cents = 3000 where id = ?", [bet.id]);
    expect(problems()).toContain('dead heat "10/20" is not a share k/n in lowest terms');
    t.handle.sqlite.run(
      "update bets set rule4_deduction = 25, dead_heat_win = null, actual_payout_cents = 4750 where id = ?",
      [bet.id],
    );
  });
});
