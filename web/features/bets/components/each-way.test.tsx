/**
 * Each-way bets and the PLACED status on the web (issue 21 item 6, decision 052), through
 * the DOM: the dialog's Each-way part (places, fraction, the read-back of the total stake and
 * of what each part returns), the body the API gets, Placed offered for each-way bets only
 * (settle buttons, the dialog, re-settlement, an admin's outcome), and PLACED wherever
 * statuses show. Returns are worked by hand beside each expectation.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BetDto } from "../../../../src/domain/dto";
import { BetStatusBadge } from "../../../components/ui/badges";
import { bet, customer, shop } from "../../../test/fixtures";
import { page, renderApp, renderWithProviders } from "../../../test/render";
import type { Bet } from "../api/types";
import { BetActions } from "./bet-actions";
import BetDetail from "./bet-detail";
import { BetFilters } from "./bet-filters";
import NewBetDialog from "./new-bet-dialog";
import ResettleBetDialog from "./resettle-bet-dialog";
import { SettleProvider } from "./settle-provider";

/** €5 each-way at 5/1, 3 places at 1/4 the odds: costs €10, WON 30.00 + 11.25 = 41.25. */
const eachWay = (overrides: Partial<BetDto> = {}) =>
  bet({
    eachWay: { places: 3, fraction: "1/4" },
    stakeAmount: "5.00",
    totalStake: "10.00",
    odds: "6.00",
    price: "5/1",
    potentialPayout: "41.25",
    ...overrides,
  }) as Bet;

function dialog(role: "user" | "admin" = "user") {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <NewBetDialog onClose={() => {}} customerId={7} shopId={3} />,
    role,
    {
      "GET /api/customers/:id": customer({ balance: "100.00" }),
      "GET /api/customers": [customer({ balance: "100.00" })],
      "GET /api/shops/:id": shop(),
      "GET /api/shops": [shop()],
      "POST /api/bets": { status: 201, body: eachWay() },
    },
  );
  return { ue, ...view };
}

const payout = () => screen.getByTestId("potential-payout").textContent;

