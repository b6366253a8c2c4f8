/**
 * Every declared mutation, called successfully through the HTTP app, writes exactly one
 * audit row naming its actor. The expected actions are written here by hand, so dropping
 * or renaming a contract's audit action fails this test.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTestApp,
  seedBasics,
  TEST_PASSWORD,
  type TestApp,
} from "../../tests/helpers/test-app";
import { en as auditTexts } from "../../web/i18n/areas/audit";
import { contracts } from "../domain/contracts";
import { createSession } from "./auth/session";

interface AuditRow {
  id: number;
  actor_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
}

interface Recipe {
  action: string;
  entityType: string;
  as: "user" | "admin" | "anonymous";
  /** Whose id the audit row must name (defaults to the caller's). */
  actor?: "user" | "admin";
  /** Sets up what the call needs, then returns it. */
  prepare(t: TestApp): Promise<{ method: string; path: string; body?: unknown }>;
}

async function betOn(t: TestApp, stakeAmount = "5.00") {
  const { shopId, customerId } = await seedBasics(t, { creditLimit: "5000" });
  const bet = await t.json<{ id: number }>("POST", "/api/bets", {
    body: { customerId, shopId, description: "Derby", stakeAmount, odds: "2.00" },
  });
  return { shopId, customerId, betId: bet.id };
}

