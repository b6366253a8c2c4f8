/** Issue 12, shifts and cash-up: open a shift, take a deposit, close it short, read the Z report. */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  api,
  detail,
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  panel,
  pick,
  unique,
  visible,
} from "./harness";
import { createCustomer, createShop, deposit, withdraw } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** Closes a toast still showing, so axe checks the page and not the toast list. */
async function dismissToasts(p: Page): Promise<void> {
  const close = p.getByRole("region", { name: "Notifications (F8)" }).getByRole("button", {
    name: "Close",
  });
  if (await close.count()) await close.first().click();
  await hidden(close);
}

describe("shifts and cash-up", () => {
  test("open a shift, take a deposit, close it with a discrepancy, print the Z report", async () => {
    const { page: p, problems, context } = await suite.admin();
    const shop = await createShop(p, unique("Till"));
    const other = await createShop(p, unique("Elsewhere"));
    const last = unique("Cash");
    const customer = await createCustomer(p, "Ruth", last);

    // Open the shift from the sidebar's header.
    const control = p.getByTestId("shift-control");
    await expectText(control, "No open shift");
    await control.getByRole("button", { name: "Open shift" }).click();
    const opening = p.getByRole("dialog", { name: "Open shift" });
    await pick(opening, "Shop", shop.name);
    await opening.getByLabel("Opening float (€)").fill("100");
    await visible(opening.getByText("= €100.00", { exact: true }));
    await opening.getByRole("button", { name: "Open shift" }).click();
    await expectToast(p, "Success", "Shift opened");
    await expectText(control, `Open at ${shop.name}`);

    // A deposit at the counter, and one at another shop that is not this till's.
    await p.goto(`/customers/${customer.id}`);
    await panel(p, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = p.getByRole("dialog", { name: "Process Customer Deposit" });
    await pick(dep, "Shop", shop.name);
    await dep.getByLabel("Amount (€)").fill("25,50");
    await dep.getByRole("button", { name: "Process" }).click();
    await expectToast(p, "Success", "Deposit processed successfully");
    await deposit(p, customer.id, other.id, "40.00");

    // Close it: expected €125.50, counted €120.00, €5.50 short.
    await control.getByRole("button", { name: "Close shift" }).click();
    const closing = p.getByRole("dialog", { name: "Close shift" });
    await expectText(detail(closing, "Expected cash"), "€125.50", { exact: true });
    await closing.getByLabel("Counted cash (€)").fill("120");
    await closing.getByRole("button", { name: "Close shift" }).click();
    const closed = p.getByRole("dialog", { name: "Shift closed" });
    await expectText(detail(closed, "Expected cash"), "€125.50", { exact: true });
    await expectText(detail(closed, "Counted cash"), "€120.00", { exact: true });
    await expectText(detail(closed, "Discrepancy"), "€5.50 short", { exact: true });
    const alerts = await api<{ title: string; description: string }[]>(p, "GET", "/api/alerts");
    expect(alerts.find((a) => a.title === "Till discrepancy at cash-up")?.description).toContain(
      "closed €5.50 short",
    );

    // The Z report: the figures and the shift's one deposit; printing drops the chrome.
    await closed.getByRole("link", { name: "Shift report" }).click();
    await visible(p.getByRole("heading", { name: /^Shift report #\d+$/ }));
    await expectText(control, "No open shift");
    await expectText(detail(panel(p, "Shift"), "Shop"), shop.name, { exact: true });
    await expectText(detail(panel(p, "Cash-up"), "Deposits (1)"), "+ €25.50", { exact: true });
    const rows = panel(p, "Deposits, withdrawals, cash bets and slips paid").getByRole("row");
    // The movements arrive with their own request: wait for the row, then count.
    await visible(rows.nth(1));
    expect(await rows.count()).toBe(2); // the header and the one deposit
    await expectText(rows.nth(1), `Ruth ${last}`);
    await dismissToasts(p);
    await expectAccessible(p, "the shift report");
    await visible(p.getByRole("button", { name: "Print" }));
    await p.emulateMedia({ media: "print" });
    await hidden(p.locator("#app-sidebar"));
    await hidden(p.getByRole("button", { name: "Print" }));
    await visible(p.getByRole("heading", { name: /^Shift report #\d+$/ }));
    await p.emulateMedia({ media: "screen" });

    // Admins find it in the Shifts list.
    await p.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shifts" }).click();
    await visible(p.getByRole("heading", { name: "Shifts", level: 1 }));
    const row = p.getByRole("row").filter({ hasText: shop.name });
    await expectText(row, "€5.50 short");
    await dismissToasts(p);
    await expectAccessible(p, "the shifts list");
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe("the shift report on a phone", () => {
  test("at 390 px nothing scrolls sideways and every amount shows whole inside its card", async () => {
    const { page: p, problems, context } = await suite.admin();
    const shop = await createShop(p, unique("Narrow Till"));
    const customer = await createCustomer(p, "Siobhán", unique("Fitzgerald-Montgomery"));
    const shift = await api<{ id: number }>(p, "POST", "/api/shifts", {
      shopId: shop.id,
      openingFloat: "1500.00",
    });
    await deposit(p, customer.id, shop.id, "1500.00");
    await withdraw(p, customer.id, shop.id, "1250.00");
    for (const [kind, amount] of [
      ["pickup", "1500.00"],
      ["topup", "1000.00"],
    ] as const) {
      await api(p, "POST", `/api/shifts/${shift.id}/movements`, {
        kind,
        amount,
        reason: "Counted at the half-way mark and lifted to the safe",
      });
    }

    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto(`/shifts/${shift.id}`);
    const movements = p.getByRole("table", {
      name: "Deposits, withdrawals, cash bets and slips paid",
    });
    const till = p.getByRole("table", { name: "Pick-ups and top-ups" });
    await expectText(movements, "- €1,250.00");
    await expectText(till, "- €1,500.00");
    const overflow = await p.evaluate(() => {
      const page = document.scrollingElement ?? document.documentElement;
      return page.scrollWidth - window.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    // Each table fits its card: nothing to scroll to inside it, so every amount shows whole.
    for (const table of [movements, till]) {
      const fit = await table.evaluate((element) => {
        const box = element.parentElement as HTMLElement;
        const right = box.getBoundingClientRect().right;
        return {
          hidden: box.scrollWidth - box.clientWidth,
          cut: [...element.querySelectorAll("tbody td:last-child")]
            .filter((cell) => cell.getBoundingClientRect().right > right + 0.5)
            .map((cell) => cell.textContent),
        };
      });
      expect(fit).toEqual({ hidden: 0, cut: [] });
    }
    await p.setViewportSize({ width: 1280, height: 800 });
    expect(problems()).toEqual([]);
    await context.close();
  });
});
