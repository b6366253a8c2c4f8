import { describe, expect, test } from "bun:test";
import { correctionKind, type LedgerRow, lineEffect } from "./ledger-effects";

const row = (over: Partial<LedgerRow>): LedgerRow => ({
  type: "DEPOSIT",
  amountCents: 1050,
  fromEntityType: "CUSTOMER",
  fromEntityId: 7,
  toEntityType: "SHOP",
  toEntityId: 3,
  reversalOf: null,
  ...over,
});
const customer = { type: "CUSTOMER", id: 7 } as const;
const shop = { type: "SHOP", id: 3 } as const;

describe("lineEffect: one reading of a ledger line (issue 20)", () => {
  const deposit = row({});
  const reversal = row({
    fromEntityType: "SHOP",
    fromEntityId: 3,
    toEntityType: "CUSTOMER",
    toEntityId: 7,
    reversalOf: 12,
  });
  const payoutBack = row({ type: "PAYOUT", amountCents: 4250, reversalOf: 14 });

  test("a deposit and its reversal, on the customer and on the till", () => {
    expect(lineEffect(deposit, customer)).toEqual({ party: customer, cents: 1050, moves: true });
    expect(lineEffect(reversal, customer)).toEqual({ party: customer, cents: -1050, moves: true });
    expect(lineEffect(deposit, shop).cents).toBe(1050);
    expect(lineEffect(reversal, shop).cents).toBe(-1050);
  });

  test("with no party given (dashboard, Transactions list): the customer, else the shop", () => {
    expect(lineEffect(reversal)).toEqual({ party: customer, cents: -1050, moves: true });
    expect(lineEffect(payoutBack)).toEqual({ party: customer, cents: -4250, moves: true });
    const transfer = row({
      type: "TRANSFER",
      fromEntityType: "SHOP",
      fromEntityId: 3,
      toEntityId: 4,
    });
    expect(lineEffect(transfer)).toEqual({ party: shop, cents: -1050, moves: true });
    const float = row({ type: "TRANSFER", fromEntityType: "USER", fromEntityId: 1 });
    expect(lineEffect(float)).toEqual({ party: { type: "SHOP", id: 3 }, cents: 1050, moves: true });
  });

  test("a bet row on a shop's page moves nothing: its amount, unsigned", () => {
    expect(lineEffect(payoutBack, shop)).toEqual({ party: shop, cents: 4250, moves: false });
  });

  test("correctionKind: a reversal, a re-settlement's correction, or neither", () => {
    expect(correctionKind(reversal)).toBe("REVERSAL");
    expect(correctionKind(payoutBack)).toBe("CORRECTION");
    expect(correctionKind(deposit)).toBeNull();
  });
});
