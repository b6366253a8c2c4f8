/**
 * Idempotency-Key scope (issue 20): a key replays an answer only for the same user, the same
 * method and path, and the same body. The same key and body on another path (a withdrawal
 * after a deposit) is a 409, never the deposit's answer with nothing paid; the same key from
 * another user is that user's own new request; a key has at most 200 characters. Decision
 * 077: an API token's keys are its own (two tokens of one admin never share one), the body
 * is compared as JSON whatever the order of its fields, and a settlement and a slip's
 * payment replay their first answer as every money write does.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { balances, ledgerViolations } from "../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";
import type { BetDto, CreatedApiTokenDto, SlipDto } from "../domain/dto";

let t: TestApp;
let ids: { shopId: number; customerId: number };
beforeEach(async () => {
  t = await createTestApp();
  ids = await seedBasics(t);
});
afterEach(() => {
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.close();
});

const money = (path: string, key: string, as: "admin" | "user" = "user") =>
  t.request("POST", path, {
    as,
    headers: { "Idempotency-Key": key },
    body: { ...ids, amount: "5.00" },
  });
const now = () => balances(t.handle.sqlite, ids.customerId, ids.shopId);
const rows = (type: string) =>
  (
    t.handle.sqlite.query("select count(*) as n from transactions where type = ?").get(type) as {
      n: number;
    }
  ).n;

describe("Idempotency-Key scope", () => {
  test("the same key and body on another path is 409: a withdrawal never replays a deposit", async () => {
    const deposit = await money("/api/deposits", "form-1");
    expect(deposit.status).toBe(201);
    const depositBody = (await deposit.json()) as { id: number; type: string };
    expect(depositBody.type).toBe("DEPOSIT");
    expect(now()).toEqual({ customer: 500, shop: 500 });

    const withdrawal = await money("/api/withdrawals", "form-1");
    expect(withdrawal.status).toBe(409);
    const refusal = (await withdrawal.json()) as { code: string; message: string; id?: number };
    expect(refusal.code).toBe("CONFLICT");
    expect(refusal.message).toBe("This Idempotency-Key was already used for a different request");
    expect(refusal.id).toBeUndefined();
    // Nothing was paid and nothing was written under the deposit's name.
    expect(now()).toEqual({ customer: 500, shop: 500 });
    expect(rows("WITHDRAWAL")).toBe(0);

    // With a key of its own the withdrawal pays.
    const paid = await money("/api/withdrawals", "form-2");
    expect(paid.status).toBe(201);
    expect(((await paid.json()) as { type: string }).type).toBe("WITHDRAWAL");
    expect(now()).toEqual({ customer: 0, shop: 0 });
  });

  test("the same key and body from another user is that user's own new request", async () => {
    const cashier = await money("/api/deposits", "shared-key", "user");
    const admin = await money("/api/deposits", "shared-key", "admin");
    expect([cashier.status, admin.status]).toEqual([201, 201]);
    const [first, second] = [
      (await cashier.json()) as { id: number },
      (await admin.json()) as { id: number },
    ];
    expect(second.id).not.toBe(first.id);
    expect(rows("DEPOSIT")).toBe(2);
    expect(now()).toEqual({ customer: 1000, shop: 1000 });
    // Each user's replay still answers that user's own first answer.
    const replay = await money("/api/deposits", "shared-key", "admin");
    expect(replay.status).toBe(201);
    expect(((await replay.json()) as { id: number }).id).toBe(second.id);
    expect(rows("DEPOSIT")).toBe(2);
  });

  test("a key of 200 characters is accepted and replays; 201 characters is 400 and writes nothing", async () => {
    const longest = "k".repeat(200);
    const first = await money("/api/deposits", longest);
    expect(first.status).toBe(201);
    const again = await money("/api/deposits", longest);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(rows("DEPOSIT")).toBe(1);

    const tooLong = await money("/api/deposits", "k".repeat(201));
    expect(tooLong.status).toBe(400);
    const body = (await tooLong.json()) as { code: string; message: string };
    expect(body.code).toBe("VALIDATION");
    expect(body.message).toBe("Idempotency-Key is too long");
    expect(rows("DEPOSIT")).toBe(1);
    expect(now()).toEqual({ customer: 500, shop: 500 });
  });
});

/** A request with `Authorization: Bearer` and no Origin, as an integration sends it. */
function asToken(secret: string, path: string, key: string, body: unknown): Promise<Response> {
  return t.request("POST", path, {
    bearer: secret,
    body,
    headers: { "Idempotency-Key": key },
    peer: "192.0.2.7",
  });
}

const makeToken = (name: string) =>
  t.json<CreatedApiTokenDto>("POST", "/api/admin/tokens", { body: { name, role: "user" } });

