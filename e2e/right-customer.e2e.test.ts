/**
 * The right customer at the counter (issue 20, items 7 and 9): the picker names the customer
 * by number, name and phone; a deposit's toast says whom, how much and the balance after; and
 * the sequence that once placed nothing (two deposits on a customer's page, then New Bet with
 * a shop's full name typed and Enter pressed at once) places the bet at the typed shop.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { customerNumber } from "../src/domain/customer-number";
import { expectText, expectToast, hidden, panel, pick, unique, visible } from "./harness";
import { createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** Waits until `read` gives `want` (30 s deadline), failing with what it last read. */
async function until<T>(read: () => Promise<T>, want: T, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = await read();
  while (last !== want) {
    if (Date.now() > deadline) throw new Error(`${what}: expected ${want}, got ${last}`);
    await Bun.sleep(50);
    last = await read();
  }
}

async function depositOnPage(page: Page, shopName: string, amount: string): Promise<void> {
  await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
  const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
  await visible(dep);
  await pick(dep, "Shop", shopName);
  await dep.getByLabel("Amount (€)").fill(amount);
  await dep.getByRole("button", { name: "Process" }).click();
  await hidden(dep);
}

/** The toast that names `text` (several may be on screen one after another). */
function toastWith(page: Page, text: string): Locator {
  return page.getByRole("status").filter({ hasText: text });
}

describe("the right customer", () => {
  test("the picker shows number, name and phone; a deposit's toast names customer, amount and balance", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Salthill"));
    const last = unique("Quinn");
    const sarah = await createCustomer(page, "Sarah", last, { phone: "085 3401590" });
    const number = customerNumber(sarah.id);

    await page.goto("/bets");
    await page.getByRole("button", { name: "New Bet" }).click();
    const bet = page.getByRole("dialog", { name: "Place New Bet" });
    const box = bet.getByRole("combobox", { name: "Customer" });
    // Found by the phone typed without its space, the option tells who it is.
    await box.fill("0853401590");
    const option = bet.getByRole("option", { name: new RegExp(number) });
    await expectText(option, `Sarah ${last} (${number}) · 085 3401590`);
    await option.click();
    await until(() => box.inputValue(), `Sarah ${last} (${number}) · 085 3401590`, "chosen");
    // And by its number.
    await box.fill(`c${sarah.id}`);
    await expectText(bet.getByRole("option").first(), `Sarah ${last} (${number})`);

    await page.goto(`/customers/${sarah.id}`);
    await visible(page.getByText(`${number} · 085 3401590`, { exact: true }));
    // No date of birth on record.
    await visible(page.getByText("Age not verified", { exact: true }));
    await depositOnPage(page, shop.name, "10.50");
    await expectToast(page, "Success", "Deposit processed successfully");
    await expectText(
      toastWith(page, "deposited for"),
      `€10.50 deposited for Sarah ${last} (${number}); balance €10.50`,
    );
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("after two deposits on the customer's page, a shop typed in full and Enter at once places the bet there", async () => {
    const { page, problems, context } = await suite.admin();
    const prefix = unique("Seq");
    // Several shops share the prefix: the first results are not the typed one.
    await createShop(page, `${prefix} Athlone`);
    await createShop(page, `${prefix} Bray`);
    const target = await createShop(page, `${prefix} Cork Road`);
    const last = unique("Walsh");
    const customer = await createCustomer(page, "Aoife", last, { creditLimit: "0" });
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Aoife ${last}`, exact: true }));

    // Three runs, as the report had it: each after two deposits made on the same page.
    for (let run = 1; run <= 3; run++) {
      await depositOnPage(page, target.name, "20");
      await depositOnPage(page, target.name, "5");
      await expectText(
        panel(page, "Account Balance").locator(".text-3xl"),
        `€${(25 * run - 5 * (run - 1)).toFixed(2)}`,
        { exact: true },
      );

      await page.getByRole("button", { name: "New Bet" }).click();
      const bet = page.getByRole("dialog", { name: "Place New Bet" });
      await visible(bet);
      const shop = bet.getByRole("combobox", { name: "Shop" });
      await shop.click();
      await shop.pressSequentially(target.name, { delay: 0 });
      await shop.press("Enter");
      await bet.getByLabel("Description").fill(`Run ${run}`);
      await bet.getByLabel("Stake Amount (€)").fill("5");
      await bet.getByLabel("Odds").fill("2");
      const placed = page.waitForResponse(
        (r) => r.url().endsWith("/api/bets") && r.request().method() === "POST",
        { timeout: 30_000 },
      );
      await bet.getByRole("button", { name: "Place Bet" }).click();
      const answer = await placed;
      expect(answer.status()).toBe(201);
      expect(((await answer.json()) as { shopId: number }).shopId).toBe(target.id);
      await expectToast(page, "Success", "Bet placed successfully");
      await hidden(bet);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });
});
