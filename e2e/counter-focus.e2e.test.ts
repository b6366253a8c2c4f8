/**
 * The focus through a cashier's shift, keyboard only, in Chromium (issue 26's review):
 * - a picker's Enter pressed before its results arrive takes the first one, the list closes,
 *   and Tab goes on to the next field (the list, a scrolling box Chromium made a Tab stop,
 *   took the Tab and hid itself: the focus fell to the page and what was typed next was lost);
 * - Find slip's Pay refused (the till holds too little) keeps the focus on Pay, and once paid
 *   "Paid €19.00" has it;
 * - a refused pick-up gives the focus back to its button; a closed shift focuses Done;
 * - Go back from a large amount's confirmation gives the focus to the amount to correct.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { api, expectText, expectToast, hidden, pick, unique, visible } from "./harness";
import { counterKeysReady, focused, focusIs } from "./keyboard";
import { createAccount, createCustomer, createShop, deposit, resolveBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** The focused element's data-testid ("" for none). */
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");

/** Waits (30 s at most) until `read` says `want`. */
async function until<T>(what: string, read: () => Promise<T>, want: T): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = await read();
  while (last !== want) {
    if (Date.now() > deadline) throw new Error(`${what}: expected ${want}, saw ${last}`);
    await Bun.sleep(50);
    last = await read();
  }
}

