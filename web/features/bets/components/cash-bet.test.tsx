/**
 * Cash bets on the web (issue 21 items 1 and 3, decision 051): the bet dialog's Cash mode
 * takes no customer and no funds check, sends `payment: "cash"` for the open shift's till,
 * prints the slip at once, says when an admin is needed and why a bet without an open shift
 * is refused; a cash bet shows "Cash" wherever a bet's customer shows.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "../../../../src/domain/enums";
import { bet, customer, PAID_ON_SLIP, settings, shop, transaction } from "../../../test/fixtures";
import { type Call, page, renderApp, renderWithProviders } from "../../../test/render";
import NewBetDialog from "./new-bet-dialog";

const SETTINGS = settings({ cashBetMaxStake: "500.00" });

/** The user's open shift at Main Street (only what the dialog reads of it). */
const OPEN_SHIFT = { id: 5, status: "OPEN", shopId: 4, shop: { id: 4, name: "Main Street" } };

const cashBet = (over: Parameters<typeof bet>[0] = {}) =>
  bet({
    id: 31,
    customerId: null,
    customer: null,
    payment: "cash",
    shiftId: 5,
    shopId: 4,
    shop: { id: 4, name: "Main Street" },
    ...over,
  });

function setup(
  role: Role,
  props: { payment?: "account" | "cash"; customerId?: number; shopId?: number } = {
    payment: "cash",
  },
  routes: Record<string, unknown> = {},
) {
  const ue = userEvent.setup();
  const view = renderWithProviders(<NewBetDialog onClose={() => {}} {...props} />, role, {
    "GET /api/settings": SETTINGS,
    "GET /api/shifts/current": OPEN_SHIFT,
    "GET /api/customers/:id": customer(),
    "GET /api/customers": page([customer()]),
    "GET /api/shops/:id": shop(),
    "GET /api/shops": page([shop()]),
    "POST /api/bets": { status: 201, body: cashBet() },
    ...routes,
  });
  return { ue, ...view };
}

async function typeBet(ue: ReturnType<typeof userEvent.setup>, stake: string) {
  // Once the shift (or its absence) and the settings are known.
  await waitFor(() =>
    expect(screen.getByRole("dialog").textContent).not.toContain("Loading your shift"),
  );
  await ue.type(await screen.findByLabelText("Description"), "Red Rum to win");
  await ue.type(screen.getByLabelText("Stake Amount (€)"), stake);
  await ue.type(screen.getByLabelText("Odds"), "11/8");
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === "POST" && c.path === "/api/bets");