describe("Idempotency-Key per API token (decision 077)", () => {
  test("two tokens of one admin with the same key and body make two deposits", async () => {
    const [first, second] = [await makeToken("till sync"), await makeToken("bookkeeping")];
    const body = { ...ids, amount: "5.00" };
    const one = await asToken(first.token, "/api/deposits", "sync-0001", body);
    const two = await asToken(second.token, "/api/deposits", "sync-0001", body);
    expect([one.status, two.status]).toEqual([201, 201]);
    const [a, b] = [(await one.json()) as { id: number }, (await two.json()) as { id: number }];
    expect(b.id).not.toBe(a.id);
    expect(rows("DEPOSIT")).toBe(2);
    expect(now()).toEqual({ customer: 1000, shop: 1000 });

    // Each token's retry replays its own answer and moves nothing.
    const retry = await asToken(second.token, "/api/deposits", "sync-0001", body);
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { id: number }).id).toBe(b.id);
    // The admin's own session has keys of its own too: a third deposit.
    const session = await money("/api/deposits", "sync-0001", "admin");
    expect(session.status).toBe(201);
    expect(rows("DEPOSIT")).toBe(3);
    expect(now()).toEqual({ customer: 1500, shop: 1500 });
  });

  test("the same fields in another order replay the first answer; another value is 409", async () => {
    const sent = `{"customerId":${ids.customerId},"shopId":${ids.shopId},"amount":"5.00"}`;
    const reordered = `{"amount":"5.00","shopId":${ids.shopId},"customerId":${ids.customerId}}`;
    const headers = { "Idempotency-Key": "order-1" };
    const first = await t.request("POST", "/api/deposits", { as: "user", headers, body: sent });
    expect(first.status).toBe(201);
    const again = await t.request("POST", "/api/deposits", {
      as: "user",
      headers,
      body: reordered,
    });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(rows("DEPOSIT")).toBe(1);

    const changed = await t.request("POST", "/api/deposits", {
      as: "user",
      headers,
      body: `{"amount":"6.00","shopId":${ids.shopId},"customerId":${ids.customerId}}`,
    });
    expect(changed.status).toBe(409);
    expect(now()).toEqual({ customer: 500, shop: 500 });
  });
});

describe("a settlement and a slip's payment take an Idempotency-Key (decision 077)", () => {
  const ledgerRows = () =>
    (t.handle.sqlite.query("select count(*) as n from transactions").get() as { n: number }).n;
  const audited = (action: string) =>
    (
      t.handle.sqlite.query("select count(*) as n from audit_log where action = ?").get(action) as {
        n: number;
      }
    ).n;

  test("a retried settlement answers its first answer (200, same body) and pays once", async () => {
    await t.json("POST", "/api/deposits", { body: { ...ids, amount: "20.00" } });
    const bet = await t.json<BetDto>("POST", "/api/bets", {
      body: { ...ids, description: "Arkle", stakeAmount: "5.00", odds: "3.00" },
    });
    const settle = () =>
      t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
        headers: { "Idempotency-Key": "settle-arkle" },
        body: { status: "WON" },
      });
    const first = await settle();
    expect(first.status).toBe(200);
    const answer = (await first.json()) as BetDto;
    expect(answer.status).toBe("WON");
    // 20.00 in, 5.00 staked, 15.00 paid to the account; the till holds the 20.00 handed in.
    expect(now()).toEqual({ customer: 3000, shop: 2000 });
    const written = ledgerRows();

    const retry = await settle();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(answer);
    expect(now()).toEqual({ customer: 3000, shop: 2000 });
    expect(ledgerRows()).toBe(written);
    expect(audited("bet.resolve")).toBe(1);

    // Without the key the same settlement is still refused as before: the bet is settled.
    const bare = await t.request("PATCH", `/api/bets/${bet.id}/resolve`, {
      body: { status: "WON" },
    });
    expect(bare.status).toBe(409);
  });

  test("a retried slip payment answers its first answer and pays the till once", async () => {
    await t.json("POST", "/api/shifts", {
      as: "user",
      body: { shopId: ids.shopId, openingFloat: "100.00" },
    });
    const bet = await t.json<BetDto>("POST", "/api/bets", {
      as: "user",
      body: { payment: "cash", description: "Red Rum", stakeAmount: "8.00", odds: "2.00" },
    });
    await t.json("PATCH", `/api/bets/${bet.id}/resolve`, { body: { status: "WON" } });
    const { code } = await t.json<SlipDto>("GET", `/api/bets/${bet.id}/slip`);
    const till = () =>
      (
        t.handle.sqlite
          .query("select balance_cents as b from shops where id = ?")
          .get(ids.shopId) as {
          b: number;
        }
      ).b;
    const before = till();
    // No body, as the web app sends it: the key alone makes the retry safe.
    const pay = () =>
      t.request("POST", `/api/slips/${code}/pay`, {
        as: "user",
        headers: { "Idempotency-Key": "pay-red-rum" },
      });
    const first = await pay();
    expect(first.status).toBe(200);
    const answer = await first.json();
    // 8.00 at 2.00 returns 16.00 from the till.
    expect(till()).toBe(before - 1600);
    const written = ledgerRows();

    const retry = await pay();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(answer);
    expect(till()).toBe(before - 1600);
    expect(ledgerRows()).toBe(written);
    expect(audited("slip.pay")).toBe(1);
  });
});
