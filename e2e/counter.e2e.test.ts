/** Issue 9 at the counter: amounts typed the European way, large amounts, settling. */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import {
  ADMIN_PASSWORD,
  api,
  expectText,
  expectToast,
  hidden,
  panel,
  pick,
  signIn,
  unique,
  visible,
} from "./harness";
import { createAccount, createCustomer, createShop, deposit, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** Waits until a picker shows `text` (the chosen row's name loads after the choice). */
async function valueBecomes(box: Locator, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await box.inputValue()) !== text) {
    if (Date.now() > deadline)
      throw new Error(`expected "${text}", got "${await box.inputValue()}"`);
    await Bun.sleep(50);
  }
}

async function balanceIs(page: Page, amount: string): Promise<void> {
  await expectText(panel(page, "Account Balance").locator(".text-3xl"), amount, { exact: true });
}

/**
 * The read-back beside an amount, in the browser's own format (decision 038). A de-DE browser
 * shows the app in German (decision 065): its walk, "1.005" and "1.000,50" included, is
 * e2e/german.e2e.test.ts; a fr-FR browser gets the English app with French number habits.
 */
const READ_BACK: Record<string, { tenFifty: RegExp; odds: RegExp; thousandFive: RegExp | null }> = {
  "en-IE": { tenFifty: /^= €10\.50$/, odds: /^= 3\/2, 2\.50$/, thousandFive: null },
  "fr-FR": { tenFifty: /^= 10,50\s€$/, odds: /^= 3\/2, 2,50$/, thousandFive: /^= 1\s005,00\s€$/ },
};