/** One recipe per mutation contract, by name; the test below insists on completeness. */
const RECIPES: Record<string, Recipe> = {
  login: {
    action: "auth.login",
    entityType: "USER",
    as: "anonymous",
    actor: "user",
    prepare: async () => ({
      method: "POST",
      path: "/api/login",
      body: { username: "user1", password: TEST_PASSWORD },
    }),
  },
  logout: {
    action: "auth.logout",
    entityType: "USER",
    as: "user",
    prepare: async () => ({ method: "POST", path: "/api/logout" }),
  },
  setWorkingShop: {
    action: "user.working-shop",
    entityType: "USER",
    as: "user",
    prepare: async (t) => {
      const { shopId } = await seedBasics(t);
      return { method: "PATCH", path: "/api/user/shop", body: { shopId } };
    },
  },
  setPreferences: {
    action: "user.preferences",
    entityType: "USER",
    as: "user",
    prepare: async () => ({
      method: "PATCH",
      path: "/api/user/preferences",
      body: { oddsFormat: "fractional" },
    }),
  },
  createCustomer: {
    action: "customer.create",
    entityType: "CUSTOMER",
    as: "user",
    prepare: async () => ({
      method: "POST",
      path: "/api/customers",
      body: { firstName: "Grace", lastName: "Hopper", creditLimit: "10" },
    }),
  },
  updateCustomer: {
    action: "customer.update",
    entityType: "CUSTOMER",
    as: "user",
    prepare: async (t) => {
      const { customerId } = await seedBasics(t);
      return { method: "PATCH", path: `/api/customers/${customerId}`, body: { phone: "01 234" } };
    },
  },
  createShop: {
    action: "shop.create",
    entityType: "SHOP",
    as: "user",
    prepare: async () => ({
      method: "POST",
      path: "/api/shops",
      body: { name: "Quay Street", location: "Galway" },
    }),
  },
  updateShop: {
    action: "shop.update",
    entityType: "SHOP",
    as: "user",
    prepare: async (t) => {
      const { shopId } = await seedBasics(t);
      return { method: "PATCH", path: `/api/shops/${shopId}`, body: { location: "Cork" } };
    },
  },
  placeBet: {
    action: "bet.place",
    entityType: "BET",
    as: "user",
    prepare: async (t) => {
      const { shopId, customerId } = await seedBasics(t, { creditLimit: "100" });
      return {
        method: "POST",
        path: "/api/bets",
        body: { customerId, shopId, description: "Derby", stakeAmount: "10.01", odds: "1.55" },
      };
    },
  },
  resolveBet: {
    action: "bet.resolve",
    entityType: "BET",
    as: "user",
    prepare: async (t) => {
      const { betId } = await betOn(t);
      return { method: "PATCH", path: `/api/bets/${betId}/resolve`, body: { status: "LOST" } };
    },
  },
  paySlip: {
    action: "slip.pay",
    entityType: "BET",
    as: "user",
    prepare: async (t) => {
      const { shopId } = await seedBasics(t);
      // A float that covers the €7.00 the slip pays (a till cannot pay out what it lacks).
      await t.json("POST", "/api/shifts", { as: "user", body: { shopId, openingFloat: "10.00" } });
      const bet = await t.json<{ id: number }>("POST", "/api/bets", {
        as: "user",
        body: { payment: "cash", description: "Derby", stakeAmount: "2.00", odds: "5/2" },
      });
      await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "WON" } });
      const slip = await t.json<{ code: string }>("GET", `/api/bets/${bet.id}/slip`);
      return { method: "POST", path: `/api/slips/${slip.code}/pay`, body: {} };
    },
  },
  createTransfer: {
    action: "transaction.transfer",
    entityType: "TRANSACTION",
    as: "admin",
    prepare: async (t) => {
      const { shopId } = await seedBasics(t);
      const other = await t.json<{ id: number }>("POST", "/api/shops", {
        body: { name: "Second", location: "Sligo" },
      });
      return {
        method: "POST",
        path: "/api/transactions",
        body: {
          amount: "25.00",
          fromEntityType: "SHOP",
          fromEntityId: shopId,
          toEntityType: "SHOP",
          toEntityId: other.id,
        },
      };
    },
  },
  deposit: {
    action: "transaction.deposit",
    entityType: "TRANSACTION",
    as: "user",
    prepare: async (t) => {
      const { shopId, customerId } = await seedBasics(t);
      return { method: "POST", path: "/api/deposits", body: { customerId, shopId, amount: "20" } };
    },
  },
  withdraw: {
    action: "transaction.withdrawal",
    entityType: "TRANSACTION",
    as: "user",
    prepare: async (t) => {
      const { shopId, customerId } = await seedBasics(t);
      await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "20" } });
      return {
        method: "POST",
        path: "/api/withdrawals",
        body: { customerId, shopId, amount: "5" },
      };
    },
  },
  openShift: {
    action: "shift.open",
    entityType: "SHIFT",
    as: "user",
    prepare: async (t) => {
      const { shopId } = await seedBasics(t);
      return { method: "POST", path: "/api/shifts", body: { shopId, openingFloat: "100.00" } };
    },
  },
  closeShift: {
    action: "shift.close",
    entityType: "SHIFT",
    as: "user",
    prepare: async (t) => {
      const { shopId } = await seedBasics(t);
      const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
        as: "user",
        body: { shopId, openingFloat: "100.00" },
      });
      return {
        method: "POST",
        path: `/api/shifts/${shift.id}/close`,
        body: { countedCash: "100.00" },
      };
    },
  },
  recordTillMovement: {
    action: "shift.movement",
    entityType: "SHIFT",
    as: "user",
    prepare: async (t) => {
      const { shopId } = await seedBasics(t);
      const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
        as: "user",
        body: { shopId, openingFloat: "100.00" },
      });
      return {
        method: "POST",
        path: `/api/shifts/${shift.id}/movements`,
        body: { kind: "pickup", amount: "60.00", reason: "Lifted to the safe" },
      };
    },
  },
  dismissAlert: {
    action: "alert.dismiss",
    entityType: "ALERT",
    as: "user",
    prepare: async (t) => {
      await betOn(t, "1000.00"); // a large bet raises a warning
      const [alert] = await t.json<{ id: number }[]>("GET", "/api/alerts", { expect: 200 });
      return { method: "POST", path: `/api/alerts/${alert?.id}/dismiss` };
    },
  },
  recalculateBalance: {
    action: "balance.recalculate",
    entityType: "CUSTOMER",
    as: "admin",
    prepare: async (t) => {
      const { customerId } = await seedBasics(t);
      return {
        method: "POST",
        path: "/api/admin/recalculate-balance",
        body: { entityType: "CUSTOMER", entityId: customerId },
      };
    },
  },
  resettleBet: {
    action: "bet.resettle",
    entityType: "BET",
    as: "admin",
    prepare: async (t) => {
      const { betId } = await betOn(t);
      await t.json("PATCH", `/api/bets/${betId}/resolve`, { body: { status: "LOST" } });
      return {
        method: "POST",
        path: `/api/admin/bets/${betId}/resettle`,
        body: { status: "WON", reason: "Wrong result entered" },
      };
    },
  },
  reverseTransaction: {
    action: "transaction.reverse",
    entityType: "TRANSACTION",
    as: "admin",
    prepare: async (t) => {
      const { shopId, customerId } = await seedBasics(t);
      const tx = await t.json<{ id: number }>("POST", "/api/deposits", {
        body: { customerId, shopId, amount: "20" },
      });
      return {
        method: "POST",
        path: "/api/admin/reverse-transaction",
        body: { transactionId: tx.id, reason: "Keyed in error" },
      };
    },
  },
  createUser: {
    action: "user.create",
    entityType: "USER",
    as: "admin",
    prepare: async () => ({
      method: "POST",
      path: "/api/admin/users",
      body: { username: "clerk9", password: "long-enough-pw", role: "user" },
    }),
  },
  changeUserRole: {
    action: "user.role-change",
    entityType: "USER",
    as: "admin",
    prepare: async (t) => ({
      method: "PATCH",
      path: `/api/admin/users/${t.ids.user}/role`,
      body: { role: "admin" },
    }),
  },
  changePassword: {
    action: "user.password-change",
    entityType: "USER",
    as: "user",
    prepare: async () => ({
      method: "PATCH",
      path: "/api/user/password",
      body: { currentPassword: TEST_PASSWORD, newPassword: "another-long-pw" },
    }),
  },
  resetUserPassword: {
    action: "user.password-reset",
    entityType: "USER",
    as: "admin",
    prepare: async (t) => ({
      method: "POST",
      path: `/api/admin/users/${t.ids.user}/password`,
      body: { newPassword: "temporary-pw-1" },
    }),
  },
  updateUser: {
    action: "user.update",
    entityType: "USER",
    as: "admin",
    prepare: async (t) => ({
      method: "PATCH",
      path: `/api/admin/users/${t.ids.user}`,
      body: { disabled: true },
    }),
  },
  unlockUser: {
    action: "user.unlock",
    entityType: "USER",
    as: "admin",
    prepare: async (t) => {
      // A failed sign-in to clear (its own auth.login-failed row is written before `before`).
      await t.request("POST", "/api/login", {
        as: "anonymous",
        body: { username: "user1", password: "wrong-password" },
      });
      return { method: "POST", path: `/api/admin/users/${t.ids.user}/unlock` };
    },
  },
  endOwnSession: {
    action: "auth.session-end",
    entityType: "USER",
    as: "user",
    prepare: async (t) => {
      // The user's other session, signed in elsewhere.
      const other = createSession(t.handle.db, t.ids.user, Date.now());
      return {
        method: "DELETE",
        path: `/api/user/sessions/${other.split(".")[0]}`,
        body: { password: TEST_PASSWORD },
      };
    },
  },
  endUserSessions: {
    action: "user.sessions-end",
    entityType: "USER",
    as: "admin",
    prepare: async (t) => ({
      method: "POST",
      path: `/api/admin/users/${t.ids.user}/sessions/end`,
    }),
  },
  deleteAllData: {
    action: "data.delete-all",
    entityType: "SYSTEM",
    as: "admin",
    prepare: async (t) => {
      await seedBasics(t);
      // The backup it writes first goes to a temporary folder, removed when the run ends.
      const dir = mkdtempSync(join(tmpdir(), "audit-backups-"));
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
      t.deps.backups = { dir, intervalHours: null, keep: 14 };
      return {
        method: "DELETE",
        path: "/api/admin/delete-all-data",
        body: { password: TEST_PASSWORD },
      };
    },
  },
  createApiToken: {
    action: "token.create",
    entityType: "API_TOKEN",
    as: "admin",
    prepare: async () => ({
      method: "POST",
      path: "/api/admin/tokens",
      body: { name: "till-sync", role: "user" },
    }),
  },
  revokeApiToken: {
    action: "token.revoke",
    entityType: "API_TOKEN",
    as: "admin",
    prepare: async (t) => {
      const token = await t.json<{ id: number }>("POST", "/api/admin/tokens", {
        body: { name: "till-sync", role: "user" },
      });
      return { method: "DELETE", path: `/api/admin/tokens/${token.id}` };
    },
  },
};

