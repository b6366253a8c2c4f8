import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog } from "../../db/schema";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const valid = { firstName: "Grace", lastName: "Hopper", creditLimit: "250.00" };

describe("customers", () => {
  test("creates a customer with defaults, blank optional fields as null, and its creator", async () => {
    const c = await t.json<Record<string, unknown>>("POST", "/api/customers", {
      as: "user",
      body: { ...valid, email: "", phone: " ", address: "" },
    });
    expect(c).toMatchObject({
      firstName: "Grace",
      balance: "0.00",
      creditLimit: "250.00",
      allowOverdraft: false,
      isActive: true,
      email: null,
      phone: null,
      address: null,
      createdByUser: { id: t.ids.user, username: "user1" },
    });
  });

  const cases: [Record<string, unknown>, string, string][] = [
    [{ firstName: "" }, "firstName", "First name is required"],
    // Only invisible characters: a zero-width space, a soft hyphen, a byte order mark.
    [{ firstName: "\u200B" }, "firstName", "First name is required"],
    [{ lastName: " \u00AD\uFEFF " }, "lastName", "Last name is required"],
    [{ lastName: undefined }, "lastName", "Last name is required"],
    [{ email: "not-an-email" }, "email", "Invalid email"],
    [{ creditLimit: "" }, "creditLimit", "Credit limit is required"],
    [{ creditLimit: "-1" }, "creditLimit", "Credit limit must be 0 or more"],
  ];
  for (const [override, field, message] of cases) {
    test(`refuses ${field} with "${message}"`, async () => {
      const res = await t.request("POST", "/api/customers", { body: { ...valid, ...override } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; fields: Record<string, string> };
      expect(body.fields[field]).toBe(message);
      expect(body.message).toBe(message);
    });
  }

  test("updates credit limit, overdraft and active flag with an audit row holding before and after", async () => {
    const c = await t.json<{ id: number }>("POST", "/api/customers", { body: valid });
    const updated = await t.json<Record<string, unknown>>("PATCH", `/api/customers/${c.id}`, {
      body: { creditLimit: "10", allowOverdraft: true, isActive: false },
    });
    expect(updated).toMatchObject({ creditLimit: "10.00", allowOverdraft: true, isActive: false });
    const audit = t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customer.update"))
      .get();
    expect(JSON.parse(audit?.before ?? "{}").creditLimitCents).toBe(25000);
    expect(JSON.parse(audit?.after ?? "{}").creditLimitCents).toBe(1000);
  });

  test("an empty update is 400 and an unknown customer 404", async () => {
    const c = await t.json<{ id: number }>("POST", "/api/customers", { body: valid });
    expect((await t.request("PATCH", `/api/customers/${c.id}`, { body: {} })).status).toBe(400);
    expect((await t.request("GET", "/api/customers/999")).status).toBe(404);
    expect(
      (await t.request("PATCH", "/api/customers/999", { body: { isActive: false } })).status,
    ).toBe(404);
  });

  test("searches across fields case-insensitively and sorts both ways", async () => {
    await t.json("POST", "/api/customers", { body: { ...valid, email: "grace@navy.mil" } });
    await t.json("POST", "/api/customers", {
      body: { firstName: "Alan", lastName: "Turing", creditLimit: "5" },
    });
    const res = await t.request("GET", "/api/customers?q=NAVY");
    expect(res.headers.get("x-total-count")).toBe("1");
    const asc = await t.json<{ lastName: string }[]>(
      "GET",
      "/api/customers?sort=lastName&order=asc",
    );
    expect(asc.map((c) => c.lastName)).toEqual(["Hopper", "Turing"]);
    const desc = await t.json<{ lastName: string }[]>(
      "GET",
      "/api/customers?sort=creditLimit&order=desc",
    );
    expect(desc.map((c) => c.lastName)).toEqual(["Hopper", "Turing"]);
  });

  test("stats count the customer's bets by status", async () => {
    const c = await t.json<{ id: number }>("POST", "/api/customers", { body: valid });
    const shop = await t.json<{ id: number }>("POST", "/api/shops", {
      body: { name: "S", location: "L" },
    });
    for (const outcome of ["PENDING", "WON", "LOST"]) {
      await t.json("POST", "/api/bets", {
        body: {
          customerId: c.id,
          shopId: shop.id,
          description: "b",
          stakeAmount: "1",
          odds: "2",
          outcome,
        },
      });
    }
    const stats = await t.json("GET", `/api/customers/${c.id}/stats`);
    expect(stats).toEqual({
      totalBets: 3,
      activeBets: 1,
      wonBets: 1,
      placedBets: 0,
      lostBets: 1,
      voidBets: 0,
    });
  });
});
