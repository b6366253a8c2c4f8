/**
 * A shop PATCH that asks for what the shop already holds changes nothing, so it leaves no
 * `shop.update` audit row with the same before and after, and still answers the shop.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog } from "../../db/schema";

let t: TestApp;
let shopId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ shopId } = await seedBasics(t));
});
afterEach(() => t.close());

const updates = () =>
  t.handle.db
    .select({ before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, "shop.update"), eq(auditLog.entityId, String(shopId))))
    .all();

const patch = (body: Record<string, unknown>) =>
  t.json<Record<string, unknown>>("PATCH", `/api/shops/${shopId}`, { as: "user", body });

describe("PATCH /api/shops/{id} that changes nothing", () => {
  test("answers 200 with the shop and writes no audit row; a real change writes one", async () => {
    const shop = await t.json<Record<string, unknown>>("GET", `/api/shops/${shopId}`);
    const same = await patch({
      name: "Main Street",
      location: "Dublin",
      address: "",
      phone: null,
      isActive: true,
    });
    expect(same).toEqual(shop);
    expect(updates()).toEqual([]);
    await patch({ location: "Cork", name: "Main Street" });
    const rows = updates();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.before ?? "{}")).toMatchObject({ location: "Dublin" });
    expect(JSON.parse(rows[0]?.after ?? "{}")).toMatchObject({ location: "Cork" });
  });
});
