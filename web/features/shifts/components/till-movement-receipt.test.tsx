/**
 * A pick-up's receipt from its success state (issue 21 item 4, decision 053): the movement
 * just recorded (M- reference), printed once as the original, then DUPLICATE.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useAtomValue } from "jotai";
import { useState } from "react";
import type { ShiftDto } from "../../../../src/domain/dto";
import { currentUserAtom } from "../../../lib/session";
import { printed, receiptOffered, stubPrint } from "../../../test/print";
import { renderWithProviders } from "../../../test/render";
import { ReceiptOfferSlot } from "../../receipts";
import TillMovementDialog from "./till-movement-dialog";

const prints = stubPrint();

const AT = "2026-11-26T14:03:00.000Z";
const movement = (id: number, kind: "pickup" | "topup", amount: string, reason: string) => ({
  id,
  kind,
  amount,
  reason,
  createdAt: AT,
  createdBy: { id: 2, username: "user-user" },
});

/** The shift as the dialog and the answer need it (the DTO's other figures do not matter). */
const shift = (tillMovements: ReturnType<typeof movement>[]) =>
  ({
    id: 5,
    status: "OPEN",
    userId: 2,
    user: { id: 2, username: "user-user" },
    shopId: 3,
    shop: { id: 3, name: "Central" },
    expectedCash: "100.00",
    tillMovements,
  }) as unknown as ShiftDto;

/** The dialog as the shift control opens it: for a signed-in user, unmounted once recorded. */
function Harness() {
  const [open, setOpen] = useState(true);
  const user = useAtomValue(currentUserAtom);
  if (!open || !user) return null;
  return (
    <TillMovementDialog
      shift={shift([movement(44, "pickup", "20.00", "Earlier")])}
      kind="pickup"
      onClose={() => setOpen(false)}
    />
  );
}

describe("the pick-up dialog's success state", () => {
  test("offers the movement's receipt: PICK-UP, M- reference, reason; then DUPLICATE", async () => {
    const ue = userEvent.setup();
    renderWithProviders(
      <>
        <ReceiptOfferSlot />
        <Harness />
      </>,
      "user",
      {
        "POST /api/shifts/:id/movements": {
          status: 201,
          body: shift([
            movement(44, "pickup", "20.00", "Earlier"),
            movement(45, "topup", "5.00", "Change"),
            movement(46, "pickup", "200.00", "Notes over the till limit"),
          ]),
        },
        "GET /api/shops/:id": {
          id: 3,
          name: "Central",
          location: "Dublin",
          address: null,
          phone: null,
          balance: "0.00",
          isActive: true,
          createdAt: AT,
        },
      },
    );
    await ue.type(await screen.findByLabelText("Amount (€)"), "200");
    await ue.type(screen.getByLabelText("Reason"), "Notes over the till limit");
    const offered = receiptOffered();
    await ue.click(screen.getByRole("button", { name: "Record pick-up" }));
    const offer = await offered;
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(offer.textContent).toContain("Pick-up M-000046");
    await ue.click(await within(offer).findByRole("button", { name: "Print receipt" }));
    await waitFor(() => expect(prints).toHaveLength(1));
    const receipt = printed();
    // The shop's location, read from the server when the receipt was offered.
    expect(receipt?.textContent).toContain("Dublin");
    expect(receipt?.getAttribute("aria-label")).toBe("PICK-UP receipt M-000046");
    expect(receipt?.textContent).toContain("Notes over the till limit");
    expect(receipt?.textContent).toContain("€200.00");
    expect(receipt?.textContent).toContain("user-user");
    expect(receipt?.textContent).not.toContain("DUPLICATE");
    await ue.click(within(offer).getByRole("button", { name: "Reprint (DUPLICATE)" }));
    await waitFor(() => expect(prints).toHaveLength(2));
    expect(printed()?.getAttribute("data-duplicate")).toBe("true");
  });
});
