import { describe, expect, test } from "bun:test";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bet, customer, health, shop } from "../test/fixtures";
import { page, renderApp } from "../test/render";

/** Controls without a label tied to them (`<label for>`, a wrapping label, or aria-label). */
function unlabelled(): string[] {
  const controls = document.querySelectorAll<HTMLElement>("input, select, textarea");
  return Array.from(controls)
    .filter((control) => {
      if (control.getAttribute("aria-label")) return false;
      if (control.closest("label")) return false;
      return !(control.id && document.querySelector(`label[for="${CSS.escape(control.id)}"]`));
    })
    .map((control) => control.outerHTML);
}

const routes = {
  "GET /api/customers/:id/stats": {
    totalBets: 0,
    activeBets: 0,
    wonBets: 0,
    lostBets: 0,
    voidBets: 0,
  },
  "GET /api/customers/:id": customer(),
  "GET /api/customers": page([customer()]),
  "GET /api/shops/:id": shop(),
  "GET /api/shops": page([shop()]),
  "GET /api/bets": page([bet()]),
  "GET /api/transactions": page([]),
  "GET /api/health": health(),
  "GET /api/admin/users": page([]),
};

describe("every input has a label tied to it", () => {
  test("sign-in page", async () => {
    renderApp("/auth", null);
    await screen.findByRole("button", { name: "Sign In" });
    expect(unlabelled()).toEqual([]);
  });

  test("each dialog and the lists' search boxes", async () => {
    const ue = userEvent.setup();
    const dialogs: [string, string, string][] = [
      ["/customers/7", "New Bet", "Place New Bet"],
      ["/customers/7", "Deposit", "Process Customer Deposit"],
      ["/customers/7", "Withdraw", "Process Customer Withdrawal"],
      ["/customers/7", "Edit", "Edit Customer"],
      ["/customers", "Add Customer", "Add New Customer"],
      ["/shops", "Add Shop", "Add New Shop"],
      ["/bets", "Void", "Void Bet"],
    ];
    for (const [path, button, title] of dialogs) {
      const view = renderApp(path, "admin", routes);
      await ue.click(await screen.findByRole("button", { name: button }));
      expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
      expect(unlabelled()).toEqual([]);
      view.unmount();
    }
  });

  test("admin and reports pages", async () => {
    for (const path of ["/admin", "/reports"]) {
      const view = renderApp(path, "admin", routes);
      await screen.findByLabelText(path === "/admin" ? "Transaction ID" : "Time Period");
      expect(unlabelled()).toEqual([]);
      view.unmount();
    }
  });
});
