/**
 * The till's expected cash follows the counter at once: a cash bet (F4) or a deposit moves it,
 * and the Close shift dialog opened next shows the figure after it, not the one read before.
 * No live stream runs in the first two (no EventSource under test): the mutation's own refresh
 * must do it. The third has one: a bet taken at this till in another tab is announced on it.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { ShiftControl } from "../features/shifts";
import { CashMovementDialog } from "../features/transactions";
import {
  type FakeEventSource,
  installFakeEventSource,
  restoreEventSource,
  streams,
} from "../test/event-source";
import { bet, customer, settings, shift, shop, transaction } from "../test/fixtures";
import { page, renderApp, renderWithProviders } from "../test/render";

/** The Close shift dialog's figures, opened from the sidebar's shift control. */
async function closeShiftFigures(ue: ReturnType<typeof userEvent.setup>): Promise<string> {
  await ue.click(screen.getByRole("button", { name: "Close shift" }));
  const dialog = await screen.findByRole("dialog", { name: "Close shift" });
  return within(dialog).getByTestId("shift-figures").textContent ?? "";
}

describe("the till's expected cash after a counter's takings", () => {
  test("an F4 cash bet of €8.00: Close shift then expects €108.00", async () => {
    const ue = userEvent.setup();
    let placed = false;
    const { calls, location } = renderApp("/", "user", {
      "GET /api/settings": settings({ cashBetMaxStake: "500.00" }),
      "GET /api/shops/:id": shop({ id: 4, name: "Main Street" }),
      "GET /api/shops": page([]),
      "GET /api/bets": page([]),
      "GET /api/transactions": page([]),
      // The server's figure: the €8.00 stake is in the till once the bet is placed.
      "GET /api/shifts/current": () =>
        placed ? shift({ cashStakes: "8.00", cashStakeCount: 1, expectedCash: "108.00" }) : shift(),
      "POST /api/bets": () => {
        placed = true;
        return {
          status: 201,
          body: bet({ id: 31, customerId: null, customer: null, payment: "cash", shiftId: 5 }),
        };
      },
    });
    await screen.findByText("Open at Main Street");
    await waitFor(() => expect(document.body.dataset.counterKeys).toBe("on"));
    await ue.keyboard("{F4}");
    const dialog = await screen.findByRole("dialog", { name: "Place New Bet" });
    await waitFor(() => expect(dialog.textContent).not.toContain("Loading your shift"));
    await ue.type(within(dialog).getByLabelText("Description"), "Red Rum to win");
    await ue.type(within(dialog).getByLabelText("Stake Amount (€)"), "8");
    await ue.type(within(dialog).getByLabelText("Odds"), "2");
    await ue.click(within(dialog).getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(placed).toBe(true));
    // The shift is read again after the bet, not only before it.
    await waitFor(() => {
      const reads = calls.filter((c) => c.path === "/api/shifts/current");
      expect(calls.indexOf(reads.at(-1) as (typeof calls)[number])).toBeGreaterThan(
        calls.findIndex((c) => c.method === "POST" && c.path === "/api/bets"),
      );
    });
    // The slip opens on its own page, printing (no sidebar there); back from it, the till is
    // closed with the new figure.
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets/31/slip?print=original"));
    act(() => location.navigate("/"));
    await screen.findByText("Open at Main Street");
    const figures = await closeShiftFigures(ue);
    expect(figures).toContain("Cash bets (1)+ €8.00");
    expect(figures).toContain("Expected cash€108.00");
  });

  test("a €40.00 deposit: Close shift then expects €140.00", async () => {
    const ue = userEvent.setup();
    let deposited = false;
    const { calls } = renderWithProviders(
      <Suspense fallback={null}>
        <ShiftControl />
        <CashMovementDialog kind="deposit" onClose={() => {}} customerId={7} shopId={4} />
      </Suspense>,
      "user",
      {
        "GET /api/customers/:id": customer(),
        "GET /api/shops/:id": shop({ id: 4, name: "Main Street" }),
        "GET /api/shifts/current": () =>
          deposited
            ? shift({ deposits: "40.00", depositCount: 1, expectedCash: "140.00" })
            : shift(),
        "POST /api/deposits": () => {
          deposited = true;
          return { status: 201, body: transaction({ amount: "40.00" }) };
        },
      },
    );
    await screen.findByText("Open at Main Street");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Amount (€)"), "40");
    await ue.click(screen.getByRole("button", { name: "Process" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/deposits")).toBe(true));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/shifts/current").length).toBe(2),
    );
    const figures = await closeShiftFigures(ue);
    expect(figures).toContain("Deposits (1)+ €40.00");
    expect(figures).toContain("Expected cash€140.00");
  });

  test("the live stream's BET change (a cash bet from another tab) refreshes the till's figure", async () => {
    const ue = userEvent.setup();
    let placed = false;
    installFakeEventSource();
    const { calls } = renderApp("/", "user", {
      "GET /api/shops/:id": shop({ id: 4, name: "Main Street" }),
      "GET /api/shifts/current": () =>
        placed ? shift({ cashStakes: "8.00", cashStakeCount: 1, expectedCash: "108.00" }) : shift(),
    });
    await screen.findByText("Open at Main Street");
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    act(() => stream.emit("ready", ""));
    placed = true;
    const reads = () => calls.filter((c) => c.path === "/api/shifts/current").length;
    const before = reads();
    act(() => stream.change("BET", "31"));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    const figures = await closeShiftFigures(ue);
    expect(figures).toContain("Expected cash€108.00");
  });
});

afterEach(restoreEventSource);
