import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { CustomerDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { bet, customer, settings, shop } from "../../../test/fixtures";
import { page, renderWithProviders } from "../../../test/render";
import NewBetDialog from "./new-bet-dialog";

function setup(role: Role, overrides: Partial<CustomerDto> = {}, extra = {}) {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <NewBetDialog onClose={() => {}} customerId={7} shopId={3} />,
    role,
    {
      "GET /api/customers/:id": customer(overrides),
      "GET /api/customers": page([customer(overrides)]),
      "GET /api/shops/:id": shop(),
      "GET /api/shops": page([shop()]),
      "POST /api/bets": { status: 201, body: bet() },
      ...extra,
    },
  );
  return { ue, ...view };
}

/**
 * The dialog as the counter keys open it: gone once closed, so while it was open it was the
 * only reader of its customer.
 */
function UntilClosed() {
  const [open, setOpen] = useState(true);
  return open ? <NewBetDialog onClose={() => setOpen(false)} customerId={7} shopId={3} /> : null;
}

describe("Place New Bet", () => {
  test("every required message appears on submit and clears on change", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<NewBetDialog onClose={() => {}} />, "user", {
      "GET /api/customers": page([]),
      "GET /api/shops": page([]),
    });
    await ue.click(await screen.findByRole("button", { name: "Place Bet" }));
    for (const message of [
      "Customer is required",
      "Shop is required",
      "Description is required",
      "Stake amount is required",
      "Odds are required",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await ue.type(screen.getByLabelText("Description"), "Derby");
    await waitFor(() => expect(screen.queryByText("Description is required")).toBeNull());
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "0");
    expect(await screen.findByText("Stake amount must be at least 0.01")).toBeTruthy();
    await ue.type(screen.getByLabelText("Odds"), "1");
    expect(await screen.findByText("Odds must be at least 1.01")).toBeTruthy();
  });

  test("shows the live potential payout to 2 decimals", async () => {
    const { ue } = setup("user");
    await ue.type(await screen.findByLabelText("Stake Amount (€)"), "10.55");
    await ue.type(screen.getByLabelText("Odds"), "2.35");
    // 10.55 x 2.35 = 24.7925 -> 24.79
    await waitFor(() => expect(screen.getByTestId("potential-payout").textContent).toBe("€24.79"));
  });

  test("Customer Balance Info shows balance, limit and available for the preselected customer", async () => {
    setup("user", { balance: "-20.00", creditLimit: "100.00" });
    const panel = await screen.findByRole("region", { name: "Customer Balance Info" });
    expect(panel.textContent).toContain("-€20.00");
    expect(panel.textContent).toContain("€100.00");
    expect(panel.textContent).toContain("€80.00");
    expect(panel.querySelector(".text-error")?.textContent).toBe("-€20.00");
  });

  test("blocks a stake above balance + credit limit with Insufficient Funds", async () => {
    const { ue, calls } = setup("user", { balance: "50.00", creditLimit: "100.00" });
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Big bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "150.01");
    await ue.type(screen.getByLabelText("Odds"), "2");
    expect(
      await screen.findByText(
        "This bet amount exceeds the customer's available funds (balance + credit limit).",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Allow Overcredit/)).toBeNull();
    expect(screen.queryByLabelText("Allow overcredit")).toBeNull();
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    expect(await screen.findByText("Insufficient Funds")).toBeTruthy();
    expect(
      screen.getByText(
        "Customer balance: €50.00, credit limit: €100.00, available: €150.00. Stake of €150.01 exceeds the available funds.",
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("Place Bet reads 'Processing...' while pending and submits on Enter", async () => {
    const { ue } = setup("user", {}, { "POST /api/bets": { pending: true } });
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Fair bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "10");
    await ue.type(screen.getByLabelText("Odds"), "2{Enter}");
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeTruthy();
  });

  test("a stake within available funds is placed with one Idempotency-Key", async () => {
    const { ue, calls } = setup("user", { balance: "50.00", creditLimit: "100.00" });
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Fair bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "150");
    await ue.type(screen.getByLabelText("Odds"), "2.5");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      customerId: 7,
      shopId: 3,
      description: "Fair bet",
      stakeAmount: "150.00",
      odds: "2.50",
      potentialPayout: "375.00",
      allowOvercredit: false,
      outcome: "PENDING",
    });
    expect(post?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/^Bet placed successfully\. /)).toBeTruthy();
  });

  test("the success toast names the stake, the bet, the customer and the balance after it (issue 20 item 7)", async () => {
    // The server: Ann has €50.00 until the €30.00 stake leaves her account.
    let placed = false;
    const { ue } = setup(
      "user",
      {},
      {
        "GET /api/customers/:id": () => customer({ balance: placed ? "20.00" : "50.00" }),
        "POST /api/bets": () => {
          placed = true;
          return {
            status: 201,
            body: bet({
              id: 123,
              stakeAmount: "30.00",
              totalStake: "30.00",
              potentialPayout: "75.00",
            }),
          };
        },
      },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Fair bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "30");
    await ue.type(screen.getByLabelText("Odds"), "2.5");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    // The SPEC's title and text first, then the bet and the balance read after it.
    const text = await screen.findByText(
      "Bet placed successfully. €30.00 on bet #123 for Ann Byrne (C-000007); balance €20.00",
    );
    expect(text.closest('[role="status"]')?.textContent).toStartWith("Success");
  });

  test("the toast's balance is the one after the bet, with the dialog closed at once (decision 088)", async () => {
    // Closing the dialog cancels the refresh the bet started, and TanStack Query puts the
    // balance from before the bet back in the cache; the toast said that one ("balance
    // €619.44" when the server had €606.94).
    const ue = userEvent.setup();
    let placed = false;
    let reads = 0;
    renderWithProviders(<UntilClosed />, "user", {
      "GET /api/customers/:id": () => {
        if (!placed) return customer({ balance: "619.44" });
        reads += 1;
        // The first read after the bet is the query's own refresh: still on its way.
        return reads === 1 ? { pending: true } : customer({ balance: "606.94" });
      },
      "GET /api/shops/:id": shop(),
      "POST /api/bets": () => {
        placed = true;
        return {
          status: 201,
          body: bet({ id: 125, stakeAmount: "12.50", totalStake: "12.50" }),
        };
      },
    });
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Fair bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "12.50");
    await ue.type(screen.getByLabelText("Odds"), "2{Enter}");
    expect(
      await screen.findByText(
        "Bet placed successfully. €12.50 on bet #125 for Ann Byrne (C-000007); balance €606.94",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("Go back from the large-amount confirmation gives the focus to the stake, to correct it", async () => {
    const { ue, calls } = setup(
      "user",
      { balance: "2000.00" },
      { "GET /api/settings": settings({ largeAmount: "500.00" }) },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/settings")).toBe(true));
    await ue.type(screen.getByLabelText("Description"), "Big bet");
    const stake = screen.getByLabelText("Stake Amount (€)");
    await ue.type(stake, "600");
    await ue.type(screen.getByLabelText("Odds"), "2{Enter}");
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€600.00");
    expect(document.activeElement?.textContent).toBe("Go back");
    await ue.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByTestId("large-amount")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(stake));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("Escape on the large-amount confirmation goes back to the filled form; a second one closes", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<UntilClosed />, "user", {
      "GET /api/customers/:id": customer({ balance: "2000.00" }),
      "GET /api/shops/:id": shop(),
      "GET /api/settings": settings({ largeAmount: "500.00" }),
    });
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/settings")).toBe(true));
    await ue.type(screen.getByLabelText("Description"), "Big bet");
    const stake = screen.getByLabelText("Stake Amount (€)") as HTMLInputElement;
    await ue.type(stake, "600");
    await ue.type(screen.getByLabelText("Odds"), "2{Enter}");
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€600.00");
    await ue.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("large-amount")).toBeNull());
    expect(screen.getByRole("dialog", { name: "Place New Bet" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(stake));
    expect(stake.value).toBe("600");
    expect((screen.getByLabelText("Description") as HTMLTextAreaElement).value).toBe("Big bet");
    await ue.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("without the balance after it, the toast names the bet's customer and no balance", async () => {
    let placed = false;
    const { ue } = setup(
      "user",
      {},
      {
        "GET /api/customers/:id": () =>
          placed ? { status: 503, body: { message: "Busy" } } : customer({ balance: "50.00" }),
        "POST /api/bets": () => {
          placed = true;
          return { status: 201, body: bet({ id: 124 }) };
        },
      },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Fair bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "20");
    await ue.type(screen.getByLabelText("Odds"), "2.5");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    expect(
      await screen.findByText(
        "Bet placed successfully. €20.00 on bet #124 for Ann Byrne (C-000007)",
      ),
    ).toBeTruthy();
  });

  test("skips the funds check when the customer allows overdraft", async () => {
    const { ue, calls } = setup("user", {
      balance: "0.00",
      creditLimit: "0.00",
      allowOverdraft: true,
    });
    expect(await screen.findByText("Overdraft allowed")).toBeTruthy();
    await ue.type(screen.getByLabelText("Description"), "Overdraft bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "500");
    await ue.type(screen.getByLabelText("Odds"), "3");
    expect(screen.queryByText(/exceeds the customer's available funds/)).toBeNull();
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(screen.queryByText("Insufficient Funds")).toBeNull();
  });

  test("an admin sees the overcredit hint and ticking Allow overcredit skips the check", async () => {
    const { ue, calls } = setup("admin", { balance: "0.00", creditLimit: "10.00" });
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Admin bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "50");
    await ue.type(screen.getByLabelText("Odds"), "2");
    expect(
      await screen.findByText(
        "As an admin you can tick Allow Overcredit to place this bet anyway.",
      ),
    ).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    expect(await screen.findByText("Insufficient Funds")).toBeTruthy();
    await ue.click(screen.getByLabelText("Allow overcredit"));
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ allowOvercredit: true });
  });

  test("a server error shows the 'Error' toast with the server's message", async () => {
    const { ue } = setup(
      "user",
      {},
      { "POST /api/bets": { status: 422, body: { message: "Customer is inactive" } } },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "x");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "1");
    await ue.type(screen.getByLabelText("Odds"), "2");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    expect(await screen.findByText("Error")).toBeTruthy();
    expect(screen.getByText("Customer is inactive")).toBeTruthy();
  });
});

describe("four eyes on risk (issue 10): the outcome", () => {
  test("staff see the outcome fixed at PENDING, disabled with the reason, and place PENDING", async () => {
    const { ue, calls } = setup("user");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    const outcome = screen.getByLabelText("Outcome (optional)") as HTMLSelectElement;
    expect(outcome.disabled).toBe(true);
    expect(outcome.value).toBe("PENDING");
    const reason = document.getElementById(outcome.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("Only an admin can place a bet with an outcome");
    expect(screen.getByText("Only an admin can place a bet with an outcome")).toBeTruthy();
    await ue.type(screen.getByLabelText("Description"), "Fair bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "10");
    await ue.type(screen.getByLabelText("Odds"), "2");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ outcome: "PENDING" });
  });

  test("an admin may choose an outcome and sees no reason", async () => {
    const { ue, calls } = setup("admin");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    const outcome = screen.getByLabelText("Outcome (optional)") as HTMLSelectElement;
    await waitFor(() => expect(outcome.disabled).toBe(false));
    expect(outcome.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText("Only an admin can place a bet with an outcome")).toBeNull();
    await ue.selectOptions(outcome, "LOST");
    await ue.type(screen.getByLabelText("Description"), "Settled bet");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "10");
    await ue.type(screen.getByLabelText("Odds"), "2");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ outcome: "LOST" });
    // Lost has no dead heat or Rule 4 to give.
    expect(screen.queryByText("Dead heat or Rule 4")).toBeNull();
  });

  test("an admin placing a bet already Won may give its Rule 4 (decision 084), sent with it", async () => {
    const { ue, calls } = setup("admin");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    const outcome = screen.getByLabelText("Outcome (optional)") as HTMLSelectElement;
    await waitFor(() => expect(outcome.disabled).toBe(false));
    expect(screen.queryByText("Dead heat or Rule 4")).toBeNull();
    await ue.selectOptions(outcome, "WON");
    await ue.type(screen.getByLabelText("Description"), "Imported winner");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "10");
    await ue.type(screen.getByLabelText("Odds"), "5/1");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    const rule4 = screen.getByLabelText("Rule 4 deduction (cents in the €)");
    await ue.type(rule4, "95");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    // Out of range: shown, nothing sent.
    expect(rule4.getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await ue.clear(rule4);
    await ue.type(rule4, "25");
    await ue.selectOptions(screen.getByLabelText("Win part dead heat"), "1/2");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      outcome: "WON",
      deadHeat: { win: "1/2" },
      rule4Deduction: 25,
    });
  });

  test("a Void reason typed, then another outcome chosen: the bet is placed, without the reason", async () => {
    const { ue, calls } = setup("admin");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    const outcome = screen.getByLabelText("Outcome (optional)") as HTMLSelectElement;
    await waitFor(() => expect(outcome.disabled).toBe(false));
    await ue.selectOptions(outcome, "VOID");
    await ue.type(screen.getByLabelText("Void reason"), "Race abandoned");
    await ue.selectOptions(outcome, "PENDING");
    await ue.type(screen.getByLabelText("Description"), "Changed my mind");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "1");
    await ue.type(screen.getByLabelText("Odds"), "2");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ outcome: "PENDING" });
    expect(body).not.toHaveProperty("voidReason");
  });
});
