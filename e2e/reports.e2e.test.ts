import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { expectAccessible, expectText, unique, visible } from "./harness";
import { createCustomer, createShop, deposit, placeBet, resolveBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** A report card's value, found by its title. */
const card = (page: Page, title: string): Locator =>
  page.getByRole("tabpanel").getByRole("region", { name: title, exact: true });

/**
 * Today's bets, in this file's own database: won 10.00 at 2.00 (payout 20.00), lost 30.00,
 * pending 5.00 and void 7.00. Revenue 40.00 (settled stakes), payouts 20.00, profit 20.00,
 * margin 50%, win rate 1 of 2 settled = 50%, average stake 15.00 over the non-void bets.
 */
async function expectFigures(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Overview" }).click();
  await expectText(card(page, "Total Revenue"), "€40.00");
  await expectText(card(page, "Profit"), "€20.00");
  await expectText(card(page, "Profit"), "Margin 50.0%");
  await expectText(card(page, "Total Bets"), "4");
  await expectText(card(page, "Total Bets"), "Win rate 50.0%");
  await page.getByRole("tab", { name: "Financial" }).click();
  await expectText(card(page, "Total Stakes"), "€45.00");
  await expectText(card(page, "Total Payouts"), "€20.00");
  await expectText(card(page, "Profit Margin"), "50.00%");
  await page.getByRole("tab", { name: "Betting" }).click();
  await expectText(card(page, "Won Bets"), "1");
  await expectText(card(page, "Lost Bets"), "1");
  await expectText(card(page, "Pending Bets"), "1");
  await expectText(card(page, "Void Bets"), "1");
  await expectText(card(page, "Win Rate"), "50.0%");
  await expectText(card(page, "Average Stake"), "€15.00");
}

describe("reports", () => {
  test("reports ask for a period, then show a year, a month and a week with figures", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Market Square"));
    const lastName = unique("Moran");
    const customer = await createCustomer(page, "Declan", lastName);
    await deposit(page, customer.id, shop.id, "100.00");
    const bet = (description: string, stakeAmount: string, odds: string) =>
      placeBet(page, { customerId: customer.id, shopId: shop.id, description, stakeAmount, odds });
    await resolveBet(page, (await bet("Home win", "10.00", "2.00")).id, "WON");
    await resolveBet(page, (await bet("Away win", "30.00", "1.50")).id, "LOST");
    await bet("Draw", "5.00", "3.40");
    await resolveBet(page, (await bet("Postponed", "7.00", "2.10")).id, "VOID", "Postponed");

    await page.getByRole("link", { name: "Reports" }).click();
    await visible(page.getByRole("heading", { name: "Reports", exact: true }));
    const periodType = page.getByLabel("Time Period");
    expect(await periodType.inputValue()).toBe("all");
    await expectFigures(page); // Totals
    await page.getByRole("tab", { name: "Performance" }).click();
    await expectText(page.getByRole("region", { name: "Top Customers" }), `Declan ${lastName}`);
    await expectText(page.getByRole("region", { name: "Top Performing Shops" }), shop.name);
    // Each tab's headings follow the page's h1 without skipping a level (axe's heading-order).
    for (const tab of ["Overview", "Financial", "Betting", "Performance"]) {
      await page.getByRole("tab", { name: tab }).click();
      await visible(page.getByRole("tab", { name: tab, selected: true }));
      await expectAccessible(page, `the reports' ${tab} tab`, undefined, {
        alsoRules: ["heading-order"],
      });
    }

    const now = new Date();
    const year = String(now.getUTCFullYear());
    const month = `${year}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    const monthLabel = now.toLocaleString("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });

    const choose = async (type: string, label: string, value?: string) => {
      await periodType.selectOption(type);
      await visible(page.getByText("Select Time Period", { exact: true }));
      const select = page.getByLabel(label, { exact: true });
      // Wait for the periods to arrive, then pick ours (or the only one).
      await select.locator("option").nth(1).waitFor({ state: "attached" });
      if (value) await select.selectOption(value);
      else await select.selectOption({ index: 1 });
      await expectFigures(page);
      return select;
    };

    await choose("year", "Year", year);
    const monthSelect = await choose("month", "Month", month);
    await expectText(monthSelect.locator("option:checked"), monthLabel, { exact: true });
    const weekSelect = await choose("week", "Week");
    expect(await weekSelect.inputValue()).toMatch(/^\d{4}-W\d{2}$/);
    expect(await weekSelect.locator("option").count()).toBe(2);

    // Changing the period type clears the chosen value.
    await periodType.selectOption("year");
    expect(await page.getByLabel("Year", { exact: true }).inputValue()).toBe("");
    await visible(page.getByText("Select Time Period", { exact: true }));
    expect(problems()).toEqual([]);
    await context.close();
  });
});
