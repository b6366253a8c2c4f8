import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatDate } from "../lib/format";
import { bet, customer, shop, transaction } from "../test/fixtures";
import { page, renderApp } from "../test/render";

const counts = { totalBets: 3, activeBets: 1, wonBets: 1, lostBets: 1, voidBets: 0 };

describe("customer detail", () => {
  test("loading, then the customer's panels", async () => {
    renderApp("/customers/7", "user", {
      "GET /api/customers/:id/stats": counts,
      "GET /api/customers/:id": customer({ balance: "0.00", address: null }),
      "GET /api/transactions": page([]),
      "GET /api/bets": page([]),
    });
    expect(await screen.findByText("Loading customer details...")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Ann Byrne" })).toBeTruthy();
    expect(screen.getByText("No transactions found")).toBeTruthy();
    expect(screen.getByText("No bets found")).toBeTruthy();
    expect(screen.getAllByText("N/A").length).toBe(3);
    expect((screen.getByRole("button", { name: "Withdraw" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole("button", { name: "Deposit" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "New Bet" })).toBeTruthy();
  });

  test("HTTP 404 gives 'Customer Not Found' with a way back", async () => {
    renderApp("/customers/99", "user", {
      "GET /api/customers/:id": { status: 404, body: { message: "Customer not found" } },
    });
    expect(await screen.findByText("Customer Not Found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Customers" }).getAttribute("href")).toBe(
      "/customers",
    );
  });

  test("other errors give 'Error Loading Customer'", async () => {
    renderApp("/customers/7", "user", {
      "GET /api/customers/:id": { status: 500, body: { message: "boom" } },
    });
    expect(await screen.findByText("Error Loading Customer")).toBeTruthy();
    expect(
      screen.getByText("There was an error loading the customer details. Please try again."),
    ).toBeTruthy();
  });

  test("a failed recent list shows its error, not an empty text", async () => {
    renderApp("/customers/7", "user", {
      "GET /api/customers/:id/stats": counts,
      "GET /api/customers/:id": customer(),
      "GET /api/transactions": { status: 500, body: "ledger down" },
      "GET /api/bets": { status: 503, body: "bets down" },
    });
    expect(await screen.findByText('500: "ledger down"')).toBeTruthy();
    expect(await screen.findByText('503: "bets down"')).toBeTruthy();
    expect(screen.queryByText("No transactions found")).toBeNull();
    expect(screen.queryByText("No bets found")).toBeNull();
  });

  test("the customer role sees no mutation buttons", async () => {
    renderApp("/customers/7", "customer", {
      "GET /api/customers/:id/stats": counts,
      "GET /api/customers/:id": customer(),
      "GET /api/transactions": page([transaction()]),
      "GET /api/bets": page([bet()]),
    });
    expect(await screen.findByRole("heading", { name: "Ann Byrne" })).toBeTruthy();
    for (const name of ["New Bet", "Deposit", "Withdraw", "Edit"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.getByText("+€50.00")).toBeTruthy();
  });
});

describe("shop, bet and user detail", () => {
  test("shop 404 and error states", async () => {
    const missing = renderApp("/shops/9", "user", { "GET /api/shops/:id": { status: 404 } });
    expect(await screen.findByText("Shop Not Found")).toBeTruthy();
    missing.unmount();
    renderApp("/shops/9", "user", { "GET /api/shops/:id": { status: 500 } });
    expect(await screen.findByText("Error Loading Shop")).toBeTruthy();
  });

  test("shop detail shows figures and the win rate to 1 decimal", async () => {
    renderApp("/shops/3", "user", {
      "GET /api/shops/:id/stats": {
        totalBets: 7,
        activeBets: 1,
        wonBets: 2,
        lostBets: 4,
        voidBets: 1,
        totalStakes: "70.00",
        potentialPayouts: "140.00",
      },
      "GET /api/shops/:id": shop(),
      "GET /api/transactions": page([]),
      "GET /api/bets": page([]),
    });
    expect(await screen.findByRole("heading", { name: "Central" })).toBeTruthy();
    await waitFor(() => expect(screen.getByText("66.7%")).toBeTruthy());
    expect(screen.getByText("€140.00")).toBeTruthy();
  });

  test("a missing bet gives 'Bet not found' with 'Back to Bets'", async () => {
    renderApp("/bets/5", "user", { "GET /api/bets/:id": { status: 404 } });
    expect(await screen.findByText("Bet not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Bets" })).toBeTruthy();
  });

  test("bet detail shows the void reason and links", async () => {
    renderApp("/bets/11", "user", {
      "GET /api/bets/:id": bet({ status: "VOID", voidReason: "Abandoned", shop: null }),
    });
    expect(await screen.findByText("Abandoned")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ann Byrne" }).getAttribute("href")).toBe(
      "/customers/7",
    );
    const shopRow = screen.getByText("Shop").closest("div") as HTMLElement;
    expect(within(shopRow).getByRole("definition").textContent).toBe("3");
    expect(screen.queryByText("Shop ID: 3")).toBeNull();
  });

  test("user detail: role badge, access text; missing user", async () => {
    const found = renderApp("/users/4", "user", {
      "GET /api/users/:id": {
        id: 4,
        username: "sam",
        role: "customer",
        createdAt: "2026-01-05T09:30:00.000Z",
      },
    });
    expect(await screen.findByText("Customer access only")).toBeTruthy();
    expect(screen.getAllByText("Customer").length).toBeGreaterThan(0);
    expect(screen.getByText(formatDate("2026-01-05T09:30:00.000Z"))).toBeTruthy();
    found.unmount();
    const missing = renderApp("/users/4", "user", { "GET /api/users/:id": { status: 404 } });
    expect(await screen.findByText("User Not Found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toBeTruthy();
    missing.unmount();
    // An outage is not a missing user: an auditor must not read "User Not Found" for it.
    renderApp("/users/4", "user", { "GET /api/users/:id": { status: 500 } });
    expect(await screen.findByText("Error Loading User")).toBeTruthy();
    expect(
      screen.getByText("There was an error loading the user's details. Please try again."),
    ).toBeTruthy();
    expect(screen.queryByText("User Not Found")).toBeNull();
  });
});

describe("lists", () => {
  test("customers: loading, rows, sorting both ways, search and row click", async () => {
    const ue = userEvent.setup();
    const { calls, location } = renderApp("/customers", "user", {
      "GET /api/customers": (req: { search: URLSearchParams }) =>
        req.search.get("q") === "zzz" ? page([]) : page([customer({ email: null })], 120),
    });
    expect(await screen.findByText("Loading customers...")).toBeTruthy();
    expect(await screen.findByText("Ann")).toBeTruthy();
    expect(screen.getByText("1–25 of 120")).toBeTruthy();
    expect(screen.getByText("Not Allowed")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: /Balance/ }));
    await waitFor(() => expect(calls.at(-1)?.search.get("sort")).toBe("balance"));
    expect(calls.at(-1)?.search.get("order")).toBe("asc");
    await ue.click(screen.getByRole("button", { name: /Balance/ }));
    await waitFor(() => expect(calls.at(-1)?.search.get("order")).toBe("desc"));
    await ue.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(calls.at(-1)?.search.get("offset")).toBe("25"));
    await ue.click(screen.getByText("Ann"));
    expect(location.history?.at(-1)).toBe("/customers/7");
  });

  test("customers: the Created By link opens the user, not the customer", async () => {
    const ue = userEvent.setup();
    const { location } = renderApp("/customers", "user", {
      "GET /api/customers": page([customer()]),
    });
    await ue.click(await screen.findByRole("link", { name: "admin" }));
    expect(location.history?.at(-1)).toBe("/users/1");
    expect(location.history).not.toContain("/customers/7");
  });

  test("customers: empty search result", async () => {
    const ue = userEvent.setup();
    renderApp("/customers", "user", {
      "GET /api/customers": (req: { search: URLSearchParams }) =>
        req.search.get("q") === "zzz" ? page([]) : page([customer()]),
    });
    await screen.findByText("Ann");
    await ue.type(screen.getByLabelText("Search"), "zzz");
    expect(await screen.findByText("No customers found")).toBeTruthy();
  });

  test("bets: PENDING rows have Won, Lost and Void; Won settles after a confirmation naming the payout", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/bets", "user", {
      "GET /api/bets": page([bet(), bet({ id: 12, status: "WON", description: "Done" })]),
      "PATCH /api/bets/:id/resolve": bet({ status: "WON" }),
    });
    await screen.findByText("Done");
    expect(screen.getAllByRole("button", { name: "Won" }).length).toBe(1);
    expect(screen.getAllByRole("button", { name: "Void" }).length).toBe(1);
    await ue.click(screen.getByRole("button", { name: "Won" }));
    // Nothing is settled until the confirmation says what it pays and is confirmed.
    expect(await screen.findByTestId("settle-effect")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")).toBeUndefined();
    expect(screen.getByTestId("settle-effect").textContent).toContain("Pays €");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    expect(await screen.findByText(/^Bet resolved successfully\. /)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "WON" });
    await ue.click(screen.getByRole("button", { name: "Void" }));
    expect(await screen.findByLabelText("Reason for voiding this bet *")).toBeTruthy();
  });

  test("transactions: stored From/To, entity fallback, archived rows marked (not faded)", async () => {
    renderApp("/transactions", "user", {
      "GET /api/transactions": page([
        transaction(),
        transaction({
          id: 22,
          type: "TRANSFER",
          description: "float",
          fromEntityType: "USER",
          fromEntityId: 5,
          fromCustomer: null,
          archived: true,
          processedByUser: null,
        }),
      ]),
    });
    const deposit = (await screen.findByText("cash")).closest("tr") as HTMLElement;
    const cells = within(deposit).getAllByRole("cell");
    // The stored sides, as in the reversal preview and the CSV (decisions/039).
    // The customer with its number beside the name (issue 20).
    expect(cells[4]?.textContent).toBe("Ann Byrne C-000007");
    expect(cells[5]?.textContent).toBe("Central");
    expect(within(deposit).getByText("DEPOSIT").className).toContain("text-success");
    const transfer = screen.getByText("USER (5)").closest("tr") as HTMLElement;
    // Archived: a badge and a struck-through amount; faded rows failed axe's contrast check.
    expect(transfer.className).not.toContain("opacity");
    expect(within(transfer).getByText("Reversed")).toBeTruthy();
    expect(within(transfer).getByTestId("ledger-effect").className).toContain("line-through");
    expect(within(transfer).getByText("System")).toBeTruthy();
  });

  test("a failed list shows the error message", async () => {
    const { calls } = renderApp("/shops", "user", {
      "GET /api/shops": { status: 500, body: "down" },
    });
    expect(await screen.findByText('500: "down"')).toBeTruthy();
    // No retries (SPEC section 8): the one failed call is final.
    expect(calls.filter((c) => c.path === "/api/shops").length).toBe(1);
  });
});

