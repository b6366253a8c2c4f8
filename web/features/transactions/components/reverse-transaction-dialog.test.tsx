import { describe, expect, test } from "bun:test";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CorrectionPreviewDto } from "../../../../src/domain/dto";
import { transaction } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
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
