import { describe, expect, test } from "bun:test";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ShiftDto, shiftDto } from "../../../../src/domain/dto";
import { renderWithProviders } from "../../../test/render";
import { ShiftControl } from "./shift-control";

function shift(overrides: Partial<ShiftDto> = {}): ShiftDto {
  return shiftDto.parse({
    id: 5,
    status: "OPEN",
    userId: 2,
    user: { id: 2, username: "user-user" },
    shopId: 3,
    shop: { id: 3, name: "Central" },
    openingFloat: "100.00",
    openedAt: "2026-01-03T09:00:00.000Z",
    closedAt: null,
    closedBy: null,
    deposits: "40.00",
    depositCount: 1,
    withdrawals: "10.00",
    withdrawalCount: 1,
    expectedCash: "130.00",
    countedCash: null,
    discrepancy: null,
    ...overrides,
  });
}

describe("the shift control", () => {
  test("without an open shift: Open shift asks for the shop and the float first", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<ShiftControl />, "user", {
      "GET /api/shifts/current": null,
      "GET /api/shops/:id": { id: 3, name: "Central" },
      "POST /api/shifts": { status: 201, body: shift() },
    });
    await ue.click(await screen.findByRole("button", { name: "Open shift" }));
    const dialog = await screen.findByRole("dialog", { name: "Open shift" });
    await ue.click(within(dialog).getByRole("button", { name: "Open shift" }));
    expect(await within(dialog).findByText("Shop is required")).toBeTruthy();
    expect(within(dialog).getByText("Opening float is required")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("with an open shift: closing shows expected, counted and the discrepancy", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<ShiftControl />, "user", {
      "GET /api/shifts/current": shift(),
      "POST /api/shifts/:id/close": shift({
        status: "CLOSED",
        closedAt: "2026-01-03T17:00:00.000Z",
        countedCash: "127.50",
        discrepancy: "-2.50",
      }),
    });
    expect(await screen.findByText("Open at Central")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Close shift" }));
    const dialog = await screen.findByRole("dialog", { name: "Close shift" });
    expect(within(dialog).getByText("€130.00")).toBeTruthy(); // expected so far
    await ue.type(within(dialog).getByLabelText("Counted cash (€)"), "127,50");
    expect(within(dialog).getByText("= €127.50")).toBeTruthy();
    await ue.click(within(dialog).getByRole("button", { name: "Close shift" }));
    const done = await screen.findByRole("dialog", { name: "Shift closed" });
    expect(within(done).getByText("€2.50 short")).toBeTruthy();
    expect(within(done).getByText("€127.50")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/shifts/5/close",
      body: { countedCash: "127.50" },
    });
  });
});
