import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import { subscriberCount } from "../../lib/events";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** Opens the stream as `as` and returns a reader of its events. */
async function openStream(as: "customer" | "user" | "admin" = "user") {
  const res = await t.request("GET", "/api/events", { as });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("text/event-stream");
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    /** The next event block of the given type (comments and other events skipped). */
    async next(type: string): Promise<Record<string, unknown>> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.split("\n").includes(`event: ${type}`)) {
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            return JSON.parse(data?.slice(6) ?? "null");
          }
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}

describe("GET /api/events", () => {
  test("announces a committed bet, with its id, to every open stream", async () => {
    const { shopId, customerId } = await seedBasics(t, { creditLimit: "100" });
    const staff = await openStream("user");
    const reader = await openStream("admin");
    await staff.next("ready");
    await reader.next("ready");
    const bet = await t.json<{ id: number }>("POST", "/api/bets", {
      body: { customerId, shopId, description: "Derby", stakeAmount: "5", odds: "2" },
    });
    for (const stream of [staff, reader]) {
      expect(await stream.next("change")).toMatchObject({
        action: "bet.place",
        entityType: "BET",
        entityId: String(bet.id),
      });
    }
    await staff.close();
    await reader.close();
  });

  test("a mutation that raises an alert announces the alert too", async () => {
    const { shopId, customerId } = await seedBasics(t, { creditLimit: "5000" });
    const stream = await openStream();
    await stream.next("ready");
    await t.json("POST", "/api/bets", {
      body: { customerId, shopId, description: "Big", stakeAmount: "1000", odds: "2" },
    });
    expect(await stream.next("change")).toMatchObject({ action: "bet.place" });
    expect(await stream.next("change")).toMatchObject({
      action: "alert.raise",
      entityType: "ALERT",
    });
    await stream.close();
  });

  test("a refused write announces nothing; the next change is the one that committed", async () => {
    const { shopId, customerId } = await seedBasics(t);
    const stream = await openStream();
    await stream.next("ready");
    const refused = await t.request("POST", "/api/withdrawals", {
      body: { customerId, shopId, amount: "5" },
    });
    expect(refused.status).toBe(422);
    await t.json("POST", "/api/deposits", { body: { customerId, shopId, amount: "5" } });
    expect(await stream.next("change")).toMatchObject({ action: "transaction.deposit" });
    await stream.close();
  });

  test("closing the stream ends its subscription", async () => {
    const before = subscriberCount();
    const stream = await openStream();
    await stream.next("ready");
    expect(subscriberCount()).toBe(before + 1);
    await stream.close();
    expect(subscriberCount()).toBe(before);
  });

  test("a user's stream ends as soon as the user is disabled", async () => {
    const stream = await openStream("user");
    await stream.next("ready");
    await t.json("PATCH", `/api/admin/users/${t.ids.user}`, { body: { disabled: true } });
    // The disabling itself is not delivered: the stream ends instead.
    await expect(stream.next("change")).rejects.toThrow("stream ended");
  });

  test("a user's stream ends as soon as an admin resets the user's password; others go on", async () => {
    const stream = await openStream("user");
    const admin = await openStream("admin");
    await stream.next("ready");
    await admin.next("ready");
    await t.json("POST", `/api/admin/users/${t.ids.user}/password`, {
      body: { newPassword: "a-new-password-for-you" },
      expect: 200,
    });
    // The reset ended the user's session: the stream stops instead of announcing it.
    await expect(stream.next("change")).rejects.toThrow("stream ended");
    expect((await t.request("GET", "/api/user", { as: "user" })).status).toBe(401);
    // The admin's own stream is untouched and hears of the reset.
    expect(await admin.next("change")).toMatchObject({
      action: "user.password-reset",
      entityType: "USER",
      entityId: String(t.ids.user),
    });
    await admin.close();
  });

  test("customer logins get no stream (403)", async () => {
    expect((await t.request("GET", "/api/events", { as: "customer" })).status).toBe(403);
  });

  test("anonymous callers get 401", async () => {
    expect((await t.request("GET", "/api/events", { as: "anonymous" })).status).toBe(401);
  });
});