describe("dashboard", () => {
  test("empty states, stat defaults, and the real counts on the badges and the bell", async () => {
    renderApp("/", "user", {
      "GET /api/bets": page([]),
      "GET /api/transactions": page([]),
      "GET /api/dashboard/stats": { status: 500 },
      "GET /api/counts": { customers: 41, shops: 7, pendingBets: 12, alerts: 3 },
    });
    expect(await screen.findByText("No bets found")).toBeTruthy();
    expect(await screen.findByText("No transactions found")).toBeTruthy();
    expect(await screen.findByText("No alerts at this time")).toBeTruthy();
    expect(screen.getAllByText("€0.00").length).toBe(2);
    expect(screen.getByText("Open bets (0)")).toBeTruthy();
    expect(screen.getByText("Today's bets (0)")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Notifications: 3 unread" })).toBeTruthy(),
    );
    expect(screen.getByTestId("bell-count").textContent).toBe("3");
    expect(screen.getByTestId("badge-Customers").textContent).toContain("41");
    expect(screen.getByTestId("badge-Shops").textContent).toContain("7");
    expect(screen.getByTestId("badge-Bets").textContent).toContain("12");
  });

  test("bet and transaction rows with their fallbacks; alerts with dismiss", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/", "user", {
      "GET /api/bets": page([bet({ customer: null, placedByUser: null })], 9),
      "GET /api/transactions": page([transaction({ description: null, processedByUser: null })]),
      "GET /api/alerts": [
        {
          id: 4,
          type: "warning",
          category: "operations",
          title: "Large stake",
          description: "A big bet",
          createdAt: new Date().toISOString(),
        },
      ],
      "POST /api/alerts/:id/dismiss": { status: 204 },
    });
    expect(await screen.findByText("Customer ID: 7")).toBeTruthy();
    expect(screen.getByText("Open bets (9)")).toBeTruthy();
    expect(screen.getByText("Unknown")).toBeTruthy();
    expect(await screen.findByText("No description")).toBeTruthy();
    expect(screen.getByText("System")).toBeTruthy();
    expect(screen.getByText("+€50.00")).toBeTruthy();
    expect(await screen.findByText("Just now")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Dismiss Large stake" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/alerts/4/dismiss")).toBe(true));
  });
});