describe("the bet dialog's Each-way part", () => {
  test("€5 E/W at 5/1 3 places 1/4: total €10.00 (2 × €5.00), pays €41.25; the API gets the unit and the terms", async () => {
    const { ue, calls } = dialog();
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Cheltenham 14:30");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "5");
    await ue.type(screen.getByLabelText("Odds"), "5/1");
    // Win only first: 5 x 6 = 30.00.
    await waitFor(() => expect(payout()).toBe("€30.00"));
    expect(screen.queryByLabelText("Places")).toBeNull();
    await ue.click(screen.getByRole("checkbox", { name: "Each-way" }));
    expect((screen.getByLabelText("Places") as HTMLSelectElement).value).toBe("3");
    expect((screen.getByLabelText("Fraction") as HTMLSelectElement).value).toBe("1/4");
    const readBack = screen.getByTestId("each-way-read-back");
    expect(readBack.textContent).toContain("Total stake €10.00 (2 × €5.00)");
    // Win part 5 x 6 = 30.00; place part 5 x (5/4 + 1) = 11.25.
    expect(readBack.textContent).toContain("Win part returns €30.00");
    expect(readBack.textContent).toContain("returns €11.25");
    await waitFor(() => expect(payout()).toBe("€41.25"));
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      stakeAmount: "5.00",
      odds: "5/1",
      eachWay: { places: 3, fraction: "1/4" },
      potentialPayout: "41.25",
    });
  });

  test("1/5 the odds and other places change the read-back; unticking sends a win-only bet", async () => {
    const { ue, calls } = dialog();
    await ue.type(await screen.findByLabelText("Description"), "Galway Plate");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "10");
    await ue.type(screen.getByLabelText("Odds"), "100/30");
    await ue.click(screen.getByRole("checkbox", { name: "Each-way" }));
    // 10 x 130/30 = 43.33; 10 x (100/120 + 1) = 18.33.
    await waitFor(() => expect(payout()).toBe("€61.66"));
    await ue.selectOptions(screen.getByLabelText("Fraction"), "1/5");
    await ue.selectOptions(screen.getByLabelText("Places"), "5");
    // 10 x (100/150 + 1) = 16.666... -> 16.67; 43.33 + 16.67 = 60.00.
    await waitFor(() => expect(payout()).toBe("€60.00"));
    expect(screen.getByTestId("each-way-read-back").textContent).toContain(
      "place part (5 places, 1/5 the odds) returns €16.67",
    );
    expect(screen.getByTestId("each-way-read-back").textContent).toContain(
      "Total stake €20.00 (2 × €10.00)",
    );
    await ue.click(screen.getByRole("checkbox", { name: "Each-way" }));
    await waitFor(() => expect(payout()).toBe("€43.33"));
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ stakeAmount: "10.00", potentialPayout: "43.33" });
    expect(body.eachWay ?? null).toBeNull();
  });

  test("the funds warning counts the total: €150 E/W costs €300, above the €200 available", async () => {
    const { ue } = dialog();
    await screen.findByRole("region", { name: "Customer Balance Info" });
    // Balance €100.00 + credit limit €100.00 = €200.00 available.
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "150");
    expect(screen.queryByText(/exceeds the customer's available funds/)).toBeNull();
    await ue.click(screen.getByRole("checkbox", { name: "Each-way" }));
    expect(await screen.findByText(/exceeds the customer's available funds/)).toBeTruthy();
  });

  test("an admin's outcome offers PLACED only for an each-way bet", async () => {
    const { ue } = dialog("admin");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    const outcome = screen.getByLabelText("Outcome (optional)") as HTMLSelectElement;
    const options = () => [...outcome.options].map((o) => o.value);
    expect(options()).toEqual(["PENDING", "WON", "LOST", "VOID"]);
    await ue.click(screen.getByRole("checkbox", { name: "Each-way" }));
    expect(options()).toEqual(["PENDING", "WON", "PLACED", "LOST", "VOID"]);
  });
});

describe("settling Placed", () => {
  const settings = {
    "GET /api/settings": {
      largeAmount: "500.00",
      creditLimitCap: "1000.00",
      backupIntervalHours: null,
    },
  };

  test("an each-way bet has Placed; it pays the place part €11.25 and sends PLACED", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <SettleProvider>
        <BetActions bet={eachWay()} />
      </SettleProvider>,
      "user",
      {
        ...settings,
        "PATCH /api/bets/:id/resolve": eachWay({ status: "PLACED", actualPayout: "11.25" }),
        // Ann's balance once the place part is credited.
        "GET /api/customers/:id": customer({ balance: "61.25" }),
      },
    );
    await ue.click(await screen.findByRole("button", { name: "Placed" }));
    const dialogBox = await screen.findByRole("dialog", { name: "Settle bet #11 as Placed" });
    expect(within(dialogBox).getByText(/E\/W 3 places 1\/4: total €10.00/)).toBeTruthy();
    expect(within(dialogBox).getByTestId("settle-effect").textContent).toBe(
      "Pays €11.25 to Ann Byrne (the place part; the win part lost).",
    );
    await ue.click(within(dialogBox).getByRole("button", { name: "Confirm Placed" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "PLACED" });
    // The toast names the outcome, the place part credited and the balance (issue 20 item 7).
    expect(
      await screen.findByText(
        "Bet resolved successfully. Bet #11 placed (each way): €11.25 credited to Ann Byrne (C-000007); balance €61.25",
      ),
    ).toBeTruthy();
  });

  test("a win-only bet has no Placed button", async () => {
    renderWithProviders(
      <SettleProvider>
        <BetActions bet={bet() as Bet} />
      </SettleProvider>,
      "user",
      settings,
    );
    expect(await screen.findByRole("button", { name: "Won" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Placed" })).toBeNull();
  });

  test("staff may not settle Placed a place part paying the large amount (€500.00 here)", async () => {
    // 100 x (10/1 x 1/4 + 1) = 350.00: allowed; 200 x 3.5 = 700.00: an admin's.
    const view = renderWithProviders(
      <SettleProvider>
        <BetActions
          bet={eachWay({
            stakeAmount: "200.00",
            totalStake: "400.00",
            price: "10/1",
            odds: "11.00",
            potentialPayout: "2900.00",
          })}
        />
      </SettleProvider>,
      "user",
      settings,
    );
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Placed" }).getAttribute("aria-disabled")).toBe(
        "true",
      ),
    );
    view.unmount();
    renderWithProviders(
      <SettleProvider>
        <BetActions
          bet={eachWay({
            stakeAmount: "100.00",
            totalStake: "200.00",
            price: "10/1",
            odds: "11.00",
            potentialPayout: "1450.00",
          })}
        />
      </SettleProvider>,
      "user",
      settings,
    );
    const placed = (await screen.findByRole("button", { name: "Placed" })) as HTMLButtonElement;
    // The Won button waits for the settings too: once Won is disabled, they have arrived.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Won" }).getAttribute("aria-disabled")).toBe(
        "true",
      ),
    );
    expect(placed.getAttribute("aria-disabled")).toBeNull();
  });

  test("re-settlement offers Placed for an each-way bet only", async () => {
    const view = renderWithProviders(
      <ResettleBetDialog
        bet={eachWay({ status: "WON", actualPayout: "41.25" })}
        onClose={() => {}}
      />,
      "admin",
    );
    const select = (await screen.findByLabelText("New outcome")) as HTMLSelectElement;
    // Won again last, for new terms (decision 084).
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Placed",
      "Lost",
      "Void",
      "Won, with other terms",
    ]);
    view.unmount();
    renderWithProviders(
      <ResettleBetDialog
        bet={bet({ status: "WON", actualPayout: "50.00" }) as Bet}
        onClose={() => {}}
      />,
      "admin",
    );
    const plain = (await screen.findByLabelText("New outcome")) as HTMLSelectElement;
    expect([...plain.options].map((o) => o.textContent)).toEqual([
      "Lost",
      "Void",
      "Won, with other terms",
    ]);
  });
});

