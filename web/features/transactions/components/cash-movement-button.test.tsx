/**
 * A customer's Deposit and Withdraw on their page: off for a closed (inactive) account, as
 * New Bet is, since the server refuses both (CUSTOMER_INACTIVE); on for an open one.
 */
import { describe, expect, test } from "bun:test";
import { screen } from "@testing-library/react";
import { customer } from "../../../test/fixtures";
import { page, renderApp } from "../../../test/render";

const counts = { totalBets: 0, activeBets: 0, wonBets: 0, placedBets: 0, lostBets: 0, voidBets: 0 };

function open(isActive: boolean) {
  return renderApp("/customers/7", "user", {
    "GET /api/customers/:id/stats": counts,
    "GET /api/customers/:id": customer({ balance: "50.00", isActive }),
    "GET /api/transactions": page([]),
    "GET /api/bets": page([]),
  });
}

const disabled = (name: string) =>
  (screen.getByRole("button", { name }) as HTMLButtonElement).disabled;

describe("a customer's cash buttons", () => {
  test("a closed account: Deposit, Withdraw and New Bet are all off", async () => {
    open(false);
    expect(await screen.findByRole("heading", { name: "Ann Byrne" })).toBeTruthy();
    expect({
      deposit: disabled("Deposit"),
      withdraw: disabled("Withdraw"),
      newBet: disabled("New Bet"),
    }).toEqual({ deposit: true, withdraw: true, newBet: true });
  });

  test("an open account with money: all three on", async () => {
    open(true);
    expect(await screen.findByRole("heading", { name: "Ann Byrne" })).toBeTruthy();
    expect({
      deposit: disabled("Deposit"),
      withdraw: disabled("Withdraw"),
      newBet: disabled("New Bet"),
    }).toEqual({ deposit: false, withdraw: false, newBet: false });
  });
});
