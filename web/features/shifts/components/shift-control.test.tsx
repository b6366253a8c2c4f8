import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ShiftDto, userDto } from "../../../../src/domain/dto";
import { shift as openShift } from "../../../test/fixtures";
import { englishAfterEach, renderWithProviders, user } from "../../../test/render";
import { ShiftControl } from "./shift-control";

function shift(overrides: Partial<ShiftDto> = {}): ShiftDto {
  return openShift({
    userId: 2,
    user: { id: 2, username: "user-user" },
    shopId: 3,
    shop: { id: 3, name: "Central" },
    deposits: "40.00",
    depositCount: 1,
    withdrawals: "10.00",
    withdrawalCount: 1,
    expectedCash: "130.00",
    ...overrides,
  });
}

/** An open shift that closes with 127.50 counted of 130.00 expected: 2.50 short. */
const closingShort = {
  "GET /api/shifts/current": shift(),
  "POST /api/shifts/:id/close": shift({
    status: "CLOSED",
    closedAt: "2026-01-03T17:00:00.000Z",
    countedCash: "127.50",
    discrepancy: "-2.50",
  }),
};

describe("the shift control", () => {
  test("a long shop name is never cut: the link wraps, and its title names the shop and the start", async () => {
    renderWithProviders(<ShiftControl />, "user", {
      "GET /api/shifts/current": shift({ shop: { id: 3, name: "Galway Bookmakers Eyre Square" } }),
    });
    const link = await screen.findByRole("link", { name: "Open at Galway Bookmakers Eyre Square" });
    // It was cut to "Open at Galway Bo…" in the sidebar, and its title held only the time.
    expect(link.className).not.toContain("truncate");
    expect(link.getAttribute("title")).toStartWith(
      "Open at Galway Bookmakers Eyre Square, opened ",
    );
    expect(link.getAttribute("title")).toContain("2026");
  });

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
      ...closingShort,
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

  test("closed by Enter in the count: the result has the focus, so a second Enter hides nothing", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<ShiftControl />, "user", { ...closingShort });
    expect(await screen.findByText("Open at Central")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Close shift" }));
    const dialog = await screen.findByRole("dialog", { name: "Close shift" });
    await ue.type(within(dialog).getByLabelText("Counted cash (€)"), "127,50{Enter}");
    const closed = await screen.findByRole("dialog", { name: "Shift closed" });
    // The form and its field are gone: the result takes the focus (without it the focus fell
    // to the page; on Done, the cashier's second Enter closed the dialog unread).
    const result = within(closed).getByTestId("shift-closed-result");
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(result.textContent).toContain("€2.50 short");
    expect(within(closed).getByRole("region").getAttribute("aria-labelledby")).toBe(
      within(closed).getByRole("status").id,
    );
    await ue.keyboard("{Enter}");
    expect(screen.getByRole("dialog", { name: "Shift closed" })).toBe(closed);
    expect(within(closed).getByText("€2.50 short")).toBeTruthy();
    // Tab goes on to the report link, then Done, whose Enter ends it.
    await ue.tab();
    expect(document.activeElement).toBe(within(closed).getByRole("link", { name: "Shift report" }));
    await ue.tab();
    const done = within(closed).getByRole("button", { name: "Done" });
    expect(document.activeElement).toBe(done);
    await ue.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Shift closed" })).toBeNull());
  });

  test("the close dialog lists every line of the till: float, deposits, withdrawals, cash bets, slips paid, top-ups, pick-ups", async () => {
    const ue = userEvent.setup();
    const withMoves = shift({
      cashStakes: "16.00",
      cashStakeCount: 2,
      cashPayouts: "19.00",
      cashPayoutCount: 1,
      topups: "25.10",
      topupCount: 1,
      pickups: "60.00",
      pickupCount: 2,
      expectedCash: "92.10",
    });
    renderWithProviders(<ShiftControl />, "user", {
      "GET /api/shifts/current": withMoves,
      "POST /api/shifts/:id/close": {
        ...withMoves,
        status: "CLOSED",
        closedAt: "2026-01-03T17:00:00.000Z",
        countedCash: "92.00",
        discrepancy: "-0.10",
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Close shift" }));
    const dialog = await screen.findByRole("dialog", { name: "Close shift" });
    const lines = () =>
      [...within(dialog).getByTestId("shift-figures").querySelectorAll("dt")].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]);
    expect(lines()).toEqual([
      ["Opening float", "€100.00"],
      ["Deposits (1)", "+ €40.00"],
      ["Withdrawals (1)", "- €10.00"],
      ["Cash bets (2)", "+ €16.00"],
      ["Slips paid (1)", "- €19.00"],
      ["Top-ups (1)", "+ €25.10"],
      ["Pick-ups (2)", "- €60.00"],
      ["Expected cash", "€92.10"],
    ]);
    await ue.type(within(dialog).getByLabelText("Counted cash (€)"), "92");
    await ue.click(within(dialog).getByRole("button", { name: "Close shift" }));
    const done = await screen.findByRole("dialog", { name: "Shift closed" });
    expect(within(done).getByText("Counted cash")).toBeTruthy();
    expect(within(done).getByText("€0.10 short")).toBeTruthy();
    expect(within(done).getByText("Pick-ups (2)")).toBeTruthy();
  });

  test("Pick-up records cash lifted to the safe: amount read back, reason required", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<ShiftControl />, "user", {
      "GET /api/shifts/current": shift(),
      "POST /api/shifts/:id/movements": {
        status: 201,
        body: shift({ pickups: "50.00", pickupCount: 1, expectedCash: "80.00" }),
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Pick-up" }));
    const dialog = await screen.findByRole("dialog", { name: "Pick-up to the safe" });
    await ue.click(within(dialog).getByRole("button", { name: "Record pick-up" }));
    expect(await within(dialog).findByText("Amount must be a positive number")).toBeTruthy();
    expect(within(dialog).getByText("Reason is required")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await ue.type(within(dialog).getByLabelText("Amount (€)"), "50");
    expect(within(dialog).getByText("= €50.00")).toBeTruthy();
    await ue.type(within(dialog).getByLabelText("Reason"), "Till over €500: lifted to the safe");
    await ue.click(within(dialog).getByRole("button", { name: "Record pick-up" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const post = calls.find((c) => c.method === "POST");
    expect(post).toMatchObject({
      path: "/api/shifts/5/movements",
      body: { kind: "pickup", amount: "50.00", reason: "Till over €500: lifted to the safe" },
    });
    expect(post?.headers?.["Idempotency-Key"]).toBeTruthy();
  });

  test("Top-up records cash brought into the till", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<ShiftControl />, "user", {
      "GET /api/shifts/current": shift(),
      "POST /api/shifts/:id/movements": { status: 201, body: shift() },
    });
    await ue.click(await screen.findByRole("button", { name: "Top-up" }));
    const dialog = await screen.findByRole("dialog", { name: "Top-up from the safe" });
    await ue.type(within(dialog).getByLabelText("Amount (€)"), "20.5");
    expect(within(dialog).getByText("= €20.50")).toBeTruthy();
    await ue.type(within(dialog).getByLabelText("Reason"), "Change for the morning");
    await ue.click(within(dialog).getByRole("button", { name: "Record top-up" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      kind: "topup",
      amount: "20.50",
      reason: "Change for the morning",
    });
  });
});

describe("the shift control in German", () => {
  englishAfterEach();

  test("a German cashier closes the shift: typed 127,50, the shortfall read the German way", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<ShiftControl />, "user", {
      "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
      ...closingShort,
    });
    expect(await screen.findByText("Offen in Central")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Offen in Central" }).getAttribute("title"),
    ).toStartWith("Offen in Central, geöffnet ");
    await ue.click(screen.getByRole("button", { name: "Schicht schließen" }));
    const dialog = await screen.findByRole("dialog", { name: "Schicht schließen" });
    await ue.type(within(dialog).getByLabelText("Gezähltes Bargeld (€)"), "127,50");
    await ue.click(within(dialog).getByRole("button", { name: "Schicht schließen" }));
    const done = await screen.findByRole("dialog", { name: "Schicht geschlossen" });
    // textContent: the testing library's matchers fold the no-break space into a space.
    expect(within(done).getByTestId("shift-figures").textContent).toContain(
      "Differenz2,50\u00a0€ zu wenig",
    );
    expect(within(done).getByRole("status").textContent).toBe(
      "Schicht #5 in Central ist geschlossen.",
    );
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ countedCash: "127.50" });
  });
});
