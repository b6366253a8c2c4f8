/**
 * The slip's page prints DUPLICATE on every print but the first from the bet's success
 * state (`?print=original`, issue 21 item 4, decision 053), and a settled, paid slip shows
 * what became of it.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { slip, WON_AND_PAID } from "../../../test/fixtures";
import { stubPrint } from "../../../test/print";
import { renderWithProviders } from "../../../test/render";
import BetSlip from "./bet-slip";

const SLIP = slip();

/** Whether each print showed DUPLICATE on the slip, in order. */
const prints = stubPrint(
  () => document.querySelector(".bet-slip")?.textContent?.includes("DUPLICATE") ?? false,
);

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
      "GET /api/bets/:id/slip": slip(WON_AND_PAID),
    });
    const paid = await screen.findByTestId("slip-paid");
    expect(paid.textContent).toMatch(/^PAID €19\.00 on .+ at Main Street by alice$/);
    expect(screen.getByTestId("slip-outcome").textContent).toContain("WON");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Central");
  });
});
