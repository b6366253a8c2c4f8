/**
 * The deposit and withdrawal dialogs at the counter (decision 088), in Chromium against the
 * real server:
 * - F9 and Shift+F9 from the dashboard: the success message names the balance after the
 *   movement (the dialog was its customer's only reader; closing it cancelled the refresh and
 *   the message took the balance from before);
 * - F2 (an account bet) the same: its message names the balance after the stake;
 * - a German browser reads the withdrawal rule's refusals in German;
 * - with a shift open and no working shop, Deposit, Withdrawal and New Bet start at the
 *   shift's shop, and another shop picked says its cash will not count in the shift's till.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { customerNumber } from "../src/domain/customer-number";
import {
  api,
  expectText,
  hidden,
  newGermanPage,
  pick,
  signInGerman,
  unique,
  visible,
} from "./harness";
import { counterKeysReady } from "./keyboard";
import { createAccount, createCustomer, createShop, deposit, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

const PASSWORD = "Kassierer-Orchard-2026";

/** The toast that names `text` (one at a time, but a later one may replace it). */
function toastWith(page: Page, text: string): Locator {
  return page.getByRole("status").filter({ hasText: text });
}

/** Waits until the picker `label` in `scope` shows `text` (chosen for the user, not typed). */
async function pickerShows(scope: Locator, label: string, text: string): Promise<void> {
  const box = scope.getByRole("combobox", { name: label });
  const deadline = Date.now() + 30_000;
  let last = "";
  for (;;) {
    last = await box.inputValue();
    if (last === text) return;
    if (Date.now() > deadline) throw new Error(`${label} shows "${last}", not "${text}"`);
    await Bun.sleep(50);
  }
}

