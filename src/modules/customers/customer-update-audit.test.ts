/**
 * A customer PATCH that asks for what the record already holds changes nothing, so it
 * leaves no `customer.update` audit row with the same before and after (as a role change, a
 * preference or an unlock that changes nothing writes none), and still answers the record.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog } from "../../db/schema";

let t: TestApp;
let customerId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ customerId } = await seedBasics(t, { phone: "01 234" }));
});
afterEach(() => t.close());

const updates = () =>
  t.handle.db
    .select({ before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, "customer.update"), eq(auditLog.entityId, String(customerId))))
    .all();

const patch = (body: Record<string, unknown>, as: "admin" | "user" = "user") =>
  t.json<Record<string, unknown>>("PATCH", `/api/customers/${customerId}`, { as, body });

describe("PATCH /api/customers/{id} that changes nothing", () => {
  test("answers 200 with the record and writes no audit row", async () => {
    const record = await t.json<Record<string, unknown>>("GET", `/api/customers/${customerId}`);
    const same = await patch({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "01 234",
      address: "",
      creditLimit: "0.00",
      allowOverdraft: false,
      isActive: true,
    });
    expect(same).toEqual(record);
    expect(updates()).toEqual([]);
  });

  test("a limit asked again as it stands is no change; a real change is one row", async () => {
    await patch({ maxStake: "20.00" });
    expect(updates()).toHaveLength(1);
    const again = await patch({ maxStake: "20.00" });
    expect(again).toMatchObject({ maxStake: "20.00" });
    expect(updates()).toHaveLength(1);
    await patch({ firstName: "Augusta", lastName: "Lovelace" });
    const rows = updates();
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]?.before ?? "{}")).toMatchObject({ firstName: "Ada" });
    expect(JSON.parse(rows[1]?.after ?? "{}")).toMatchObject({ firstName: "Augusta" });
  });
});
