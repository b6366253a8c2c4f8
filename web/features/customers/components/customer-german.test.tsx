/**
 * A customer's page and the customers list in German (issue 23 item 2): the panels, the
 * ledger lines and the list's columns read German, money as "1.250,50 €".
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, within } from "@testing-library/react";
import { applyLanguage } from "../../../i18n";
import { setLanguageChosenByUser } from "../../../lib/locale";
import { customer, transaction } from "../../../test/fixtures";
import { page, renderApp, user } from "../../../test/render";

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted screen.
  cleanup();
  setLanguageChosenByUser(false);
  applyLanguage("en");
});

/** An admin who chose German on their own page. */
const german = { ...user("admin"), language: "de" };

const counts = { totalBets: 3, activeBets: 1, wonBets: 1, lostBets: 1, voidBets: 0 };

describe("customers in German", () => {
  test("the customer's page: panels, limits, ledger lines and money", async () => {
    renderApp("/customers/7", "admin", {
      "GET /api/user": german,
      "GET /api/customers/:id/stats": counts,
      "GET /api/customers/:id": customer({
        balance: "1250.50",
        selfExcludedUntil: "2099-05-22T00:00:00.000Z",
      }),
      "GET /api/transactions": page([
        transaction({ id: 30, type: "WITHDRAWAL", reversalOf: 21, reason: "Falscher Kunde" }),
      ]),
      "GET /api/bets": page([]),
    });
    const balance = await screen.findByRole("region", { name: "Kontostand" });
    expect(within(balance).getByText(/^1\.250,50\s€$/)).toBeTruthy();
    expect(within(balance).getByText("Verfügbarer Kredit")).toBeTruthy();
    expect(within(balance).getByText("Nicht erlaubt")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Persönliche Daten" })).toBeTruthy();
    expect(screen.getAllByText("k. A.").length).toBe(3);
    expect(screen.getByText("Alter nicht geprüft")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Selbstsperre bis 2099-05-22.");
    const limits = screen.getByRole("region", { name: "Limits" });
    expect(within(limits).getAllByText("Keins")).toHaveLength(2);

    const line = await screen.findByRole("listitem", { name: "Buchung 30" });
    expect(within(line).getByText("Storno von #21")).toBeTruthy();
    expect(within(line).getByText("Grund: Falscher Kunde")).toBeTruthy();
    expect(line.textContent).toContain("Von Ann Byrne C-000007 an Central");
  });

  test("the list: German column headers and words", async () => {
    renderApp("/customers", "admin", {
      "GET /api/user": german,
      "GET /api/customers": page([customer({ allowOverdraft: true })]),
    });
    expect(await screen.findByRole("heading", { name: "Kunden", level: 1 })).toBeTruthy();
    for (const name of ["Nr.", "Vorname", "Nachname", "Kreditlimit", "Überziehung"]) {
      expect(await screen.findByRole("columnheader", { name: new RegExp(name) })).toBeTruthy();
    }
    expect(await screen.findByText("Erlaubt")).toBeTruthy();
  });
});