describe("the bet dialog's Cash mode (issue 21, item 1)", () => {
  test("takes no customer: the open shift's shop, payment cash, and the slip prints at once", async () => {
    const taken = {
      stakeAmount: "8.00",
      totalStake: "8.00",
      price: "11/8",
      potentialPayout: "19.00",
    };
    const { ue, calls, location } = setup(
      "user",
      { payment: "cash" },
      { "POST /api/bets": { status: 201, body: cashBet(taken) } },
    );
    const dialog = await screen.findByRole("dialog", { name: "Place New Bet" });
    expect(within(dialog).getByRole<HTMLInputElement>("radio", { name: "Cash" }).checked).toBe(
      true,
    );
    expect(within(dialog).queryByRole("combobox", { name: /Customer/ })).toBeNull();
    expect(within(dialog).queryByRole("combobox", { name: /Shop/ })).toBeNull();
    expect(within(dialog).queryByRole("region", { name: "Customer Balance Info" })).toBeNull();
    expect(within(dialog).queryByLabelText("Outcome (optional)")).toBeNull();
    // The shop is the open shift's, read-only.
    await waitFor(() =>
      expect(within(dialog).getByTestId("cash-bet-shop").textContent).toContain("Main Street"),
    );
    await typeBet(ue, "8");
    // 8.00 at 11/8 returns 19.00 exactly (decision 048).
    await waitFor(() => expect(screen.getByTestId("potential-payout").textContent).toBe("€19.00"));
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const body = posts(calls)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      payment: "cash",
      description: "Red Rum to win",
      stakeAmount: "8.00",
      odds: "11/8",
      potentialPayout: "19.00",
      outcome: "PENDING",
    });
    for (const key of ["customerId", "shopId", "allowOvercredit"])
      expect(body).not.toHaveProperty(key);
    // The slip is the bearer's claim: it opens on its own page, printing.
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets/31/slip?print=original"));
    // The toast names the stake and the bet, and no customer (issue 20 item 7).
    expect(
      await screen.findByText(
        "Bet placed successfully. €8.00 in cash on bet #31; the slip is the bearer's claim",
      ),
    ).toBeTruthy();
  });

  test("Go back from a cash bet's large amount gives the focus to the stake, to correct it", async () => {
    const { ue, calls } = setup(
      "user",
      { payment: "cash" },
      {
        "GET /api/settings": settings({ cashBetMaxStake: "500.00", largeAmount: "100.00" }),
      },
    );
    await typeBet(ue, "150");
    await waitFor(() => expect(calls.some((c) => c.path === "/api/settings")).toBe(true));
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€150.00");
    expect(document.activeElement?.textContent).toBe("Go back");
    await ue.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByTestId("large-amount")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText("Stake Amount (€)")),
    );
    expect(posts(calls)).toHaveLength(0);
  });

  test("Account and Cash are a radio group the keyboard switches; Cash drops the customer picked", async () => {
    const { ue, calls, location } = setup(
      "user",
      { customerId: 7 },
      { "GET /api/shops/:id": shop({ id: 4, name: "Main Street" }) },
    );
    // An account bet starts at the open shift's shop (decision 088), once the shift is known.
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>("combobox", { name: "Shop" }).value).toBe(
        "Main Street",
      ),
    );
    const account = await screen.findByRole<HTMLInputElement>("radio", { name: "Account" });
    expect(account.checked).toBe(true);
    expect(screen.getByRole("combobox", { name: /Customer/ })).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Customer Balance Info" })).toBeTruthy();
    account.focus();
    await ue.keyboard("{ArrowRight}");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Cash" }).checked).toBe(true);
    await waitFor(() => expect(screen.queryByRole("combobox", { name: /Customer/ })).toBeNull());
    expect(screen.queryByRole("region", { name: "Customer Balance Info" })).toBeNull();
    await typeBet(ue, "8");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).not.toHaveProperty("customerId");
    expect(posts(calls)[0]?.body).toMatchObject({ payment: "cash" });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets/31/slip?print=original"));
  });

  test("an account bet still sends its customer and no payment field of cash", async () => {
    const { ue, calls, location } = setup(
      "user",
      { customerId: 7, shopId: 3 },
      { "POST /api/bets": { status: 201, body: bet() } },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await typeBet(ue, "8");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ customerId: 7 });
    expect(posts(calls)[0]?.body).not.toMatchObject({ payment: "cash" });
    // No slip opens by itself for an account bet (its New Bet button offers it).
    expect(location.history?.at(-1)).toBe("/");
  });

  test("without an open shift: a hint to open one, and the server's refusal in the dialog", async () => {
    const { ue } = setup("user", undefined, {
      "GET /api/shifts/current": null,
      "POST /api/bets": {
        status: 422,
        body: { message: "A cash bet needs an open shift: open one first", code: "VALIDATION" },
      },
    });
    const where = await screen.findByTestId("cash-bet-shop");
    await waitFor(() => expect(where.textContent).toContain("No open shift"));
    expect(where.textContent).toContain("Open a shift first");
    await typeBet(ue, "8");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    const dialog = screen.getByRole("dialog", { name: "Place New Bet" });
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("A cash bet needs an open shift: open one first");
    expect(alert.textContent).toContain("Open shift, under Shift in the menu");
  });

  test("above CASH_BET_MAX_STAKE staff are told an admin is needed, and nothing is sent", async () => {
    const { ue, calls } = setup("user");
    await typeBet(ue, "500.01");
    const note = await screen.findByTestId("cash-needs-admin");
    expect(note.textContent).toBe("An admin is needed to take a cash bet above €500.00.");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await Bun.sleep(50);
    expect(posts(calls)).toHaveLength(0);
    // At the limit itself, staff may take it.
    await ue.clear(screen.getByLabelText("Stake Amount (€)"));
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "500");
    await waitFor(() => expect(screen.queryByTestId("cash-needs-admin")).toBeNull());
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
  });

  test("an admin takes a cash bet above it, without the note", async () => {
    const { ue, calls, location } = setup("admin");
    await typeBet(ue, "600");
    expect(screen.queryByTestId("cash-needs-admin")).toBeNull();
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets/31/slip?print=original"));
    expect(posts(calls)[0]?.body).toMatchObject({ payment: "cash", stakeAmount: "600.00" });
  });
});

