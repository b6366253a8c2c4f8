import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { AlertDto } from "../../domain/dto";

let t: TestApp;
let shopId: number;
let customerId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ shopId, customerId } = await seedBasics(t, { creditLimit: "5000" }));
});
afterEach(() => t.close());

const dismiss = (id: number, as: "user" | "admin", body?: unknown) =>
  t.request("POST", `/api/alerts/${id}/dismiss`, { as, body });

/** A cashier's shift closed €80 short: a cash alert. */
async function cashAlert(): Promise<AlertDto> {
  const shift = await t.json<{ id: number }>("POST", "/api/shifts", {
    as: "user",
    body: { shopId, openingFloat: "100.00" },
  });
  await t.json("POST", `/api/shifts/${shift.id}/close`, {
    as: "user",
    body: { countedCash: "20.00" },
    expect: 200,
  });
  return onlyAlert("cash");
}

/** A large bet: an operations alert. */
async function largeBet(): Promise<AlertDto> {
  await t.json("POST", "/api/bets", {
    as: "user",
    body: { customerId, shopId, description: "Big", stakeAmount: "1000", odds: "2" },
  });
  return onlyAlert("operations");
}

async function onlyAlert(category: string): Promise<AlertDto> {
  const found = (await t.json<AlertDto[]>("GET", "/api/alerts")).filter(
    (a) => a.category === category,
  );
  if (found.length !== 1) throw new Error(`expected one ${category} alert`);
  return found[0] as AlertDto;
}

describe("categories", () => {
  test("each alert says who it is for; an open one has no dismissal yet", async () => {
    const bet = await largeBet();
    const cash = await cashAlert();
    expect(bet).toMatchObject({
      type: "warning",
      category: "operations",
      title: "Large bet placed",
      dismissedAt: null,
      dismissedBy: null,
      dismissNote: null,
    });
    expect(cash).toMatchObject({ category: "cash", title: "Till discrepancy at cash-up" });
    // Staff get the operations alert only, admins both.
    const staff = await t.json<AlertDto[]>("GET", "/api/alerts", { as: "user" });
    expect(staff.map((a) => a.id)).toEqual([bet.id]);
  });

  test("migration 0017 filed every existing kind of alert by its dedupe key", () => {
    const rows = [
      ["credit-limit:1", "operations"],
      ["shop-negative:1", "operations"],
      ["large-bet:1", "operations"],
      ["shift-discrepancy:1", "cash"],
      ["login-failures:bob", "security"],
      ["user-created:1", "security"],
      ["role-change:1:1", "security"],
      ["user-status:1:1", "security"],
      ["balance-drift:SHOP:1", "system"],
      ["integrity-check-failed", "system"],
      ["books-check", "system"],
      ["backup-failed", "system"],
      ["something-new", "system"],
    ];
    const sqlite = t.handle.sqlite;
    const insert = sqlite.query(
      "insert into alerts (type, title, description, dedupe_key, created_at) values ('info', 't', 'd', ?, 1)",
    );
    for (const [key] of rows) insert.run(key as string);
    // The migration's own backfill statement, run again over these rows.
    const migration = readFileSync(
      `${import.meta.dir}/../../../drizzle/0017_alert_category.sql`,
      "utf8",
    );
    const backfill = migration
      .split("--> statement-breakpoint")
      .find((s) => s.includes("UPDATE `alerts`"));
    sqlite.run(backfill as string);
    const stored = sqlite
      .query("select dedupe_key as k, category as c from alerts order by id")
      .all() as { k: string; c: string }[];
    expect(stored.map((r) => [r.k, r.c])).toEqual(rows);
  });
});

