/**
 * Issue 10, four eyes on risk: staff may not allow overdraft nor set a credit limit above
 * STAFF_MAX_CREDIT_LIMIT (default €1,000.00); an admin may. A refused write changes nothing and
 * writes no audit row.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const OVERDRAFT = "An admin is needed to allow overdraft";
const ABOVE_CAP = "An admin is needed to set a credit limit above €1,000.00";
const valid = { firstName: "Grace", lastName: "Hopper", creditLimit: "100.00" };

/** Every customer row and every audit row, to show a refused write left no trace. */
const snapshot = () => ({
  customers: t.handle.sqlite.query("select * from customers order by id").all(),
  audit: t.handle.sqlite.query("select * from audit_log order by id").all(),
});

async function refused(method: string, path: string, body: unknown, message: string) {
  const before = snapshot();
  const res = await t.request(method, path, { as: "user", body });
  expect(res.status).toBe(403);
  const answer = (await res.json()) as { message: string; code: string; reason?: string };
  // What only an admin may do carries its reason, for the reader's language (decision 070).
  expect(answer).toMatchObject({ message, code: "FORBIDDEN" });
  expect(answer.reason).toStartWith("ADMIN_FOR_");
  expect(snapshot()).toEqual(before);
}

describe("creating a customer", () => {
  test("staff asking for a credit limit of 99,999,999.99 get 403 and nothing is written", async () => {
    await refused("POST", "/api/customers", { ...valid, creditLimit: "99999999.99" }, ABOVE_CAP);
    expect(snapshot().customers).toEqual([]);
  });

  test("staff allowing overdraft get 403", async () => {
    await refused("POST", "/api/customers", { ...valid, allowOverdraft: true }, OVERDRAFT);
  });

  test("staff may set up to the cap; one cent more needs an admin", async () => {
    const atCap = await t.json<{ creditLimit: string }>("POST", "/api/customers", {
      as: "user",
      body: { ...valid, creditLimit: "1000.00" },
    });
    expect(atCap.creditLimit).toBe("1000.00");
    await refused("POST", "/api/customers", { ...valid, creditLimit: "1000.01" }, ABOVE_CAP);
  });

  test("an admin may do both", async () => {
    const c = await t.json<Record<string, unknown>>("POST", "/api/customers", {
      as: "admin",
      body: { ...valid, creditLimit: "99999999.99", allowOverdraft: true },
    });
    expect(c).toMatchObject({ creditLimit: "99999999.99", allowOverdraft: true });
  });

  test("the cap comes from STAFF_MAX_CREDIT_LIMIT and the message names it", async () => {
    t.deps.creditLimitCapCents = 50_000;
    await refused(
      "POST",
      "/api/customers",
      { ...valid, creditLimit: "500.01" },
      "An admin is needed to set a credit limit above €500.00",
    );
    await t.json("POST", "/api/customers", { as: "user", body: { ...valid, creditLimit: "500" } });
  });
});

describe("editing a customer", () => {
  const create = (body: Record<string, unknown> = {}) =>
    t.json<{ id: number }>("POST", "/api/customers", { as: "admin", body: { ...valid, ...body } });

  test("staff raising the credit limit to 99,999,999.99 get 403 and the customer is unchanged", async () => {
    const c = await create();
    await refused("PATCH", `/api/customers/${c.id}`, { creditLimit: "99999999.99" }, ABOVE_CAP);
    expect(
      (await t.json<{ creditLimit: string }>("GET", `/api/customers/${c.id}`)).creditLimit,
    ).toBe("100.00");
  });

  test("staff allowing overdraft get 403; staff may raise the limit up to the cap", async () => {
    const c = await create();
    await refused("PATCH", `/api/customers/${c.id}`, { allowOverdraft: true }, OVERDRAFT);
    const raised = await t.json<{ creditLimit: string }>("PATCH", `/api/customers/${c.id}`, {
      as: "user",
      body: { creditLimit: "1000" },
    });
    expect(raised.creditLimit).toBe("1000.00");
  });

  test("values an admin gave stay: staff may edit the rest of the customer as the form sends it", async () => {
    const c = await create({ creditLimit: "5000", allowOverdraft: true });
    // The edit form sends every field, the admin's limit and overdraft unchanged.
    const edited = await t.json<Record<string, unknown>>("PATCH", `/api/customers/${c.id}`, {
      as: "user",
      body: { ...valid, lastName: "Murray", creditLimit: "5000.00", allowOverdraft: true },
    });
    expect(edited).toMatchObject({
      lastName: "Murray",
      creditLimit: "5000.00",
      allowOverdraft: true,
    });
  });

  test("staff may take risk away (overdraft off, limit within the cap) but not give it back", async () => {
    const c = await create({ creditLimit: "5000", allowOverdraft: true });
    await t.json("PATCH", `/api/customers/${c.id}`, {
      as: "user",
      body: { allowOverdraft: false, creditLimit: "800" },
    });
    await refused("PATCH", `/api/customers/${c.id}`, { allowOverdraft: true }, OVERDRAFT);
    await refused("PATCH", `/api/customers/${c.id}`, { creditLimit: "5000" }, ABOVE_CAP);
  });

  test("above the cap staff may lower an admin's limit but never raise it", async () => {
    const c = await create({ creditLimit: "5000" });
    const lowered = await t.json<{ creditLimit: string }>("PATCH", `/api/customers/${c.id}`, {
      as: "user",
      body: { creditLimit: "4000" },
    });
    expect(lowered.creditLimit).toBe("4000.00");
    await refused("PATCH", `/api/customers/${c.id}`, { creditLimit: "4000.01" }, ABOVE_CAP);
  });

  test("an admin may raise the limit and allow overdraft", async () => {
    const c = await create();
    const updated = await t.json<Record<string, unknown>>("PATCH", `/api/customers/${c.id}`, {
      as: "admin",
      body: { creditLimit: "99999999.99", allowOverdraft: true },
    });
    expect(updated).toMatchObject({ creditLimit: "99999999.99", allowOverdraft: true });
  });
});