describe("the focus through a cashier's shift", () => {
  test("a picker's Enter before its results: chosen, the list closed, Tab goes on (F9, F2, Shift+F9)", async () => {
    const { page, problems, context } = await suite.admin();
    const last = unique("Counterfoil");
    const shopName = unique("Athlone");
    await createCustomer(page, "Ann", last);
    await createShop(page, shopName);
    // Enough rows that the unfiltered lists scroll (a box Chromium would make a Tab stop).
    for (let i = 0; i < 8; i++) {
      await createCustomer(page, "Extra", unique("Filler"));
      await createShop(page, unique("Filler Shop"));
    }

    const dialogs = [
      { key: "F9", title: "Process Customer Deposit", after: "input Amount (€)" },
      { key: "F2", title: "Place New Bet" },
      { key: "Shift+F9", title: "Process Customer Withdrawal", after: "input Amount (€)" },
    ];
    for (const { key, title, after } of dialogs) {
      await counterKeysReady(page);
      await page.keyboard.press(key);
      const dialog = page.getByRole("dialog", { name: title });
      await visible(dialog);
      await focusIs(page, "combobox Customer");
      const customer = dialog.getByRole("combobox", { name: "Customer" });
      const shop = dialog.getByRole("combobox", { name: "Shop" });

      // Typed at a scanner's pace, Enter and Tab at once: the search has not answered yet.
      await page.keyboard.type(last);
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await focusIs(page, "combobox Shop");
      await until(
        `${key}: Customer chosen`,
        async () => {
          const value = await customer.inputValue();
          return value.startsWith(`Ann ${last} (`);
        },
        true,
      );
      await until(`${key}: Customer's list`, () => customer.getAttribute("aria-expanded"), "false");

      // The Shop the same way; then, the choice in, the list closed and the focus still here.
      await page.keyboard.press("Control+A");
      await page.keyboard.type(shopName);
      await page.keyboard.press("Enter");
      await until(`${key}: Shop chosen`, () => shop.inputValue(), shopName);
      await until(`${key}: Shop's list`, () => shop.getAttribute("aria-expanded"), "false");
      expect(await shop.getAttribute("data-typing")).toBeNull();
      await focusIs(page, "combobox Shop");
      await page.keyboard.press("Tab");
      const next = await focused(page);
      expect({ key, next: next === "nothing" ? next : "a field" }).toEqual({
        key,
        next: "a field",
      });
      if (after) await focusIs(page, after);
      expect(await customer.inputValue()).toStartWith(`Ann ${last} (`);

      await page.keyboard.press("Escape");
      await hidden(dialog);
    }
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("Go back from the large amount gives the focus to the amount to correct (F9) and the stake (F2)", async () => {
    const { page, problems, context } = await suite.admin();
    const last = unique("Largesse");
    const shop = await createShop(page, unique("Large Till"));
    const customer = await createCustomer(page, "Ann", last);
    await deposit(page, customer.id, shop.id, "2000.00");
    // LARGE_AMOUNT is €1,000.00 by default.
    const dialogs = [
      { key: "F9", title: "Process Customer Deposit", amount: "Amount (€)" },
      { key: "F2", title: "Place New Bet", amount: "Stake Amount (€)" },
    ];
    for (const { key, title, amount } of dialogs) {
      await counterKeysReady(page);
      await page.keyboard.press(key);
      const dialog = page.getByRole("dialog", { name: title });
      await visible(dialog);
      await pick(dialog, "Customer", `Ann ${last}`);
      await pick(dialog, "Shop", shop.name);
      if (key === "F2") {
        await dialog.getByLabel("Description").fill("Cheltenham Gold Cup");
        await dialog.getByLabel("Odds").fill("2");
      }
      await dialog.getByLabel(amount).fill("1000");
      await dialog.getByLabel(amount).press("Enter");
      await visible(dialog.getByTestId("large-amount"));
      await focusIs(page, "button Go back");
      await page.keyboard.press("Enter");
      await hidden(dialog.getByTestId("large-amount"));
      // Not the page: the field the cashier corrects, with what was typed.
      await focusIs(page, `input ${amount}`);
      expect(await dialog.getByLabel(amount).inputValue()).toBe("1000");
      await page.keyboard.press("Escape");
      await hidden(dialog);
    }
    const after = await api<{ balance: string }>(page, "GET", `/api/customers/${customer.id}`);
    expect(after.balance).toBe("2000.00");
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("Pay refused keeps the focus on Pay; paid, 'Paid €19.00' has it; a refused pick-up keeps it on its button; closed, Done has it", async () => {
    const admin = await suite.admin();
    const shop = await createShop(admin.page, unique("Focus Till"));
    const username = unique("focuscashier")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const password = "Cashier-focus-2026";
    await createAccount(admin.page, username, password, "user");

    const { page, problems, context } = await suite.signedIn(username, password);
    const shift = await api<{ id: number }>(page, "POST", "/api/shifts", {
      shopId: shop.id,
      openingFloat: "0.00",
    });
    // An €8 cash bet at 11/8, Won: €19.00 owed; the till holds the €8 stake only.
    const bet = await api<{ id: number }>(page, "POST", "/api/bets", {
      payment: "cash",
      description: "Red Rum to win",
      stakeAmount: "8",
      odds: "11/8",
    });
    await resolveBet(admin.page, bet.id, "WON");
    await admin.context.close();
    const { code } = await api<{ code: string }>(page, "GET", `/api/bets/${bet.id}/slip`);

    await counterKeysReady(page);
    await page.keyboard.press("F10");
    const find = page.getByRole("dialog", { name: "Find slip" });
    await visible(find);
    await focusIs(page, "input Find slip");
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");
    await visible(find.getByRole("button", { name: "Pay €19.00" }));
    await focusIs(page, "slip-result", focusedTestId);
    await page.keyboard.press("Tab");
    await focusIs(page, "button Pay €19.00");
    await page.keyboard.press("Enter");
    // Refused: the till holds €8.00; Pay has the focus again, so Enter pays once topped up.
    await expectText(find.getByRole("alert"), "Not paid:");
    await focusIs(page, "button Pay €19.00");
    await api(page, "POST", `/api/shifts/${shift.id}/movements`, {
      kind: "topup",
      amount: "20.00",
      reason: "Change from the safe",
    });
    await page.keyboard.press("Enter");
    await expectText(find.getByTestId("slip-paid-now"), "Paid €19.00");
    await focusIs(page, "slip-paid-now", focusedTestId);
    await page.keyboard.press("Escape");
    await hidden(find);

    // A pick-up of €500.00 with €9.00 in the till: refused, its button keeps the focus.
    const control = page.getByTestId("shift-control");
    await control.getByRole("button", { name: "Pick-up" }).click();
    const pickup = page.getByRole("dialog", { name: "Pick-up to the safe" });
    await visible(pickup);
    await pickup.getByLabel("Amount (€)").fill("500");
    await pickup.getByLabel("Reason").fill("Notes to the safe");
    await pickup.getByRole("button", { name: "Record pick-up" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Error", "A pick-up cannot exceed the cash expected in the till");
    await focusIs(page, "button Record pick-up");
    await page.keyboard.press("Escape");
    await hidden(pickup);

    // Close shift: the count typed, Enter; the result has the focus, so a second Enter does
    // not hide it (decision 093); Tab past Shift report to Done, Enter ends it.
    await control.getByRole("button", { name: "Close shift" }).click();
    const closing = page.getByRole("dialog", { name: "Close shift" });
    await visible(closing);
    const counted = closing.getByLabel("Counted cash (€)");
    await counted.focus();
    await page.keyboard.type("9");
    await page.keyboard.press("Enter");
    const closed = page.getByRole("dialog", { name: "Shift closed" });
    await visible(closed);
    await focusIs(page, "shift-closed-result", focusedTestId);
    await page.keyboard.press("Enter");
    await visible(closed);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await focusIs(page, "button Done");
    await page.keyboard.press("Enter");
    await hidden(closed);
    expect(
      problems([/^422 POST \/api\/slips\/.+\/pay$/, /^422 POST \/api\/shifts\/\d+\/movements$/]),
    ).toEqual([]);
    await context.close();
  }, 120_000);
});
