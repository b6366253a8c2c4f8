/**
 * Issue 21 item 3, the till follows the cash (decision 049): open a shift, take a deposit,
 * lift cash to the safe, bring change in, close it; the expected cash and the discrepancy
 * are right to the cent and the Z report lists every line with the reasons.
 */
import { describe, expect, test } from "bun:test";
import { detail, expectText, expectToast, panel, pick, unique, visible } from "./harness";
import { createCustomer, createShop, deposit } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("the till follows the cash", () => {
  test("deposit, pick-up and top-up: the close and the Z report balance to the cent", async () => {
    const { page: p, problems, context } = await suite.admin();
    const shop = await createShop(p, unique("Till"));
    const customer = await createCustomer(p, "Nora", unique("Safe"));

    const control = p.getByTestId("shift-control");
    await control.getByRole("button", { name: "Open shift" }).click();
    const opening = p.getByRole("dialog", { name: "Open shift" });
    await pick(opening, "Shop", shop.name);
    await opening.getByLabel("Opening float (€)").fill("100");
    await opening.getByRole("button", { name: "Open shift" }).click();
    await expectToast(p, "Success", "Shift opened");
    await expectText(control, `Open at ${shop.name}`);
    await deposit(p, customer.id, shop.id, "250.35");

    // A pick-up of €200.00 to the safe, then €30.20 of change brought in.
    await control.getByRole("button", { name: "Pick-up" }).click();
    const pickup = p.getByRole("dialog", { name: "Pick-up to the safe" });
    await pickup.getByLabel("Amount (€)").fill("200");
    await visible(pickup.getByText("= €200.00", { exact: true }));
    await pickup.getByLabel("Reason").fill("Notes over the till limit");
    await pickup.getByRole("button", { name: "Record pick-up" }).click();
    await expectToast(p, "Success", "Pick-up of €200.00 recorded: expected cash €150.35");

    await control.getByRole("button", { name: "Top-up" }).click();
    const topup = p.getByRole("dialog", { name: "Top-up from the safe" });
    await topup.getByLabel("Amount (€)").fill("30,20");
    await visible(topup.getByText("= €30.20", { exact: true }));
    await topup.getByLabel("Reason").fill("Coins for change");
    await topup.getByRole("button", { name: "Record top-up" }).click();
    await expectToast(p, "Success", "Top-up of €30.20 recorded: expected cash €180.55");

    // 100.00 + 250.35 - 200.00 + 30.20 = 180.55; counted 180.50: 5 cent short.
    await control.getByRole("button", { name: "Close shift" }).click();
    const closing = p.getByRole("dialog", { name: "Close shift" });
    await expectText(detail(closing, "Top-ups (1)"), "+ €30.20", { exact: true });
    await expectText(detail(closing, "Pick-ups (1)"), "- €200.00", { exact: true });
    await expectText(detail(closing, "Expected cash"), "€180.55", { exact: true });
    await closing.getByLabel("Counted cash (€)").fill("180.50");
    await closing.getByRole("button", { name: "Close shift" }).click();
    const closed = p.getByRole("dialog", { name: "Shift closed" });
    await expectText(detail(closed, "Expected cash"), "€180.55", { exact: true });
    await expectText(detail(closed, "Counted cash"), "€180.50", { exact: true });
    await expectText(detail(closed, "Discrepancy"), "€0.05 short", { exact: true });

    await closed.getByRole("link", { name: "Shift report" }).click();
    await visible(p.getByRole("heading", { name: /^Shift report #\d+$/ }));
    const cashUp = panel(p, "Cash-up");
    await expectText(detail(cashUp, "Opening float"), "€100.00", { exact: true });
    await expectText(detail(cashUp, "Deposits (1)"), "+ €250.35", { exact: true });
    await expectText(detail(cashUp, "Withdrawals (0)"), "- €0.00", { exact: true });
    await expectText(detail(cashUp, "Top-ups (1)"), "+ €30.20", { exact: true });
    await expectText(detail(cashUp, "Pick-ups (1)"), "- €200.00", { exact: true });
    await expectText(detail(cashUp, "Expected cash"), "€180.55", { exact: true });
    await expectText(detail(cashUp, "Counted cash"), "€180.50", { exact: true });
    await expectText(detail(cashUp, "Discrepancy"), "€0.05 short", { exact: true });
    const rows = panel(p, "Pick-ups and top-ups").getByRole("row");
    await expectText(rows.nth(1), "Pick-up");
    await expectText(rows.nth(1), "Notes over the till limit");
    await expectText(rows.nth(1), "- €200.00");
    await expectText(rows.nth(2), "Top-up");
    await expectText(rows.nth(2), "Coins for change");
    await expectText(rows.nth(2), "+ €30.20");
    expect(await rows.count()).toBe(3);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
