/**
 * Exact fractional prices in a real browser (issue 21 item 5, decision 048): a bet at 11/8
 * for 8.00 reads back "= 11/8, 2.38", shows 19.00 (8 x 19/8; the decimal 2.38 would
 * pay 19.04), and a user who chooses fractional on their own page sees it as 11/8.
 */
import { describe, expect, test } from "bun:test";
import { api, expectText, expectToast, hidden, panel, pick, unique, visible } from "./harness";
import { createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("fractional prices", () => {
  test("a bet at 11/8 for €8 shows €19.00, and 11/8 once fractions are chosen", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Ballybrit"));
    const lastName = unique("Kenny");
    const customer = await createCustomer(page, "Nuala", lastName, { creditLimit: "50.00" });
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Nuala ${lastName}`, exact: true }));

    await page.getByRole("button", { name: "New Bet" }).click();
    const dialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(dialog);
    await pick(dialog, "Shop", shop.name);
    const description = unique("Galway Plate");
    await dialog.getByLabel("Description").fill(description);
    await dialog.getByLabel("Stake Amount (€)").fill("8");
    await dialog.getByLabel("Odds").fill("11/8");
    await visible(dialog.getByText("= 11/8, 2.38", { exact: true }));
    await expectText(dialog.getByTestId("potential-payout"), "€19.00", { exact: true });
    await dialog.getByRole("button", { name: "Place Bet" }).click();
    await expectToast(page, "Success", "Bet placed successfully");
    await hidden(dialog);
    await expectText(
      panel(page, "Recent Bets"),
      "Odds 2.38 · Stake €8.00 · Potential payout €19.00",
    );

    // The admin's own page: prices as fractions from now on.
    const me = await api<{ id: number }>(page, "GET", "/api/user");
    await page.goto(`/users/${me.id}`);
    const prices = panel(page, "Prices");
    await prices.getByLabel("Show odds as").selectOption("fractional");
    await expectToast(page, "Success", "Odds format saved");
    await page.goto(`/customers/${customer.id}`);
    await expectText(
      panel(page, "Recent Bets"),
      "Odds 11/8 · Stake €8.00 · Potential payout €19.00",
    );
    // Back to the shop's default, so other tests of this admin see decimals.
    await api(page, "PATCH", "/api/user/preferences", { oddsFormat: null });
    expect(problems()).toEqual([]);
    await context.close();
  });
});
