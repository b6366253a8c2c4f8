import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { openDatabase } from "../../db/client";
import { DEFAULT_SESSION_POLICY } from "../../lib/auth/session";
import { checkHealth } from "./health.service";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("GET /api/health", () => {
  test("probes the database and counts the unexpired sessions and the process uptime", async () => {
    t.deps.startedAt = Date.now() - 90_500;
    const before = Date.now();
    const health = await t.json<Record<string, unknown>>("GET", "/api/health");
    expect(health).toMatchObject({
      systemStatus: "operational",
      databaseStatus: "connected",
      activeSessions: 3,
    });
    expect(health.uptime).toBeGreaterThanOrEqual(90);
    expect(health.uptime).toBeLessThan(100);
    expect(typeof health.databaseLatency).toBe("number");
    expect(health.databaseLatency).toBeGreaterThanOrEqual(0);
    expect(Date.parse(health.lastCheck as string)).toBeGreaterThanOrEqual(before - 1);
  });

  test("does not count expired sessions", async () => {
    t.handle.sqlite.run("update sessions set last_verified_at = ? where user_id = ?", [
      Date.now() - DEFAULT_SESSION_POLICY.idleMs - 1,
      t.ids.customer,
    ]);
    expect((await t.json<{ activeSessions: number }>("GET", "/api/health")).activeSessions).toBe(2);
  });

  test("reports down and disconnected when the database is closed", () => {
    const handle = openDatabase(":memory:");
    handle.close();
    const health = checkHealth({
      db: handle.db,
      sqlite: handle.sqlite,
      sessionPolicy: DEFAULT_SESSION_POLICY,
      startedAt: Date.now(),
      clock: () => Date.now(),
    });
    expect(health).toMatchObject({
      systemStatus: "down",
      databaseStatus: "disconnected",
      activeSessions: 0,
    });
  });

  test("reports down with a database error when the schema is unreadable", () => {
    const handle = openDatabase(":memory:");
    handle.sqlite.run("pragma foreign_keys = off");
    handle.sqlite.run("drop table users");
    const health = checkHealth({
      db: handle.db,
      sqlite: handle.sqlite,
      sessionPolicy: DEFAULT_SESSION_POLICY,
      startedAt: Date.now(),
      clock: () => Date.now(),
    });
    expect(health).toMatchObject({ systemStatus: "down", databaseStatus: "error" });
    handle.close();
  });
});
