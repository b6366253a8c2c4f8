/**
 * Random sequences of money operations through the API; after each sequence the ledger
 * invariants of DESIGN.md section 2 must hold and no call may answer 5xx.
 */

import { expect, test } from "bun:test";
import fc from "fast-check";
import { formatCents } from "../src/domain/money";
import { checkBooks } from "../src/lib/books-check";
import { ledgerViolations } from "./helpers/invariants";
import { createTestApp } from "./helpers/test-app";

const cents = fc.integer({ min: 1, max: 20_000 }).map(formatCents);
const who = fc.constantFrom("admin", "user") as fc.Arbitrary<"admin" | "user">;

const op = fc.oneof(
  fc.record({
    kind: fc.constant("deposit" as const),
    customer: fc.nat(2),
    shop: fc.nat(1),
    amount: cents,
  }),
  fc.record({
    kind: fc.constant("withdraw" as const),
    customer: fc.nat(2),
    shop: fc.nat(1),
    amount: cents,
  }),
  fc.record({
    kind: fc.constant("bet" as const),
    customer: fc.nat(2),
    shop: fc.nat(1),
    stake: cents,
    odds: fc.integer({ min: 101, max: 2_000 }).map(formatCents),
    outcome: fc.constantFrom("PENDING", "PENDING", "WON", "LOST", "VOID"),
    overcredit: fc.boolean(),
    as: who,
  }),
  fc.record({
    kind: fc.constant("resolve" as const),
    bet: fc.nat(30),
    status: fc.constantFrom("WON", "LOST", "VOID"),
    // Dead heats and Rule 4 (decision 084) on a Won: the payout they leave, one PAYOUT of it.
    deadHeat: fc.constantFrom(null, null, "1/2", "2/3"),
    rule4: fc.constantFrom(null, null, 25, 90),
  }),
  fc.record({
    kind: fc.constant("transfer" as const),
    amount: cents,
    from: fc.nat(1),
    to: fc.nat(1),
  }),
  fc.record({
    kind: fc.constant("limits" as const),
    customer: fc.nat(2),
    creditLimit: fc.integer({ min: 0, max: 50_000 }).map(formatCents),
    allowOverdraft: fc.boolean(),
  }),
);

test("ledger invariants hold after any sequence of operations", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
      const t = await createTestApp();
      try {
        const customers: number[] = [];
        const shops: number[] = [];
        for (let i = 0; i < 3; i++) {
          const c = await t.json<{ id: number }>("POST", "/api/customers", {
            body: { firstName: `C${i}`, lastName: "Test", creditLimit: "100.00" },
          });
          customers.push(c.id);
        }
        for (let i = 0; i < 2; i++) {
          const s = await t.json<{ id: number }>("POST", "/api/shops", {
            body: { name: `S${i}`, location: "L" },
          });
          shops.push(s.id);
        }
        const betIds: number[] = [];
        for (const o of ops) {
          let res: Response;
          switch (o.kind) {
            case "deposit":
            case "withdraw":
              res = await t.request(
                "POST",
                o.kind === "deposit" ? "/api/deposits" : "/api/withdrawals",
                {
                  body: {
                    customerId: customers[o.customer],
                    shopId: shops[o.shop],
                    amount: o.amount,
                  },
                },
              );
              break;
            case "bet":
              res = await t.request("POST", "/api/bets", {
                as: o.as,
                body: {
                  customerId: customers[o.customer],
                  shopId: shops[o.shop],
                  description: "prop",
                  stakeAmount: o.stake,
                  odds: o.odds,
                  outcome: o.outcome,
                  voidReason: o.outcome === "VOID" ? "reason" : undefined,
                  allowOvercredit: o.overcredit,
                },
              });
              if (res.status === 201)
                betIds.push(((await res.clone().json()) as { id: number }).id);
              break;
            case "resolve": {
              const id = betIds[o.bet % Math.max(1, betIds.length)] ?? 999;
              res = await t.request("PATCH", `/api/bets/${id}/resolve`, {
                body: {
                  status: o.status,
                  voidReason: o.status === "VOID" ? "r" : undefined,
                  ...(o.status === "WON"
                    ? { deadHeat: { win: o.deadHeat }, rule4Deduction: o.rule4 }
                    : {}),
                },
              });
              break;
            }
            case "transfer":
              res = await t.request("POST", "/api/transactions", {
                body: {
                  amount: o.amount,
                  fromEntityType: "SHOP",
                  fromEntityId: shops[o.from],
                  toEntityType: o.from === o.to ? "USER" : "SHOP",
                  toEntityId: o.from === o.to ? t.ids.admin : shops[o.to],
                },
              });
              break;
            case "limits":
              res = await t.request("PATCH", `/api/customers/${customers[o.customer]}`, {
                body: { creditLimit: o.creditLimit, allowOverdraft: o.allowOverdraft },
              });
              break;
          }
          expect([200, 201, 403, 404, 409, 422]).toContain(res.status);
        }
        expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
        // The books check too: its SQL recomputes every payout, termed ones included.
        expect(checkBooks(t.deps.db).violations).toEqual([]);
      } finally {
        t.close();
      }
    }),
    { numRuns: 40 },
  );
});

test("the invariant check itself notices a corrupted balance and a missing payout", async () => {
  const t = await createTestApp();
  const c = await t.json<{ id: number }>("POST", "/api/customers", {
    body: { firstName: "A", lastName: "B", creditLimit: "10" },
  });
  const s = await t.json<{ id: number }>("POST", "/api/shops", {
    body: { name: "S", location: "L" },
  });
  const bet = await t.json<{ id: number }>("POST", "/api/bets", {
    body: {
      customerId: c.id,
      shopId: s.id,
      description: "x",
      stakeAmount: "1",
      odds: "2",
      outcome: "WON",
    },
  });
  expect(ledgerViolations(t.handle.sqlite)).toEqual([]);
  t.handle.sqlite.run("update customers set balance_cents = balance_cents + 1");
  t.handle.sqlite.run("delete from transactions where type = 'PAYOUT'");
  const problems = ledgerViolations(t.handle.sqlite);
  expect(problems.some((p) => p.startsWith(`customer ${c.id}`))).toBe(true);
  expect(problems).toContain(`bet ${bet.id}: WON without one right PAYOUT`);
  t.close();
});
