import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { EXCLUDED_TABLES, EXPORTED_TABLES } from "./data.service";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  const { shopId, customerId } = await seedBasics(t, { creditLimit: "100" });
  await t.json("POST", "/api/deposits", {
    body: { customerId, shopId, amount: "50" },
    headers: { "Idempotency-Key": "k-1" },
  });
  await t.json("POST", "/api/bets", {
    body: { customerId, shopId, description: "Derby", stakeAmount: "10", odds: "3" },
  });
  await t.request("POST", "/api/login", {
    as: "anonymous",
    body: { username: "admin1", password: "wrong-password" },
  });
});
afterEach(() => t.close());

const tableNames = () =>
  (
    t.handle.sqlite
      .query("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[]
  ).map((r) => r.name);

const count = (table: string) =>
  (t.handle.sqlite.query(`select count(*) as n from "${table}"`).get() as { n: number }).n;

describe("export all data", () => {
  test("is a dated JSON download of every table, rows included", async () => {
    const res = await t.request("GET", "/api/admin/export-all-data");
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="betting-shop-export-${today}.json"`,
    );
    const doc = (await res.json()) as {
      version: number;
      exportedAt: string;
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(doc.version).toBe(1);
    expect(Date.parse(doc.exportedAt)).not.toBeNaN();
    expect(Object.keys(doc.tables).sort()).toEqual([...EXPORTED_TABLES].sort());
    for (const table of EXPORTED_TABLES) expect(doc.tables[table]).toHaveLength(count(table));
    expect(doc.tables.bets?.[0]).toMatchObject({ description: "Derby", stake_cents: 1000 });
  });

  test("decides for every table in the database: exported or excluded on purpose", () => {
    const decided = new Set<string>([...EXPORTED_TABLES, ...Object.keys(EXCLUDED_TABLES)]);
    expect(tableNames().filter((name) => !decided.has(name))).toEqual([]);
  });

  test("carries no secret: no password hash, session id or hash, idempotency key", async () => {
    const text = await (await t.request("GET", "/api/admin/export-all-data")).text();
    expect(text).not.toContain("password_hash");
    expect(text).not.toContain("$argon2");
    const sessions = t.handle.sqlite
      .query("select id, hex(secret_hash) as h from sessions")
      .all() as {
      id: string;
      h: string;
    }[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) {
      expect(text).not.toContain(s.id);
      expect(text.toLowerCase()).not.toContain(s.h.toLowerCase());
    }
    for (const cookie of Object.values(t.cookies)) expect(text).not.toContain(cookie.split("=")[1]);
    expect(text).not.toContain('"k-1"');
    expect(text).not.toContain("login_failures");
  });
});

describe("delete all data", () => {
  test("empties every table but keeps the acting admin signed in", async () => {
    const res = await t.request("DELETE", "/api/admin/delete-all-data");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "All data has been deleted successfully" });
    const user = await t.json<{ id: number; username: string }>("GET", "/api/user");
    expect(user.username).toBe("admin1");
    expect(await t.json<unknown[]>("GET", "/api/customers")).toEqual([]);
    for (const table of tableNames()) {
      if (table === "__drizzle_migrations") continue;
      const expected = ["users", "sessions", "audit_log"].includes(table) ? 1 : 0;
      expect({ table, rows: count(table) }).toEqual({ table, rows: expected });
    }
  });

  test("signs everybody else out", async () => {
    await t.json("DELETE", "/api/admin/delete-all-data");
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(401);
    expect((await t.request("GET", "/api/user", { as: "customer" })).status).toBe(401);
  });

  test("leaves one audit row of the wipe that survives it", async () => {
    await t.json("DELETE", "/api/admin/delete-all-data");
    const rows = await t.json<
      { action: string; actorId: number; after: { deletedRows: Record<string, number> } }[]
    >("GET", "/api/admin/audit");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.action).toBe("data.delete-all");
    expect(rows[0]?.actorId).toBe(t.ids.admin);
    expect(rows[0]?.after.deletedRows.bets).toBe(1);
    expect(rows[0]?.after.deletedRows.users).toBe(2);
  });

  test("the books still balance and the app keeps working afterwards", async () => {
    await t.json("DELETE", "/api/admin/delete-all-data");
    const { customerId, shopId } = await seedBasics(t);
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "5" } });
    const check = await t.json<{ ok: boolean }>("GET", "/api/admin/ledger-check");
    expect(check.ok).toBe(true);
  });
});