describe("money typed at the counter", () => {
  for (const locale of ["en-IE", "fr-FR"]) {
    const readBack = READ_BACK[locale] as (typeof READ_BACK)[string];
    test(`"10,50" deposits €10.50 and odds "2,5" are 2.50 (browser in ${locale})`, async () => {
      // A browser set to the locale: its number habits must not change what is booked.
      const context = await suite.browser.newContext({ baseURL: suite.server.url, locale });
      const p = await context.newPage();
      const errors: string[] = [];
      p.on("pageerror", (err) => errors.push(err.message));
      await signIn(p, "admin", ADMIN_PASSWORD);
      const shop = await createShop(p, unique("Quay"));
      const last = unique("Comma");
      const customer = await createCustomer(p, "Nora", last, { creditLimit: "0" });
      await p.goto(`/customers/${customer.id}`);
      await visible(p.getByRole("heading", { name: `Nora ${last}`, exact: true }));
      await panel(p, "Account Balance").getByRole("button", { name: "Deposit" }).click();
      const dep = p.getByRole("dialog", { name: "Process Customer Deposit" });
      await pick(dep, "Shop", shop.name);
      const amount = dep.getByLabel("Amount (€)");
      expect(await amount.getAttribute("type")).toBe("text");
      expect(await amount.getAttribute("inputmode")).toBe("decimal");
      // "1.005": a thousand and five in de and fr, too many decimals in en (never guessed).
      await amount.fill("1.005");
      if (readBack.thousandFive) await visible(dep.getByText(readBack.thousandFive));
      else await hidden(dep.getByText(/^= /));
      await amount.fill("10,50");
      await visible(dep.getByText(readBack.tenFifty));
      await dep.getByRole("button", { name: "Process" }).click();
      await expectToast(p, "Success", "Deposit processed successfully");
      await balanceIs(p, "€10.50");

      await p.getByRole("button", { name: "New Bet" }).click();
      const bet = p.getByRole("dialog", { name: "Place New Bet" });
      await pick(bet, "Shop", shop.name);
      await bet.getByLabel("Description").fill("Galway Plate");
      await bet.getByLabel("Stake Amount (€)").fill("4,00");
      await bet.getByLabel("Odds").fill("2,5");
      await visible(bet.getByText(readBack.odds));
      await expectText(bet.getByTestId("potential-payout"), "€10.00");
      await bet.getByRole("button", { name: "Place Bet" }).click();
      await expectToast(p, "Success", "Bet placed successfully");
      const bets = await api<{ odds: string; stakeAmount: string }[]>(
        p,
        "GET",
        `/api/bets?customerId=${customer.id}`,
      );
      expect(bets.map((b) => [b.stakeAmount, b.odds])).toEqual([["4.00", "2.50"]]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test("a malformed amount says why; a wheel over the field changes nothing", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Wheel"));
    const last = unique("Wheel");
    const customer = await createCustomer(page, "Cian", last, { creditLimit: "0" });
    await page.goto(`/customers/${customer.id}`);
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await pick(dep, "Shop", shop.name);
    const amount = dep.getByLabel("Amount (€)");
    await amount.fill("10,505");
    await visible(dep.getByText("= €10,505.00", { exact: true }));
    await amount.fill("10,5055");
    await dep.getByRole("button", { name: "Process" }).click();
    await visible(dep.getByText("At most 2 decimal places", { exact: true }));
    await amount.fill("ten");
    await dep.getByRole("button", { name: "Process" }).click();
    await visible(dep.getByText("Not a number", { exact: true }));
    await amount.fill("25");
    await amount.hover();
    await page.mouse.wheel(0, 300);
    expect(await amount.inputValue()).toBe("25");
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe("large amounts", () => {
  test("a deposit of 1.000,00 asks again with the amount in large type; Go back keeps the form", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Large"));
    const last = unique("Large");
    const customer = await createCustomer(page, "Sean", last, { creditLimit: "0" });
    await page.goto(`/customers/${customer.id}`);
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await pick(dep, "Shop", shop.name);
    await dep.getByLabel("Amount (€)").fill("1.000,00");
    await dep.getByRole("button", { name: "Process" }).click();
    await expectText(dep.getByTestId("large-amount"), "€1,000.00", { exact: true });
    await dep.getByRole("button", { name: "Go back" }).click();
    expect(await dep.getByLabel("Amount (€)").inputValue()).toBe("1.000,00");
    await dep.getByRole("button", { name: "Process" }).click();
    await dep.getByRole("button", { name: "Yes, deposit €1,000.00" }).click();
    await expectToast(page, "Success", "Deposit processed successfully");
    await hidden(dep);
    await balanceIs(page, "€1,000.00");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a small deposit is not asked twice", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Small"));
    const last = unique("Small");
    const customer = await createCustomer(page, "Una", last, { creditLimit: "0" });
    await page.goto(`/customers/${customer.id}`);
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await pick(dep, "Shop", shop.name);
    await dep.getByLabel("Amount (€)").fill("999,99");
    await dep.getByRole("button", { name: "Process" }).click();
    await expectToast(page, "Success", "Deposit processed successfully");
    await balanceIs(page, "€999.99");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a Won that pays €1,000.00 or more is confirmed twice, the second time in large type", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Payout"));
    const last = unique("Payout");
    const customer = await createCustomer(page, "Rory", last, { creditLimit: "600" });
    const tag = unique("bigwin");
    await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: tag,
      stakeAmount: "500.00",
      odds: "3.00",
    });
    await page.goto(`/bets?q=${tag}`);
    await page.getByRole("button", { name: "Won" }).first().click();
    const settle = page.getByRole("dialog", { name: /Settle bet #\d+ as Won/ });
    await expectText(settle, "Pays €1,500.00");
    await settle.getByRole("button", { name: "Confirm Won" }).click();
    await expectText(settle.getByTestId("large-amount"), "€1,500.00", { exact: true });
    await settle.getByRole("button", { name: "Yes, pay €1,500.00" }).click();
    await expectToast(page, "Success", "Bet resolved successfully");
    const [bet] = await api<{ status: string }[]>(page, "GET", `/api/bets?q=${tag}`);
    expect(bet?.status).toBe("WON");
    expect(problems([/^404 GET/])).toEqual([]);
    await context.close();
  });
});

describe("pickers", () => {
  test("typing a name and pressing Enter at once books that shop, not the first of the old list", async () => {
    const { page, problems, context } = await suite.admin();
    const prefix = unique("Pick");
    await createShop(page, `${prefix} Athlone`);
    const cork = await createShop(page, `${prefix} Cork`);
    const last = unique("Picker");
    const customer = await createCustomer(page, "Orla", last, { creditLimit: "0" });
    await page.goto(`/customers/${customer.id}`);
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    const shop = dep.getByRole("combobox", { name: "Shop" });
    await shop.click();
    // The list first shows every shop (Athlone among the first); "Cork" + Enter at once.
    const chosen = page.waitForResponse((r) => r.url().endsWith(`/api/shops/${cork.id}`));
    await shop.pressSequentially(`${prefix} Cork`, { delay: 0 });
    await shop.press("Enter");
    // Chosen once this text's results are in: the chosen shop's row is then loaded.
    await chosen;
    await valueBecomes(shop, cork.name);
    await dep.getByLabel("Amount (€)").fill("5");
    await dep.getByRole("button", { name: "Process" }).click();
    await expectToast(page, "Success", "Deposit processed successfully");
    const [row] = await api<{ toEntityId: number }[]>(
      page,
      "GET",
      `/api/transactions?customerId=${customer.id}`,
    );
    expect(row?.toEntityId).toBe(cork.id);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the first ArrowDown highlights the first option; Tab away with typed text marks the field", async () => {
    const { page, problems, context } = await suite.admin();
    const prefix = unique("Arrow");
    const first = await createShop(page, `${prefix} Aaa`);
    await createShop(page, `${prefix} Bbb`);
    await page.goto("/bets");
    await page.getByRole("button", { name: "New Bet" }).click();
    const bet = page.getByRole("dialog", { name: "Place New Bet" });
    const shop = bet.getByRole("combobox", { name: "Shop" });
    await shop.fill(prefix);
    await visible(bet.getByRole("option", { name: new RegExp(`${prefix} Bbb`) }));
    await shop.press("Escape");
    await shop.press("ArrowDown");
    const active = await shop.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    await expectText(bet.locator(`[id="${active}"]`), first.name);
    await shop.press("Enter");
    await valueBecomes(shop, first.name);

    const customer = bet.getByRole("combobox", { name: "Customer" });
    await customer.fill("nobody-by-this-name");
    await customer.press("Tab");
    expect(await customer.getAttribute("aria-invalid")).toBe("true");
    await visible(bet.getByText("Choose a customer from the list", { exact: true }));
    expect(await customer.inputValue()).toBe("nobody-by-this-name");
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe("ledger lines", () => {
  test("a reversed deposit shows as -€50.00 marked as a reversal, and the lines add up", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Signs"));
    const last = unique("Signs");
    const customer = await createCustomer(page, "Aine", last, { creditLimit: "0" });
    const dep = await deposit(page, customer.id, shop.id, "50.00");
    await api(page, "POST", "/api/admin/reverse-transaction", {
      transactionId: dep.id,
      reason: "Paid in at the wrong till",
    });
    await page.goto(`/customers/${customer.id}`);
    await balanceIs(page, "€0.00");
    const lines = panel(page, "Recent Transactions").getByTestId("ledger-effect");
    await expectText(lines.first(), "-€50.00");
    await visible(panel(page, "Recent Transactions").getByText(`Reversal of #${dep.id}`));
    const texts = await lines.allTextContents();
    expect(texts.map((t) => t.trim())).toEqual(["-€50.00", "+€50.00"]);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe("session expiry with a dialog open", () => {
  test("the deposit's typed values are kept through sign-in and the dialog opens again", async () => {
    const admin = await suite.admin();
    const username = unique("draft").replace(" ", "-");
    await createAccount(admin.page, username, "clerk-password-1", "user");
    const shop = await createShop(admin.page, unique("Draft"));
    const last = unique("Draft");
    const customer = await createCustomer(admin.page, "Emer", last, { creditLimit: "0" });
    await admin.context.close();

    const { page, problems, context } = await suite.signedIn(username, "clerk-password-1");
    await page.goto(`/customers/${customer.id}`);
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await pick(dep, "Shop", shop.name);
    await dep.getByLabel("Amount (€)").fill("12,34");
    await dep.getByLabel("Description (optional)").fill("Kept through sign-in");
    // The session ends on the server; the next call meets the 401.
    await api(page, "POST", "/api/logout");
    await dep.getByRole("button", { name: "Process" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("clerk-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === `/customers/${customer.id}`);
    const again = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(again);
    expect(await again.getByLabel("Amount (€)").inputValue()).toBe("12,34");
    expect(await again.getByLabel("Description (optional)").inputValue()).toBe(
      "Kept through sign-in",
    );
    await again.getByRole("button", { name: "Process" }).click();
    await expectToast(page, "Success", "Deposit processed successfully");
    await balanceIs(page, "€12.34");
    // Closed on purpose: the draft is gone, the page opens without the dialog.
    await page.reload();
    await visible(page.getByRole("heading", { name: `Emer ${last}`, exact: true }));
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(problems([/^401 /])).toEqual([]);
    await context.close();
  });
});
