/**
 * Issue 12 item 5: an operator sets a customer's limits on the customer page, sees a raise wait
 * 24 hours as pending, a deposit above the daily limit refused with what is left, and a
 * self-excluded customer's banner while a withdrawal still goes through.
 */
import { describe, expect, test } from "bun:test";
import {
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
import { createCustomer, createShop, deposit } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("customer limits", () => {
  test("set on the customer page: at once, pending, refused deposit, exclusion banner, withdrawal", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Limits"));
    const customer = await createCustomer(page, "Aoife", unique("Limits"), { creditLimit: "0" });
    await deposit(page, customer.id, shop.id, "40.00");
    await page.goto(`/customers/${customer.id}`);
    const limits = panel(page, "Limits");
    await expectText(detail(limits, "Max Stake"), "None", { exact: true });

    // Lower (from none): applies at once; amounts typed the European way.
    await limits.getByRole("button", { name: "Set Limits" }).click();
    let dialog = page.getByRole("dialog", { name: "Responsible Gambling Limits" });
    await dialog.getByLabel("Max Stake (€)").fill("50,00");
    await dialog.getByLabel("Daily Deposit Limit (€)").fill("1.000,00");
    await expectText(dialog, "= €1,000.00");
    await dialog.getByRole("button", { name: "Save Limits" }).click();
    await expectToast(page, "Success", "Customer updated successfully");
    await hidden(dialog);
    await expectText(detail(limits, "Max Stake"), "€50.00", { exact: true });
    await expectText(detail(limits, "Daily Deposit Limit"), "€1,000.00", { exact: true });

    // Raise: the dialog says it waits, the panel shows it pending while €50.00 holds.
    await limits.getByRole("button", { name: "Set Limits" }).click();
    dialog = page.getByRole("dialog", { name: "Responsible Gambling Limits" });
    await dialog.getByLabel("Max Stake (€)").fill("80");
    await expectText(dialog, "Applies in 24 hours: max stake.");
    await expectAccessible(page, "the limits dialog", "dialog[open]");
    await dialog.getByLabel("Daily Deposit Limit (€)").fill("100");
    await dialog.getByRole("button", { name: "Save Limits" }).click();
    await hidden(dialog);
    const stake = detail(limits, "Max Stake");
    await expectText(stake, "€50.00");
    await expectText(stake, "Pending");
    await expectText(stake, "€80.00 from");
    await expectText(detail(limits, "Daily Deposit Limit"), "€100.00", { exact: true });

    // A deposit beyond today's limit is refused with what is left (€40.00 already today).
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await pick(dep, "Shop", shop.name);
    await dep.getByLabel("Amount (€)").fill("60,01");
    await dep.getByRole("button", { name: "Process" }).click();
    await expectToast(
      page,
      "Error",
      "Deposit above the daily deposit limit of €100.00: €60.00 left today (UTC)",
    );
    await dep.getByRole("button", { name: "Cancel" }).click();
    await hidden(dep);

    // Self-exclusion: the banner, and a withdrawal still goes through.
    await limits.getByRole("button", { name: "Set Limits" }).click();
    dialog = page.getByRole("dialog", { name: "Responsible Gambling Limits" });
    await dialog.getByLabel("Self-excluded Until").fill("2099-05-22");
    await dialog.getByRole("button", { name: "Save Limits" }).click();
    await hidden(dialog);
    const banner = page.getByRole("status").filter({ hasText: "Self-excluded until May 22, 2099" });
    await visible(banner);
    await expectText(banner, "withdrawals still work");
    await expectText(detail(limits, "Self-excluded"), "Until May 22, 2099", { exact: true });
    // The page's own content (the toaster's list is checked by the a11y suite).
    await expectAccessible(page, "a self-excluded customer's page", "main");

    await panel(page, "Account Balance").getByRole("button", { name: "Withdraw" }).click();
    const wd = page.getByRole("dialog", { name: "Process Customer Withdrawal" });
    await pick(wd, "Shop", shop.name);
    await wd.getByLabel("Amount (€)").fill("40");
    await wd.getByRole("button", { name: "Process" }).click();
    await expectToast(page, "Success");
    await hidden(wd);

    expect(problems([/^422 POST \/api\/deposits$/])).toEqual([]);
    await context.close();
  });
});
