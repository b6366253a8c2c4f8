/**
 * Idempotency-Key scope (issue 20): a key replays an answer only for the same user, the same
 * method and path, and the same body. The same key and body on another path (a withdrawal
 * after a deposit) is a 409, never the deposit's answer with nothing paid; the same key from
 * another user is that user's own new request; a key has at most 200 characters.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { balances, ledgerViolations } from "../../tests/helpers/invariants";
import { createTestApp, seedBasics, type TestApp } from "../../tests/helpers/test-app";

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
