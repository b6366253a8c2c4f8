/**
 * A refusal's English is written twice (decision 070): by the server (src/lib/refusals.ts,
 * the `message` every API client reads) and by the web from the body's `reason` and
 * `params` (web/i18n/areas/refusals.ts, web/i18n/errors.ts), so that the web can write it
 * in the reader's language. This holds the two to the same words for every reason, on
 * representative params (amounts over a thousand and below zero, a day and a time of day
 * in a zone with summer time, a payer whose account is gone), and on real refusals answered
 * by the HTTP API; and every reason to a German text with each value in its place.
 *
 * A new reason fails here (or in tsc) until it has English on both sides, params below and
 * German: FIXTURES is typed over every reason, the catalogue's `reasons` must have each
 * (`satisfies`), and the German catalogue the same keys (web/i18n/catalogue.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { REFUSAL_REASONS, type RefusalParams, type RefusalReason } from "../src/lib/errors";
import { REFUSALS, refusalMessage } from "../src/lib/refusals";
import { i18n } from "../web/i18n";
import { en } from "../web/i18n/areas/refusals";
import { de } from "../web/i18n/de";
import { refusalText } from "../web/i18n/errors";
import { createTestApp, seedTwoShops, type TestApp } from "./helpers/test-app";

i18n.addResourceBundle("de", "translation", de, true, true);

const FIXTURES: { [R in RefusalReason]: RefusalParams[R][] } = {
  DAILY_DEPOSIT_LIMIT: [
    { limitCents: 10_000, leftCents: 1_000, zone: "Europe/Berlin" },
    { limitCents: 250_000, leftCents: 0, zone: "UTC" },
  ],
  SELF_EXCLUDED: [
    // The start of a business day: the date alone; a time of day: with the zone's name.
    { until: "2027-05-21T22:00:00.000Z", zone: "Europe/Berlin" },
    { until: "2027-06-01T16:30:00.000Z", zone: "Europe/Dublin" },
    { until: "2027-01-10T09:15:00.000Z", zone: "UTC" },
  ],
  MAX_STAKE: [
    { stakeCents: 5_001, maxStakeCents: 5_000 },
    { stakeCents: 123_456, maxStakeCents: 100_000 },
  ],
  UNDER_AGE: [{ minAge: 18 }, { minAge: 21 }],
  NO_DATE_OF_BIRTH: [{}],
  INSUFFICIENT_FUNDS: [
    { balanceCents: 0, creditLimitCents: 5_000, availableCents: 5_000, stakeCents: 5_001 },
    {
      balanceCents: -2_550,
      creditLimitCents: 100_000,
      availableCents: 97_450,
      stakeCents: 123_456,
    },
  ],
  NO_POSITIVE_BALANCE: [{}],
  EXCEEDS_BALANCE: [
    { balanceCents: 2_000, amountCents: 2_001 },
    { balanceCents: 150_000, amountCents: 150_050 },
  ],
  CUSTOMER_INACTIVE: [{}],
  CUSTOMER_INACTIVE_FOR_BETS: [{}],
  SHOP_INACTIVE: [{}],
  SHOP_INACTIVE_FOR_BETS: [{}],
  SHIFT_REQUIRED: [{}],
  SLIP_SHIFT_REQUIRED: [{}],
  CASH_SHIFT_REQUIRED: [{ shop: "Main Street" }],
  SHIFT_AT_OTHER_SHOP: [{ shiftShop: "Quay" }, { shiftShop: "shop #4" }],
  CASH_AT_OTHER_SHOP: [{ shiftShop: "Quay", shop: "Main Street" }],
  SHIFT_ALREADY_OPEN: [{ shiftShop: "Quay", shiftId: 12 }],
  SHOP_HAS_OPEN_SHIFTS: [{ shiftIds: "#3" }, { shiftIds: "#3, #5" }],
  SHIFT_CLOSED: [{}],
  SHIFT_CLOSED_TILL: [{}],
  PICKUP_ABOVE_EXPECTED: [{ expectedCents: 2_000 }, { expectedCents: -150_000 }],
  TILL_SHORT: [
    { amountCents: 200_000, expectedCents: 100_000 },
    { amountCents: 1_900, expectedCents: -2_345 },
  ],
  WITHDRAWAL_TILL_SHORT: [
    { amountCents: 200_000, expectedCents: 100_000 },
    { amountCents: 1_900, expectedCents: -2_345 },
  ],
  TOKEN_NO_TILL: [{}],
  NOT_EACH_WAY: [{}],
  NOT_EACH_WAY_PLACE: [{}],
  SETTLEMENT_PAYS_NOTHING: [{}],
  BET_NOT_PENDING: [{ status: "WON" }, { status: "VOID" }],
  SLIP_ACCOUNT_BET: [{}],
  SLIP_ALREADY_PAID: [
    {
      amountCents: 1_900,
      paidAt: "2026-11-26T13:03:00.000Z",
      zone: "UTC",
      shop: "Quay",
      paidBy: "alice",
    },
    {
      amountCents: 250_000,
      paidAt: "2027-07-01T22:30:00.000Z",
      zone: "Europe/Berlin",
      shop: "shop #2",
    },
  ],
  SLIP_NOT_SETTLED: [{}],
  SLIP_LOST: [{}],
  ALREADY_REVERSED: [{ transactionId: 12 }],
  REVERSAL_OF_REVERSAL: [{ transactionId: 13, reversalOfId: 12 }],
  NOT_REVERSIBLE: [{ type: "PAYOUT", betId: 7 }],
  NOT_COMPLETED: [{ transactionId: 12, status: "PENDING" }],
  RESETTLE_PENDING: [{ betId: 7 }],
  RESETTLE_SAME: [{ betId: 7, status: "LOST" }],
  RESETTLE_SLIP_PAID: [{ betId: 7 }],
  RESETTLE_CHANGED: [{ betId: 7, status: "VOID" }],
  USERNAME_TAKEN: [{ username: "clerk1" }, { username: "Zoë.O'Brien" }],
  LAST_ADMIN_DEMOTE: [{}],
  LAST_ADMIN_DISABLE: [{}],
  OWN_ACCOUNT_DISABLE: [{}],
  ADMIN_FOR_LARGE_SETTLEMENT: [{ largeAmountCents: 100_000 }],
  ADMIN_FOR_LARGE_PAYMENT: [{ largeAmountCents: 100_000 }, { largeAmountCents: 2_550 }],
  ADMIN_FOR_CASH_BET: [{ maxStakeCents: 50_000 }],
  ADMIN_FOR_OUTCOME: [{}],
  ADMIN_FOR_OVERCREDIT: [{}],
  ADMIN_FOR_OVERDRAFT: [{}],
  ADMIN_FOR_CREDIT_LIMIT: [{ capCents: 100_000 }],
  ADMIN_FOR_EXCLUSION_END: [{}],
};

type Params = Record<string, string | number>;
const cases = REFUSAL_REASONS.flatMap((reason) =>
  (FIXTURES[reason] as Params[]).map((params) => ({ reason, params })),
);
const english = i18n.getFixedT("en");
const german = i18n.getFixedT("de");
const inEnglish = (reason: string, params: Params) =>
  refusalText(reason, params, english, "en", "en-IE");
const inGerman = (reason: string, params: Params) =>
  refusalText(reason, params, german, "de", "de-DE");
const serverEnglish = (reason: RefusalReason, params: Params) =>
  refusalMessage(reason, params as never);
/** Params that are codes: the German text has their word, not the code. */
const TRANSLATED = ["status", "type"];

