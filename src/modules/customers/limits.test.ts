/**
 * Issue 12 item 5, customer limits and responsible gambling (decision 032): a maximum stake,
 * a daily deposit limit (per UTC day) and a self-exclusion. More protection applies at once,
 * less after 24 hours (shown as pending); the clock is the test's own.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 2027-05-20 10:00 UTC. */
const START = Date.UTC(2027, 4, 20, 10);

let t: TestApp;
let now = START;
let ids: { shopId: number; customerId: number };

beforeEach(async () => {
  t = await createTestApp();
  now = START;
  t.deps.clock = () => now;
  // The sessions were made on the real clock; let them outlive the test's days.
  t.deps.sessionPolicy = { idleMs: 365 * DAY, absoluteMs: 365 * DAY };
  ids = await seedBasics(t, { creditLimit: "1000.00" });
});
afterEach(() => t.close());

type Customer = {
  maxStake: string | null;
  dailyDepositLimit: string | null;
  selfExcludedUntil: string | null;
  pendingLimits: Record<string, { value: string | null; appliesAt: string } | null>;
};

const customerPath = () => `/api/customers/${ids.customerId}`;
const getCustomer = (as: "admin" | "user" = "user") =>
  t.json<Customer>("GET", customerPath(), { as });
const setLimits = (body: Record<string, unknown>, as: "admin" | "user" = "user") =>
  t.json<Customer>("PATCH", customerPath(), { as, body });

const bet = (stakeAmount: string) =>
  t.request("POST", "/api/bets", {
    as: "user",
    body: { ...ids, description: "Arsenal to win", stakeAmount, odds: "2.00" },
  });
const deposit = (amount: string) =>
  t.request("POST", "/api/deposits", { as: "user", body: { ...ids, amount } });
const withdraw = (amount: string) =>
  t.request("POST", "/api/withdrawals", { as: "user", body: { ...ids, amount } });

/** A 422 with its English and, for a client in another language, its reason and params. */
async function refused(
  res: Response,
  message: string,
  reason: string,
  params: Record<string, string | number>,
) {
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({ message, code: "UNPROCESSABLE", reason, params });
}

