/**
 * The books indicator in the browser (issue 13): a balance corrupted with SQL on the server's
 * own database turns the dashboard's indicator red after a check; one Recalculate (from the
 * keyboard) turns it green again; the admin page shows the same indicator; axe passes on the
 * red state; nothing scrolls sideways at 390 px.
 */
import { Database } from "bun:sqlite";
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { expectAccessible, expectText, unique, visible } from "./harness";
import { createCustomer, createShop, deposit } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

let customerId: number;
beforeAll(async () => {
  const { page, context } = await suite.admin();
  const shop = await createShop(page, unique("Bridge Street"));
  const customer = await createCustomer(page, "Aoife", unique("Walsh"));
  await deposit(page, customer.id, shop.id, "70.00");
  customerId = customer.id;
  await context.close();
});

/** Writes a wrong stored balance straight into the server's database file. */
function corruptBalance(id: number, cents: number): void {
  const db = new Database(suite.server.dbPath);
  try {
    db.query("update customers set balance_cents = ? where id = ?").run(cents, id);
  } finally {
    db.close();
  }
}

const books = (page: Page) => page.getByRole("region", { name: "Books", exact: true });

/** Presses a button from the keyboard: focus, then Enter. */
async function press(page: Page, name: string): Promise<void> {
  const button = books(page).getByRole("button", { name, exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
}

describe("the books indicator", () => {
  test("turns red after a balance is corrupted with SQL and green after recalculation", async () => {
    const { page, problems, context } = await suite.admin();
    const panel = books(page);
    await visible(panel, 30_000);
    await expectText(panel, "Not yet checked");
    await expectAccessible(page, "the dashboard before any books check");

    corruptBalance(customerId, 12_345);
    await press(page, "Check now");
    await expectText(panel, "1 discrepancy", { timeout: 30_000 });
    await expectText(
      panel,
      `Customer #${customerId} has a stored balance of €123.45 but its ledger gives €70.00`,
    );
    const open = panel.getByRole("link", { name: `Open customer #${customerId}` });
    expect(await open.getAttribute("href")).toBe(`/customers/${customerId}`);
    await expectAccessible(page, "the dashboard with a red books indicator");

    await press(page, `Recalculate the balance of customer #${customerId}`);
    await expectText(panel, "Books balance", { timeout: 30_000 });
    await visible(panel.getByRole("button", { name: "Check now", exact: true }));
    expect(await panel.getByRole("list", { name: "Discrepancies" }).count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the admin page shows the same indicator, and at 390 px nothing scrolls sideways", async () => {
    const { page, problems, context } = await suite.admin();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/admin");
    const panel = books(page);
    await visible(panel, 30_000);
    await expectText(panel, "Books balance");
    await expectText(panel, /Checked .* by admin/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.goto("/");
    await visible(books(page), 30_000);
    const dashboardOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(dashboardOverflow).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/admin");
    await expectText(books(page), "Books balance", { timeout: 30_000 });
    await expectAccessible(page, "the admin page's books indicator in the dark theme");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the admin page's Balance Recalculation checks the books again too", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/admin");
    const panel = books(page);
    await expectText(panel, "Books balance", { timeout: 30_000 });
    corruptBalance(customerId, 4_200);
    await press(page, "Check now");
    await expectText(panel, "1 discrepancy", { timeout: 30_000 });

    const recalculation = page.getByRole("region", { name: "Balance Recalculation" });
    await recalculation.getByLabel("Entity Type").selectOption("CUSTOMER");
    await recalculation.getByLabel("Entity ID").fill(String(customerId));
    await recalculation.getByRole("button", { name: "Recalculate Balance" }).click();
    await expectText(recalculation, "new balance €70.00 (drift €28.00)");
    // A new check ran by itself: the indicator no longer shows the discrepancy just fixed.
    await expectText(panel, "Books balance", { timeout: 30_000 });
    expect(await panel.getByRole("list", { name: "Discrepancies" }).count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
