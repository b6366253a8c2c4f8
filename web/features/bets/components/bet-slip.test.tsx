/** A bet's slip as a customer login reads it (issue 25 item 8, decisions/047). */
import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import BetSlip from "./bet-slip";

describe("a customer login's slip", () => {
  test("its slip says Staff", async () => {
    renderWithProviders(<BetSlip id={12} />, "customer", {
      "GET /api/bets/:id/slip": {
        betId: 12,
        code: "7KX4QM9TRB",
        shop: { id: 3, name: "Central", location: "Dublin", address: null, phone: null },
        customer: { id: 7, firstName: "Ann", lastName: "Byrne" },
        description: "Arsenal to win",
        stakeAmount: "20.00",
        odds: "2.50",
        price: "2.50",
        potentialPayout: "50.00",
        status: "WON",
        placedAt: "2026-01-03T10:00:00.000Z",
        staff: null,
      },
    });
    const line = (await screen.findByText("Staff", { selector: "dt" })).closest("div");
    await waitFor(() => expect(line?.querySelector("dd")?.textContent).toBe("Staff"));
    expect(screen.queryByText("Unknown")).toBeNull();
  });
});
