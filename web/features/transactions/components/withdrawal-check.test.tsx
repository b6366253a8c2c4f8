/**
 * The withdrawal rule's refusal in the reader's language (decision 088): the inline alert and
 * the block's title and message, in German for a German user (they came from
 * src/domain/money.ts in English whatever the language), the SPEC's English for an English one.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { customer, shop } from "../../../test/fixtures";
import { renderWithProviders, user } from "../../../test/render";
import CashMovementDialog from "./cash-movement-dialog";

function setup(balance: string, language: "de" | null) {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <CashMovementDialog kind="withdrawal" onClose={() => {}} customerId={7} shopId={3} />,
    "user",
    {
      "GET /api/user": userDto.parse({ ...user("user"), language }),
      "GET /api/shifts/current": null,
      "GET /api/customers/:id": customer({ balance }),
      "GET /api/shops/:id": shop(),
    },
  );
  return { ue, ...view };
}

/** A submit that reaches the check (the button is disabled, the form still submits). */
function submit(): void {
  const form = screen.getByRole("dialog").querySelector("form");
  if (!form) throw new Error("no form");
  fireEvent.submit(form);
}

/** The destructive toast's text (its title, then its message). */
async function blockToast(title: string): Promise<string> {
  const toast = await screen.findByText(title);
  return (toast.closest('[role="status"]') ?? toast.parentElement)?.textContent ?? "";
}

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

describe("the withdrawal refusal in German", () => {
  test("an amount above the balance (1.000,50 on 195,20 €): alert and block in German", async () => {
    const { ue } = setup("195.20", "de");
    const panel = await screen.findByRole("region", { name: /Guthaben|Kunden/ });
    await ue.type(screen.getByLabelText("Betrag (€)"), "1.000,50");
    const alert = await within(panel).findByRole("alert");
    expect(alert.textContent).toBe(
      "Der Auszahlungsbetrag übersteigt das verfügbare Guthaben des Kunden.",
    );
    expect((screen.getByRole("button", { name: "Ausführen" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    submit();
    const text = await blockToast("Guthaben reicht nicht");
    expect(text).toContain(
      "Der Kunde hat 195,20\u00a0€ verfügbar. Die Auszahlung von 1.000,50\u00a0€ übersteigt diesen Betrag.",
    );
    expect(document.body.textContent).not.toMatch(/exceeds|Insufficient/);
  });

  test("no positive balance: alert and block in German", async () => {
    const { ue } = setup("-12.00", "de");
    const panel = await screen.findByRole("region", { name: /Guthaben|Kunden/ });
    expect((await within(panel).findByRole("alert")).textContent).toBe(
      "Dieser Kunde hat kein positives Guthaben für eine Auszahlung.",
    );
    await ue.type(screen.getByLabelText("Betrag (€)"), "5");
    submit();
    expect(await blockToast("Auszahlung nicht möglich")).toContain(
      "Der Kunde hat kein positives Guthaben für eine Auszahlung.",
    );
    expect(document.body.textContent).not.toMatch(/positive balance|Not Allowed/);
  });
});

describe("the withdrawal refusal in English", () => {
  test("the SPEC's words: inline alert, then 'Insufficient Balance' with both amounts", async () => {
    const { ue } = setup("40.00", null);
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Amount (€)"), "40.01");
    expect(
      await screen.findByText("This withdrawal amount exceeds the customer's available balance."),
    ).toBeTruthy();
    submit();
    expect(await blockToast("Insufficient Balance")).toContain(
      "Customer has €40.00 available. Withdrawal of €40.01 exceeds this amount.",
    );
  });

  test("'Withdrawal Not Allowed' for a balance of zero", async () => {
    const { ue } = setup("0.00", null);
    expect(
      await screen.findByText("This customer has no positive balance available for withdrawal."),
    ).toBeTruthy();
    await ue.type(screen.getByLabelText("Amount (€)"), "1");
    submit();
    await waitFor(async () =>
      expect(await blockToast("Withdrawal Not Allowed")).toContain(
        "Customer has no positive balance available for withdrawal.",
      ),
    );
  });
});