describe("dismissing with a note", () => {
  test("a cash alert needs a note: 400 naming the field without one", async () => {
    const alert = await cashAlert();
    for (const body of [undefined, {}, { note: "" }, { note: "   " }]) {
      const res = await dismiss(alert.id, "admin", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: "Note is required to dismiss a cash alert",
        code: "VALIDATION",
        fields: { note: "Note is required to dismiss a cash alert" },
      });
    }
    const tooLong = await dismiss(alert.id, "admin", { note: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { fields: Record<string, string> }).fields.note).toBe(
      "Note is too long (at most 500 characters)",
    );
    expect((await onlyAlert("cash")).dismissedAt).toBeNull();
  });

  test("a note with a control or text-direction character is refused, naming the field", async () => {
    const alert = await cashAlert();
    for (const note of ["counted\u0000again", "\u202Egnp.exe"]) {
      const res = await dismiss(alert.id, "admin", { note });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(body.fields)).toEqual(["note"]);
    }
  });

  test("the note is kept with the alert and in the audit row; the dismissed view lists who, when and the note", async () => {
    const alert = await cashAlert();
    const res = await dismiss(alert.id, "admin", { note: "  Recounted: €80 in the safe.  " });
    expect(res.status).toBe(204);
    expect(await t.json<AlertDto[]>("GET", "/api/alerts")).toEqual([]);

    const audit = await t.json<
      { action: string; entityId: string; after: { dismissNote: string } }[]
    >("GET", "/api/admin/audit?action=alert.dismiss");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "alert.dismiss", entityId: String(alert.id) });
    expect(audit[0]?.after.dismissNote).toBe("Recounted: €80 in the safe.");

    const page = await t.request("GET", "/api/alerts?status=dismissed", { as: "admin" });
    expect(page.headers.get("x-total-count")).toBe("1");
    const [dismissed] = (await page.json()) as AlertDto[];
    expect(dismissed).toMatchObject({
      id: alert.id,
      category: "cash",
      dismissedBy: { id: t.ids.admin, username: "admin1" },
      dismissNote: "Recounted: €80 in the safe.",
    });
    expect(Date.parse(dismissed?.dismissedAt ?? "")).toBeGreaterThan(0);
    // Dismissing again changes nothing and writes no second audit row.
    expect((await dismiss(alert.id, "admin", { note: "again" })).status).toBe(204);
    expect(await t.json<unknown[]>("GET", "/api/admin/audit?action=alert.dismiss")).toHaveLength(1);
  });

  test("an operations alert takes an optional note", async () => {
    const alert = await largeBet();
    expect((await dismiss(alert.id, "user", { note: "Customer known" })).status).toBe(204);
    const [row] = await t.json<AlertDto[]>("GET", "/api/alerts?status=dismissed", { as: "user" });
    expect(row).toMatchObject({
      id: alert.id,
      dismissNote: "Customer known",
      dismissedBy: { id: t.ids.user, username: "user1" },
    });
  });
});

describe("the dismissed view", () => {
  test("is paged newest dismissal first, and staff see only operations alerts in it", async () => {
    const cash = await cashAlert();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      await t.json("POST", "/api/bets", {
        as: "user",
        body: { customerId, shopId, description: `Big ${i}`, stakeAmount: "1000", odds: "2" },
      });
    }
    for (const a of (await t.json<AlertDto[]>("GET", "/api/alerts")).filter(
      (a) => a.category === "operations",
    )) {
      ids.push(a.id);
    }
    expect(ids).toHaveLength(3);
    let clock = Date.now();
    t.deps.clock = () => clock;
    for (const id of ids) {
      clock += 1000;
      expect((await dismiss(id, "user")).status).toBe(204);
    }
    clock += 1000;
    expect((await dismiss(cash.id, "admin", { note: "Seen" })).status).toBe(204);

    const first = await t.request("GET", "/api/alerts?status=dismissed&limit=2", { as: "admin" });
    expect(first.headers.get("x-total-count")).toBe("4");
    expect(((await first.json()) as AlertDto[]).map((a) => a.id)).toEqual([
      cash.id,
      ids[2] as number,
    ]);
    const second = await t.json<AlertDto[]>("GET", "/api/alerts?status=dismissed&limit=2&offset=2");
    expect(second.map((a) => a.id)).toEqual([ids[1] as number, ids[0] as number]);
    // The last page, counted from the end, is the same page.
    const last = await t.json<AlertDto[]>("GET", "/api/alerts?status=dismissed&limit=2&last=true");
    expect(last.map((a) => a.id)).toEqual([ids[1] as number, ids[0] as number]);

    const staff = await t.request("GET", "/api/alerts?status=dismissed", { as: "user" });
    expect(staff.headers.get("x-total-count")).toBe("3");
    expect(((await staff.json()) as AlertDto[]).map((a) => a.category)).toEqual([
      "operations",
      "operations",
      "operations",
    ]);
    // A search reaches the note.
    const found = await t.json<AlertDto[]>("GET", "/api/alerts?status=dismissed&q=seen");
    expect(found.map((a) => a.id)).toEqual([cash.id]);
  });

  test("an unknown status or sort is a 400 naming what is allowed", async () => {
    const status = await t.request("GET", "/api/alerts?status=gone");
    expect(status.status).toBe(400);
    expect(((await status.json()) as { message: string }).message).toBe(
      "status must be open or dismissed",
    );
    const sort = await t.request("GET", "/api/alerts?sort=title");
    expect(sort.status).toBe(400);
  });
});

