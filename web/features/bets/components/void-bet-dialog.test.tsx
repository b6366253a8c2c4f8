import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bet } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import type { Bet } from "../api/types";
import VoidBetDialog from "./void-bet-dialog";

describe("Void Bet", () => {
  test("is disabled while the reason is blank and sends the trimmed reason", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <VoidBetDialog bet={bet() as Bet} onClose={() => {}} />,
      "user",
      { "PATCH /api/bets/:id/resolve": { pending: true } },
    );
    expect(screen.getByText("Arsenal to win")).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Void Bet" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const reason = screen.getByLabelText("Reason for voiding this bet *");
    await ue.type(reason, "   ");
    expect(confirm.disabled).toBe(true);
    await ue.type(reason, " Match abandoned ");
    expect(confirm.disabled).toBe(false);
    await ue.click(confirm);
    expect(await screen.findByRole("button", { name: "Voiding..." })).toBeTruthy();
    const call = calls.find((c) => c.method === "PATCH");
    expect(call?.path).toBe("/api/bets/11/resolve");
    expect(call?.body).toEqual({ status: "VOID", voidReason: "Match abandoned" });
  });

  test("a failure without a server message falls back to 'Failed to void bet'", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<VoidBetDialog bet={bet() as Bet} onClose={() => {}} />, "user", {
      "PATCH /api/bets/:id/resolve": () => {
        throw new Error("");
      },
    });
    await ue.type(screen.getByLabelText("Reason for voiding this bet *"), "x");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    await waitFor(() => expect(screen.getByText("Failed to void bet")).toBeTruthy());
  });

  test("success shows 'Bet Voided'", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<VoidBetDialog bet={bet() as Bet} onClose={() => {}} />, "user", {
      "PATCH /api/bets/:id/resolve": bet({ status: "VOID" }),
    });
    await ue.type(screen.getByLabelText("Reason for voiding this bet *"), "x");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    expect(await screen.findByText("Bet Voided")).toBeTruthy();
    expect(screen.getByText("The bet has been voided successfully")).toBeTruthy();
  });
});
