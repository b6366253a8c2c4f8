/**
 * Issue 25, medium finding "Staff silence the alerts that watch them": a cashier closed a
 * shift short and dismissed "Till discrepancy at cash-up" about it, and the alerts about its
 * own sign-ins and a role change (204 each), so admins never saw them. Alerts now have an
 * audience (decisions/044): staff see and dismiss only operations alerts; any other is 404
 * to them, and stays in the admins' list.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  createTestApp,
  seedBasics,
  TEST_PASSWORD,
  type TestApp,
} from "../../../tests/helpers/test-app";
import type { AlertDto } from "../../domain/dto";
import { ALERT_AFTER } from "../auth/auth.service";

let t: TestApp;
let shopId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ shopId } = await seedBasics(t));
});
afterEach(() => t.close());

const list = (as: "user" | "admin", query = "") =>
  t.json<AlertDto[]>("GET", `/api/alerts${query}`, { as });
const byTitle = async (as: "user" | "admin", title: string) =>
  (await list(as)).filter((a) => a.title === title);
const dismiss = (id: number, as: "user" | "admin", body?: unknown) =>
  t.request("POST", `/api/alerts/${id}/dismiss`, { as, body });

/** The cashier opens a shift with €100 and counts €20: €80 short. */
async function closeShort(): Promise<AlertDto> {
  const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
    as: "user",
    body: { shopId, openingFloat: "100.00" },
  });
  await t.json("POST", `/api/shifts/${shift.id}/close`, {
    as: "user",
    body: { countedCash: "20.00" },
    expect: 200,
  });
  const [alert] = await byTitle("admin", "Till discrepancy at cash-up");
  if (!alert) throw new Error("no discrepancy alert");
  return alert;
}

describe("staff cannot silence the alerts that watch them", () => {
  test("a cashier who closed a shift short cannot see or dismiss its till-discrepancy alert (404); admins still have it", async () => {
    const alert = await closeShort();
    expect(alert.category).toBe("cash");
    expect(await byTitle("user", "Till discrepancy at cash-up")).toEqual([]);

    const res = await dismiss(alert.id, "user");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Alert not found", code: "NOT_FOUND" });
    // With a note too: the answer is the same as for an alert that does not exist.
    expect((await dismiss(alert.id, "user", { note: "counted again" })).status).toBe(404);
    expect((await dismiss(999_999, "user")).status).toBe(404);

    expect((await byTitle("admin", "Till discrepancy at cash-up")).map((a) => a.id)).toEqual([
      alert.id,
    ]);
    const row = t.handle.sqlite
      .query("select dismissed_at from alerts where id = ?")
      .get(alert.id) as { dismissed_at: number | null };
    expect(row.dismissed_at).toBeNull();
  });

  test("nor page from it: after=<its id> answers as for an alert that does not exist", async () => {
    const alert = await closeShort();
    const page = (id: number, as: "user" | "admin", extra = "") =>
      t.request("GET", `/api/alerts?after=${id}${extra}`, { as });
    for (const extra of ["", "&sort=createdAt&order=asc", "&sort=id"]) {
      const missing = await page(999_999, "user", extra);
      expect(missing.status).toBe(400);
      const got = await page(alert.id, "user", extra);
      expect(got.status).toBe(400);
      expect(await got.text()).toBe((await missing.text()).replaceAll("999999", String(alert.id)));
      expect((await page(alert.id, "admin", extra)).status).toBe(200);
    }
  });

  test("nor a security alert: a role change and the failed sign-ins for the cashier's own username", async () => {
    // An admin makes the customer login staff: "User role changed" (security).
    await t.json("PATCH", `/api/admin/users/${t.ids.customer}/role`, {
      body: { role: "user" },
    });
    for (let i = 0; i < ALERT_AFTER; i++) {
      const res = await t.request("POST", "/api/login", {
        as: "anonymous",
        body: { username: "user1", password: `not-${TEST_PASSWORD}` },
      });
      expect(res.status).toBe(401);
    }
    const security = (await list("admin")).filter((a) => a.category === "security");
    expect(security.map((a) => a.title).sort()).toEqual([
      "Repeated failed sign-ins",
      "User role changed",
    ]);
    expect((await list("user")).filter((a) => a.category !== "operations")).toEqual([]);
    for (const alert of security) {
      expect((await dismiss(alert.id, "user")).status).toBe(404);
      expect((await dismiss(alert.id, "user", { note: "it was me" })).status).toBe(404);
    }
    expect((await list("admin")).filter((a) => a.category === "security")).toHaveLength(2);
    // The bell counts what the caller sees.
    const counts = async (as: "user" | "admin") =>
      (await t.json<{ alerts: number }>("GET", "/api/counts", { as })).alerts;
    expect(await counts("user")).toBe(0);
    expect(await counts("admin")).toBe(2);
  });

  test("staff still dismiss operations alerts as before, with no body", async () => {
    const { customerId } = await seedBasics(t, { creditLimit: "5000" });
    await t.json("POST", "/api/bets", {
      as: "user",
      body: { customerId, shopId, description: "Big", stakeAmount: "1000", odds: "2" },
    });
    const [alert] = await byTitle("user", "Large bet placed");
    expect(alert?.category).toBe("operations");
    expect((await dismiss(alert?.id ?? 0, "user")).status).toBe(204);
    expect(await byTitle("admin", "Large bet placed")).toEqual([]);
  });
});
