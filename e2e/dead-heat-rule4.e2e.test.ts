/**
 * Rule 4 in a real browser (decision 084): €10 at 5/1 settled Won with a Rule 4 deduction of
 * 25c in the € pays 10 + 10 × 5 × 75/100 = €47.50 instead of €60.00, and the customer's
 * balance gets exactly that; and the common case, a Rule 4 declared after the winner was
 * paid: re-settled Won to Won with the deduction, the €60.00 taken back and €47.50 paid.
 */
import { describe, expect, test } from "bun:test";
import {
  api,
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
import { createCustomer, createShop, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("Rule 4", () => {
  test("€10 at 5/1 settled Won with Rule 4 25 pays €47.50 to the balance", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Punchestown"));
    const lastName = unique("Carberry");
    const customer = await createCustomer(page, "Nina", lastName, { creditLimit: "50.00" });
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Nina ${lastName}`, exact: true }));

    await page.getByRole("button", { name: "New Bet" }).click();
    const dialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(dialog);
    await pick(dialog, "Shop", shop.name);
    await dialog.getByLabel("Description").fill(unique("Punchestown 15:10"));
    await dialog.getByLabel("Stake Amount (€)").fill("10");
    await dialog.getByLabel("Odds").fill("5/1");
    await expectText(dialog.getByTestId("potential-payout"), "€60.00", { exact: true });
    await dialog.getByRole("button", { name: "Place Bet" }).click();
    await expectToast(page, "Success", "Bet placed successfully");
    await hidden(dialog);

    const [bet] = await api<{ id: number }[]>(page, "GET", `/api/bets?customerId=${customer.id}`);
    if (!bet) throw new Error("the bet was not placed");

    await page.goto(`/bets/${bet.id}`);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));
    await page.getByRole("button", { name: "Won", exact: true }).click();
    const settle = page.getByRole("dialog", { name: `Settle bet #${bet.id} as Won` });
    await visible(settle);
    await expectText(settle.getByTestId("settle-effect"), `Pays €60.00 to Nina ${lastName}.`, {
      exact: true,
    });
    await settle.getByText("Dead heat or Rule 4").click();
    await settle.getByLabel("Rule 4 deduction (cents in the €)").fill("25");
    await expectText(
      settle.getByTestId("settle-effect"),
      `Pays €47.50 to Nina ${lastName} (Rule 4: 25c in the €).`,
      { exact: true },
    );
    await settle.getByRole("button", { name: "Confirm Won" }).click();
    await expectToast(page, "Success", "Bet resolved successfully");
    await hidden(settle);
    await expectText(page.getByTestId("bet-status"), "WON");
    await expectText(detail(page, "Actual Payout"), "€47.50", { exact: true });
    await expectText(detail(page, "Dead heat / Rule 4"), "Rule 4: 25c in the €", { exact: true });
    const settled = await api<{ balance: string }>(page, "GET", `/api/customers/${customer.id}`);
    // -10.00 + 47.50
    expect(settled.balance).toBe("37.50");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a Rule 4 declared after the winner was paid: re-settled Won to Won with 25c from the bet page", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Leopardstown"));
    const last = unique("Walsh");
    const customer = await createCustomer(page, "Ruby", last, { creditLimit: "50.00" });
    const bet = await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: "Leopardstown 14:05",
      stakeAmount: "10.00",
      odds: "5/1",
      outcome: "WON",
    });
    const balance = async () =>
      (await api<{ balance: string }>(page, "GET", `/api/customers/${customer.id}`)).balance;
    // -10.00 + 60.00
    expect(await balance()).toBe("50.00");

    await page.goto(`/bets/${bet.id}`);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));
    await page.getByRole("button", { name: "Re-settle" }).click();
    const dialog = page.getByRole("dialog", { name: `Re-settle bet #${bet.id}` });
    await visible(dialog);
    await dialog.getByLabel("New outcome").selectOption("WON");
    await dialog.getByText("Dead heat or Rule 4").click();
    await dialog.getByLabel("Rule 4 deduction (cents in the €)").fill("25");
    await dialog.getByLabel("Reason for the correction *").fill("Rule 4 declared: 25c");
    await dialog.getByRole("button", { name: "Preview" }).click();
    const preview = dialog.getByTestId("correction-preview");
    // The €60.00 paid taken back, €47.50 paid instead.
    await expectText(preview, "PAYOUT €60.00 from Ruby");
    await expectText(preview, "€47.50");
    await expectAccessible(page, "the terms-only re-settlement preview", "dialog[open]");
    expect(await balance()).toBe("50.00");
    await dialog.getByRole("button", { name: "Confirm re-settlement" }).click();
    await expectToast(page, "Success", `Bet #${bet.id} re-settled as WON`);
    await hidden(dialog);
    await expectText(detail(page, "Actual Payout"), "€47.50", { exact: true });
    await expectText(detail(page, "Dead heat / Rule 4"), "Rule 4: 25c in the €", { exact: true });
    await expectText(panel(page, "Settlement History"), "Rule 4 declared: 25c");
    // 50.00 - 60.00 + 47.50
    expect(await balance()).toBe("37.50");
    expect(problems()).toEqual([]);
    await context.close();
  });
});
