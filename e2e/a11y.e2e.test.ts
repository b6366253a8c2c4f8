/**
 * axe-core on every page and every dialog, in the light theme and in the dark one the
 * operating system asks for: no serious or critical violation (colour contrast included).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { expectAccessible, pick, unique, visible } from "./harness";
import { createCustomer, createShop, deposit, placeBet, resolveBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

interface Seeded {
  customerId: number;
  customerName: string;
  shopId: number;
  shopName: string;
  betId: number;
  /** A customer €60.00 in debt (a bet on credit). */
  debtorId: number;
  debtorName: string;
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
  // For the charts: a won bet (payouts), a void one (the ring's "Void"). For the warnings:
  // a customer in debt.
  const on = (description: string, stakeAmount: string) =>
    placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description,
      stakeAmount,
      odds: "2.00",
    });
  await resolveBet(page, (await on("Cork to win", "10.00")).id, "WON");
  await resolveBet(page, (await on("Abandoned match", "5.00")).id, "VOID", "Abandoned");
  const debtorLast = unique("Daly");
  const debtor = await createCustomer(page, "Cathal", debtorLast, { creditLimit: "100.00" });
  await placeBet(page, {
    customerId: debtor.id,
    shopId: shop.id,
    description: "On credit",
    stakeAmount: "60.00",
    odds: "2.00",
  });
  seeded = {
    customerId: customer.id,
    customerName: `Niamh ${lastName}`,
    shopId: shop.id,
    shopName: shop.name,
    betId: bet.id,
    debtorId: debtor.id,
    debtorName: `Cathal ${debtorLast}`,
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

/**
 * What axe leaves "to review" on charts (text over SVG): the legend's labels against the
 * card at 4.5:1, and the bars', slices' and legend swatches' colours at 3:1 (WCAG 1.4.11).
 * Colours are resolved by drawing them (oklch, color-mix and CSS variables included).
 */
async function chartContrastProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) return ["no canvas"];
    const rgb = (color: string): number[] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const channel = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const background = (from: Element): number[] => {
      for (let e: Element | null = from; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (c && c !== "transparent" && !/^rgba\(.*, 0\)$/.test(c)) return rgb(c);
      }
      return rgb("white");
    };
    const problems: string[] = [];
    const charts = [...document.querySelectorAll("[data-chart]")];
    if (charts.length === 0) problems.push("no chart on the page");
    for (const chart of charts) {
      const card = background(chart);
      for (const label of chart.querySelectorAll(".chart-legend-item")) {
        const text = label.querySelector("span") ?? label;
        const r = ratio(rgb(getComputedStyle(text).color), card);
        if (r < 4.5) problems.push(`legend "${text.textContent}" at ${r.toFixed(2)}:1`);
      }
      const marks = chart.querySelectorAll(".chart-bar, .chart-slice, .chart-swatch");
      for (const mark of marks) {
        const fill = getComputedStyle(mark).fill;
        if (!fill || fill === "none") continue;
        const r = ratio(rgb(fill), card);
        if (r < 3)
          problems.push(`${mark.getAttribute("class")} filled ${fill} at ${r.toFixed(2)}:1`);
      }
    }
    return problems;
  });
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

    test("dialogs showing their warnings and refusals, and the charts (issue 20)", async () => {
      const { page, problems, context } = await suite.admin();
      await page.emulateMedia({ colorScheme });
      // A deposit for a customer in debt: still in debt after it, then cleared by it.
      await page.goto(`/customers/${seeded.debtorId}`);
      await visible(page.getByRole("heading", { name: seeded.debtorName, exact: true }));
      await page.getByRole("button", { name: "Deposit", exact: true }).click();
      const deposit = page.getByRole("dialog", { name: "Process Customer Deposit" });
      await visible(deposit);
      await deposit.getByLabel("Amount (€)").fill("10");
      await visible(deposit.getByText("Customer will still have debt after this deposit."));
      await expectAccessible(page, "the deposit dialog warning of debt left", "dialog[open]");
      await deposit.getByLabel("Amount (€)").fill("60");
      await visible(deposit.getByText("This deposit will clear the customer's debt."));
      await expectAccessible(page, "the deposit dialog clearing the debt", "dialog[open]");
      // A refused submit: the alert at the top and the messages beside the fields.
      await deposit.getByLabel("Amount (€)").fill("");
      await deposit.getByRole("button", { name: "Process", exact: true }).click();
      await visible(deposit.getByText(/^Not saved: \d+ fields? to correct/));
      await expectAccessible(page, "the deposit dialog refusing its submit", "dialog[open]");
      await deposit.getByRole("button", { name: "Cancel", exact: true }).click();
      await deposit.waitFor({ state: "hidden" });
      // A bet above the customer's funds.
      await page.getByRole("button", { name: "New Bet", exact: true }).click();
      const bet = page.getByRole("dialog", { name: "Place New Bet" });
      await visible(bet);
      await bet.getByLabel("Stake Amount (€)").fill("500");
      await visible(bet.getByText(/exceeds the customer's available funds/));
      await expectAccessible(page, "the bet dialog's funds warning", "dialog[open]");
      // A cash bet with no open shift (the admin has none): why it cannot be taken.
      await bet.getByRole("radio", { name: "Cash", exact: true }).check();
      await visible(bet.getByTestId("no-shift"));
      await expectAccessible(page, "the cash bet dialog with no open shift", "dialog[open]");
      await bet.getByRole("button", { name: "Cancel", exact: true }).click();
      await bet.waitFor({ state: "hidden" });
      // A withdrawal above the balance, blocked.
      await page.goto(`/customers/${seeded.customerId}`);
      await visible(page.getByRole("heading", { name: seeded.customerName, exact: true }));
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      const withdrawal = page.getByRole("dialog", { name: "Process Customer Withdrawal" });
      await visible(withdrawal);
      await withdrawal.getByLabel("Amount (€)").fill("900");
      await visible(withdrawal.getByRole("alert"));
      await expectAccessible(page, "the withdrawal dialog, blocked", "dialog[open]");
      await withdrawal.getByRole("button", { name: "Cancel", exact: true }).click();
      await withdrawal.waitFor({ state: "hidden" });
      // The reports' charts (trend and outcome ring with all four outcomes) and the dashboard's.
      await page.goto("/reports");
      const ring = page.getByRole("region", { name: "Outcomes" }).locator("[data-chart]");
      // Won, pending and void (the seed lost none): the void slice and its legend shown.
      await ring.locator("svg .chart-slice").nth(2).waitFor({ timeout: 30_000 });
      await visible(ring.getByText("Void", { exact: true }));
      await page.locator("[data-chart] svg .chart-bar").first().waitFor({ timeout: 30_000 });
      await expectAccessible(page, "/reports with its charts");
      expect(await chartContrastProblems(page)).toEqual([]);
      await page.goto("/");
      await page.locator("[data-chart] svg .chart-bar").first().waitFor({ timeout: 30_000 });
      await expectAccessible(page, "/ with the hourly chart");
      expect(await chartContrastProblems(page)).toEqual([]);
      expect(problems()).toEqual([]);
      await context.close();
    });
  });
}
