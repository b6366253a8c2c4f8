import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { customerNumber } from "../src/domain/customer-number";
import {
  api,
  detail,
  expectText,
  expectToast,
  hidden,
  panel,
  pick,
  searchTable,
  unique,
  visible,
} from "./harness";
import { createCustomer, createShop, deposit, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

async function openCustomer(page: Page, id: number, fullName: string): Promise<void> {
  await page.goto(`/customers/${id}`);
  await visible(page.getByRole("heading", { name: fullName, exact: true }));
}

async function balanceIs(page: Page, amount: string): Promise<void> {
  await expectText(panel(page, "Account Balance").locator(".text-3xl"), amount, { exact: true });
}

describe("money: deposits, bets, resolution and withdrawals", () => {
  test("a deposit then a bet from the customer page, with live payout and the funds check", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Eyre Square"));
    const lastName = unique("Walsh");
    const customer = await createCustomer(page, "Aoife", lastName, { creditLimit: "50.00" });
    await openCustomer(page, customer.id, `Aoife ${lastName}`);
    await balanceIs(page, "€0.00");

    // Deposit: validation first, then the figures before and after.
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(dep);
    expect(await dep.getByRole("combobox", { name: "Customer" }).inputValue()).toBe(
      `Aoife ${lastName} (${customerNumber(customer.id)})`,
    );
    await dep.getByRole("button", { name: "Process" }).click();
    await visible(dep.getByText("Shop is required", { exact: true }));
    await visible(dep.getByText("Amount must be a positive number", { exact: true }));
    await pick(dep, "Shop", shop.name);
    await dep.getByLabel("Amount (€)").fill("100");
    const info = dep.getByRole("region", { name: "Customer Balance Info" });
    await expectText(info, "Current Balance: €0.00");
    await expectText(info, "Deposit: €100.00");
    await expectText(info, "New Balance: €100.00");
    await dep.getByLabel("Description (optional)").fill("Cash at the counter");
    await dep.getByRole("button", { name: "Process" }).click();
    await expectToast(page, "Success", "Deposit processed successfully");
    await hidden(dep);
    await balanceIs(page, "€100.00");
    await expectText(detail(panel(page, "Account Balance"), "Available Credit"), "€150.00");
    await expectText(panel(page, "Recent Transactions"), "DEPOSIT");
    await expectText(panel(page, "Recent Transactions"), "+€100.00");

    // New bet with the customer preselected.
    await page.getByRole("button", { name: "New Bet" }).click();
    const bet = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(bet);
    expect(await bet.getByRole("combobox", { name: "Customer" }).inputValue()).toBe(
      `Aoife ${lastName} (${customerNumber(customer.id)})`,
    );
    const balanceInfo = bet.getByRole("region", { name: "Customer Balance Info" });
    await expectText(balanceInfo, "Current Balance: €100.00");
    await expectText(balanceInfo, "Credit Limit: €50.00");
    await expectText(balanceInfo, "Available: €150.00");
    await bet.getByRole("button", { name: "Place Bet" }).click();
    await visible(bet.getByText("Shop is required", { exact: true }));
    await visible(bet.getByText("Description is required", { exact: true }));
    await visible(bet.getByText("Stake amount is required", { exact: true }));
    await visible(bet.getByText("Odds are required", { exact: true }));

    await pick(bet, "Shop", shop.name);
    const description = unique("Galway United to win");
    await bet.getByLabel("Description").fill(description);
    const payout = bet.getByTestId("potential-payout");
    await bet.getByLabel("Stake Amount (€)").fill("20");
    await bet.getByLabel("Odds").fill("2.5");
    await expectText(payout, "€50.00", { exact: true });
    await bet.getByLabel("Odds").fill("3.25");
    await expectText(payout, "€65.00", { exact: true });

    // Above balance + credit limit: the warning, then 'Insufficient Funds' on submit.
    const warning = bet.getByText(
      "This bet amount exceeds the customer's available funds (balance + credit limit).",
      { exact: true },
    );
    await hidden(warning);
    await bet.getByLabel("Stake Amount (€)").fill("150.01");
    await visible(warning);
    await visible(bet.getByText(/Allow Overcredit/));
    await bet.getByRole("button", { name: "Place Bet" }).click();
    await expectToast(page, "Insufficient Funds", "€100.00"); // states balance,
    await expectToast(page, "Insufficient Funds", "€50.00"); // credit limit,
    await expectToast(page, "Insufficient Funds", "€150.00"); // available
    await expectToast(page, "Insufficient Funds", "€150.01"); // and stake
    await visible(bet);

    await bet.getByLabel("Stake Amount (€)").fill("20");
    await hidden(warning);
    await expectText(payout, "€65.00", { exact: true });
    await bet.getByRole("button", { name: "Place Bet" }).click();
    await expectToast(page, "Success", "Bet placed successfully");
    await hidden(bet);
    await balanceIs(page, "€80.00");
    const recentBets = panel(page, "Recent Bets");
    await expectText(recentBets, description);
    await expectText(recentBets, "Odds 3.25 · Stake €20.00 · Potential payout €65.00");
    await expectText(recentBets, "PENDING");
    await expectText(detail(panel(page, "Account Summary"), "Active Bets"), "1", { exact: true });
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("an admin places a bet above the customer's funds with Allow Overcredit", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Shop Street"));
    const lastName = unique("Keane");
    const customer = await createCustomer(page, "Ciaran", lastName, { creditLimit: "10.00" });
    await openCustomer(page, customer.id, `Ciaran ${lastName}`);
    await page.getByRole("button", { name: "New Bet" }).click();
    const bet = page.getByRole("dialog", { name: "Place New Bet" });
    await pick(bet, "Shop", shop.name);
    await bet.getByLabel("Description").fill(unique("Connacht by 7"));
    await bet.getByLabel("Stake Amount (€)").fill("40");
    await bet.getByLabel("Odds").fill("2");
    await visible(bet.getByText(/exceeds the customer's available funds/));
    await bet.getByLabel("Allow overcredit").check();
    await bet.getByRole("button", { name: "Place Bet" }).click();
    await expectToast(page, "Success", "Bet placed successfully");
    await hidden(bet);
    await balanceIs(page, "-€40.00");
    await expectText(detail(panel(page, "Account Balance"), "Available Credit"), "-€30.00");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("bets resolved Won, Lost and Void from the bets list move the balance and the ledger", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Quay Street"));
    const lastName = unique("Fahy");
    const customer = await createCustomer(page, "Niamh", lastName);
    await deposit(page, customer.id, shop.id, "100.00");
    const tag = unique("Race");
    const won = await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: `${tag} winner`,
      stakeAmount: "10.00",
      odds: "3.00",
    });
    await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: `${tag} loser`,
      stakeAmount: "15.00",
      odds: "2.00",
    });
    await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: `${tag} abandoned`,
      stakeAmount: "20.00",
      odds: "4.00",
    });

    await page.getByRole("link", { name: "Bets" }).click();
    await visible(page.getByRole("heading", { name: "Bets", exact: true }));
    await searchTable(page, tag);
    const row = (what: string) => page.getByRole("row").filter({ hasText: `${tag} ${what}` });

    await row("winner").getByRole("button", { name: "Won" }).click();
    const settle = page.getByRole("dialog", { name: /Settle bet #\d+ as Won/ });
    await expectText(settle, "Pays €30.00");
    await settle.getByRole("button", { name: "Confirm Won" }).click();
    await expectToast(page, "Success", "Bet resolved successfully");
    await expectText(row("winner"), "WON");
    await hidden(row("winner").getByRole("button", { name: "Lost" }));

    await row("loser").getByRole("button", { name: "Lost" }).click();
    await page.getByRole("button", { name: "Confirm Lost" }).click();
    await expectText(row("loser"), "LOST");
    await hidden(row("loser").getByRole("button", { name: "Won" }));

    await row("abandoned").getByRole("button", { name: "Void" }).click();
    const voidDialog = page.getByRole("dialog", { name: "Void Bet" });
    await visible(voidDialog);
    await expectText(voidDialog, `${tag} abandoned`);
    const confirm = voidDialog.getByRole("button", { name: "Void Bet" });
    expect(await confirm.isDisabled()).toBe(true);
    await voidDialog.getByLabel("Reason for voiding this bet *").fill("   ");
    expect(await confirm.isDisabled()).toBe(true);
    await voidDialog.getByLabel("Reason for voiding this bet *").fill("  Race abandoned  ");
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await expectToast(page, "Bet Voided", "The bet has been voided successfully");
    await hidden(voidDialog);
    await expectText(row("abandoned"), "VOID");
    await hidden(row("abandoned").getByRole("button", { name: "Void" }));

    // Bet detail of the won bet.
    await row("winner")
      .getByRole("link", { name: `${tag} winner` })
      .click();
    await page.waitForURL(`**/bets/${won.id}`);
    await expectText(detail(page, "Actual Payout"), "€30.00", { exact: true });
    await expectText(detail(page, "Resolved By"), "admin", { exact: true });

    // Balance: 100 - 10 - 15 - 20 + 30 (payout) + 20 (refund) = 105.
    await openCustomer(page, customer.id, `Niamh ${lastName}`);
    await balanceIs(page, "€105.00");
    const summary = panel(page, "Account Summary");
    await expectText(detail(summary, "Total Bets"), "3", { exact: true });
    await expectText(detail(summary, "Active Bets"), "0", { exact: true });
    await expectText(detail(summary, "Won Bets"), "1", { exact: true });
    await expectText(detail(summary, "Lost Bets"), "1", { exact: true });
    const recent = panel(page, "Recent Transactions");
    await expectText(recent, "PAYOUT");
    await expectText(recent, "+€30.00");
    await expectText(recent, "REFUND");
    await expectText(recent, "+€20.00");
    await expectText(recent, "-€15.00");

    // Transactions page: every row of this customer, from the ledger.
    await page.getByRole("link", { name: "Transactions" }).click();
    await visible(page.getByRole("heading", { name: "Transactions", exact: true }));
    await searchTable(page, lastName);
    const rows = page.getByRole("row").filter({ hasText: `Niamh ${lastName}` });
    const deadline = Date.now() + 30_000;
    while ((await rows.count()) !== 6 && Date.now() < deadline) await Bun.sleep(50);
    const texts = await rows.allInnerTexts();
    const types = texts.map((t) => t.split("\t")[1]).sort();
    expect(types).toEqual(["BETTING", "BETTING", "BETTING", "DEPOSIT", "PAYOUT", "REFUND"]);
    const payoutRow = rows.filter({ hasText: "PAYOUT" });
    await expectText(payoutRow, "€30.00");
    await expectText(payoutRow, shop.name);
    await expectText(payoutRow, `#${won.id}`);
    await expectText(payoutRow, "COMPLETED");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a withdrawal is blocked at zero balance and above the balance, then allowed", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Dock Road"));
    const broke = await createCustomer(page, "Padraig", unique("Nolan"), { creditLimit: "500" });
    const lastName = unique("Burke");
    const customer = await createCustomer(page, "Maeve", lastName, { creditLimit: "500" });

    // Zero balance: the Withdraw button is disabled.
    await openCustomer(page, broke.id, `Padraig ${broke.lastName}`);
    await balanceIs(page, "€0.00");
    expect(
      await panel(page, "Account Balance").getByRole("button", { name: "Withdraw" }).isDisabled(),
    ).toBe(true);

    await deposit(page, customer.id, shop.id, "60.00");
    await openCustomer(page, customer.id, `Maeve ${lastName}`);
    await balanceIs(page, "€60.00");
    await panel(page, "Account Balance").getByRole("button", { name: "Withdraw" }).click();
    const dialog = page.getByRole("dialog", { name: "Process Customer Withdrawal" });
    await visible(dialog);
    const info = dialog.getByRole("region", { name: "Customer Balance Info" });
    await expectText(info, "Current Balance: €60.00");
    await expectText(info, "Available for withdrawal: €60.00");
    await expectText(info, "Withdrawals are only allowed from positive balance, not credit.");
    await pick(dialog, "Shop", shop.name);
    const process = dialog.getByRole("button", { name: "Process" });

    // Above the balance (credit is not withdrawable).
    await dialog.getByLabel("Amount (€)").fill("60.01");
    await expectText(
      info.getByRole("alert"),
      "This withdrawal amount exceeds the customer's available balance.",
      { exact: true },
    );
    expect(await process.isDisabled()).toBe(true);

    // Another customer, at zero balance, chosen in the same dialog.
    await pick(dialog, "Customer", `Padraig ${broke.lastName}`);
    await expectText(info, "Current Balance: €0.00");
    await expectText(
      info.getByRole("alert"),
      "This customer has no positive balance available for withdrawal.",
      { exact: true },
    );
    expect(await process.isDisabled()).toBe(true);

    // Back to the funded customer, within the balance: allowed.
    await pick(dialog, "Customer", `Maeve ${lastName}`);
    await dialog.getByLabel("Amount (€)").fill("60");
    await hidden(info.getByRole("alert"));
    expect(await process.isDisabled()).toBe(false);
    await process.click();
    await expectToast(page, "Success", "Withdrawal processed successfully");
    await hidden(dialog);
    await balanceIs(page, "€0.00");
    expect(
      await panel(page, "Account Balance").getByRole("button", { name: "Withdraw" }).isDisabled(),
    ).toBe(true);
    const shopNow = await api<{ balance: string }>(page, "GET", `/api/shops/${shop.id}`);
    expect(shopNow.balance).toBe("0.00");
    expect(problems()).toEqual([]);
    await context.close();
  });
});