describe("a refusal's text", () => {
  test("the web's catalogue has a template for every reason the server gives, and no other", () => {
    expect(Object.keys(en.reasons).sort()).toEqual([...REFUSAL_REASONS].sort());
    expect(Object.keys(de.refusals.reasons).sort()).toEqual([...REFUSAL_REASONS].sort());
    for (const reason of REFUSAL_REASONS) expect(FIXTURES[reason].length).toBeGreaterThan(0);
  });

  test.each(cases)("$reason declares the params it is written from", ({ reason, params }) => {
    const declared: readonly string[] = REFUSALS[reason].params;
    for (const key of Object.keys(params)) expect(declared).toContain(key);
  });

  test.each(cases)(
    "$reason in English is the server's English, word for word",
    ({ reason, params }) => {
      expect(inEnglish(reason, params)).toBe(serverEnglish(reason, params));
    },
  );

  test.each(cases)(
    "$reason in German is German, every value in its place",
    ({ reason, params }) => {
      const text = inGerman(reason, params);
      expect(text).not.toBeNull();
      expect(text).not.toBe(serverEnglish(reason, params));
      expect(text).not.toMatch(/\{\{|\}\}|refusals\.|undefined|NaN/);
      for (const [key, value] of Object.entries(params)) {
        if (TRANSLATED.includes(key) || /^(until|paidAt)$/.test(key)) continue;
        // An instant's zone is in its time, as the zone's short name ("MESZ").
        if (key === "zone" && ("until" in params || "paidAt" in params)) continue;
        // Names, zones, ids and ages as they are; amounts as German writes them.
        if (typeof value === "string" || !key.endsWith("Cents")) {
          expect(text).toContain(String(value));
        }
      }
    },
  );

  test("amounts, days and times in German: the locale's number, the euro sign after it", () => {
    expect(inGerman("DAILY_DEPOSIT_LIMIT", FIXTURES.DAILY_DEPOSIT_LIMIT[1] as Params)).toBe(
      "Einzahlung über dem Tageslimit von 2.500,00\u00a0€: heute noch 0,00\u00a0€ möglich (UTC)",
    );
    expect(inGerman("TILL_SHORT", FIXTURES.TILL_SHORT[1] as Params)).toBe(
      "Dieser Wettschein zahlt 19,00\u00a0€ aus, in der Kasse sollten aber nur -23,45\u00a0€ sein: Füllen Sie die Kasse zuerst auf",
    );
    // The start of 22 May in Berlin: the day alone; 17:30 in Dublin's summer: with the time.
    const [day, time] = FIXTURES.SELF_EXCLUDED as Params[];
    expect(inGerman("SELF_EXCLUDED", day as Params)).toBe(
      "Der Kunde ist gesperrt (Selbstsperre) bis 22. Mai 2027",
    );
    expect(inGerman("SELF_EXCLUDED", time as Params)).toMatch(
      /^Der Kunde ist gesperrt \(Selbstsperre\) bis 1\. Juni 2027, 17:30 /,
    );
    expect(inGerman("BET_NOT_PENDING", { status: "WON" })).toBe(
      "Nur eine offene Wette kann abgerechnet werden; diese Wette ist Gewonnen",
    );
    expect(inGerman("USERNAME_TAKEN", { username: "clerk1" })).toBe(
      "Der Benutzername „clerk1“ ist bereits vergeben",
    );
    const [, gone] = FIXTURES.SLIP_ALREADY_PAID as Params[];
    expect(inGerman("SLIP_ALREADY_PAID", gone as Params)).toMatch(
      /^Wettschein bereits ausgezahlt: 2.500,00\u00a0€ am 2\. Juli 2027, 00:30 .+ in shop #2 von einem ehemaligen Benutzer$/,
    );
  });

  test("an unknown reason, or params that do not fill its template: none (the caller falls back)", () => {
    expect(inGerman("NEWER_REASON", { betId: 1 })).toBeNull();
    expect(inGerman("MAX_STAKE", { stakeCents: 1 })).toBeNull();
    expect(inGerman("MAX_STAKE", undefined as unknown as Params)).toBeNull();
  });
});

