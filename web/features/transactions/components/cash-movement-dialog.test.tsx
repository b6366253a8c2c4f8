import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { customer, SHOP_TO_CUSTOMER, shop, transaction } from "../../../test/fixtures";
import { page, renderWithProviders } from "../../../test/render";
import CashMovementDialog from "./cash-movement-dialog";

function setup(kind: "deposit" | "withdrawal", balance: string | null) {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <CashMovementDialog
      kind={kind}
      onClose={() => {}}
      customerId={balance === null ? undefined : 7}
      shopId={balance === null ? undefined : 3}
    />,
    "user",
    {
      "GET /api/customers/:id": customer({ balance: balance ?? "0.00" }),
      "GET /api/customers": page([customer()]),
      "GET /api/shops/:id": shop(),
      "GET /api/shops": page([shop()]),
      "POST /api/deposits": { status: 201, body: transaction() },
      "POST /api/withdrawals": {
        status: 201,
        body: transaction({
          type: "WITHDRAWAL",
          ...SHOP_TO_CUSTOMER,
        }),
      },
    },
  );
  return { ue, ...view };
}

describe("deposit and withdrawal dialogs", () => {
  test("required messages appear on submit and clear on change", async () => {
    const { ue } = setup("deposit", null);
    expect(await screen.findByText("Process Customer Deposit")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Process" }));
    expect(await screen.findByText("Customer is required")).toBeTruthy();
    expect(screen.getByText("Shop is required")).toBeTruthy();
    expect(screen.getByText("Amount must be a positive number")).toBeTruthy();
    await ue.type(screen.getByLabelText("Amount (€)"), "5");
    await waitFor(() => expect(screen.queryByText("Amount must be a positive number")).toBeNull());
    await ue.click(screen.getByLabelText("Customer"));
    await ue.click(await screen.findByRole("option", { name: /Ann Byrne/ }));
    await waitFor(() => expect(screen.queryByText("Customer is required")).toBeNull());
  });

  test("the customer picker searches the server as you type", async () => {
    const { ue, calls } = setup("deposit", null);
    await ue.type(await screen.findByLabelText("Customer"), "byr");
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/customers" && c.search.get("q") === "byr")).toBe(
        true,
      ),
    );
    const search = calls.find((c) => c.search.get("q") === "byr")?.search;
    expect(search?.get("limit")).toBe("10");
  });

  test("withdrawal with no positive balance is blocked", async () => {
    setup("withdrawal", "-5.00");
    expect(await screen.findByText("Process Customer Withdrawal")).toBeTruthy();
    expect(
      await screen.findByText("This customer has no positive balance available for withdrawal."),
    ).toBeTruthy();
    expect(
      screen.getByText("Withdrawals are only allowed from positive balance, not credit."),
    ).toBeTruthy();
    const panel = screen.getByRole("region", { name: "Customer Balance Info" });
    expect(panel.textContent).toContain("Available for withdrawal:€0.00");
    expect((screen.getByRole("button", { name: "Process" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  test("withdrawal above the balance is blocked; within it is processed", async () => {
    const { ue, calls } = setup("withdrawal", "40.00");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Amount (€)"), "40.01");
    expect(
      await screen.findByText("This withdrawal amount exceeds the customer's available balance."),
    ).toBeTruthy();
    const process = screen.getByRole("button", { name: "Process" }) as HTMLButtonElement;
    expect(process.disabled).toBe(true);
    await ue.clear(screen.getByLabelText("Amount (€)"));
    await ue.type(screen.getByLabelText("Amount (€)"), "40");
    await waitFor(() => expect(process.disabled).toBe(false));
    await ue.click(process);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/withdrawals")).toBe(true));
    const post = calls.find((c) => c.path === "/api/withdrawals");
    expect(post?.body).toEqual({ customerId: 7, shopId: 3, amount: "40.00", description: null });
    expect(post?.headers["Idempotency-Key"]).toBeTruthy();
    // The SPEC's text first, then whom, how much and the balance read after it (issue 20).
    expect(
      await screen.findByText(
        "Withdrawal processed successfully. €50.00 withdrawn from Ann Byrne (C-000007); balance €40.00",
      ),
    ).toBeTruthy();
  });

  test("deposit that clears the debt, and one that does not", async () => {
    const { ue } = setup("deposit", "-30.00");
    const amount = await screen.findByLabelText("Amount (€)");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(amount, "10");
    expect(
      await screen.findByText("⚠ Customer will still have debt after this deposit."),
    ).toBeTruthy();
    expect(screen.getByRole("region", { name: "Customer Balance Info" }).textContent).toContain(
      "New Balance:-€20.00",
    );
    await ue.clear(amount);
    await ue.type(amount, "30");
    expect(await screen.findByText("✓ This deposit will clear the customer's debt.")).toBeTruthy();
    expect(screen.queryByText(/still have debt/)).toBeNull();
  });

  test("Process reads 'Processing...' while pending", async () => {
    const ue = userEvent.setup();
    renderWithProviders(
      <CashMovementDialog kind="deposit" onClose={() => {}} customerId={7} shopId={3} />,
      "user",
      {
        "GET /api/customers/:id": customer(),
        "GET /api/shops/:id": shop(),
        "POST /api/deposits": { pending: true },
      },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await ue.type(screen.getByLabelText("Amount (€)"), "5{Enter}");
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeTruthy();
  });
});

/**
 * The dialog as the counter keys open it: gone once closed, so while it was open it was the
 * only reader of its customer (F9 from the dashboard).
 */
function UntilClosed(props: { kind: "deposit" | "withdrawal" }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <CashMovementDialog {...props} onClose={() => setOpen(false)} customerId={7} shopId={3} />
  ) : null;
}

describe("the success message's balance", () => {
  // The refresh the write starts never answers before the dialog closes: closing cancels it
  // and TanStack Query puts the balance from before the write back. The message must not
  // take that one (it said "balance €30.20" after a €5.00 deposit on €30.20).
  for (const [kind, amount, after] of [
    ["deposit", "5.00", "35.20"],
    ["withdrawal", "7.50", "22.70"],
  ] as const) {
    test(`after a ${kind} it is the balance after it, with the dialog closed at once`, async () => {
      const ue = userEvent.setup();
      let written = false;
      let refreshes = 0;
      const moved = {
        status: 201,
        body: transaction({
          amount,
          ...(kind === "withdrawal" ? { type: "WITHDRAWAL", ...SHOP_TO_CUSTOMER } : {}),
        }),
      };
      renderWithProviders(<UntilClosed kind={kind} />, "user", {
        "GET /api/customers/:id": () => {
          if (!written) return customer({ balance: "30.20" });
          refreshes += 1;
          // The first read after the write is the query's own refresh: still on its way.
          return refreshes === 1 ? { pending: true } : customer({ balance: after });
        },
        "GET /api/shops/:id": shop(),
        "POST /api/deposits": () => {
          written = true;
          return moved;
        },
        "POST /api/withdrawals": () => {
          written = true;
          return moved;
        },
      });
      await screen.findByRole("region", { name: "Customer Balance Info" });
      await ue.type(screen.getByLabelText("Amount (€)"), `${amount}{Enter}`);
      const done = kind === "deposit" ? "Deposit" : "Withdrawal";
      const moveText =
        kind === "deposit" ? `€${amount} deposited for` : `€${amount} withdrawn from`;
      expect(
        await screen.findByText(
          `${done} processed successfully. ${moveText} Ann Byrne (C-000007); balance €${after}`,
        ),
      ).toBeTruthy();
      expect(screen.queryByRole("dialog")).toBeNull();
    });
  }
});

describe("the large-amount threshold (LARGE_AMOUNT from /api/settings)", () => {
  function withThreshold(largeAmount: string) {
    const ue = userEvent.setup();
    const view = renderWithProviders(
      <CashMovementDialog kind="deposit" onClose={() => {}} customerId={7} shopId={3} />,
      "user",
      {
        "GET /api/settings": { largeAmount },
        "GET /api/customers/:id": customer(),
        "GET /api/shops/:id": shop(),
        "POST /api/deposits": { status: 201, body: transaction() },
      },
    );
    return { ue, ...view };
  }

  test("just below it, the deposit is sent at once", async () => {
    const { ue, calls } = withThreshold("100.00");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/settings")).toBe(true));
    await ue.type(screen.getByLabelText("Amount (€)"), "99,99");
    await ue.click(screen.getByRole("button", { name: "Process" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/deposits")).toBe(true));
    expect(screen.queryByTestId("large-amount")).toBeNull();
  });

  /** The dialog for customer 7 (€50.00) at shop 3, LARGE_AMOUNT €40.00, ready to type in. */
  async function largeAmountDialog(kind: "deposit" | "withdrawal", onClose: () => void) {
    const { calls } = renderWithProviders(
      <CashMovementDialog kind={kind} onClose={onClose} customerId={7} shopId={3} />,
      "user",
      {
        "GET /api/settings": { largeAmount: "40.00" },
        "GET /api/customers/:id": customer({ balance: "50.00" }),
        "GET /api/shops/:id": shop(),
      },
    );
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/settings")).toBe(true));
    return { calls, amount: screen.getByLabelText("Amount (€)") as HTMLInputElement };
  }

  for (const kind of ["deposit", "withdrawal"] as const) {
    test(`Go back from a ${kind}'s large amount gives the focus to the amount, to correct it`, async () => {
      const ue = userEvent.setup();
      const { calls, amount } = await largeAmountDialog(kind, () => {});
      await ue.type(amount, "45{Enter}");
      expect((await screen.findByTestId("large-amount")).textContent).toBe("€45.00");
      expect(document.activeElement?.textContent).toBe("Go back");
      // Keyboard only: Enter on Go back. The focus was dropped to <body> with that button.
      await ue.keyboard("{Enter}");
      await waitFor(() => expect(screen.queryByTestId("large-amount")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(amount));
      expect((amount as HTMLInputElement).value).toBe("45");
      expect(calls.some((c) => c.method === "POST")).toBe(false);
    });
  }

  for (const kind of ["deposit", "withdrawal"] as const) {
    test(`Escape on a ${kind}'s large amount goes back to the filled form; a second one closes`, async () => {
      const ue = userEvent.setup();
      let closed = 0;
      const { calls, amount } = await largeAmountDialog(kind, () => {
        closed += 1;
      });
      await ue.type(screen.getByLabelText("Description (optional)"), "Counter");
      await ue.type(amount, "45{Enter}");
      expect((await screen.findByTestId("large-amount")).textContent).toBe("€45.00");
      expect(document.activeElement?.textContent).toBe("Go back");
      // Escape is Go back here: it used to close the dialog and throw the filled form away.
      await ue.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByTestId("large-amount")).toBeNull());
      expect(closed).toBe(0);
      await waitFor(() => expect(document.activeElement).toBe(amount));
      expect(amount.value).toBe("45");
      expect((screen.getByLabelText("Description (optional)") as HTMLTextAreaElement).value).toBe(
        "Counter",
      );
      // On the form, Escape closes the dialog as before.
      await ue.keyboard("{Escape}");
      expect(closed).toBe(1);
      expect(calls.some((c) => c.method === "POST")).toBe(false);
    });
  }

  test("from it, the amount is asked again in large type and only sent when confirmed", async () => {
    const { ue, calls } = withThreshold("100.00");
    await screen.findByRole("region", { name: "Customer Balance Info" });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/settings")).toBe(true));
    await ue.type(screen.getByLabelText("Amount (€)"), "100");
    await ue.click(screen.getByRole("button", { name: "Process" }));
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€100.00");
    expect(calls.some((c) => c.path === "/api/deposits")).toBe(false);
    // The safe choice has the focus: a second Enter does not confirm.
    expect(document.activeElement?.textContent).toBe("Go back");
    await ue.click(screen.getByRole("button", { name: "Yes, deposit €100.00" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/deposits")).toBe(true));
    expect(calls.find((c) => c.path === "/api/deposits")?.body).toMatchObject({ amount: "100.00" });
  });
});
