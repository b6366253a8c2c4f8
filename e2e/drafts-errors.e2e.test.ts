/**
 * Issue 20, items 5 and 9 in a real browser: a dialog draft belongs to its user (the next
 * person to sign in on the same tab after an expiry sees nothing prefilled; the same
 * cashier gets it back); screens show the server's message, not "STATUS: {json}"; a
 * customer login gets Access Denied on the staff-only Shifts screen; a refused submit says
 * why at the top of the dialog; paging past the end of a list says so and Last reaches it.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { api, expectText, hidden, pick, unique, visible } from "./harness";
import { createAccount, createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

const PASSWORD = "counter-password-1";
let cashier: string;
let other: string;
let customerLogin: string;
let customer: { id: number; name: string };
let shopName: string;

beforeAll(async () => {
  const { page, context } = await suite.admin();
  cashier = unique("cashier").replace(" ", "-");
  other = unique("manager").replace(" ", "-");
  customerLogin = unique("punter").replace(" ", "-");
  await createAccount(page, cashier, PASSWORD, "user");
  await createAccount(page, other, PASSWORD, "admin");
  const shop = await createShop(page, unique("Bridge Street"));
  shopName = shop.name;
  const lastName = unique("Quinn");
  const row = await createCustomer(page, "Sarah", lastName, { creditLimit: "50.00" });
  customer = { id: row.id, name: `Sarah ${lastName}` };
  await createAccount(page, customerLogin, PASSWORD, "customer", row.id);
  await context.close();
});

/** Signs in through the form on this page (its tab keeps its sessionStorage). */
async function signInHere(page: Page, username: string): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Signs the cashier in on a fresh tab, half-types a deposit on the customer's page, then
 * ends the session on the server (as the idle timeout would) and makes the next call: the
 * app goes to sign-in with the draft kept.
 */
async function draftThenExpire() {
  const session = await suite.signedOut();
  const { page } = session;
  await page.goto("/auth");
  await signInHere(page, cashier);
  await page.waitForURL((u) => u.pathname === "/");
  await page.goto(`/customers/${customer.id}`);
  await visible(page.getByRole("heading", { name: customer.name, exact: true }));
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
  await pick(dialog, "Shop", shopName);
  await dialog.getByLabel("Amount (€)").fill("15.00");
  await page.waitForFunction(
    () => (window.sessionStorage.getItem("dialog-draft") ?? "").includes("15.00"),
    undefined,
    { timeout: 30_000 },
  );
  await api(page, "POST", "/api/logout");
  // The next call (the customer picker searching) answers 401.
  await dialog.getByRole("combobox", { name: "Customer" }).fill("Sar");
  await page.waitForURL((u) => u.pathname === "/auth");
  await expectText(page.getByRole("alert"), "Your session has expired");
  return session;
}

describe("dialog drafts belong to their user", () => {
  test("another user signing in next on the same tab sees nothing prefilled", async () => {
    const { page, problems, context } = await draftThenExpire();
    await signInHere(page, other);
    await page.waitForURL((u) => u.pathname === `/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: customer.name, exact: true }));
    await expectText(page.locator("aside"), other);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem("dialog-draft"))).toBeNull();
    // Opened by hand, the deposit starts empty.
    await page.getByRole("button", { name: "Deposit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(dialog);
    expect(await dialog.getByLabel("Amount (€)").inputValue()).toBe("");
    expect(problems([/^401 /])).toEqual([]);
    await context.close();
  });

  test("the same cashier signing in again gets the half-typed deposit back", async () => {
    const { page, problems, context } = await draftThenExpire();
    await signInHere(page, cashier);
    await page.waitForURL((u) => u.pathname === `/customers/${customer.id}`);
    const dialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(dialog);
    await expect(dialog.getByLabel("Amount (€)").inputValue()).resolves.toBe("15.00");
    expect(problems([/^401 /])).toEqual([]);
    await context.close();
  });
});

describe("errors and routes", () => {
  test("a bad sort in the URL shows the server's message, not its status and JSON", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/bets?sort=nonsense");
    await visible(page.getByText(/^sort must be one of: /));
    expect(await page.getByText(/400:|"code"/).count()).toBe(0);
    expect(problems([/^400 GET \/api\/bets$/])).toEqual([]);
    await context.close();
  });

  test("a customer login gets Access Denied on Shifts, and no link there", async () => {
    const { page, problems, context } = await suite.signedIn(customerLogin, PASSWORD);
    expect(
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Shifts" })
        .count(),
    ).toBe(0);
    await page.goto("/shifts");
    await visible(page.getByText("Access Denied", { exact: true }));
    await visible(page.getByText("Shifts are for staff only."));
    expect(await page.getByText(/403/).count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a refused submit lists the refused fields at the top and focuses the first", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: customer.name, exact: true }));
    await page.getByRole("button", { name: "Deposit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Process", exact: true }).click();
    const summary = dialog.getByRole("alert").filter({ hasText: "Not saved" });
    await visible(summary);
    await expectText(summary, "Shop: Shop is required");
    await expectText(summary, "Amount (€): Amount must be a positive number");
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("aria-invalid") === "true",
      undefined,
      { timeout: 30_000 },
    );
    // Fixing the fields takes them off the list, then the list goes.
    await pick(dialog, "Shop", shopName);
    await dialog.getByLabel("Amount (€)").fill("5.00");
    await hidden(summary);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a page past the end of a list says so; Last reaches the last page", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/transactions?page=1601");
    await visible(page.getByText("This page is past the end of the list."));
    const pager = page.getByRole("navigation", { name: "Pagination" });
    // Past the rows offsets serve, an old link reads as the deepest page they do.
    await expectText(pager, /No rows from 10,001/);
    await pager.getByRole("button", { name: "Last", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("page") !== "1601");
    await expectText(pager, /Page \d+ of \d+/);
    expect(await page.getByText("This page is past the end of the list.").count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
