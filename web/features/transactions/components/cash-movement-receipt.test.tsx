/**
 * A deposit's and a withdrawal's receipt from the dialog's success state (issue 21 item 4,
 * decision 053): offered once processed, the first print the original, the second DUPLICATE.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { customer, shop, transaction } from "../../../test/fixtures";
import { printed, receiptOffered, stubPrint } from "../../../test/print";
import { renderWithProviders } from "../../../test/render";
import { ReceiptOfferSlot } from "../../receipts";
import CashMovementDialog from "./cash-movement-dialog";

const prints = stubPrint();

describe("the deposit dialog's success state", () => {
  test("offers the receipt; Print prints the original, then DUPLICATE", async () => {
    const ue = userEvent.setup();
    let closed = 0;
    renderWithProviders(
      <>
        <ReceiptOfferSlot />
        <CashMovementDialog
          kind="deposit"
          onClose={() => {
            closed += 1;
          }}
          customerId={7}
          shopId={3}
        />
      </>,
      "user",
      {
        "GET /api/customers/:id": customer(),
        "GET /api/shops/:id": shop({ address: "1 Quay Street", phone: "01 555 0100" }),
        "POST /api/deposits": { status: 201, body: transaction({ id: 123, amount: "50.00" }) },
      },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    expect(screen.queryByRole("region", { name: "Receipt" })).toBeNull();
    await ue.type(screen.getByLabelText("Amount (€)"), "50");
    const offered = receiptOffered();
    await ue.click(screen.getByRole("button", { name: "Process" }));
    const offer = await offered;
    await waitFor(() => expect(closed).toBe(1));
    expect(offer.textContent).toContain("Deposit T-000123");
    await ue.click(await within(offer).findByRole("button", { name: "Print receipt" }));
    await waitFor(() => expect(prints).toHaveLength(1));
    const receipt = printed();
    expect(receipt?.getAttribute("aria-label")).toBe("DEPOSIT receipt T-000123");
    expect(receipt?.textContent).toContain("Ann Byrne (C-000007)");
    expect(receipt?.textContent).toContain("1 Quay Street");
    expect(receipt?.textContent).toContain("€50.00");
    expect(receipt?.textContent).not.toContain("DUPLICATE");

    await ue.click(within(offer).getByRole("button", { name: "Reprint (DUPLICATE)" }));
    await waitFor(() => expect(prints).toHaveLength(2));
    expect(printed()?.textContent).toContain("DUPLICATE");

    await ue.click(within(offer).getByRole("button", { name: "Dismiss the receipt" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Receipt" })).toBeNull());
  });
});