function auditRowsAfter(t: TestApp, id: number): AuditRow[] {
  return t.handle.sqlite
    .query(
      "select id, actor_id, action, entity_type, entity_id from audit_log where id > ? order by id",
    )
    .all(id) as AuditRow[];
}

function lastAuditId(t: TestApp): number {
  const row = t.handle.sqlite.query("select coalesce(max(id), 0) as id from audit_log").get() as {
    id: number;
  };
  return row.id;
}

/**
 * Non-GET endpoints that change no data and so write no audit row, written down by hand
 * with the reason (decisions/026); every other non-GET endpoint is a mutation.
 */
const UNAUDITED: Record<string, string> = {
  startJob: "starts a read (books check, export) in the background; jobs live in memory only",
  cancelJob: "stops such a background read",
};

const mutations = Object.entries(contracts).filter(
  ([name, c]) => c.method !== "get" && !(name in UNAUDITED),
);

describe("audit rows", () => {
  test("every mutation declares an audit action and has a recipe here", () => {
    expect(mutations.length).toBeGreaterThanOrEqual(17);
    for (const [name, c] of mutations) {
      expect({ name, audit: "audit" in c && typeof c.audit }).toEqual({ name, audit: "string" });
    }
    expect(Object.keys(RECIPES).sort()).toEqual(mutations.map(([name]) => name).sort());
  });

  for (const [name, recipe] of Object.entries(RECIPES)) {
    test(`${name} writes exactly one "${recipe.action}" row naming its actor`, async () => {
      const t = await createTestApp();
      const call = await recipe.prepare(t);
      const before = lastAuditId(t);
      const res = await t.request(call.method, call.path, { as: recipe.as, body: call.body });
      expect(res.status).toBeLessThan(300);
      const rows = auditRowsAfter(t, before);
      // delete-all empties the log and then writes its own row.
      const own = name === "deleteAllData" ? auditRowsAfter(t, 0) : rows;
      expect(own.map((r) => r.action)).toEqual([recipe.action]);
      const row = own[0] as AuditRow;
      expect(row.entity_type).toBe(recipe.entityType);
      keysRecorded(t, row.id, recipe.action);
      const actor = recipe.actor ?? recipe.as;
      expect(row.actor_id).toBe(t.ids[actor as "user" | "admin"]);
      t.close();
    });
  }

  test("a dismissal sets dismissedAt and dismissedBy, is audited, and a second one changes nothing", async () => {
    const t = await createTestApp();
    const call = await (RECIPES.dismissAlert as Recipe).prepare(t);
    const alertId = Number(call.path.split("/")[3]);
    const before = lastAuditId(t);
    expect((await t.request("POST", call.path, { as: "user" })).status).toBe(204);
    const row = t.handle.sqlite
      .query("select dismissed_at, dismissed_by from alerts where id = ?")
      .get(alertId) as { dismissed_at: number | null; dismissed_by: number | null };
    expect(row.dismissed_at).toBeGreaterThan(0);
    expect(row.dismissed_by).toBe(t.ids.user);
    const audit = auditRowsAfter(t, before);
    expect(audit.map((r) => [r.action, r.entity_id, r.actor_id])).toEqual([
      ["alert.dismiss", String(alertId), t.ids.user],
    ]);
    const alerts = await t.json<{ id: number }[]>("GET", "/api/alerts", { expect: 200 });
    expect(alerts.map((a) => a.id)).not.toContain(alertId);
    expect((await t.request("POST", call.path, { as: "admin" })).status).toBe(204);
    expect(auditRowsAfter(t, before)).toHaveLength(1);
    t.close();
  });

  test("an idempotent replay changes nothing and writes no second row", async () => {
    const t = await createTestApp();
    const call = await (RECIPES.deposit as Recipe).prepare(t);
    const headers = { "Idempotency-Key": "k-1" };
    const before = lastAuditId(t);
    const first = await t.request("POST", call.path, { as: "user", body: call.body, headers });
    const again = await t.request("POST", call.path, { as: "user", body: call.body, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual(await first.json());
    expect(auditRowsAfter(t, before)).toHaveLength(1);
    t.close();
  });

  test("the endpoints that change no data declare no audit action and write no row", async () => {
    for (const name of Object.keys(UNAUDITED)) {
      const c = contracts[name as keyof typeof contracts];
      expect({ name, method: c.method, audit: "audit" in c }).toEqual({
        name,
        method: c.method,
        audit: false,
      });
    }
    const t = await createTestApp();
    const before = lastAuditId(t);
    const job = await t.json<{ id: string }>("POST", "/api/admin/jobs", {
      body: { kind: "ledger-check" },
      expect: 202,
    });
    await t.json("DELETE", `/api/admin/jobs/${job.id}`);
    expect(auditRowsAfter(t, before)).toEqual([]);
    t.close();
  });

  test("a refused mutation writes no audit row", async () => {
    const t = await createTestApp();
    const { shopId, customerId } = await seedBasics(t);
    const before = lastAuditId(t);
    const res = await t.request("POST", "/api/withdrawals", {
      as: "user",
      body: { customerId, shopId, amount: "5" },
    });
    expect(res.status).toBe(422);
    expect(auditRowsAfter(t, before)).toHaveLength(0);
    t.close();
  });
});

/**
 * The field names the recipes' rows record in before and after (nested ones by their own
 * name), with the actions that wrote each: the audit screen labels every one in the
 * reader's language (web/i18n/areas/audit.ts `fields`). Filled by the recipes' tests above.
 */
const RECORDED = new Map<string, Set<string>>();

/** Under these, the names are data, not fields: the tables delete-all counted. */
const DATA_KEYS = new Set(["deletedRows"]);
/** The tables named under DATA_KEYS: the audit screen labels them too (`tables`). */
const TABLES_COUNTED = new Set<string>();

function keysRecorded(t: TestApp, id: number, action: string): void {
  const row = t.handle.sqlite.query("select before, after from audit_log where id = ?").get(id) as {
    before: string | null;
    after: string | null;
  };
  const walk = (value: unknown) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const actions = RECORDED.get(key) ?? new Set<string>();
      actions.add(action);
      RECORDED.set(key, actions);
      if (!DATA_KEYS.has(key)) walk(inner);
      else if (typeof inner === "object" && inner !== null) {
        for (const table of Object.keys(inner)) TABLES_COUNTED.add(table);
      }
    }
  };
  for (const side of [row.before, row.after]) if (side) walk(JSON.parse(side));
}

describe("audit field names", () => {
  // After the recipes (a file's tests run in order): every name their rows recorded.
  test("every field a recipe's row records has a label on the audit screen", () => {
    const unlabelled = [...RECORDED]
      .filter(([key]) => !Object.hasOwn(auditTexts.fields, key))
      .map(([key, actions]) => `${key} (${[...actions].join(", ")})`);
    expect(unlabelled).toEqual([]);
  });

  test("every table delete-all counts has a label there too", () => {
    expect(TABLES_COUNTED.size).toBeGreaterThan(10);
    expect([...TABLES_COUNTED].filter((name) => !Object.hasOwn(auditTexts.tables, name))).toEqual(
      [],
    );
  });
});
