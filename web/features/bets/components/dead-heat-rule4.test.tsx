/**
 * Dead heats and Rule 4 on the web (decision 084), through the DOM: the settle dialog's
 * "Dead heat or Rule 4" (which parts it offers, the reduced payout it shows and checks, the
 * body it sends, a Rule 4 out of range sending nothing), re-settling Won to Won with a Rule 4,
 * and the terms on the bet's page, its history and its slips, in English and German.
 * Every payout is worked by hand beside its expectation.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BetDto, BetSettlementDto } from "../../../../src/domain/dto";
import { userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { bet, customer, slip } from "../../../test/fixtures";
import { loseFirstAnswer, renderWithProviders, user } from "../../../test/render";
import type { Bet } from "../api/types";
import BetDetail from "./bet-detail";
import { BetHistory } from "./bet-history";
import BetSlip from "./bet-slip";
import ResettleBetDialog from "./resettle-bet-dialog";
import SettleBetDialog from "./settle-bet-dialog";
import { SlipResult } from "./slip-result";

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

const settings = {
  "GET /api/settings": {
    largeAmount: "500.00",
    creditLimitCap: "1000.00",
    backupIntervalHours: null,
  },
};

/** €10 win only at 5/1: pays 60.00; a dead heat 1/2 30.00; Rule 4 25: 10 + 50 x 0.75 = 47.50. */
const winOnly = (overrides: Partial<BetDto> = {}) =>
  bet({
    stakeAmount: "10.00",
    totalStake: "10.00",
    odds: "6.00",
    price: "5/1",
    potentialPayout: "60.00",
    ...overrides,
  }) as Bet;

/** €5 each-way at 5/1, 1/4 the odds: WON 30.00 + 11.25 = 41.25. */
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

const effect = () => screen.getByTestId("settle-effect").textContent;
const patches = (calls: { method: string; body?: unknown }[]) =>
  calls.filter((c) => c.method === "PATCH");

function settle(b: Bet, status: "WON" | "PLACED", role: "user" | "admin" = "user") {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <SettleBetDialog bet={b} status={status} onClose={() => {}} />,
    role,
    {
      ...settings,
      "PATCH /api/bets/:id/resolve": { ...b, status, outcome: status },
      "GET /api/customers/:id": customer(),
    },
  );
  return { ue, ...view };
}

