/**
 * Issue 10, four eyes on risk: staff may not place a bet already settled (an outcome) nor
 * settle Won a bet paying LARGE_AMOUNT (default €1,000.00) or more; an admin may. A refused
 * write changes nothing and writes no audit row.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ledgerViolations } from "../../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t, { creditLimit: "1000.00" });
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.close();
});

const OUTCOME = "An admin is needed to place a bet with an outcome";
const SETTLE = "An admin is needed to settle a bet paying €1,000.00 or more";

/** The money tables and the audit log, to show a refused write left no trace. */
const snapshot = () => {
  const all = (table: string) => t.handle.sqlite.query(`select * from ${table} order by id`).all();
  return {
    customers: all("customers"),
    shops: all("shops"),
    bets: all("bets"),
    transactions: all("transactions"),
    audit: all("audit_log"),
  };
};

async function refused(method: string, path: string, body: unknown, message: string) {
  const before = snapshot();
  const res = await t.request(method, path, { as: "user", body });
  expect(res.status).toBe(403);
  const answer = (await res.json()) as { message: string; code: string; reason?: string };
  // What only an admin may do carries its reason, for the reader's language (decision 070).
  expect(answer).toMatchObject({ message, code: "FORBIDDEN" });
  expect(answer.reason).toStartWith("ADMIN_FOR_");
  expect(snapshot()).toEqual(before);
}

const bet = (body: Record<string, unknown> = {}) => ({
  ...ids,
  description: "Derby",
  stakeAmount: "10.00",
  odds: "2.00",
  ...body,
});

/** A pending bet placed by an admin (stake x odds = the payout). */
const pending = (stakeAmount: string, odds: string) =>
  t.json<{ id: number; potentialPayout: string }>("POST", "/api/bets", {
    as: "admin",
    body: bet({ stakeAmount, odds }),
  });

describe("the finding: a staff member cannot pay himself", () => {
  test("limit, overdraft, a bet placed Won and a large Won settlement are all refused", async () => {
    const customer = `/api/customers/${ids.customerId}`;
    await refused(
      "PATCH",
      customer,
      { creditLimit: "99999999.99" },
      "An admin is needed to set a credit limit above €1,000.00",
    );
    await refused(
      "PATCH",
      customer,
      { allowOverdraft: true },
      "An admin is needed to allow overdraft",
    );
    await refused(
      "POST",
      "/api/bets",
      bet({ stakeAmount: "500.00", odds: "1000", outcome: "WON" }),
      OUTCOME,
    );
    // Within the limit staff may place it, but not settle it Won.
    const placed = await t.json<{ id: number; potentialPayout: string }>("POST", "/api/bets", {
      as: "user",
      body: bet({ stakeAmount: "500.00", odds: "1000" }),
    });
    expect(placed.potentialPayout).toBe("500000.00");
    await refused("PATCH", `/api/bets/${placed.id}/resolve`, { status: "WON" }, SETTLE);
    const fetched = await t.json<{ status: string }>("GET", `/api/bets/${placed.id}`);
    expect(fetched.status).toBe("PENDING");
    // An admin settles it.
    const won = await t.json<{ status: string; actualPayout: string }>(
      "PATCH",
      `/api/bets/${placed.id}/resolve`,
      { as: "admin", body: { status: "WON" } },
    );
    expect(won).toMatchObject({ status: "WON", actualPayout: "500000.00" });
  });
});

describe("placing a bet with an outcome", () => {
  for (const outcome of ["WON", "LOST", "VOID"]) {
    test(`staff placing it ${outcome} get 403 and nothing is written`, async () => {
      const voidReason = outcome === "VOID" ? "Abandoned" : undefined;
      await refused("POST", "/api/bets", bet({ outcome, voidReason }), OUTCOME);
    });
  }

  test("staff may send PENDING (or nothing): that is no outcome", async () => {
    for (const body of [bet({ outcome: "PENDING" }), bet({ outcome: null }), bet()]) {
      const placed = await t.json<{ status: string }>("POST", "/api/bets", { as: "user", body });
      expect(placed.status).toBe("PENDING");
    }
  });

  test("an admin may place a bet already settled", async () => {
    const placed = await t.json<{ status: string; actualPayout: string }>("POST", "/api/bets", {
      as: "admin",
      body: bet({ outcome: "WON" }),
    });
    expect(placed).toMatchObject({ status: "WON", actualPayout: "20.00" });
  });

  test("a refused attempt does not take its Idempotency-Key", async () => {
    const headers = { "Idempotency-Key": "four-eyes-1" };
    const body = bet({ outcome: "WON" });
    const staff = await t.request("POST", "/api/bets", { as: "user", headers, body });
    expect(staff.status).toBe(403);
    // The form corrected and sent again with its key: placed, not a 409 for another body.
    const pendingBody = bet({ outcome: "PENDING" });
    const again = await t.request("POST", "/api/bets", { as: "user", headers, body: pendingBody });
    expect(again.status).toBe(201);
  });
});

describe("settling Won", () => {
  test("staff settling Won a bet paying exactly €1,000.00 get 403; €999.99 is allowed", async () => {
    const large = await pending("500.00", "2.00");
    expect(large.potentialPayout).toBe("1000.00");
    await refused("PATCH", `/api/bets/${large.id}/resolve`, { status: "WON" }, SETTLE);
    const below = await pending("333.33", "3.00");
    expect(below.potentialPayout).toBe("999.99");
    const won = await t.json<{ status: string; resolvedByUser: { username: string } }>(
      "PATCH",
      `/api/bets/${below.id}/resolve`,
      { as: "user", body: { status: "WON" } },
    );
    expect(won).toMatchObject({ status: "WON", resolvedByUser: { username: "user1" } });
  });

  test("staff may still settle a large bet Lost or Void", async () => {
    const lost = await pending("100.00", "20.00");
    const voided = await pending("100.00", "20.00");
    await t.json("PATCH", `/api/bets/${lost.id}/resolve`, {
      as: "user",
      body: { status: "LOST" },
    });
    await t.json("PATCH", `/api/bets/${voided.id}/resolve`, {
      as: "user",
      body: { status: "VOID", voidReason: "Abandoned" },
    });
  });

  test("an admin may settle it Won", async () => {
    const large = await pending("100.00", "20.00");
    const won = await t.json<{ status: string }>("PATCH", `/api/bets/${large.id}/resolve`, {
      as: "admin",
      body: { status: "WON" },
    });
    expect(won.status).toBe("WON");
  });

  test("the threshold is LARGE_AMOUNT and the message names it", async () => {
    t.deps.largeAmountCents = 5_000;
    const placed = await pending("25.00", "2.00");
    await refused(
      "PATCH",
      `/api/bets/${placed.id}/resolve`,
      { status: "WON" },
      "An admin is needed to settle a bet paying €50.00 or more",
    );
  });
});
