import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BetDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { bet } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import type { Bet } from "../api/types";
import { BetActions } from "./bet-actions";
import SettleBetDialog from "./settle-bet-dialog";
import { SettleProvider } from "./settle-provider";

/** LARGE_AMOUNT as GET /api/settings answers it: €500.00 (not the default, so its arrival shows). */
const settings = {
  "GET /api/settings": {
    largeAmount: "500.00",
    creditLimitCap: "1000.00",
    backupIntervalHours: null,
  },
};
const REASON = "Only an admin can settle a bet paying €500.00 or more";

/** The text of the elements an element's aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

function settle(role: Role, overrides: Partial<BetDto>) {
  return renderWithProviders(
    <SettleBetDialog bet={bet(overrides) as Bet} status="WON" onClose={() => {}} />,
    role,
    { ...settings, "PATCH /api/bets/:id/resolve": bet({ ...overrides, status: "WON" }) },
  );
}

describe("four eyes on risk (issue 10): settling Won", () => {
  test("staff: Confirm Won is disabled with the reason when the bet pays the large amount", async () => {
    const { calls } = settle("user", {
      stakeAmount: "250.00",
      odds: "2.00",
      potentialPayout: "500.00",
    });
    expect(await screen.findByText(REASON)).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(description(confirm)).toBe(REASON);
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  test("staff may settle Won a bet paying less (the default €1,000.00 until the settings answer)", async () => {
    const ue = userEvent.setup();
    const overrides = { potentialPayout: "999.99" };
    const { calls } = renderWithProviders(
      <SettleBetDialog bet={bet(overrides) as Bet} status="WON" onClose={() => {}} />,
      "user",
      {
        "GET /api/settings": { pending: true },
        "PATCH /api/bets/:id/resolve": bet({ ...overrides, status: "WON" }),
      },
    );
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    expect(confirm.getAttribute("aria-describedby")).toBeNull();
    await ue.click(confirm);
    expect(await screen.findByText("Bet resolved successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "WON" });
  });

  test("an admin may settle any Won, asked once more for a large amount", async () => {
    const ue = userEvent.setup();
    const { calls } = settle("admin", { potentialPayout: "5000.00" });
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await ue.click(confirm);
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€5,000.00");
    await ue.click(screen.getByRole("button", { name: "Yes, pay €5,000.00" }));
    expect(await screen.findByText("Bet resolved successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "WON" });
    expect(screen.queryByText(REASON)).toBeNull();
  });
});

describe("four eyes on risk (issue 10): the Won button of a pending bet", () => {
  const actions = (role: Role, potentialPayout: string) =>
    renderWithProviders(
      <SettleProvider>
        <BetActions bet={bet({ potentialPayout }) as Bet} />
      </SettleProvider>,
      role,
      settings,
    );

  test("staff: Won is disabled with the reason for a large payout; Lost and Void stay", async () => {
    actions("user", "500.00");
    const won = screen.getByRole("button", { name: "Won" }) as HTMLButtonElement;
    await waitFor(() => expect(won.disabled).toBe(true));
    expect(description(won)).toBe(REASON);
    expect((screen.getByRole("button", { name: "Lost" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole("button", { name: "Void" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  test("an admin's Won is enabled", async () => {
    const ue = userEvent.setup();
    actions("admin", "500.00");
    const won = screen.getByRole("button", { name: "Won" }) as HTMLButtonElement;
    await ue.click(won);
    expect(await screen.findByTestId("settle-effect")).toBeTruthy();
    expect(won.disabled).toBe(false);
    expect(won.getAttribute("aria-describedby")).toBeNull();
  });
});