describe("settling with a dead heat or Rule 4", () => {
  test("the disclosure is closed at first, and a bet settled without it sends the status alone", async () => {
    const { ue, calls } = settle(winOnly(), "WON");
    const disclosure = screen.getByText("Dead heat or Rule 4").closest("details");
    expect(disclosure?.open).toBe(false);
    expect(effect()).toBe("Pays €60.00 to Ann Byrne.");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: "WON" });
  });

  test("Won with a win dead heat 1/2: pays €30.00, says so and sends the dead heat", async () => {
    const { ue, calls } = settle(winOnly(), "WON");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    // A win-only bet has no place part to dead-heat.
    expect(screen.queryByLabelText("Place part dead heat")).toBeNull();
    const select = screen.getByLabelText("Win part dead heat") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "None",
      "1/2",
      "1/3",
      "1/4",
      "2/3",
      "3/4",
    ]);
    await ue.selectOptions(select, "1/2");
    // 10 x 1/2 x 6 = 30.00.
    expect(effect()).toBe("Pays €30.00 to Ann Byrne (dead heat 1/2 on the win part).");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: "WON", deadHeat: { win: "1/2" } });
  });

  test("a Rule 4 beyond 90 shows an error and sends nothing; 25 pays €47.50 and is sent", async () => {
    const { ue, calls } = settle(winOnly(), "WON");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    const rule4 = screen.getByLabelText("Rule 4 deduction (cents in the €)");
    await ue.type(rule4, "95");
    expect(screen.getByText("Rule 4 is a whole number of cents from 0 to 90")).toBeTruthy();
    expect(rule4.getAttribute("aria-invalid")).toBe("true");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    expect(patches(calls)).toHaveLength(0);
    await ue.clear(rule4);
    await ue.type(rule4, "25");
    expect(screen.queryByText("Rule 4 is a whole number of cents from 0 to 90")).toBeNull();
    // 10 + 10 x 5 x 75/100 = 47.50.
    expect(effect()).toBe("Pays €47.50 to Ann Byrne (Rule 4: 25c in the €).");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: "WON", rule4Deduction: 25 });
  });

  test("a Rule 4 typed as 25c is refused as typed, not dropped; collapsing the panel keeps it open", async () => {
    const { ue, calls } = settle(winOnly(), "WON");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    const rule4 = screen.getByLabelText("Rule 4 deduction (cents in the €)");
    await ue.type(rule4, "25c");
    expect(rule4.getAttribute("aria-invalid")).toBe("true");
    // Not settled for the whole €60.00 without the deduction.
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    expect(patches(calls)).toHaveLength(0);
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    expect(screen.getByText("Dead heat or Rule 4").closest("details")?.open).toBe(true);
  });

  test("terms that leave nothing to pay: Confirm is disabled, saying why", async () => {
    // 0.01 x 1/4 x 2 = 0.005 rounds up to 0.01; 0.01 x 1/4 x (1 + 1 x 0.10) = 0.00275: nothing.
    const tiny = winOnly({
      stakeAmount: "0.01",
      totalStake: "0.01",
      odds: "2.00",
      price: "1/1",
      potentialPayout: "0.02",
    });
    const { ue, calls } = settle(tiny, "WON", "admin");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    await ue.selectOptions(screen.getByLabelText("Win part dead heat"), "1/4");
    expect(screen.getByRole("button", { name: "Confirm Won" }).hasAttribute("disabled")).toBe(
      false,
    );
    await ue.type(screen.getByLabelText("Rule 4 deduction (cents in the €)"), "90");
    const confirm = screen.getByRole("button", { name: "Confirm Won" });
    await waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(true));
    expect(
      screen.getByText("These terms leave nothing to pay (€0.00): settle the bet Lost"),
    ).toBeTruthy();
    expect(patches(calls)).toHaveLength(0);
  });

  test("Placed offers the place part's dead heat only; 1/2 pays €5.63", async () => {
    const { ue, calls } = settle(eachWay(), "PLACED");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    expect(screen.queryByLabelText("Win part dead heat")).toBeNull();
    await ue.selectOptions(screen.getByLabelText("Place part dead heat"), "1/2");
    // 5 x 1/2 x (5/4 + 1) = 5.625, half up 5.63.
    expect(effect()).toBe(
      "Pays €5.63 to Ann Byrne (the place part, dead heat 1/2 on the place part; the win part lost).",
    );
    await ue.click(screen.getByRole("button", { name: "Confirm Placed" }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: "PLACED", deadHeat: { place: "1/2" } });
  });

  test("Won each-way with a place dead heat 1/2 pays 30.00 + 5.63 = €35.63", async () => {
    const { ue } = settle(eachWay(), "WON");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    expect(screen.getByLabelText("Win part dead heat")).toBeTruthy();
    await ue.selectOptions(screen.getByLabelText("Place part dead heat"), "1/2");
    expect(effect()).toBe("Pays €35.63 to Ann Byrne (dead heat 1/2 on the place part).");
  });

  test("four eyes uses the reduced payout: staff may settle it once it is below the large amount", async () => {
    // €100 at 5/1 pays 600.00 (staff may not: from €500.00); a dead heat 1/2 pays 300.00.
    const big = winOnly({ stakeAmount: "100.00", totalStake: "100.00", potentialPayout: "600.00" });
    const { ue, calls } = settle(big, "WON");
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(true));
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    await ue.selectOptions(screen.getByLabelText("Win part dead heat"), "1/2");
    expect(confirm.disabled).toBe(false);
    await ue.click(confirm);
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: "WON", deadHeat: { win: "1/2" } });
  });

  test("an admin's large-amount step shows the reduced amount", async () => {
    // €200 at 5/1 pays 1,200.00; a dead heat 1/2 pays 600.00, still from €500.00.
    const big = winOnly({
      stakeAmount: "200.00",
      totalStake: "200.00",
      potentialPayout: "1200.00",
    });
    const { ue, calls } = settle(big, "WON", "admin");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    await ue.selectOptions(screen.getByLabelText("Win part dead heat"), "1/2");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€600.00");
    await ue.click(screen.getByRole("button", { name: "Yes, pay €600.00" }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: "WON", deadHeat: { win: "1/2" } });
  });

  test("other terms are another settlement: a new Idempotency-Key", async () => {
    const { ue, calls } = settle(winOnly(), "WON");
    loseFirstAnswer("PATCH", /\/api\/bets\/11\/resolve$/);
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    const rule4 = screen.getByLabelText("Rule 4 deduction (cents in the €)");
    await ue.type(rule4, "25");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    // No answer: the dialog stays open; the Rule 4 is corrected before the retry.
    expect(await screen.findByText(/Retrying from the same dialog reuses/)).toBeTruthy();
    await ue.clear(rule4);
    await ue.type(rule4, "30");
    await ue.click(await screen.findByRole("button", { name: "Confirm Won" }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === "PATCH");
    expect(second?.body).toEqual({ status: "WON", rule4Deduction: 30 });
    expect(second?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers["Idempotency-Key"]).not.toBe(
      first?.headers["Idempotency-Key"] as string,
    );
  });
});

