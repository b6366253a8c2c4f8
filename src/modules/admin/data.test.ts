import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import {
  createTestApp,
  seedBasics,
  TEST_PASSWORD,
  type TestApp,
} from "../../../tests/helpers/test-app";
import { openApi } from "../../app";
import { writeTx } from "../../db/client";
import { type BackupDto, exportDocumentDto } from "../../domain/dto";
import { AppError } from "../../lib/errors";
import { SEARCH_INDEX_TABLES } from "../../lib/search-index";
import { deleteAllData, EXCLUDED_TABLES, prepareDeleteAll } from "./data.service";
import { EXPORTED_TABLES } from "./export";

let t: TestApp;
/** Where this test's server backups go (delete-all writes one first). */
let backupDir: string;
beforeEach(async () => {
  t = await createTestApp();
  backupDir = mkdtempSync(join(tmpdir(), "data-test-"));
  t.deps.backups = { dir: backupDir, intervalHours: null, keep: 14 };
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
afterEach(() => {
  t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

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
    // The document the OpenAPI document describes (an object, not a string as it said).
    const doc = exportDocumentDto.parse(await res.json());
    const paths = openApi.paths as Record<string, { get: { responses: Record<string, unknown> } }>;
    const described = paths["/api/admin/export-all-data"]?.get.responses["200"];
    expect(JSON.stringify(described)).toContain('"$ref":"#/components/schemas/ExportDocument"');
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

const DELETE_ALL = "/api/admin/delete-all-data";
const withPassword = { body: { password: TEST_PASSWORD } };

/** Rows of the tables delete-all empties, to show nothing was deleted. */
const business = () => ["customers", "shops", "bets", "transactions", "users"].map(count);

describe("delete all data", () => {
  test("without a password: 400, and nothing is deleted or backed up", async () => {
    const before = business();
    const res = await t.request("DELETE", DELETE_ALL);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Password is required");
    const blank = await t.request("DELETE", DELETE_ALL, { body: { password: "" } });
    expect(blank.status).toBe(400);
    expect(business()).toEqual(before);
    expect(readdirSync(backupDir)).toEqual([]);
  });

  test("with a wrong password: 403 with a clear message, and nothing is deleted", async () => {
    const before = business();
    const res = await t.request("DELETE", DELETE_ALL, { body: { password: "not-my-password" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: "The password is not correct; nothing was deleted",
      code: "FORBIDDEN",
    });
    expect(business()).toEqual(before);
    expect(readdirSync(backupDir)).toEqual([]);
    expect(count("backups")).toBe(0);
  });

  test("wrong passwords count as failed sign-ins: guessing is throttled (429)", async () => {
    const attempt = () => t.request("DELETE", DELETE_ALL, { body: { password: "a-guess-1234" } });
    // One failed sign-in of admin1 is already counted (beforeEach): four more to the lock.
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(403);
    const locked = await attempt();
    expect(locked.status).toBe(429);
    expect(count("customers")).toBe(1);
  });

  test("another admin's password does not do either", async () => {
    const res = await t.request("DELETE", DELETE_ALL, {
      as: "user",
      body: { password: TEST_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(count("customers")).toBe(1);
  });

  test("with the password: a checked backup holding every row comes first, named in the answer and the audit row", async () => {
    const customersBefore = count("customers");
    const betsBefore = count("bets");
    const answer = await t.json<{ message: string; backupFile: string }>("DELETE", DELETE_ALL, {
      ...withPassword,
    });
    expect(answer.message).toBe("All data has been deleted successfully");
    expect(answer.backupFile.startsWith(backupDir)).toBe(true);
    expect(basename(answer.backupFile)).toMatch(
      /^betting-shop-before-delete-all-\d{4}-\d{2}-\d{2}T[\d-]+Z\.db$/,
    );
    expect(readdirSync(backupDir)).toEqual([basename(answer.backupFile)]);

    const copy = new Database(answer.backupFile, { readonly: true });
    expect(copy.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
    const n = (table: string) =>
      (copy.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
    expect(n("customers")).toBe(customersBefore);
    expect(n("bets")).toBe(betsBefore);
    expect(n("users")).toBe(3);
    copy.close();

    const [entry] = await t.json<{ action: string; after: { backupFile: string } }[]>(
      "GET",
      "/api/admin/audit",
    );
    expect(entry?.action).toBe("data.delete-all");
    expect(entry?.after.backupFile).toBe(answer.backupFile);

    // The backups list survives the wipe and shows this one.
    const backups = await t.json<BackupDto[]>("GET", "/api/admin/backups");
    expect(backups).toEqual([
      {
        id: expect.any(Number),
        reason: "delete-all",
        file: answer.backupFile,
        ok: true,
        detail: "integrity ok, books balanced",
        sizeBytes: expect.any(Number),
        createdAt: expect.any(String),
      },
    ]);
  });

  test("a backup that cannot be written: 422 naming why, nothing deleted, the failure recorded", async () => {
    // The backup folder is a file: the copy cannot be made.
    const blocked = join(backupDir, "not-a-folder");
    writeFileSync(blocked, "x");
    t.deps.backups = { dir: blocked, intervalHours: null, keep: 14 };
    const before = business();
    const res = await t.request("DELETE", DELETE_ALL, withPassword);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe("UNPROCESSABLE");
    expect(body.message).toStartWith("Backup failed: could not write the copy");
    expect(body.message).toEndWith("Nothing was deleted.");
    expect(business()).toEqual(before);
    const [row] = await t.json<BackupDto[]>("GET", "/api/admin/backups");
    expect(row).toMatchObject({ reason: "delete-all", ok: false, sizeBytes: null });
    expect(row?.detail).toStartWith("could not write the copy");
  });

  test("a write between the backup and the wipe: 409, nothing deleted", async () => {
    const actor = {
      userId: t.ids.admin,
      username: "admin1",
      role: "admin" as const,
      ip: null,
      requestId: "test",
    };
    const backup = await prepareDeleteAll(t.deps, actor, TEST_PASSWORD, Date.now());
    expect(backup.ok).toBe(true);
    expect(existsSync(backup.path)).toBe(true);
    await t.json("POST", "/api/shops", { body: { name: "Opened meanwhile", location: "Cork" } });
    const before = business();
    let error: unknown;
    try {
      writeTx(t.handle.db, (tx) => deleteAllData(tx, { actor, now: Date.now() }, null, backup));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("CONFLICT");
    expect(business()).toEqual(before);
  });

  test("empties every table but keeps the acting admin signed in", async () => {
    const res = await t.request("DELETE", DELETE_ALL, withPassword);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: "All data has been deleted successfully" });
    const user = await t.json<{ id: number; username: string }>("GET", "/api/user");
    expect(user.username).toBe("admin1");
    expect(await t.json<unknown[]>("GET", "/api/customers")).toEqual([]);
    for (const table of tableNames()) {
      // FTS5 keeps structure rows in its shadow tables; src/lib/search.test.ts checks them.
      if (table === "__drizzle_migrations" || SEARCH_INDEX_TABLES.includes(table)) continue;
      // app_secrets: the slip secret survives (decision 031); business_zone: the roll-ups'
      // time zone (decision 062; UTC here, so business_zone_offsets is empty).
      const expected = [
        "users",
        "sessions",
        "audit_log",
        "backups",
        "app_secrets",
        "business_zone",
      ].includes(table)
        ? 1
        : 0;
      expect({ table, rows: count(table) }).toEqual({ table, rows: expected });
    }
  });

  test("signs everybody else out", async () => {
    await t.json("DELETE", DELETE_ALL, withPassword);
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(401);
    expect((await t.request("GET", "/api/user", { as: "customer" })).status).toBe(401);
  });

  test("leaves one audit row of the wipe that survives it", async () => {
    await t.json("DELETE", DELETE_ALL, withPassword);
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
    await t.json("DELETE", DELETE_ALL, withPassword);
    const { customerId, shopId } = await seedBasics(t);
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "5" } });
    const check = await t.json<{ ok: boolean }>("GET", "/api/admin/ledger-check");
    expect(check.ok).toBe(true);
  });
});
