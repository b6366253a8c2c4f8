/**
 * An amount field reads and reads back by the user's locale (decision 038), through a real
 * dialog: the close-shift form in an English and a German browser.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { shift } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import { ShiftControl } from "./shift-control";

const openShift = shift({
  userId: 2,
  user: { id: 2, username: "user-user" },
  shopId: 3,
  shop: { id: 3, name: "Central" },
});

/** The browser's language, as web/lib/locale.ts reads it. */
function browserIn(locale: string) {
  Object.defineProperty(window.navigator, "language", { value: locale, configurable: true });
}

afterEach(() => {
  delete (window.navigator as { language?: string }).language;
});

async function closeDialog() {
  const { calls } = renderWithProviders(<ShiftControl />, "user", {
    "GET /api/shifts/current": openShift,
    "POST /api/shifts/:id/close": { ...openShift, status: "CLOSED" },
  });
  await userEvent.setup().click(await screen.findByRole("button", { name: "Close shift" }));
  const dialog = await screen.findByRole("dialog", { name: "Close shift" });
  return { calls, dialog, field: within(dialog).getByLabelText("Counted cash (€)") };
}

/** The line beside the field that shows the amount as read. */
const readBack = (dialog: HTMLElement) => within(dialog).queryByText(/^= /)?.textContent ?? null;

describe("an amount typed in the browser's locale", () => {
  test('en-IE: "1,005" is €1,005.00; "1.005" is too many decimals', async () => {
    browserIn("en-IE");
    const ue = userEvent.setup();
    const { calls, dialog, field } = await closeDialog();
    await ue.type(field, "1,005");
    expect(readBack(dialog)).toBe("= €1,005.00");
    await ue.clear(field);
    await ue.type(field, "1.005");
    expect(readBack(dialog)).toBeNull();
    await ue.click(within(dialog).getByRole("button", { name: "Close shift" }));
    expect(await within(dialog).findByText("At most 2 decimal places")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test('de-DE: "1.005" is 1.005,00 € and is sent as the literal "1005.00"', async () => {
    browserIn("de-DE");
    const ue = userEvent.setup();
    const { calls, dialog, field } = await closeDialog();
    await ue.type(field, "1,005");
    expect(readBack(dialog)).toBeNull();
    await ue.clear(field);
    await ue.type(field, "1.005");
    expect(readBack(dialog)).toBe("= 1.005,00\u00a0€");
    await ue.click(within(dialog).getByRole("button", { name: "Close shift" }));
    await screen.findByRole("dialog", { name: "Shift closed" });
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/shifts/5/close",
      body: { countedCash: "1005.00" },
    });
  });
});