describe("re-settling with a Rule 4", () => {
  const won = winOnly({ status: "WON", outcome: "WON", actualPayout: "60.00" });

  test("Won is offered again, last, for new terms: Won → Won with Rule 4 25 sends it", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <ResettleBetDialog bet={won} onClose={() => {}} />,
      "admin",
      {
        "POST /api/admin/bets/:id/resettle": { status: 409, body: { message: "Stop here" } },
      },
    );
    const select = screen.getByLabelText("New outcome") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Lost",
      "Void",
      "Won, with other terms",
    ]);
    // Lost is still the first offered, and it has no terms to set.
    expect(select.value).toBe("LOST");
    expect(screen.queryByText("Dead heat or Rule 4")).toBeNull();
    await ue.selectOptions(select, "WON");
    await ue.click(screen.getByText("Dead heat or Rule 4"));
    await ue.type(screen.getByLabelText("Rule 4 deduction (cents in the €)"), "25");
    await ue.type(screen.getByLabelText("Reason for the correction *"), "Rule 4 declared");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      status: "WON",
      reason: "Rule 4 declared",
      rule4Deduction: 25,
      from: { status: "WON", deadHeat: null, rule4Deduction: null },
      dryRun: true,
    });
  });

  test("the same outcome on the same terms is said here, not asked of the server", async () => {
    const ue = userEvent.setup();
    const ruled = winOnly({ status: "WON", actualPayout: "47.50", rule4Deduction: 25 });
    const { calls } = renderWithProviders(
      <ResettleBetDialog bet={ruled} onClose={() => {}} />,
      "admin",
    );
    expect(screen.getByText(/^Now/).textContent).toContain("Won (Rule 4: 25c in the €)");
    await ue.selectOptions(screen.getByLabelText("New outcome"), "WON");
    // The fields start from the bet's own terms.
    const rule4 = screen.getByLabelText("Rule 4 deduction (cents in the €)") as HTMLInputElement;
    expect(rule4.value).toBe("25");
    await ue.type(screen.getByLabelText("Reason for the correction *"), "Checking");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The bet is already Won on these terms: change the dead heat or Rule 4, or choose another outcome.",
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});

