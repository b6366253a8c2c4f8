/**
 * The minimum age (issue 20, item 6; decision 041): a customer under MIN_AGE is neither
 * recorded nor served; with REQUIRE_DATE_OF_BIRTH one without a date of birth bets and
 * deposits nothing. Ages count on the business date of the injected clock.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { ageOn, isCalendarDate } from "../../domain/age";

/** The business date every test runs on: 2026-06-15, noon UTC. */
const NOW = Date.UTC(2026, 5, 15, 12);

let t: TestApp;
let shopId: number;
beforeEach(async () => {
  t = await createTestApp();
  t.deps.clock = () => NOW;
  ({ shopId } = await seedBasics(t));
});
afterEach(() => t.close());

const customer = (dateOfBirth: string | null, extra: Record<string, unknown> = {}) =>
  t.request("POST", "/api/customers", {
    body: { firstName: "Young", lastName: "Person", creditLimit: "100", dateOfBirth, ...extra },
  });

async function created(dateOfBirth: string | null): Promise<number> {
  const res = await customer(dateOfBirth);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const deposit = (customerId: number) =>
  t.request("POST", "/api/deposits", { body: { customerId, shopId, amount: "20.00" } });
const bet = (customerId: number) =>
  t.request("POST", "/api/bets", {
    body: { customerId, shopId, description: "Derby", stakeAmount: "5.00", odds: "2.00" },
  });

async function refusal(res: Response) {
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

describe("dates", () => {
  test("a real calendar date only; ages count whole years on the day", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-02-31")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(ageOn("2008-06-15", NOW)).toBe(18);
    expect(ageOn("2008-06-16", NOW)).toBe(17);
    // A 29 February birthday counts from 1 March in a common year.
    expect(ageOn("2008-02-29", Date.UTC(2026, 1, 28))).toBe(17);
    expect(ageOn("2008-02-29", Date.UTC(2026, 2, 1))).toBe(18);
  });

  test("2026-02-31 is refused as a date of birth, on creation and on edit", async () => {
    const res = await customer("2026-02-31");
    expect(await refusal(res)).toEqual({
      status: 400,
      message: "Date of birth must be a date (YYYY-MM-DD)",
    });
    const id = await created("1990-01-01");
    const edit = await t.request("PATCH", `/api/customers/${id}`, {
      body: { dateOfBirth: "1990-02-30" },
    });
    expect(edit.status).toBe(400);
  });
});

describe("MIN_AGE", () => {
  test("a customer under 18 on the business date cannot be created; 18 today can", async () => {
    const res = await customer("2008-06-16");
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(body.message).toBe("Customer is under 18");
    expect(body.fields.dateOfBirth).toBe("Customer is under 18");
    await created("2008-06-15");
    // The clock decides, not the machine's: the next day the same date is of age.
    t.deps.clock = () => NOW + 86_400_000;
    await created("2008-06-16");
  });

  test("an edit cannot make a customer under age; other edits leave the date alone", async () => {
    const id = await created("1990-01-01");
    const res = await t.request("PATCH", `/api/customers/${id}`, {
      body: { dateOfBirth: "2015-03-01" },
    });
    expect(await refusal(res)).toEqual({ status: 422, message: "Customer is under 18" });
    const renamed = await t.json<{ dateOfBirth: string }>("PATCH", `/api/customers/${id}`, {
      body: { lastName: "Elder" },
    });
    expect(renamed.dateOfBirth).toBe("1990-01-01");
  });

  test("the configured age is the one named", async () => {
    t.deps.ageRules = { minAge: 21, requireDateOfBirth: false };
    const res = await customer("2006-01-01");
    expect(await refusal(res)).toEqual({ status: 422, message: "Customer is under 21" });
  });

  test("a customer under age (recorded before the rule) can neither bet nor deposit", async () => {
    const id = await created("2000-01-01");
    // A record from before the rule, or a bulk load: written straight to the table.
    t.handle.sqlite.run("update customers set date_of_birth = '2015-05-01' where id = ?", [id]);
    expect(await refusal(await deposit(id))).toEqual({
      status: 422,
      message: "Customer is under 18",
    });
    expect(await refusal(await bet(id))).toEqual({ status: 422, message: "Customer is under 18" });
    // Nothing moved: no ledger row, no bet.
    const { n } = t.handle.sqlite
      .query("select (select count(*) from transactions) + (select count(*) from bets) as n")
      .get() as { n: number };
    expect(n).toBe(0);
  });

  test("a customer of age bets and deposits", async () => {
    const id = await created("2000-01-01");
    expect((await deposit(id)).status).toBe(201);
    expect((await bet(id)).status).toBe(201);
  });
});

describe("REQUIRE_DATE_OF_BIRTH", () => {
  test("off (the default): a customer without a date of birth bets and deposits", async () => {
    const id = await created(null);
    expect((await deposit(id)).status).toBe(201);
    expect((await bet(id)).status).toBe(201);
  });

  test("on: a customer without a date of birth can neither bet nor deposit, until it is given", async () => {
    t.deps.ageRules = { minAge: 18, requireDateOfBirth: true };
    const id = await created(null);
    const missing = { status: 422, message: "Customer has no date of birth on record" };
    expect(await refusal(await deposit(id))).toEqual(missing);
    expect(await refusal(await bet(id))).toEqual(missing);
    // Withdrawals never ask (the customer's own money goes back): refused here only for funds.
    await t.json("PATCH", `/api/customers/${id}`, { body: { dateOfBirth: "1980-12-31" } });
    expect((await deposit(id)).status).toBe(201);
    expect((await bet(id)).status).toBe(201);
  });
});
