/**
 * A customer's page and the customers list in German (issue 23 item 2): the panels, the
 * ledger lines and the list's columns read German, money as "1.250,50 €".
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
    expect(screen.getByRole("status").textContent).toContain("Selbstsperre bis 22. Mai 2099.");
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

/**
 * The edit forms in German (issue 23, decision 065): an amount is prefilled as a German
 * cashier types it ("1.000,50", read back "= 1.000,50 €"), not in the API's form "1000.50",
 * and what goes back to the API is still the literal "1000.50".
 */
describe("the edit forms in German", () => {
  const rich = customer({
    creditLimit: "1000.50",
    maxStake: "1000.50",
    dailyDepositLimit: "2500.00",
  });

  /** The rich customer's page, in German, that saves whatever is sent. */
  const richCustomerPage = () =>
    renderApp("/customers/7", "admin", {
      "GET /api/user": german,
      "GET /api/customers/:id/stats": counts,
      "GET /api/customers/:id": rich,
      "GET /api/transactions": page([]),
      "GET /api/bets": page([]),
      "PATCH /api/customers/:id": rich,
    });

  test("Edit Customer: the credit limit as a German amount, saved as the same literal", async () => {
    const ue = userEvent.setup();
    const { calls } = richCustomerPage();
    await ue.click(await screen.findByRole("button", { name: "Bearbeiten" }));
    const dialog = await screen.findByRole("dialog", { name: "Kunde bearbeiten" });
    const limit = within(dialog).getByLabelText("Kreditlimit (€) *") as HTMLInputElement;
    expect(limit.value).toBe("1.000,50");
    expect(within(dialog).getByText(/^= 1\.000,50\s€$/)).toBeTruthy();
    await ue.click(within(dialog).getByRole("button", { name: "Änderungen speichern" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ creditLimit: "1000.50" });
  });

  test("Set Limits: German amounts; an untouched limit is not sent, a changed one as a literal", async () => {
    const ue = userEvent.setup();
    const { calls } = richCustomerPage();
    await ue.click(await screen.findByRole("button", { name: "Limits festlegen" }));
    const dialog = await screen.findByRole("dialog", { name: "Limits zum Spielerschutz" });
    const stake = within(dialog).getByLabelText("Höchsteinsatz (€)") as HTMLInputElement;
    const deposits = within(dialog).getByLabelText(
      "Einzahlungslimit pro Tag (€)",
    ) as HTMLInputElement;
    expect(stake.value).toBe("1.000,50");
    expect(deposits.value).toBe("2.500,00");
    expect(within(dialog).getByText(/^= 2\.500,00\s€$/)).toBeTruthy();
    // Nothing changed: nothing waits 24 hours.
    expect(within(dialog).queryByRole("status")).toBeNull();
    await ue.clear(deposits);
    await ue.type(deposits, "2.000");
    await ue.click(within(dialog).getByRole("button", { name: "Limits speichern" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ dailyDepositLimit: "2000.00" });
  });
});