describe("the terms wherever a settled bet shows", () => {
  test("the bet's page", async () => {
    renderWithProviders(<BetDetail id={11} />, "user", {
      "GET /api/bets/:id": winOnly({
        status: "WON",
        actualPayout: "23.75",
        deadHeat: { win: "1/2", place: null },
        rule4Deduction: 25,
      }),
    });
    const terms = await screen.findByText("Dead heat / Rule 4", { selector: "dt" });
    expect(terms.nextElementSibling?.textContent).toBe(
      "Dead heat 1/2 on the win part, Rule 4: 25c in the €",
    );
  });

  test("a bet without terms has no such line", async () => {
    renderWithProviders(<BetDetail id={11} />, "user", {
      "GET /api/bets/:id": winOnly({ status: "WON", actualPayout: "60.00" }),
    });
    await screen.findByText("Actual Payout", { selector: "dt" });
    expect(screen.queryByText("Dead heat / Rule 4")).toBeNull();
  });

  test("the re-settlement history, on both sides of a row", async () => {
    const row: BetSettlementDto = {
      id: 1,
      betId: 11,
      fromStatus: "WON",
      fromPayout: "41.25",
      fromVoidReason: null,
      fromResolvedAt: "2026-01-04T09:00:00.000Z",
      fromResolvedByUser: null,
      fromDeadHeat: { win: "1/2", place: null },
      fromRule4Deduction: null,
      toStatus: "WON",
      toPayout: "35.63",
      toVoidReason: null,
      toDeadHeat: { win: null, place: "1/2" },
      toRule4Deduction: 10,
      reason: "Photo finish read again",
      createdAt: "2026-01-04T10:00:00.000Z",
      settledByUser: null,
    };
    renderWithProviders(<BetHistory betId={11} />, "admin", {
      "GET /api/bets/:id/settlements": [row],
    });
    const history = await screen.findByTestId("settlement-history");
    expect(history.querySelector("p")?.textContent).toBe(
      "Won, paid €41.25 (dead heat 1/2 on the win part) → Won, paid €35.63 (dead heat 1/2 on the place part, Rule 4: 10c in the €)",
    );
  });

  test("the slip at the counter: the return and what reduced it", async () => {
    renderWithProviders(
      <SlipResult
        slip={slip({ status: "WON", actualPayout: "47.50", rule4Deduction: 25 })}
        onOpen={() => {}}
      />,
      "user",
      settings,
    );
    const returned = await screen.findByText("Return", { selector: "dt" });
    expect(returned.nextElementSibling?.textContent).toBe("€47.50 (Rule 4: 25c in the €)");
  });

  test("the printed slip: the terms beside the return", async () => {
    renderWithProviders(<BetSlip id={12} />, "user", {
      "GET /api/bets/:id/slip": slip({
        status: "WON",
        actualPayout: "30.00",
        resolvedAt: "2026-01-04T09:00:00.000Z",
        deadHeat: { win: "1/2", place: null },
      }),
    });
    const note = await screen.findByTestId("slip-return-note");
    expect(note.textContent).toBe("Dead heat 1/2 on the win part");
    expect(within(screen.getByTestId("slip-outcome")).getByText(/€30\.00/)).toBeTruthy();
  });
});

describe("dead heats and Rule 4 in German", () => {
  const german = { "GET /api/user": userDto.parse({ ...user("user"), language: "de" }) };

  test("the settle dialog's fields and what it pays", async () => {
    const ue = userEvent.setup();
    renderWithProviders(
      <SettleBetDialog bet={winOnly()} status="WON" onClose={() => {}} />,
      "user",
      { ...german, ...settings },
    );
    await ue.click(await screen.findByText("Totes Rennen oder Regel 4 (Abzug)"));
    await ue.selectOptions(screen.getByLabelText("Totes Rennen beim Siegteil"), "1/2");
    await ue.type(screen.getByLabelText("Regel 4 (Abzug) in Cent pro €"), "25");
    // 10 x 1/2 x (1 + 5 x 0.75) = 23.75.
    expect(effect()).toBe(
      "Zahlt 23,75\u00a0€ an Ann Byrne (totes Rennen 1/2 beim Siegteil, Regel 4 (Abzug): 25 Cent pro €).",
    );
    await ue.clear(screen.getByLabelText("Regel 4 (Abzug) in Cent pro €"));
    await ue.type(screen.getByLabelText("Regel 4 (Abzug) in Cent pro €"), "91");
    expect(screen.getByText("Regel 4 (Abzug) ist eine ganze Zahl von 0 bis 90 Cent")).toBeTruthy();
  });

  test("the bet's page", async () => {
    renderWithProviders(<BetDetail id={11} />, "user", {
      ...german,
      "GET /api/bets/:id": eachWay({
        status: "PLACED",
        actualPayout: "5.63",
        deadHeat: { win: null, place: "1/2" },
      }),
    });
    const terms = await screen.findByText("Totes Rennen / Regel 4", { selector: "dt" });
    expect(terms.nextElementSibling?.textContent).toBe("Totes Rennen 1/2 beim Platzteil");
  });
});