describe("PLACED and each-way wherever bets show", () => {
  test("the badge, the bet page's terms and total stake", async () => {
    renderWithProviders(<BetDetail id={11} />, "user", {
      "GET /api/bets/:id": eachWay({ status: "PLACED", actualPayout: "11.25" }),
    });
    const stake = await screen.findByText("Stake", { selector: "dt" });
    expect(stake.nextElementSibling?.textContent).toBe("€5.00 each way (E/W 3 places 1/4)");
    const total = screen.getByText("Total Stake", { selector: "dt" });
    expect(total.nextElementSibling?.textContent).toBe("€10.00 (2 × €5.00)");
    expect(within(screen.getByTestId("bet-status")).getByText("PLACED")).toBeTruthy();
  });

  test("the PLACED badge has its own colour", () => {
    renderWithProviders(<BetStatusBadge status="PLACED" />, "user");
    expect(screen.getByText("PLACED").className).toContain("badge-info");
  });

  test("the bets list's Payout is what a Won or Placed bet paid, and what the others would", async () => {
    renderApp("/bets", "user", {
      "GET /api/bets": page([
        // Placed: the place part alone, 5 x (5/4 + 1) = 11.25, not the 41.25 a winner pays.
        eachWay({ id: 21, description: "Placed one", status: "PLACED", actualPayout: "11.25" }),
        // Won in a dead heat for the win, 1/2: 30.00 / 2 + 11.25 = 26.25.
        eachWay({ id: 22, description: "Shared one", status: "WON", actualPayout: "26.25" }),
        eachWay({ id: 23, description: "Lost one", status: "LOST", actualPayout: "0.00" }),
        eachWay({ id: 24, description: "Open one" }),
      ]),
    });
    await screen.findAllByText("Placed one");
    const payouts = (description: string) =>
      screen
        .getAllByText(description)
        .map((cell) => cell.closest("tr, article")?.textContent ?? "");
    for (const text of payouts("Placed one")) {
      expect(text).toContain("€11.25");
      expect(text).not.toContain("€41.25");
    }
    for (const text of payouts("Shared one")) expect(text).toContain("€26.25");
    for (const text of payouts("Lost one")) expect(text).toContain("€41.25");
    for (const text of payouts("Open one")) expect(text).toContain("€41.25");
    expect(payouts("Placed one").length).toBeGreaterThan(0);
  });

  test("the bets list's status filter offers PLACED", async () => {
    renderWithProviders(<FiltersHost />, "user", { "GET /api/shops": [shop()] });
    const status = (await screen.findByLabelText("Status")) as HTMLSelectElement;
    expect([...status.options].map((o) => o.value)).toContain("PLACED");
  });
});

function FiltersHost() {
  // Only what the filters read: no filter set.
  const state = {
    filters: {},
    setFilters: () => {},
    filtered: false,
  } as unknown as Parameters<typeof BetFilters>[0]["state"];
  return <BetFilters state={state} />;
}
