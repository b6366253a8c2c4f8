/**
 * The slip's page prints DUPLICATE on every print but the first from the bet's success
 * state (`?print=original`, issue 21 item 4, decision 053), and a settled, paid slip shows
 * what became of it.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SlipDto } from "../../../../src/domain/dto";
import { renderWithProviders } from "../../../test/render";
import BetSlip from "./bet-slip";

const AT = "2026-11-26T14:03:00.000Z";
const SLIP: SlipDto = {
  betId: 12,
  code: "7KX4QM9TRB",
  shop: { id: 3, name: "Central", location: "Dublin", address: null, phone: null },
  customer: null,
  payment: "cash",
  description: "Leopardstown 14:30 Galopin",
  eachWay: null,
  stakeAmount: "8.00",
  totalStake: "8.00",
  actualPayout: null,
  resolvedAt: null,
  paid: null,
  odds: "2.38",
  price: "11/8",
  potentialPayout: "19.00",
  status: "PENDING",
  placedAt: AT,
  staff: "alice",
};

/** Whether each print showed DUPLICATE on the slip, in order. */
let prints: boolean[] = [];
const original = window.print;
beforeEach(() => {
  prints = [];
  window.print = () => {
    prints.push(document.querySelector(".bet-slip")?.textContent?.includes("DUPLICATE") ?? false);
  };
});
afterEach(() => {
  window.print = original;
});

describe("the slip's page", () => {
  test("from the success state: the original first, then DUPLICATE", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<BetSlip id={12} autoPrint original />, "user", {
      "GET /api/bets/:id/slip": SLIP,
    });
    await waitFor(() => expect(prints).toEqual([false]));
    // Spent: the page now shows DUPLICATE, and its Print prints it.
    await screen.findAllByText("DUPLICATE");
    await ue.click(screen.getByRole("button", { name: "Print" }));
    expect(prints).toEqual([false, true]);
  });

  test("from anywhere else (the bet's page): DUPLICATE at once", async () => {
    renderWithProviders(<BetSlip id={12} autoPrint />, "user", {
      "GET /api/bets/:id/slip": SLIP,
    });
    await waitFor(() => expect(prints).toEqual([true]));
  });

  test("settled and paid: WON, the return and PAID", async () => {
    renderWithProviders(<BetSlip id={12} />, "user", {
      "GET /api/bets/:id/slip": {
        ...SLIP,
        status: "WON",
        actualPayout: "19.00",
        resolvedAt: AT,
        paid: {
          amount: "19.00",
          at: AT,
          by: { id: 2, username: "alice" },
          shiftId: 5,
          shop: { id: 3, name: "Main Street" },
        },
      },
    });
    const paid = await screen.findByTestId("slip-paid");
    expect(paid.textContent).toMatch(/^PAID €19\.00 on .+ at Main Street by alice$/);
    expect(screen.getByTestId("slip-outcome").textContent).toContain("WON");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Central");
  });
});
