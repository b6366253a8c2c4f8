/**
 * Prices in the bet dialog and the lists (issue 21 item 5, decision 048): the odds field reads
 * a fraction, evens or a decimal (by the locale), reads back both forms, the payout is the
 * exact one (8.00 at 11/8 is 19.00, not 19.04), the API gets the price as typed, and a user
 * who chose fractional sees bets in fractions. The user's own page saves that choice.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bet, customer, shop } from "../../../test/fixtures";
import { page, renderWithProviders, user } from "../../../test/render";
import { UserDetail } from "../../users";
import BetDetail from "./bet-detail";
import NewBetDialog from "./new-bet-dialog";

function setup() {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <NewBetDialog onClose={() => {}} customerId={7} shopId={3} />,
    "user",
    {
      "GET /api/customers/:id": customer({ balance: "100.00" }),
      "GET /api/customers": page([customer({ balance: "100.00" })]),
      "GET /api/shops/:id": shop(),
      "GET /api/shops": page([shop()]),
      "POST /api/bets": { status: 201, body: bet() },
    },
  );
  return { ue, ...view };
}

function browserIn(locale: string) {
  Object.defineProperty(window.navigator, "language", { value: locale, configurable: true });
}
afterEach(() => browserIn("en-US"));

describe("the odds field", () => {
  test("reads 11/8 back as both forms and pays 8.00 x 19/8 = 19.00; the API gets 11/8", async () => {
    const { ue, calls } = setup();
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Description"), "Galway Plate");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "8");
    await ue.type(screen.getByLabelText("Odds"), "11/8");
    expect(await screen.findByText("= 11/8, 2.38")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("potential-payout").textContent).toBe("€19.00"));
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      stakeAmount: "8.00",
      odds: "11/8",
      potentialPayout: "19.00",
    });
  });

  test("evens, 100/30 and a decimal each read back both forms with the exact payout", async () => {
    const { ue } = setup();
    const odds = await screen.findByLabelText("Odds");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "10");
    // [typed, read-back, 10 x (n/d + 1) written out]
    for (const [typed, readBack, payout] of [
      ["evens", "= 1/1, 2.00", "€20.00"], // 10 x 2
      ["100/30", "= 100/30, 4.33", "€43.33"], // 10 x 130/30 = 43.333...
      ["3.50", "= 5/2, 3.50", "€35.00"], // 10 x 3.50
      ["EVS", "= 1/1, 2.00", "€20.00"],
    ] as const) {
      await ue.clear(odds);
      await ue.type(odds, typed);
      expect(await screen.findByText(readBack)).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId("potential-payout").textContent).toBe(payout));
    }
  });

  test("a German browser reads 3,50 as the decimal and still reads fractions", async () => {
    browserIn("de-DE");
    const { ue } = setup();
    const odds = await screen.findByLabelText("Odds");
    await ue.type(odds, "3,50");
    expect(await screen.findByText("= 5/2, 3,50")).toBeTruthy();
    await ue.clear(odds);
    await ue.type(odds, "5/2");
    expect(await screen.findByText("= 5/2, 3,50")).toBeTruthy();
  });

  test("nonsense is refused on the field, and nothing is sent", async () => {
    const { ue, calls } = setup();
    await ue.type(await screen.findByLabelText("Description"), "x");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "8");
    const odds = screen.getByLabelText("Odds");
    for (const [typed, message] of [
      ["5/0", "The price's denominator must be at least 1"],
      ["0/1", "Odds must be at least 1/100 (1.01)"],
    ] as const) {
      await ue.clear(odds);
      await ue.type(odds, typed);
      await ue.click(screen.getByRole("button", { name: "Place Bet" }));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("prices in the user's format", () => {
  const taken = bet({ odds: "2.38", price: "11/8", stakeAmount: "8.00", potentialPayout: "19.00" });

  test("decimal by default, fractional once the user chose it", async () => {
    const view = renderWithProviders(<BetDetail id={11} />, "user", {
      "GET /api/bets/:id": taken,
      "GET /api/settings": {
        largeAmount: "1000.00",
        creditLimitCap: "1000.00",
        oddsFormat: "decimal",
        backupIntervalHours: null,
      },
    });
    const odds = () => screen.getByText("Odds", { selector: "dt" }).nextElementSibling?.textContent;
    await screen.findByText("Odds", { selector: "dt" });
    expect(odds()).toBe("2.38");
    view.unmount();
    renderWithProviders(<BetDetail id={11} />, "user", {
      "GET /api/user": { ...user("user"), oddsFormat: "fractional" },
      "GET /api/bets/:id": taken,
    });
    await screen.findByText("Odds", { selector: "dt" });
    expect(odds()).toBe("11/8");
  });

  test("the user's own page saves the choice", async () => {
    const ue = userEvent.setup();
    const me = user("user");
    const { calls } = renderWithProviders(<UserDetail id={me.id} />, "user", {
      "GET /api/users/:id": me,
      "PATCH /api/user/preferences": { ...me, oddsFormat: "fractional" },
    });
    const panel = await screen.findByRole("region", { name: "Prices" });
    await ue.selectOptions(within(panel).getByLabelText("Show odds as"), "fractional");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ oddsFormat: "fractional" }),
    );
    expect(await screen.findByText("Odds format saved")).toBeTruthy();
  });
});