describe("customer role", () => {
  test("sees no mutation button on the dashboard, lists and shop detail", async () => {
    const alert = {
      id: 4,
      type: "warning",
      category: "operations",
      title: "Large stake",
      description: "A big bet",
      createdAt: new Date().toISOString(),
    };
    const routes = {
      "GET /api/alerts": [alert],
      "GET /api/bets": page([bet()]),
      "GET /api/transactions": page([]),
      "GET /api/customers": page([customer()]),
      "GET /api/shops/:id/stats": { ...counts, totalStakes: "0.00", potentialPayouts: "0.00" },
      "GET /api/shops/:id": shop(),
      "GET /api/shops": page([shop()]),
    };
    const mutations = ["New Bet", "Add Customer", "Add Shop", "Edit", "Won", "Lost", "Void"];
    const none = () => {
      for (const name of mutations) expect(screen.queryByRole("button", { name })).toBeNull();
      expect(screen.queryByRole("button", { name: /^Dismiss/ })).toBeNull();
    };
    for (const [path, ready] of [
      ["/bets", "Arsenal to win"],
      ["/customers", "Byrne"],
      ["/shops", "Dublin"],
      ["/shops/3", "Shop Information"],
    ] as const) {
      const view = renderApp(path, "customer", routes);
      expect((await screen.findAllByText(ready)).length).toBeGreaterThan(0);
      none();
      view.unmount();
    }
  });
});
