import { describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CorrectionPreviewDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { transaction } from "../../../test/fixtures";
import { englishAfterEach, renderWithProviders, user } from "../../../test/render";
import ReverseTransactionDialog from "./reverse-transaction-dialog";

const preview = {
  dryRun: true,
  rows: [
    {
      type: "DEPOSIT",
      amount: "40.00",
      fromEntityType: "SHOP",
      fromEntityId: 3,
      fromName: "Main Street",
      toEntityType: "CUSTOMER",
      toEntityId: 7,
      toName: "Ada Lovelace",
      description: "Reversal of #9",
      betId: null,
      reversalOf: 9,
      reason: "Paid in twice",
      shiftId: null,
    },
  ],
  balances: [
    {
      party: "SHOP",
      id: 3,
      name: "Main Street",
      beforeAmount: "140.00",
      afterAmount: "100.00",
      creditLimit: null,
    },
    {
      party: "CUSTOMER",
      id: 7,
      name: "Ada Lovelace",
      beforeAmount: "0.00",
      afterAmount: "-40.00",
      creditLimit: "50.00",
    },
  ],
  tills: [],
} satisfies CorrectionPreviewDto;

describe("reversing a transaction (issue 12, issue 20)", () => {
  test("asks the reason, shows the preview and reverses only on confirmation", async () => {
    const ue = userEvent.setup();
    let closed = false;
    const { calls } = renderWithProviders(
      <ReverseTransactionDialog transactionId={9} onClose={() => (closed = true)} />,
      "admin",
      {
        "POST /api/admin/reverse-transaction": ({ body }: { body: { dryRun?: boolean } }) =>
          body.dryRun
            ? preview
            : {
                status: 201,
                body: {
                  original: transaction({ id: 9, archived: true }),
                  reversal: transaction({ id: 10, reversalOf: 9 }),
                },
              },
      },
    );
    // The reason first: required, at least 3 characters, with the server's messages.
    await ue.click(await screen.findByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Reason is required for a reversal")).toBeTruthy();
    const reason = screen.getByLabelText("Reason for the reversal *");
    await ue.type(reason, "ab");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Reason must be at least 3 characters")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await ue.clear(reason);
    await ue.type(reason, "  Paid in twice ");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    expect(
      await screen.findByText("This takes the customer Ada Lovelace to -€40.00 (from €0.00)."),
    ).toBeTruthy();
    expect(screen.getByTestId("reversal-reason").textContent).toBe("Reason: Paid in twice");
    expect(screen.getByText("Below zero, within the credit limit of €50.00.")).toBeTruthy();
    expect(
      screen.getByText("This takes the till of Main Street to €100.00 (from €140.00)."),
    ).toBeTruthy();
    const posts = () => calls.filter((c) => c.method === "POST");
    expect(posts().map((c) => c.body)).toEqual([
      { transactionId: 9, reason: "Paid in twice", dryRun: true },
    ]);
    await ue.click(screen.getByRole("button", { name: "Confirm reversal" }));
    expect(await screen.findByText("Transaction reversed successfully")).toBeTruthy();
    expect(posts()[1]?.body).toEqual({ transactionId: 9, reason: "Paid in twice" });
    expect(closed).toBe(true);
  });

  test("a row that cannot be reversed says why and offers no confirmation", async () => {
    renderWithProviders(
      <ReverseTransactionDialog transactionId={9} reason="Paid in twice" onClose={() => {}} />,
      "admin",
      {
        "POST /api/admin/reverse-transaction": {
          status: 409,
          body: { message: "Transaction #9 has already been reversed", code: "CONFLICT" },
        },
      },
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Transaction #9 has already been reversed",
    );
    const confirm = screen.getByRole("button", { name: "Confirm reversal" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
  });
});

/**
 * The server's refusal in the language shown (issue 23, decisions 065 and 070): English word
 * for word as the API wrote it, German written from its reason and params, never the API's
 * English on a German screen.
 */
describe("a refusal of the reversal in the language shown", () => {
  englishAfterEach();

  // The bodies as the server answers them (src/lib/refusals.ts).
  const notReversible = {
    status: 409,
    body: {
      message:
        "BETTING transactions belong to bet #1 and follow its settlement; only DEPOSIT, WITHDRAWAL and TRANSFER transactions can be reversed",
      code: "CONFLICT",
      reason: "NOT_REVERSIBLE",
      params: { type: "BETTING", betId: 1 },
    },
  };
  const alreadyReversed = {
    status: 409,
    body: {
      message: "Transaction #9 has already been reversed",
      code: "CONFLICT",
      reason: "ALREADY_REVERSED",
      params: { transactionId: 9 },
    },
  };
  const reversalOfReversal = {
    status: 409,
    body: {
      message: "Transaction #9 is itself the reversal of #4 and cannot be reversed",
      code: "CONFLICT",
      reason: "REVERSAL_OF_REVERSAL",
      params: { transactionId: 9, reversalOfId: 4 },
    },
  };
  const notCompleted = {
    status: 409,
    body: {
      message: "Only a completed transaction can be reversed; #9 is PENDING",
      code: "CONFLICT",
      reason: "NOT_COMPLETED",
      params: { transactionId: 9, status: "PENDING" },
    },
  };
  const notFound = {
    status: 404,
    body: { message: "Transaction not found", code: "NOT_FOUND" },
  };

  /**
   * The dialog with its reason given, as the admin page opens it: for an admin who chose
   * German, or one who chose nothing on an English browser.
   */
  async function refusal(answer: unknown, language: "en" | "de"): Promise<string | null> {
    applyLanguage(language);
    renderWithProviders(
      <ReverseTransactionDialog transactionId={9} reason="Paid in twice" onClose={() => {}} />,
      "admin",
      {
        ...(language === "de" ? { "GET /api/user": { ...user("admin"), language } } : {}),
        "POST /api/admin/reverse-transaction": answer,
      },
    );
    // The signed-in user's language settles first; the text follows it.
    const title = language === "de" ? "Buchung #9 stornieren" : "Reverse transaction #9";
    expect(await screen.findByRole("dialog", { name: title })).toBeTruthy();
    return (await screen.findByRole("alert")).textContent;
  }

  test("English: the API's own words", async () => {
    expect(await refusal(notReversible, "en")).toBe(notReversible.body.message);
  });

  test("German: a bet's own row cannot be reversed, said in German", async () => {
    expect(await refusal(notReversible, "de")).toBe(
      "Buchungen der Art Einsatz gehören zu Wette #1 und folgen ihrer Abrechnung; nur Einzahlungen, Auszahlungen und Umbuchungen können storniert werden",
    );
  });

  test("German: already reversed, a reversal itself, not completed", async () => {
    expect(await refusal(alreadyReversed, "de")).toBe("Buchung #9 wurde bereits storniert");
    cleanup();
    expect(await refusal(reversalOfReversal, "de")).toBe(
      "Buchung #9 ist selbst die Stornierung von #4 und kann nicht storniert werden",
    );
    cleanup();
    expect(await refusal(notCompleted, "de")).toBe(
      "Nur eine gebuchte Buchung kann storniert werden; #9 ist Offen",
    );
  });

  test("German: a transaction not found", async () => {
    expect(await refusal(notFound, "de")).toBe("Nicht gefunden.");
  });
});
