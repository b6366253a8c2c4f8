/** The audit trail's list (issue 13): filters, the indexed search, who may read it. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog } from "../../db/schema";
import { AUDIT_ACTIONS } from "../../domain/audit-actions";
import { auditSearch } from "./audit.service";

interface Entry {
  id: number;
  action: string;
  actorUsername: string | null;
  entityType: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  users: Record<string, string>;
}

let t: TestApp;
let customerId: number;
let shopId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ customerId, shopId } = await seedBasics(t));
  // A change by the staff user: the customer's new first name.
  await t.json("PATCH", `/api/customers/${customerId}`, {
    as: "user",
    body: { firstName: "Augusta" },
  });
});
afterEach(() => t.close());

const list = (query: string) => t.json<Entry[]>("GET", `/api/admin/audit?${query}`);

describe("GET /api/admin/audit", () => {
  test("filters by exact action name, with the change's before and after", async () => {
    const rows = await list("action=customer.update");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUsername: "user1",
      entityType: "CUSTOMER",
      entityId: String(customerId),
      before: { firstName: "Ada" },
      after: { firstName: "Augusta" },
    });
    expect((await list("action=customer.create")).map((r) => r.action)).toEqual([
      "customer.create",
    ]);
  });

  test("filters by actor, entity type and id, and dates, combined with the action", async () => {
    expect((await list(`actorId=${t.ids.user}`)).map((r) => r.action)).toEqual(["customer.update"]);
    expect((await list(`actorId=${t.ids.admin}`)).map((r) => r.action).sort()).toEqual([
      "customer.create",
      "shop.create",
    ]);
    const customer = await list(`entityType=customer&entityId=${customerId}`);
    expect(customer.map((r) => r.action)).toEqual(["customer.update", "customer.create"]);
    expect((await list(`entityType=SHOP&entityId=${shopId}`)).map((r) => r.action)).toEqual([
      "shop.create",
    ]);
    expect(await list(`actorId=${t.ids.admin}&action=customer.update`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`from=${today}&to=${today}&action=shop.create`)).toHaveLength(1);
    expect(await list("to=2000-01-01")).toEqual([]);
    expect(await list("from=2999-01-01")).toEqual([]);
  });

  test("searches action names, entity types, usernames and an exact entity id", async () => {
    expect((await list("q=update")).map((r) => r.action)).toEqual(["customer.update"]);
    expect((await list("q=USER1")).map((r) => r.actorUsername)).toEqual(["user1"]);
    expect((await list("q=shop")).map((r) => r.action)).toEqual(["shop.create"]);
    const byId = await list(`q=${customerId}&entityType=CUSTOMER`);
    expect(byId.every((r) => r.entityId === String(customerId))).toBe(true);
    expect(byId).toHaveLength(2);
    expect(await list("q=zzz")).toEqual([]);
  });

  test("finds a refused sign-in by the username that was typed, in any case", async () => {
    const login = (username: string, password: string) =>
      t.request("POST", "/api/login", {
        as: "anonymous",
        peer: "203.0.113.9",
        body: { username, password },
      });
    expect((await login("admin", "not-the-password")).status).toBe(401);
    // An unknown name until the throttle refuses it: five auth.login-failed, one locked.
    const ghost = [];
    for (let i = 0; i < 6; i++) ghost.push((await login("Ghost", `guess-${i}`)).status);
    expect(ghost).toEqual([401, 401, 401, 401, 401, 429]);

    const admin = await list("q=admin&action=auth.login-failed");
    expect(admin.map((r) => [r.actorUsername, r.after?.username])).toEqual([[null, "admin"]]);
    const byGhost = await list("q=Ghost");
    expect(byGhost.map((r) => r.action)).toEqual([
      "auth.login-locked",
      ...Array(5).fill("auth.login-failed"),
    ]);
    expect(byGhost.every((r) => r.after?.username === "Ghost")).toBe(true);
    expect(await list("q=HOS&action=auth.login-locked")).toHaveLength(1);
    // The row test (listPage's walk when the matches are many) agrees with the sources.
    const walked = t.handle.db.all<{ id: number }>(
      sql`select id from ${auditLog} where ${auditSearch("ghost").row} order by id desc`,
    );
    expect(walked.map((r) => r.id)).toEqual(byGhost.map((r) => r.id));
    // A row whose after is not JSON (restored from elsewhere, say) is no 500.
    t.handle.db.run(sql`insert into ${auditLog} (action, entity_type, after, created_at)
      values ('auth.login-failed', 'USER', 'not json', ${Date.now()})`);
    expect(await list("q=Ghost")).toHaveLength(6);
    // A typed name is matched on sign-in rows only, not inside any row's after.
    expect(await list("q=Augusta")).toEqual([]);
    expect(await list("q=zzz")).toEqual([]);
  });

  test("a search's every part is an index lookup of the log, never a scan of it", () => {
    const search = auditSearch("bet");
    for (const source of search.sources ?? []) {
      const plan = t.handle.db.all<{ detail: string }>(sql`explain query plan ${source}`);
      const onLog = plan.filter((row) => /\baudit_log\b/.test(row.detail));
      expect(onLog.length).toBeGreaterThan(0);
      for (const row of onLog) expect(row.detail).toMatch(/^SEARCH audit_log USING/);
    }
  });

  test("a search matching more rows than the cap answers a capped total", async () => {
    const now = Date.now();
    t.handle.db.run(sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 10050)
      insert into ${auditLog} (action, entity_type, entity_id, created_at)
      select 'bet.place', 'BET', i, ${now} from n`);
    const res = await t.request("GET", "/api/admin/audit?q=bet.place&limit=5");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("10000");
    expect(res.headers.get("X-Total-Count-Capped")).toBe("true");
    expect(((await res.json()) as Entry[]).length).toBe(5);
    const none = await t.request("GET", "/api/admin/audit?q=zzz");
    expect(none.headers.get("X-Total-Count")).toBe("0");
  });

  test("names the users whose ids an entry's before and after record; one deleted since is left out", async () => {
    // A deposit taken by user1, reversed by the admin: the original row (before) names user1.
    const dep = await t.json<{ id: number }>("POST", "/api/deposits", {
      as: "user",
      body: { customerId, shopId, amount: "9" },
    });
    await t.json("POST", "/api/admin/reverse-transaction", {
      body: { transactionId: dep.id, reason: "Keyed twice" },
    });
    const [reversal] = await list("action=transaction.reverse");
    expect(reversal?.users).toEqual({ [t.ids.user]: "user1" });
    // Every user-id field, nested too; a ledger party's id only beside a USER type.
    t.handle.db.run(sql`insert into ${auditLog} (action, entity_type, before, after, created_at)
      values ('alert.dismiss', 'ALERT', ${JSON.stringify({ processedBy: t.ids.customer })},
        ${JSON.stringify({
          fromEntityType: "SHOP",
          fromEntityId: t.ids.user,
          toEntityType: "USER",
          toEntityId: t.ids.admin,
          params: { dismissedBy: 999_999, userId: "7" },
        })}, ${Date.now()})`);
    const [made] = await list("action=alert.dismiss");
    expect(made?.users).toEqual({ [t.ids.customer]: "customer1", [t.ids.admin]: "admin1" });
    // Deleted since: the row keeps the id, the map no name (the screen shows "#<id>").
    t.handle.sqlite.run("delete from users where id = ?", [t.ids.customer]);
    const [later] = await list("action=alert.dismiss");
    expect(later?.users).toEqual({ [t.ids.admin]: "admin1" });
    // A shop's row names its creator; a deposit's (balances, parties) nobody: an empty map.
    expect((await list("action=shop.create"))[0]?.users).toEqual({ [t.ids.admin]: "admin1" });
    expect((await list("action=transaction.deposit"))[0]?.users).toEqual({});
  });

  test('finds API token rows by the words the screen shows ("API token")', async () => {
    await t.json("POST", "/api/admin/tokens", { body: { name: "sync", role: "user" } });
    expect((await list("q=API%20token")).map((r) => r.entityType)).toEqual(["API_TOKEN"]);
    expect((await list("q=api-token")).map((r) => r.entityType)).toEqual(["API_TOKEN"]);
  });

  test("is for admins only", async () => {
    expect((await t.request("GET", "/api/admin/audit", { as: "user" })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/audit", { as: "customer" })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/audit", { as: "anonymous" })).status).toBe(401);
  });

  test("bad filter values are a 400", async () => {
    for (const query of [
      "action=customer.explode",
      "action=CUSTOMER.UPDATE",
      "entityType=planet",
      "entityId=5",
      "entityType=CUSTOMER&entityId=abc",
      "entityType=CUSTOMER&entityId=0",
      "entityType=CUSTOMER&entityId=1.5",
      "actorId=abc",
      "actorId=0",
      "from=yesterday",
      "to=2026-13-45",
      "sort=ip",
    ]) {
      const res = await t.request("GET", `/api/admin/audit?${query}`);
      expect(`${query}: ${res.status}`).toBe(`${query}: 400`);
    }
  });

  test("knows every action the contracts write", () => {
    expect(AUDIT_ACTIONS).toContain("customer.update");
    expect(AUDIT_ACTIONS).toContain("user.create-first-admin");
    expect(AUDIT_ACTIONS).not.toContain(undefined);
  });
});
