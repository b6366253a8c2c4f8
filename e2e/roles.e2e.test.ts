import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { expectText, hidden, panel, visible } from "./harness";
import {
  type CustomerRow,
  createAccount,
  createCustomer,
  createShop,
  deposit,
  placeBet,
  type ShopRow,
} from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();
let shop: ShopRow;
let customer: CustomerRow;
let other: CustomerRow;
let betId: number;
const STAFF = { username: "staff_e2e", password: "staff-password-1" };
const CUSTOMER_USER = { username: "customer_e2e", password: "customer-password-1" };

beforeAll(async () => {
  const { page, context } = await suite.admin();
  await createAccount(page, STAFF.username, STAFF.password, "user");
  shop = await createShop(page, "Castle Street");
  customer = await createCustomer(page, "Grainne", "Roche", { creditLimit: "100.00" });
  other = await createCustomer(page, "Oisin", "Kelly", { creditLimit: "50.00" });
  await createAccount(
    page,
    CUSTOMER_USER.username,
    CUSTOMER_USER.password,
    "customer",
    customer.id,
  );
  await deposit(page, customer.id, shop.id, "40.00");
  betId = (
    await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: "Shamrock Rovers to win",
      stakeAmount: "10.00",
      odds: "2.20",
    })
  ).id;
  await context.close();
});

async function noMutationButtons(page: Page): Promise<void> {
  for (const name of ["New Bet", "Add Customer", "Add Shop", "Deposit", "Withdraw", "Edit"]) {
    expect(await page.getByRole("button", { name, exact: true }).count()).toBe(0);
  }
}

describe("roles", () => {
  test("staff see no ADMINISTRATION group and get Access Denied on /admin and /reports", async () => {
    const { page, problems, context } = await suite.signedIn(STAFF.username, STAFF.password);
    const sidebar = page.locator("aside");
    await expectText(sidebar, STAFF.username);
    await expectText(sidebar, "USER");
    await hidden(page.getByText("ADMINISTRATION", { exact: true }));
    expect(await page.getByRole("link", { name: "System Admin" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Reports" }).count()).toBe(0);
    // Staff may still work: the dashboard offers New Bet and Add Customer.
    await visible(page.getByRole("button", { name: "New Bet" }));
    await visible(page.getByRole("button", { name: "Add Customer" }));

    await page.goto("/admin");
    await visible(page.getByText("Access Denied", { exact: true }));
    await visible(page.getByText("Admin access required to view this page.", { exact: true }));
    await page.goto("/reports");
    await visible(page.getByText("Access Denied", { exact: true }));
    await visible(page.getByText("Reports are only available to admin users.", { exact: true }));

    // The bet dialog has no Allow Overcredit for staff.
    await page.goto(`/customers/${customer.id}`);
    await page.getByRole("button", { name: "New Bet" }).click();
    const dialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(dialog);
    expect(await dialog.getByLabel("Allow overcredit").count()).toBe(0);
    // Escape closes the dialog (native cancel in a real browser).
    await page.keyboard.press("Escape");
    await hidden(dialog);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a customer login sees only its own account, as home, and no mutation buttons", async () => {
    const { page, problems, context } = await suite.signedIn(
      CUSTOMER_USER.username,
      CUSTOMER_USER.password,
    );
    // Home is its own account page.
    await page.waitForURL((u) => u.pathname === `/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: "Grainne Roche", exact: true }));
    await expectText(panel(page, "Account Balance"), "€30.00");
    const sidebar = page.locator("aside");
    await expectText(sidebar, "CUSTOMER");
    await visible(sidebar.getByRole("link", { name: "My Account" }));
    for (const name of ["Dashboard", "Customers", "Shops"]) {
      expect(await sidebar.getByRole("link", { name, exact: true }).count()).toBe(0);
    }
    await hidden(page.getByText("ADMINISTRATION", { exact: true }));
    await noMutationButtons(page);

    await page.goto("/customers");
    await visible(page.getByRole("row").filter({ hasText: "Roche" }));
    expect(await page.getByRole("row").filter({ hasText: "Kelly" }).count()).toBe(0);
    await noMutationButtons(page);

    await page.goto(`/customers/${other.id}`);
    await visible(page.getByText("Customer Not Found", { exact: true }));

    await page.goto(`/shops/${shop.id}`);
    await visible(page.getByRole("heading", { name: "Castle Street", exact: true }));
    // No till balance, no shop figures.
    expect(await page.getByText("Shop Balance", { exact: true }).count()).toBe(0);
    await noMutationButtons(page);

    await page.goto("/bets");
    const row = page.getByRole("row").filter({ hasText: "Shamrock Rovers to win" });
    await visible(row);
    await expectText(row, "PENDING");
    for (const name of ["Won", "Lost", "Void"]) {
      expect(await page.getByRole("button", { name, exact: true }).count()).toBe(0);
    }
    expect(await page.getByRole("columnheader", { name: "Actions" }).count()).toBe(0);
    await noMutationButtons(page);

    await page.goto("/admin");
    await visible(page.getByText("Admin access required to view this page.", { exact: true }));
    expect(problems([new RegExp(`^404 GET /api/customers/${other.id}$`)])).toEqual([]);
    await context.close();
  });
});

describe("not-found pages", () => {
  test("a missing customer, shop, bet and user, and an unknown path, each say so", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/customers/999999");
    await visible(page.getByText("Customer Not Found", { exact: true }));
    await page.getByRole("link", { name: "Back to Customers" }).click();
    await page.waitForURL((u) => u.pathname === "/customers");

    await page.goto("/shops/999999");
    await visible(page.getByText("Shop Not Found", { exact: true }));

    await page.goto("/bets/999999");
    await visible(page.getByText("Bet not found", { exact: true }));
    await page.getByRole("link", { name: "Back to Bets" }).click();
    await page.waitForURL((u) => u.pathname === "/bets");

    await page.goto("/users/999999");
    await visible(page.getByText("User Not Found", { exact: true }));
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/");

    await page.goto("/nothing-here");
    await visible(page.getByText("404 Page Not Found", { exact: true }));
    await visible(page.getByText("Did you forget to add the page to the router?", { exact: true }));

    // The existing bet is found, for contrast.
    await page.goto(`/bets/${betId}`);
    await visible(page.getByRole("heading", { name: `Bet #${betId}`, exact: true }));
    expect(
      problems([
        /^404 GET \/api\/customers\/999999$/,
        /^404 GET \/api\/shops\/999999$/,
        /^404 GET \/api\/bets\/999999$/,
        /^404 GET \/api\/users\/999999$/,
      ]),
    ).toEqual([]);
    await context.close();
  });
});
