/**
 * The descriptions the server writes on its own ledger rows, in the language shown (decision
 * 081): English as stored, German from the catalogue with the bet's own text as written; a
 * cashier's words, and a template's words on a row they do not describe, as typed. On a
 * customer's recent transactions, the dashboard's short lines, the Transactions list and a
 * correction's preview.
 */
import { describe, expect, test } from "bun:test";
import { act, render, screen, within } from "@testing-library/react";
import type { CorrectionPreviewDto } from "../../../../src/domain/dto";
import { CorrectionPreview } from "../../../components/ui/correction-preview";
import { applyLanguage } from "../../../i18n";
import { transaction } from "../../../test/fixtures";
import { englishAfterEach, page, renderApp, renderWithProviders } from "../../../test/render";
import { LedgerLine } from "./ledger-line";
import { RecentTransactionsList } from "./recent-transactions-list";

const ROWS = [
  transaction({
    id: 30,
    type: "BETTING",
    betId: 7,
    amount: "10.00",
    description: "Stake for bet #7: Tom & Jerry <b>2:30</b>",
  }),
  transaction({ id: 31, type: "PAYOUT", betId: 7, description: "Payout for bet #7" }),
  transaction({
    id: 32,
    type: "PAYOUT",
    betId: 7,
    reversalOf: 31,
    description: "Correction of #31: bet #7 re-settled WON to LOST",
  }),
  transaction({ id: 33, type: "DEPOSIT", reversalOf: 21, description: "Reversal of #21" }),
  transaction({
    id: 34,
    type: "REFUND",
    betId: 9,
    description: "Refund for void bet #9 (re-settled from WON)",
  }),
  transaction({ id: 35, type: "PAYOUT", betId: 11, description: "Paid on the slip of bet #11" }),
  // A cashier's own words, and a template's words typed on a deposit they do not describe.
  transaction({ id: 36, description: "Float from the safe" }),
  transaction({ id: 37, description: "Reversal of #3" }),
];

const ENGLISH = [
  "Stake for bet #7: Tom & Jerry <b>2:30</b>",
  "Payout for bet #7",
  "Correction of #31: bet #7 re-settled WON to LOST",
  "Reversal of #21",
  "Refund for void bet #9 (re-settled from WON)",
  "Paid on the slip of bet #11",
  "Float from the safe",
  "Reversal of #3",
];

const GERMAN = [
  "Einsatz für Wette #7: Tom & Jerry <b>2:30</b>",
  "Gewinn für Wette #7",
  "Korrektur von #31: Wette #7 neu abgerechnet von Gewonnen auf Verloren",
  "Storno von #21",
  "Erstattung für stornierte Wette #9 (neu abgerechnet, vorher Gewonnen)",
  "Wettschein von Wette #11 ausgezahlt",
  "Float from the safe",
  "Reversal of #3",
];

const shown = () => screen.getAllByTestId("ledger-description").map((d) => d.textContent);

describe("ledger descriptions in the language shown", () => {
  englishAfterEach();

  test("short ledger lines: the stored English, then German with the bet's own text", () => {
    render(
      <ul>
        {ROWS.map((row) => (
          <LedgerLine key={row.id} t={row} />
        ))}
      </ul>,
    );
    expect(shown()).toEqual(ENGLISH);
    act(() => applyLanguage("de"));
    expect(shown()).toEqual(GERMAN);
    // The bet's text is text, not markup.
    expect(document.querySelector("[data-testid=ledger-description] b")).toBeNull();
  });

  test("a customer's recent transactions in each language", async () => {
    renderWithProviders(<RecentTransactionsList customerId={7} />, "user", {
      "GET /api/transactions": page(ROWS),
    });
    await screen.findByText("Payout for bet #7");
    expect(shown()).toEqual(ENGLISH);
    act(() => applyLanguage("de"));
    expect(shown()).toEqual(GERMAN);
    expect(screen.queryByText("Payout for bet #7")).toBeNull();
  });

  test("the Transactions list: the description column in each language, its title too", async () => {
    renderApp("/transactions", "user", { "GET /api/transactions": page(ROWS) });
    const payout = (await screen.findByText("Payout for bet #7")).closest("tr") as HTMLElement;
    expect(within(payout).queryByText("Gewinn für Wette #7")).toBeNull();
    act(() => applyLanguage("de"));
    expect(within(payout).getByText("Gewinn für Wette #7")).toBeTruthy();
    expect(screen.queryByText("Payout for bet #7")).toBeNull();
    const stake = screen.getByText("Einsatz für Wette #7: Tom & Jerry <b>2:30</b>");
    expect(stake.closest("[title]")?.getAttribute("title")).toBe(
      "Einsatz für Wette #7: Tom & Jerry <b>2:30</b>",
    );
    expect(screen.getByText("Float from the safe")).toBeTruthy();
    expect(screen.getByText("Reversal of #3")).toBeTruthy();
  });

  test("a correction's preview names its rows in German", () => {
    const row = {
      amount: "25.00",
      fromEntityId: 3,
      fromName: "Ada Lovelace",
      toEntityId: 2,
      toName: "Galway",
      betId: 7,
      reason: null,
      shiftId: null,
    };
    const preview = {
      dryRun: true,
      rows: [
        {
          ...row,
          type: "PAYOUT",
          fromEntityType: "CUSTOMER",
          toEntityType: "SHOP",
          reversalOf: 31,
          description: "Correction of #31: bet #7 re-settled WON to VOID",
        },
        {
          ...row,
          type: "REFUND",
          fromEntityType: "SHOP",
          toEntityType: "CUSTOMER",
          reversalOf: null,
          description: "Refund for void bet #7 (re-settled from WON)",
        },
      ],
      balances: [],
      tills: [],
    } as unknown as CorrectionPreviewDto;
    render(<CorrectionPreview preview={preview} />);
    expect(screen.getByText("Correction of #31: bet #7 re-settled WON to VOID")).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(
      screen.getByText("Korrektur von #31: Wette #7 neu abgerechnet von Gewonnen auf Storno"),
    ).toBeTruthy();
    expect(
      screen.getByText("Erstattung für stornierte Wette #7 (neu abgerechnet, vorher Gewonnen)"),
    ).toBeTruthy();
  });
});
