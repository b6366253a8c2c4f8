/**
 * The bets screens in German (issue 23 item 2, decision 065): a user whose language is de reads
 * the list's columns, the settle and void dialogs, Find slip's messages and the amounts the
 * German way; what is sent to the API does not change.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { applyLanguage } from "../../../i18n";
import { bet, slip } from "../../../test/fixtures";
import { page, renderApp, renderWithProviders, user } from "../../../test/render";
import type { Bet } from "../api/types";
import FindSlip from "./find-slip";
import SettleBetDialog from "./settle-bet-dialog";
import VoidBetDialog from "./void-bet-dialog";

/** A signed-in user who chose German. */
const german = (role: Role) => ({
  "GET /api/user": userDto.parse({ ...user(role), language: "de" }),
});

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted screen.
  cleanup();
  applyLanguage("en");
});

describe("bets in German", () => {
  test("the list: German heading, column headers, buttons and euros", async () => {
    renderApp("/bets", "user", {
      ...german("user"),
      "GET /api/bets": page([bet({ stakeAmount: "1000.00", totalStake: "1000.00" })]),
      "GET /api/shops": page([]),
    });
    expect(await screen.findByRole("heading", { name: "Wetten", level: 1 })).toBeTruthy();
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent?.trim());
    for (const name of ["Kunde", "Einsatz", "Quote", "Status", "Aktionen"]) {
      expect(headers.some((h) => h?.startsWith(name))).toBe(true);
    }
    const row = within(table).getByText("Arsenal to win").closest("tr") as HTMLElement;
    expect(row.textContent).toContain("1.000,00\u00a0€");
    for (const name of ["Gewonnen", "Verloren", "Storno"]) {
      expect(within(row).getByRole("button", { name })).toBeTruthy();
    }
    expect(screen.queryByRole("columnheader", { name: "Stake" })).toBeNull();
  });

  test("settling Won: the question, what it pays and the four-eyes reason, in German", async () => {
    renderWithProviders(
      <SettleBetDialog bet={bet() as Bet} status="WON" onClose={() => {}} />,
      "user",
      {
        ...german("user"),
        "GET /api/settings": { largeAmount: "40.00", creditLimitCap: "1000.00" },
      },
    );
    expect(
      await screen.findByRole("dialog", { name: "Wette #11 abrechnen: Gewonnen" }),
    ).toBeTruthy();
    expect(screen.getByTestId("settle-effect").textContent).toBe(
      "Zahlt 50,00\u00a0€ an Ann Byrne.",
    );
    expect(
      await screen.findByText("Nur ein Admin kann eine Wette mit Auszahlung ab 40,00 € abrechnen"),
    ).toBeTruthy();
    const confirm = screen.getByRole("button", {
      name: "Gewonnen bestätigen",
    }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
  });

  test("voiding: a German preset fills the reason box, and that reason is sent", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <VoidBetDialog bet={bet() as Bet} onClose={() => {}} />,
      "user",
      { ...german("user"), "PATCH /api/bets/:id/resolve": bet({ status: "VOID" }) },
    );
    await screen.findByRole("dialog", { name: "Wette stornieren" });
    await waitFor(() =>
      expect(screen.getByTestId("settle-effect").textContent).toBe(
        "Erstattet dem Kunden den Einsatz von 20,00\u00a0€.",
      ),
    );
    const reason = screen.getByLabelText("Grund für die Stornierung *") as HTMLTextAreaElement;
    await ue.click(screen.getByRole("button", { name: "Nichtstarter" }));
    expect(reason.value).toBe("Nichtstarter");
    await ue.click(screen.getByRole("button", { name: "Wette stornieren" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        status: "VOID",
        voidReason: "Nichtstarter",
      }),
    );
  });

  test("Find slip: what is no code says so in German, and nothing is sent", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<FindSlip />, "user", german("user"));
    const box = await screen.findByRole("textbox", { name: "Wettschein suchen" });
    await ue.type(box, "abc{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "„abc“ ist kein Wettschein-Code: 10 Buchstaben und Ziffern, z. B. 7KX4Q-M9TRB.",
    );
    expect(calls.some((c) => c.path.startsWith("/api/slips/"))).toBe(false);
  });

  test("voiding a cash bet: its stake owed on the slip, in German", async () => {
    const cash = bet({ customerId: null, customer: null, payment: "cash", shiftId: 5 });
    renderWithProviders(<VoidBetDialog bet={cash as Bet} onClose={() => {}} />, "user", {
      ...german("user"),
    });
    await screen.findByRole("dialog", { name: "Wette stornieren" });
    await waitFor(() =>
      expect(screen.getByTestId("settle-effect").textContent).toBe(
        "Einsatz von 20,00\u00a0€ offen auf dem Wettschein: wird bei Vorlage des Wettscheins aus der Kasse zurückgezahlt.",
      ),
    );
  });

  test("Find slip: a decimal price reads the German way (2,50), a fraction as taken", async () => {
    const ue = userEvent.setup();
    let price = "2.50";
    renderWithProviders(<FindSlip showResult />, "user", {
      ...german("user"),
      "GET /api/slips/:code": () => slip({ price, odds: "2.50", potentialPayout: "20.00" }),
    });
    const box = await screen.findByRole("textbox", { name: "Wettschein suchen" });
    await ue.type(box, "7KX4QM9TRB{Enter}");
    const stake = async () =>
      within(await screen.findByTestId("slip-result")).getByText(/Einsatz/).nextElementSibling
        ?.textContent;
    expect(await stake()).toBe("8,00\u00a0€ zu 2,50");
    price = "11/8";
    await ue.clear(box);
    await ue.type(box, "7KX4QM9TRC{Enter}");
    await waitFor(async () => expect(await stake()).toBe("8,00\u00a0€ zu 11/8"));
  });
});