describe('a cash bet shows "Cash" where a bet names its customer (issue 21, item 3)', () => {
  test("the Bets list", async () => {
    renderApp("/bets", "user", { "GET /api/bets": page([cashBet(), bet()]) });
    await screen.findByText("Cash");
    const rows = screen.getAllByRole("row");
    const cashRow = rows.find((r) => r.textContent?.includes("#31"));
    expect(within(cashRow as HTMLElement).getByText("Cash")).toBeTruthy();
    expect(cashRow?.textContent).not.toContain("Customer ID");
    expect(within(cashRow as HTMLElement).queryByRole("link", { name: /Cash/ })).toBeNull();
    const accountRow = rows.find((r) => r.textContent?.includes("#11"));
    expect(within(accountRow as HTMLElement).getByRole("link", { name: "Ann Byrne" })).toBeTruthy();
  });

  test("the bet's page", async () => {
    renderApp("/bets/31", "user", {
      "GET /api/bets/:id": cashBet({ status: "WON", actualPayout: "19.00", paid: PAID_ON_SLIP }),
      "GET /api/bets/:id/settlements": [],
      "GET /api/transactions": page([]),
    });
    await screen.findByRole("heading", { name: "Bet #31" });
    const detail = await screen.findByRole("region", { name: "Bet Details" });
    expect(within(detail).getByTestId("cash-bet").textContent).toBe("Cash");
    // Its slip paid at the counter: how much, when, where and by whom.
    expect(detail.textContent).toMatch(/PaidPaid €19\.00 on .+ at Main Street by alice/);
  });

  test("the dashboard's bets panel", async () => {
    renderApp("/", "user", { "GET /api/bets": page([cashBet()]) });
    const panel = await screen.findByRole("region", { name: "Bets" });
    await waitFor(() => expect(within(panel).getByTestId("cash-bet").textContent).toBe("Cash"));
  });

  test("settling a cash bet Won says the slip is owed, not a customer paid", async () => {
    const ue = userEvent.setup();
    renderApp("/bets/31", "user", {
      "GET /api/bets/:id": cashBet({ stakeAmount: "8.00", potentialPayout: "19.00" }),
      "GET /api/bets/:id/settlements": [],
      "GET /api/transactions": page([]),
      "GET /api/settings": SETTINGS,
    });
    await ue.click(await screen.findByRole("button", { name: "Won" }));
    const dialog = await screen.findByRole("dialog", { name: "Settle bet #31 as Won" });
    expect(within(dialog).getByTestId("settle-effect").textContent).toContain(
      "Owes €19.00 on the slip",
    );
    expect(dialog.textContent).toContain("Cash");
    expect(dialog.textContent).not.toContain("customer #");
  });
});

describe("the ledger names the counter's cash (issue 21, item 3)", () => {
  test('a cash stake\'s row reads "Cash" to the shop, not "CASH (0)"', async () => {
    const row = {
      ...transaction({ type: "BETTING", amount: "8.00", betId: 31 }),
      fromEntityType: "CASH",
      fromEntityId: 0,
      fromCustomer: null,
    };
    renderApp("/transactions", "user", { "GET /api/transactions": page([row]) });
    const from = await screen.findByTestId("ledger-from");
    expect(from.textContent).toBe("Cash");
    expect(document.body.textContent).not.toContain("CASH (0)");
  });
});
