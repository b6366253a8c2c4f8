/**
 * Each-way in a real browser (issue 21 item 6, decision 052): €5 each-way at 5/1, 3 places
 * at 1/4 the odds costs €10.00 (2 × €5.00) and can return €41.25 (win part 5 × 6 = 30.00,
 * place part 5 × (5/4 + 1) = 11.25); settled Placed it pays the place part, €11.25.
 */
import { describe, expect, test } from "bun:test";
import { api, detail, expectText, expectToast, hidden, pick, unique, visible } from "./harness";
import { createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("each-way", () => {
  test("€5 E/W at 5/1 3 places 1/4 costs €10.00, settled Placed pays €11.25", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Prestbury"));
    const lastName = unique("Walsh");
    const customer = await createCustomer(page, "Ruby", lastName, { creditLimit: "50.00" });
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Ruby ${lastName}`, exact: true }));

    await page.getByRole("button", { name: "New Bet" }).click();
    const dialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(dialog);
    await pick(dialog, "Shop", shop.name);
    const description = unique("Cheltenham 14:30");
    await dialog.getByLabel("Description").fill(description);
    await dialog.getByLabel("Stake Amount (€)").fill("5");
    await dialog.getByLabel("Odds").fill("5/1");
    await expectText(dialog.getByTestId("potential-payout"), "€30.00", { exact: true });
    await dialog.getByRole("checkbox", { name: "Each-way" }).check();
    await visible(dialog.getByLabel("Places"));
    expect(await dialog.getByLabel("Places").inputValue()).toBe("3");
    expect(await dialog.getByLabel("Fraction").inputValue()).toBe("1/4");
    const readBack = dialog.getByTestId("each-way-read-back");
    await expectText(readBack, "Total stake €10.00 (2 × €5.00)");
    await expectText(readBack, "returns €11.25");
    await expectText(dialog.getByTestId("potential-payout"), "€41.25", { exact: true });
    await dialog.getByRole("button", { name: "Place Bet" }).click();
    await expectToast(page, "Success", "Bet placed successfully");
    await hidden(dialog);

    const [bet] = await api<{ id: number; totalStake: string; eachWay: unknown }[]>(
      page,
      "GET",
      `/api/bets?customerId=${customer.id}`,
    );
    if (!bet) throw new Error("the bet was not placed");
    expect(bet.totalStake).toBe("10.00");
    expect(bet.eachWay).toEqual({ places: 3, fraction: "1/4" });
    const balanceAfterStake = await api<{ balance: string }>(
      page,
      "GET",
      `/api/customers/${customer.id}`,
    );
    expect(balanceAfterStake.balance).toBe("-10.00");

    // The bet's page: the terms and the total, then Placed.
    await page.goto(`/bets/${bet.id}`);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));
    await expectText(detail(page, "Stake"), "€5.00 each way (E/W 3 places 1/4)", { exact: true });
    await expectText(detail(page, "Total Stake"), "€10.00 (2 × €5.00)", { exact: true });
    await page.getByRole("button", { name: "Placed", exact: true }).click();
    const settle = page.getByRole("dialog", { name: `Settle bet #${bet.id} as Placed` });
    await visible(settle);
    await expectText(
      settle.getByTestId("settle-effect"),
      `Pays €11.25 to Ruby ${lastName} (the place part; the win part lost).`,
      { exact: true },
    );
    await settle.getByRole("button", { name: "Confirm Placed" }).click();
    await expectToast(page, "Success", "Bet resolved successfully");
    await hidden(settle);
    await expectText(page.getByTestId("bet-status"), "PLACED");
    await expectText(detail(page, "Actual Payout"), "€11.25", { exact: true });
    const settled = await api<{ balance: string }>(page, "GET", `/api/customers/${customer.id}`);
    // -10.00 + 11.25
    expect(settled.balance).toBe("1.25");
    expect(problems()).toEqual([]);
    await context.close();
  });
});
