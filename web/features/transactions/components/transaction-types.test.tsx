/**
 * A ledger row's type and a side without a name, in the language shown: the codes in English
 * (the SPEC's DEPOSIT, 'USER (5)'), words in German, in the list, its cards' filter and the
 * short ledger lines; what the Type filter sends stays the code.
 */
import { describe, expect, test } from "bun:test";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "../../../i18n";
import { transaction } from "../../../test/fixtures";
import { englishAfterEach, page, renderApp } from "../../../test/render";
import { LedgerLine } from "./ledger-line";

const transfer = transaction({
  id: 22,
  type: "TRANSFER",
  description: "float",
  fromEntityType: "USER",
  fromEntityId: 5,
  fromCustomer: null,
});

describe("transaction types in the language shown", () => {
  englishAfterEach();

  test("the list: codes in English, words in German; the filter sends the code", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/transactions", "user", {
      "GET /api/transactions": page([transaction(), transfer]),
    });
    const deposit = (await screen.findByText("cash")).closest("tr") as HTMLElement;
    expect(within(deposit).getByText("DEPOSIT").className).toContain("text-success");
    expect(screen.getByText("USER (5)")).toBeTruthy();
    const filter = screen.getByLabelText("Type") as HTMLSelectElement;
    expect(within(filter).getByRole("option", { name: "Deposit" })).toBeTruthy();

    act(() => applyLanguage("de"));
    expect(within(deposit).getByText("Einzahlung").className).toContain("text-success");
    expect(within(deposit).queryByText("DEPOSIT")).toBeNull();
    const row = screen.getByText("float").closest("tr") as HTMLElement;
    expect(within(row).getByText("Umbuchung")).toBeTruthy();
    expect(within(row).getByText("Benutzer (5)")).toBeTruthy();
    const art = screen.getByLabelText("Art") as HTMLSelectElement;
    const options = within(art)
      .getAllByRole("option")
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options).toEqual([
      ["", "Alle"],
      ["DEPOSIT", "Einzahlung"],
      ["WITHDRAWAL", "Auszahlung"],
      ["TRANSFER", "Umbuchung"],
      ["BETTING", "Einsatz"],
      ["PAYOUT", "Gewinn"],
      ["REFUND", "Erstattung"],
    ]);
    await ue.selectOptions(art, "Auszahlung");
    await waitFor(() =>
      expect(calls.some((c) => c.search.get("type") === "WITHDRAWAL")).toBe(true),
    );
  });

  test("a short ledger line: the type and an unnamed side in German", () => {
    render(
      <ul>
        <LedgerLine t={transaction({ type: "PAYOUT" })} />
        <LedgerLine t={transfer} />
      </ul>,
    );
    expect(screen.getByText("PAYOUT")).toBeTruthy();
    expect(screen.getByText("USER (5)")).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(screen.getByText("Gewinn")).toBeTruthy();
    expect(screen.getByText("Umbuchung")).toBeTruthy();
    expect(screen.getByText("Benutzer (5)")).toBeTruthy();
  });
});