describe("real refusals, as the HTTP API answers them", () => {
  let t: TestApp;
  const bodies: { message: string; reason: string; params: Params }[] = [];

  beforeAll(async () => {
    t = await createTestApp(":memory:", { businessTimeZone: "Europe/Berlin" });
    const ids = await seedTwoShops(t);
    const refused = async (res: Response) => {
      expect([409, 422]).toContain(res.status);
      bodies.push(await res.json());
    };
    const post = (path: string, body: unknown) => t.request("POST", path, { as: "user", body });
    const money = { customerId: ids.customerId, shopId: ids.shopId };
    await t.json("PATCH", `/api/customers/${ids.customerId}`, {
      body: { creditLimit: "1000.00", dailyDepositLimit: "1500.00", maxStake: "1200.00" },
    });
    await t.json("POST", "/api/deposits", { body: { ...money, amount: "1234.50" } });
    await refused(await post("/api/deposits", { ...money, amount: "300.00" }));
    await refused(await post("/api/withdrawals", { ...money, amount: "1234.51" }));
    await refused(
      await post("/api/bets", {
        ...money,
        description: "Derby",
        stakeAmount: "1200.01",
        odds: "2",
      }),
    );
    await refused(
      await post("/api/bets", { payment: "cash", description: "D", stakeAmount: "5", odds: "2" }),
    );
    const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
      as: "user",
      body: { shopId: ids.shopId, openingFloat: "0.00" },
    });
    await refused(await post("/api/shifts", { shopId: ids.quayId, openingFloat: "0" }));
    await refused(
      await post(`/api/shifts/${shift.id}/movements`, { kind: "pickup", amount: "1", reason: "x" }),
    );
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      as: "user",
      body: { payment: "cash", description: "Derby", stakeAmount: "8.00", odds: "11/8" },
    });
    await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "WON" } });
    const { code } = await t.json<{ code: string }>("GET", `/api/bets/${bet.id}/slip`);
    await refused(await post(`/api/slips/${code}/pay`, {}));
    await t.json("POST", `/api/shifts/${shift.id}/movements`, {
      as: "user",
      body: { kind: "topup", amount: "11.00", reason: "From the safe" },
    });
    await t.json("POST", `/api/slips/${code}/pay`, { as: "user", body: {}, expect: 200 });
    await refused(await post(`/api/slips/${code}/pay`, {}));
    await refused(
      await t.request("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "LOST" } }),
    );
    await t.json("PATCH", `/api/customers/${ids.customerId}`, {
      body: { selfExcludedUntil: "2099-05-22" },
    });
    await refused(await post("/api/deposits", { ...money, amount: "1.00" }));
  });
  afterAll(() => t.close());

  test("each carries a reason, and the web's English from it is the server's message", () => {
    expect(bodies.map((b) => b.reason)).toEqual([
      "DAILY_DEPOSIT_LIMIT",
      "EXCEEDS_BALANCE",
      "MAX_STAKE",
      "SHIFT_REQUIRED",
      "SHIFT_ALREADY_OPEN",
      "PICKUP_ABOVE_EXPECTED",
      "TILL_SHORT",
      "SLIP_ALREADY_PAID",
      "BET_NOT_PENDING",
      "SELF_EXCLUDED",
    ]);
    for (const body of bodies) expect(inEnglish(body.reason, body.params)).toBe(body.message);
  });

  test("the German has the amounts as German writes them, grouped as on the screens", () => {
    const [deposit, withdrawal] = bodies;
    expect(inGerman("DAILY_DEPOSIT_LIMIT", deposit?.params as Params)).toBe(
      "Einzahlung über dem Tageslimit von 1.500,00\u00a0€: heute noch 265,50\u00a0€ möglich (Europe/Berlin)",
    );
    expect(inGerman("EXCEEDS_BALANCE", withdrawal?.params as Params)).toBe(
      "Guthaben reicht nicht: Der Kunde hat 1.234,50\u00a0€ verfügbar. Die Auszahlung von 1.234,51\u00a0€ übersteigt diesen Betrag.",
    );
  });
});
