/**
 * A bet placed by an API token answers what every read of it says (decision 082): the bet
 * is its admin's, so `placedByUser` (and `resolvedByUser` when placed settled) names the
 * admin's username, never the token's actor name `token:<name>#<id>`, and an idempotent
 * replay answers the same.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";
import type { BetDto, CreatedApiTokenDto } from "../../domain/dto";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "50.00" });
});
afterEach(() => t.close());

async function placeByToken(body: Record<string, unknown>, key: string) {
  const { token } = await t.json<CreatedApiTokenDto>("POST", "/api/admin/tokens", {
    body: { name: "sync", role: "admin" },
  });
  const send = () =>
    t.request("POST", "/api/bets", {
      bearer: token,
      headers: { "Idempotency-Key": key },
      body: { ...ids, description: "Derby", stakeAmount: "10.00", odds: "2.00", ...body },
    });
  const first = await send();
  expect(first.status).toBe(201);
  const replay = await send();
  expect(replay.status).toBe(201);
  return { placed: (await first.json()) as BetDto, replayed: (await replay.json()) as BetDto };
}

describe("POST /api/bets by an API token", () => {
  test("answers the bet as its read does: placed by the token's admin", async () => {
    const { placed, replayed } = await placeByToken({}, "bet-1");
    const read = await t.json<BetDto>("GET", `/api/bets/${placed.id}`);
    expect(placed.placedByUser).toEqual({ id: t.ids.admin, username: "admin1" });
    expect(placed).toEqual(read);
    expect(replayed).toEqual(read);
  });

  test("a bet placed settled names the admin as its resolver too", async () => {
    const { placed, replayed } = await placeByToken({ outcome: "LOST" }, "bet-2");
    const read = await t.json<BetDto>("GET", `/api/bets/${placed.id}`);
    expect(placed.resolvedByUser).toEqual({ id: t.ids.admin, username: "admin1" });
    expect(placed).toEqual(read);
    expect(replayed).toEqual(read);
  });
});