describe("cash dialogs at the counter", () => {
  test("F9 and Shift+F9 from the dashboard name the balance after the movement", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Counterfoil Shop"));
    const last = unique("Counterfoil");
    const bridget = await createCustomer(page, "Bridget", last);
    await deposit(page, bridget.id, shop.id, "30.20");
    const number = customerNumber(bridget.id);
    await counterKeysReady(page);

    const moves = [
      { key: "F9", dialog: "Process Customer Deposit", amount: "5", balance: "35.20" },
      { key: "Shift+F9", dialog: "Process Customer Withdrawal", amount: "7.50", balance: "27.70" },
    ];
    for (const move of moves) {
      await page.keyboard.press(move.key);
      const dialog = page.getByRole("dialog", { name: move.dialog });
      await visible(dialog);
      await pick(dialog, "Customer", `Bridget ${last}`);
      await pick(dialog, "Shop", shop.name);
      await dialog.getByLabel("Amount (€)").fill(move.amount);
      await dialog.getByRole("button", { name: "Process" }).click();
      await hidden(dialog);
      const after = await api<{ balance: string }>(page, "GET", `/api/customers/${bridget.id}`);
      expect(after.balance).toBe(move.balance);
      const what =
        move.key === "F9"
          ? `€5.00 deposited for Bridget ${last} (${number})`
          : `€7.50 withdrawn from Bridget ${last} (${number})`;
      await expectText(toastWith(page, what), `${what}; balance €${move.balance}`);
    }
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("F2 from the dashboard names the balance after the bet, not the one before it", async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Counterfoil Bets"));
    const last = unique("Stakeholder");
    const niamh = await createCustomer(page, "Niamh", last);
    await deposit(page, niamh.id, shop.id, "619.44");
    await counterKeysReady(page);

    await page.keyboard.press("F2");
    const dialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(dialog);
    await pick(dialog, "Customer", `Niamh ${last}`);
    await pick(dialog, "Shop", shop.name);
    await visible(dialog.getByRole("region", { name: "Customer Balance Info" }));
    await dialog.getByLabel("Description").fill("Galway Plate");
    await dialog.getByLabel("Stake Amount (€)").fill("12.50");
    await dialog.getByLabel("Odds").fill("3");
    await dialog.getByRole("button", { name: "Place Bet" }).click();
    await hidden(dialog);
    const after = await api<{ balance: string }>(page, "GET", `/api/customers/${niamh.id}`);
    expect(after.balance).toBe("606.94");
    const what = `for Niamh ${last} (${customerNumber(niamh.id)})`;
    await expectText(toastWith(page, what), `${what}; balance €606.94`);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("a German browser reads the withdrawal refusals in German", async () => {
    const admin = await suite.admin();
    const shop = await createShop(admin.page, unique("Markt"));
    const richLast = unique("Weber");
    const rich = await createCustomer(admin.page, "Jonas", richLast);
    await deposit(admin.page, rich.id, shop.id, "195.20");
    const owingLast = unique("Fischer");
    const owing = await createCustomer(admin.page, "Lena", owingLast, { creditLimit: "50.00" });
    await placeBet(admin.page, {
      customerId: owing.id,
      shopId: shop.id,
      description: "On credit",
      stakeAmount: "10.00",
      odds: "2.00",
    });
    const username = unique("kasse").toLowerCase().replace(" ", ".");
    await createAccount(admin.page, username, PASSWORD, "user");
    await admin.context.close();

    const { context, page, errors } = await newGermanPage(suite.browser, suite.server.url);
    await page.goto("/auth");
    await signInGerman(page, username, PASSWORD);
    await counterKeysReady(page);

    await page.keyboard.press("Shift+F9");
    const dialog = page.getByRole("dialog", { name: "Auszahlung an Kunden" });
    await visible(dialog);
    await pick(dialog, "Kunde", `Jonas ${richLast}`);
    await dialog.getByLabel("Betrag (€)").fill("1.000,50");
    await expectText(
      dialog.getByRole("alert"),
      "Der Auszahlungsbetrag übersteigt das verfügbare Guthaben des Kunden.",
      { exact: true },
    );
    await pick(dialog, "Kunde", `Lena ${owingLast}`);
    await expectText(
      dialog.getByRole("alert"),
      "Dieser Kunde hat kein positives Guthaben für eine Auszahlung.",
      { exact: true },
    );
    expect(await dialog.getByRole("button", { name: "Ausführen" }).isDisabled()).toBe(true);
    expect(await dialog.textContent()).not.toMatch(/exceeds|positive balance/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test("with a shift open, the cash dialogs and New Bet start at its shop; another shop warns", async () => {
    const admin = await suite.admin();
    const athlone = await createShop(admin.page, unique("Athlone"));
    const cork = await createShop(admin.page, unique("Cork"));
    const last = unique("Shifted");
    const customer = await createCustomer(admin.page, "Nora", last);
    const username = unique("till").toLowerCase().replace(" ", ".");
    await createAccount(admin.page, username, PASSWORD, "user");
    await admin.context.close();

    const { page, problems, context } = await suite.signedIn(username, PASSWORD);
    // No working shop chosen; the shift is opened at Athlone.
    await expectText(page.getByTestId("working-shop"), "None chosen");
    const control = page.getByTestId("shift-control");
    await control.getByRole("button", { name: "Open shift" }).click();
    const opening = page.getByRole("dialog", { name: "Open shift" });
    await pick(opening, "Shop", athlone.name);
    await opening.getByLabel("Opening float (€)").fill("100");
    await opening.getByRole("button", { name: "Open shift" }).click();
    await expectText(control, `Open at ${athlone.name}`);
    await counterKeysReady(page);

    // F9: the shop is the shift's; picking Cork warns; back at Athlone the €30 counts.
    await page.keyboard.press("F9");
    const dep = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(dep);
    await pickerShows(dep, "Shop", athlone.name);
    expect(await dep.getByTestId("shift-shop").count()).toBe(0);
    await pick(dep, "Shop", cork.name);
    await expectText(
      dep.getByTestId("shift-shop"),
      `Not your shift's shop: your open shift is at ${athlone.name}. This cash will not count in your shift's till, nor in its cash-up.`,
      { exact: true },
    );
    await pick(dep, "Shop", athlone.name);
    await hidden(dep.getByTestId("shift-shop"));
    await pick(dep, "Customer", `Nora ${last}`);
    await dep.getByLabel("Amount (€)").fill("30");
    await dep.getByRole("button", { name: "Process" }).click();
    await hidden(dep);
    const current = await api<{ id: number; expectedCash: string }>(
      page,
      "GET",
      "/api/shifts/current",
    );
    expect(current.expectedCash).toBe("130.00");
    const rows = await api<{ shiftId: number | null; amount: string }[]>(
      page,
      "GET",
      `/api/transactions?customerId=${customer.id}`,
    );
    expect(rows.map((r) => [r.amount, r.shiftId])).toEqual([["30.00", current.id]]);

    // Shift+F9 too.
    await page.keyboard.press("Shift+F9");
    const wd = page.getByRole("dialog", { name: "Process Customer Withdrawal" });
    await visible(wd);
    await pickerShows(wd, "Shop", athlone.name);
    await page.keyboard.press("Escape");
    await hidden(wd);

    // New Bet, Account: the shift's shop; Cork warns.
    await page.keyboard.press("F2");
    const bet = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(bet);
    await pickerShows(bet, "Shop", athlone.name);
    await pick(bet, "Shop", cork.name);
    await expectText(
      bet.getByTestId("shift-shop"),
      `your open shift is at ${athlone.name}. This bet will be booked to the shop chosen here.`,
    );
    await page.keyboard.press("Escape");
    await hidden(bet);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});