const count = (table: string) =>
  (t.handle.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("the customer's limits", () => {
  test("a new customer has none, and none pending", async () => {
    expect(await getCustomer()).toMatchObject({
      maxStake: null,
      dailyDepositLimit: null,
      selfExcludedUntil: null,
      pendingLimits: { maxStake: null, dailyDepositLimit: null, selfExcludedUntil: null },
    });
  });

  test("are set at creation and apply at once", async () => {
    const c = await t.json<Customer>("POST", "/api/customers", {
      as: "user",
      body: {
        firstName: "Grace",
        lastName: "Hopper",
        creditLimit: "0",
        maxStake: "1000.50",
        dailyDepositLimit: 250,
        selfExcludedUntil: "2027-05-22",
      },
    });
    expect(c).toMatchObject({
      maxStake: "1000.50",
      dailyDepositLimit: "250.00",
      selfExcludedUntil: "2027-05-22T00:00:00.000Z",
      pendingLimits: { maxStake: null, dailyDepositLimit: null, selfExcludedUntil: null },
    });
  });

  const invalid: [Record<string, unknown>, string, string][] = [
    [{ maxStake: "0" }, "maxStake", "Max stake must be at least 0.01"],
    [{ dailyDepositLimit: "-5" }, "dailyDepositLimit", "Daily deposit limit must be at least 0.01"],
    [{ maxStake: "abc" }, "maxStake", "Not a number"],
    [
      { selfExcludedUntil: "next week" },
      "selfExcludedUntil",
      "Self-excluded until must be a date (YYYY-MM-DD) or a date and time",
    ],
  ];
  for (const [body, field, message] of invalid) {
    test(`refuses ${JSON.stringify(body)} with 400 naming ${field}`, async () => {
      const res = await t.request("PATCH", customerPath(), { as: "user", body });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { fields: Record<string, string> };
      expect(answer.fields[field]).toContain(message);
    });
  }

  test("an exclusion ending in the past is 400", async () => {
    const res = await t.request("PATCH", customerPath(), {
      as: "admin",
      body: { selfExcludedUntil: "2027-05-19" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("must be in the future");
  });

  test("a customer login may not set them", async () => {
    const res = await t.request("PATCH", customerPath(), {
      as: "customer",
      body: { maxStake: "10" },
    });
    expect(res.status).toBe(403);
  });
});

describe("maximum stake", () => {
  beforeEach(async () => {
    await setLimits({ maxStake: "50.00" });
  });

  test("a stake below it and at it is placed", async () => {
    expect((await bet("49.99")).status).toBe(201);
    expect((await bet("50.00")).status).toBe(201);
  });

  test("a cent above it is 422 naming the limit, and nothing is written", async () => {
    const bets = count("bets");
    const rows = count("transactions");
    await refused(
      await bet("50.01"),
      "Stake €50.01 is above this customer's maximum stake of €50.00",
      "MAX_STAKE",
      { stakeCents: 5001, maxStakeCents: 5000 },
    );
    expect(count("bets")).toBe(bets);
    expect(count("transactions")).toBe(rows);
  });
});

describe("daily deposit limit", () => {
  beforeEach(async () => {
    await setLimits({ dailyDepositLimit: "100.00" });
  });

  test("deposits below and up to it are taken; a cent more is 422 with what is left", async () => {
    expect((await deposit("60.00")).status).toBe(201);
    await refused(
      await deposit("40.01"),
      "Deposit above the daily deposit limit of €100.00: €40.00 left today (UTC)",
      "DAILY_DEPOSIT_LIMIT",
      { limitCents: 10000, leftCents: 4000, zone: "UTC" },
    );
    expect((await deposit("40.00")).status).toBe(201);
    await refused(
      await deposit("0.01"),
      "Deposit above the daily deposit limit of €100.00: €0.00 left today (UTC)",
      "DAILY_DEPOSIT_LIMIT",
      { limitCents: 10000, leftCents: 0, zone: "UTC" },
    );
  });

  test("the day is the UTC day: from midnight the whole limit is there again", async () => {
    expect((await deposit("100.00")).status).toBe(201);
    now = Date.UTC(2027, 4, 20, 23, 59, 59, 999);
    expect((await deposit("0.01")).status).toBe(422);
    now = Date.UTC(2027, 4, 21);
    expect((await deposit("100.00")).status).toBe(201);
  });

  test("withdrawals and bets do not use it up; a reversed deposit does not count", async () => {
    const first = await t.json<{ id: number }>("POST", "/api/deposits", {
      as: "user",
      body: { ...ids, amount: "100.00" },
    });
    expect((await withdraw("30.00")).status).toBe(201);
    expect((await bet("10.00")).status).toBe(201);
    expect((await deposit("0.01")).status).toBe(422);
    await t.json("POST", "/api/admin/reverse-transaction", {
      as: "admin",
      body: { transactionId: first.id, reason: "Counted twice" },
    });
    expect((await deposit("100.00")).status).toBe(201);
  });
});

describe("self-exclusion", () => {
  beforeEach(async () => {
    expect((await deposit("80.00")).status).toBe(201);
    await setLimits({ selfExcludedUntil: "2027-05-22" });
  });

  test("refuses bets and deposits naming the date, while withdrawals still work", async () => {
    const excluded = { until: "2027-05-22T00:00:00.000Z", zone: "UTC" };
    const message = "Customer is self-excluded until 2027-05-22";
    await refused(await bet("1.00"), message, "SELF_EXCLUDED", excluded);
    await refused(await deposit("1.00"), message, "SELF_EXCLUDED", excluded);
    expect((await withdraw("80.00")).status).toBe(201);
    expect((await getCustomer()).selfExcludedUntil).toBe("2027-05-22T00:00:00.000Z");
  });

  test("a time of day is named with it", async () => {
    await setLimits({ selfExcludedUntil: "2027-06-01T18:30:00+02:00" });
    await refused(
      await bet("1.00"),
      "Customer is self-excluded until 2027-06-01 16:30 UTC",
      "SELF_EXCLUDED",
      { until: "2027-06-01T16:30:00.000Z", zone: "UTC" },
    );
  });

  test("ends by itself at its time: a millisecond before still refused, then allowed", async () => {
    now = Date.UTC(2027, 4, 22) - 1;
    expect((await bet("1.00")).status).toBe(422);
    now = Date.UTC(2027, 4, 22);
    expect((await bet("1.00")).status).toBe(201);
    expect((await deposit("1.00")).status).toBe(201);
    expect((await getCustomer()).selfExcludedUntil).toBeNull();
  });

  test("staff may extend it at once but not shorten or end it: that needs an admin", async () => {
    expect((await setLimits({ selfExcludedUntil: "2027-06-30" })).selfExcludedUntil).toBe(
      "2027-06-30T00:00:00.000Z",
    );
    for (const body of [{ selfExcludedUntil: "2027-06-01" }, { selfExcludedUntil: null }]) {
      const res = await t.request("PATCH", customerPath(), { as: "user", body });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        "An admin is needed to shorten or end a self-exclusion",
      );
    }
  });

  test("an admin ending it early waits 24 hours, shown as pending", async () => {
    const c = await setLimits({ selfExcludedUntil: "" }, "admin");
    expect(c.selfExcludedUntil).toBe("2027-05-22T00:00:00.000Z");
    expect(c.pendingLimits.selfExcludedUntil).toEqual({
      value: null,
      appliesAt: new Date(START + DAY).toISOString(),
    });
    now = START + DAY - 1;
    expect((await bet("1.00")).status).toBe(422);
    now = START + DAY;
    expect((await bet("1.00")).status).toBe(201);
    const after = await getCustomer();
    expect(after.selfExcludedUntil).toBeNull();
    expect(after.pendingLimits.selfExcludedUntil).toBeNull();
  });
});

describe("the 24-hour delay", () => {
  beforeEach(async () => {
    await setLimits({ maxStake: "50.00", dailyDepositLimit: "100.00" });
    now = START + HOUR;
  });

  test("raising a limit applies 24 hours later; until then the old one holds", async () => {
    const c = await setLimits({ maxStake: "100.00" });
    expect(c.maxStake).toBe("50.00");
    expect(c.pendingLimits.maxStake).toEqual({
      value: "100.00",
      appliesAt: new Date(START + HOUR + DAY).toISOString(),
    });
    now = START + HOUR + DAY - 1;
    expect((await bet("80.00")).status).toBe(422);
    now = START + HOUR + DAY;
    expect((await bet("80.00")).status).toBe(201);
    expect(await getCustomer()).toMatchObject({
      maxStake: "100.00",
      pendingLimits: { maxStake: null },
    });
  });

  test("removing a limit waits too, then there is none", async () => {
    const c = await setLimits({ dailyDepositLimit: null });
    expect(c.dailyDepositLimit).toBe("100.00");
    expect(c.pendingLimits.dailyDepositLimit?.value).toBeNull();
    expect((await deposit("100.01")).status).toBe(422);
    now += DAY;
    expect((await deposit("100.01")).status).toBe(201);
    expect((await getCustomer()).dailyDepositLimit).toBeNull();
  });

  test("lowering applies at once and cancels a pending rise", async () => {
    await setLimits({ maxStake: "100.00" });
    const c = await setLimits({ maxStake: "20.00" });
    expect(c.maxStake).toBe("20.00");
    expect(c.pendingLimits.maxStake).toBeNull();
    expect((await bet("20.01")).status).toBe(422);
    now += DAY;
    expect((await bet("20.01")).status).toBe(422);
  });

  test("asking again for the same rise keeps its time; another rise starts the clock again", async () => {
    await setLimits({ maxStake: "100.00" });
    now += 12 * HOUR;
    const again = await setLimits({ maxStake: "100.00" });
    expect(again.pendingLimits.maxStake?.appliesAt).toBe(
      new Date(START + HOUR + DAY).toISOString(),
    );
    const other = await setLimits({ maxStake: "150.00" });
    expect(other.pendingLimits.maxStake?.appliesAt).toBe(
      new Date(START + 13 * HOUR + DAY).toISOString(),
    );
  });

  test("reading after the time applies the change without writing it", async () => {
    await setLimits({ maxStake: "100.00" });
    const row = () =>
      t.handle.sqlite
        .query("select max_stake_cents, max_stake_pending_cents from customers where id = ?")
        .get(ids.customerId);
    const stored = row();
    now += DAY;
    expect((await getCustomer()).maxStake).toBe("100.00");
    const listed = await t.json<Customer[]>("GET", "/api/customers", { as: "user" });
    expect(listed[0]?.maxStake).toBe("100.00");
    expect(row()).toEqual(stored);
    expect(stored).toEqual({ max_stake_cents: 5000, max_stake_pending_cents: 10000 });
  });

  test("staff may raise and remove money limits (delayed), not only lower them", async () => {
    const c = await setLimits({ maxStake: null, dailyDepositLimit: "500" }, "user");
    expect(c.pendingLimits.maxStake).not.toBeNull();
    expect(c.pendingLimits.dailyDepositLimit?.value).toBe("500.00");
  });
});

describe("audit", () => {
  test("every change is one customer.update row with the limits before and after", async () => {
    const audit = () =>
      t.handle.sqlite
        .query(
          "select action, entity_id, before, after, actor_id from audit_log where action = 'customer.update' order by id",
        )
        .all() as {
        action: string;
        entity_id: string;
        before: string;
        after: string;
        actor_id: number;
      }[];
    await setLimits({ maxStake: "50.00" });
    now += HOUR;
    await setLimits({ maxStake: "75.00" });
    const rows = audit();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.actor_id)).toEqual([t.ids.user, t.ids.user]);
    expect(JSON.parse(rows[0]?.before ?? "{}")).toMatchObject({ maxStakeCents: null });
    expect(JSON.parse(rows[0]?.after ?? "{}")).toMatchObject({ maxStakeCents: 5000 });
    expect(JSON.parse(rows[1]?.after ?? "{}")).toMatchObject({
      maxStakeCents: 5000,
      maxStakePendingCents: 7500,
      maxStakePendingAt: START + HOUR + DAY,
    });
  });

  test("a refused change writes nothing", async () => {
    await setLimits({ selfExcludedUntil: "2027-06-01" });
    const before = count("audit_log");
    const res = await t.request("PATCH", customerPath(), {
      as: "user",
      body: { selfExcludedUntil: null },
    });
    expect(res.status).toBe(403);
    expect(count("audit_log")).toBe(before);
  });
});