describe("the live stream", () => {
  /** Opens GET /api/events as `as` and returns a reader of its change events. */
  async function openStream(as: "user" | "admin") {
    const res = await t.request("GET", "/api/events", { as });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    return {
      async next(type: string): Promise<Record<string, unknown>> {
        for (;;) {
          const end = buffer.indexOf("\n\n");
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.split("\n").includes(`event: ${type}`)) continue;
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            return JSON.parse(data?.slice(6) ?? "null");
          }
          const { value, done } = await reader.read();
          if (done) throw new Error("stream ended");
          buffer += decoder.decode(value, { stream: true });
        }
      },
      close: () => reader.cancel(),
    };
  }

  test("staff hear nothing of a cash alert being raised or dismissed; admins hear both", async () => {
    const staff = await openStream("user");
    const admin = await openStream("admin");
    await staff.next("ready");
    await admin.next("ready");
    const alert = await cashAlert();
    expect((await dismiss(alert.id, "admin", { note: "Seen" })).status).toBe(204);
    // Then an operations alert, which staff do hear of.
    const bet = await largeBet();

    const staffEvents: Record<string, unknown>[] = [];
    for (;;) {
      const event = await staff.next("change");
      staffEvents.push(event);
      if (event.action === "alert.raise") break;
    }
    expect(staffEvents.map((e) => [e.action, e.entityType])).toEqual([
      ["shift.open", "SHIFT"],
      ["shift.close", "SHIFT"],
      ["bet.place", "BET"],
      ["alert.raise", "ALERT"],
    ]);
    expect(staffEvents[3]?.entityId).toBe(String(bet.id));

    const adminEvents: Record<string, unknown>[] = [];
    while (adminEvents.length < 6) adminEvents.push(await admin.next("change"));
    expect(adminEvents.map((e) => [e.action, e.entityId ?? null])).toEqual([
      ["shift.open", expect.any(String)],
      ["shift.close", expect.any(String)],
      ["alert.raise", String(alert.id)],
      ["alert.dismiss", String(alert.id)],
      ["bet.place", expect.any(String)],
      ["alert.raise", String(bet.id)],
    ]);
    await staff.close();
    await admin.close();
  });
});

describe("an alert's code and params (decision 066)", () => {
  test("a large bet and a till short at cash-up: the values their English is written from", async () => {
    const bet = await largeBet();
    const cash = await cashAlert();
    const [placed] = await t.json<{ id: number }[]>("GET", "/api/bets");
    const [shift] = await t.json<{ id: number }[]>("GET", "/api/shifts");
    expect(bet).toMatchObject({
      title: "Large bet placed",
      description: `Bet #${placed?.id} for Ada Lovelace: stake €1,000.00, potential payout €2,000.00.`,
      code: "LARGE_BET",
      params: {
        betId: placed?.id,
        customer: "Ada Lovelace",
        stakeCents: 100_000,
        potentialPayoutCents: 200_000,
      },
    });
    expect(cash).toMatchObject({
      description: `user1's shift #${shift?.id} at Main Street closed €80.00 short: counted €20.00, expected €100.00.`,
      code: "TILL_DISCREPANCY",
      params: {
        shiftId: shift?.id,
        cashier: "user1",
        shop: "Main Street",
        discrepancyCents: -8_000,
        countedCents: 2_000,
        expectedCents: 10_000,
      },
    });
    // Staff see the operations alert with its code too.
    const staff = await t.json<AlertDto[]>("GET", "/api/alerts", { as: "user" });
    expect(staff.map((a) => [a.code, a.params])).toEqual([[bet.code, bet.params]]);
  });

  test("a username under attack: the count and the username as quoted", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/api/login", {
        as: "anonymous",
        body: { username: "user1", password: "wrong-password" },
      });
      expect(res.status).toBe(401);
    }
    expect(await onlyAlert("security")).toMatchObject({
      title: "Repeated failed sign-ins",
      description: '5 failed sign-ins within 15 minutes for the username "user1".',
      code: "SIGN_IN_FAILURES",
      params: { count: 5, username: '"user1"' },
    });
  });

  test("an alert raised before codes answers null for both, its text as stored", async () => {
    t.handle.sqlite.run(
      "insert into alerts (type, category, title, description, dedupe_key, created_at) values ('info', 'system', 'Old', 'As it was', 'old:1', 1)",
    );
    expect(await onlyAlert("system")).toMatchObject({
      title: "Old",
      description: "As it was",
      code: null,
      params: null,
    });
  });
});
