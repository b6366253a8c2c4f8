/**
 * axe-core on every page and every dialog, in the light theme and in the dark one the
 * operating system asks for: no serious or critical violation (colour contrast included).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { expectAccessible, pick, unique, visible } from "./harness";
import { createCustomer, createShop, deposit, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

interface Seeded {
  customerId: number;
  customerName: string;
  shopId: number;
  shopName: string;
  betId: number;
}
let seeded: Seeded;

beforeAll(async () => {
  const { page, context } = await suite.admin();
  const shop = await createShop(page, unique("Quay Street"));
  const lastName = unique("Byrne");
  const customer = await createCustomer(page, "Niamh", lastName, { creditLimit: "100.00" });
  await deposit(page, customer.id, shop.id, "250.00");
  const bet = await placeBet(page, {
    customerId: customer.id,
    shopId: shop.id,
    description: "Galway to win",
    stakeAmount: "20.00",
    odds: "2.50",
  });
  seeded = {
    customerId: customer.id,
    customerName: `Niamh ${lastName}`,
    shopId: shop.id,
    shopName: shop.name,
    betId: bet.id,
  };
  await context.close();
});

/**
 * Waits until nothing is loading (no spinner, skeleton or "Loading" text). Not
 * "networkidle": the live-data event stream keeps a request open for good.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(".loading, .skeleton") &&
      !/Loading/.test(document.querySelector("main")?.textContent ?? ""),
    undefined,
    { timeout: 30_000 },
  );
}

/** Opens `path`, waits for its heading, and runs axe on the whole page. */
async function checkPage(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await visible(
    page.getByRole("heading", { name: heading, exact: typeof heading === "string" }).first(),
    10_000,
  );
  // Lists and panels load after the heading.
  await settle(page);
  await expectAccessible(page, path);
}

/** Clicks `opener`, runs axe on the dialog it opens, then closes it with Cancel. */
async function checkDialog(
  page: Page,
  opener: string,
  title: string,
  scope?: string,
): Promise<void> {
  const root = scope ? page.getByRole("region", { name: scope, exact: true }) : page;
  await root.getByRole("button", { name: opener, exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: title });
  await visible(dialog);
  await settle(page);
  await expectAccessible(page, `the ${title} dialog`, "dialog[open]");
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

for (const colorScheme of ["light", "dark"] as const) {
  describe(`axe finds no serious violation (${colorScheme} theme)`, () => {
    test("every page", async () => {
      const { page, problems, context } = await suite.admin();
      await page.emulateMedia({ colorScheme });
      await checkPage(page, "/", "Dashboard");
      await checkPage(page, "/customers", "Customers");
      await checkPage(page, `/customers/${seeded.customerId}`, seeded.customerName);
      await checkPage(page, "/shops", "Shops");
      await checkPage(page, `/shops/${seeded.shopId}`, seeded.shopName);
      await checkPage(page, "/bets", "Bets");
      await checkPage(page, `/bets/${seeded.betId}`, /Bet/);
      await checkPage(page, "/transactions", "Transactions");
      await checkPage(page, "/admin", "System Administration");
      await checkPage(page, "/admin/audit", "Audit trail");
      await checkPage(page, "/users/1", /admin/);
      await checkPage(page, "/alerts", "Alerts");
      await checkPage(page, "/reports", "Reports");
      await page.getByLabel("Time Period").selectOption("year");
      const year = page.getByLabel("Year", { exact: true });
      await year.locator("option").nth(1).waitFor({ state: "attached" });
      await year.selectOption({ index: 1 });
      await settle(page);
      await expectAccessible(page, "/reports with a year");
      await checkPage(page, "/no/such/page", "404 Page Not Found");
      expect(problems([/^404 GET \/api\//])).toEqual([]);
      await context.close();
    });

    test("the sign-in page, signed out", async () => {
      const { page, problems, context } = await suite.signedOut();
      await page.emulateMedia({ colorScheme });
      await checkPage(page, "/auth", "Sign In");
      // With its validation messages showing.
      await page.getByRole("button", { name: "Sign In" }).click();
      await visible(page.getByText("Username is required"));
      await expectAccessible(page, "/auth with errors");
      expect(problems()).toEqual([]);
      await context.close();
    });

    test("every dialog", async () => {
      const { page, problems, context } = await suite.admin();
      await page.emulateMedia({ colorScheme });
      await checkDialog(page, "Add Customer", "Add New Customer");
      await checkDialog(page, "New Bet", "Place New Bet");
      await page.goto("/shops");
      await visible(page.getByRole("heading", { name: "Shops", exact: true }));
      await checkDialog(page, "Add Shop", "Add New Shop");
      await page.goto(`/customers/${seeded.customerId}`);
      await visible(page.getByRole("heading", { name: seeded.customerName, exact: true }));
      await checkDialog(page, "Deposit", "Process Customer Deposit", "Account Balance");
      await checkDialog(page, "Withdraw", "Process Customer Withdrawal", "Account Balance");
      await page.goto("/bets");
      const row = page.getByRole("row").filter({ hasText: "Galway to win" }).first();
      await row.getByRole("button", { name: "Void", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Void Bet" });
      await visible(dialog);
      await expectAccessible(page, "the Void Bet dialog", "dialog[open]");
      await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
      // Issue 9's dialogs: settling a bet, a large amount asked twice, the working shop.
      await row.getByRole("button", { name: "Won", exact: true }).click();
      const settleDialog = page.getByRole("dialog", { name: /Settle bet #\d+ as Won/ });
      await visible(settleDialog);
      await expectAccessible(page, "the Settle bet dialog", "dialog[open]");
      await settleDialog.getByRole("button", { name: "Cancel", exact: true }).click();
      await settleDialog.waitFor({ state: "hidden" });
      await page.goto(`/customers/${seeded.customerId}`);
      await visible(page.getByRole("heading", { name: seeded.customerName, exact: true }));
      await page.getByRole("button", { name: "Deposit", exact: true }).click();
      const deposit = page.getByRole("dialog", { name: "Process Customer Deposit" });
      await pick(deposit, "Shop", seeded.shopName);
      await deposit.getByLabel("Amount (€)").fill("2.500,00");
      await deposit.getByRole("button", { name: "Process" }).click();
      await visible(deposit.getByTestId("large-amount"));
      await expectAccessible(page, "the large-amount confirmation", "dialog[open]");
      await deposit.getByRole("button", { name: "Go back" }).click();
      await deposit.getByRole("button", { name: "Cancel", exact: true }).click();
      await deposit.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: /^(Choose|Change)$/ }).click();
      const working = page.getByRole("dialog", { name: "Working shop" });
      await visible(working);
      await expectAccessible(page, "the Working shop dialog", "dialog[open]");
      expect(problems()).toEqual([]);
      await context.close();
    });
  });
}
