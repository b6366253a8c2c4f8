/**
 * Issue 21, items 1, 2 and 7 (decision 051): the cash counter by keyboard alone. A cashier
 * with an open shift presses F4, types a cash bet (no customer) and places it; its slip
 * prints at once; they settle it Won from the bet's page, press F10, type the slip's code and
 * pay it. The shift's expected cash moved by the stake taken less the payout paid. The test
 * counts the key presses (a typed character is one) and names the count. Then (issue 21's
 * "a double payment … pays once") a second window of the till that found the slip unpaid
 * presses Pay too and is refused, and the shift closes on the counted cash without a cent of
 * discrepancy. And the slip's page, outside the shell, keeps the counter keys (decision 050):
 * "Back to Bet" has the focus there, and F4 opens the next cash bet.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { api, detail, expectAccessible, expectText, hidden, unique, visible } from "./harness";
import { countedKeys, counterKeysReady, focusIs } from "./keyboard";
import { createAccount, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** The keys this test presses, counted; the name below states the count it asserts. */
const KEYS = 43;

/** How many times the page asked to print (window.print is counted, not run). */
const prints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __prints?: number }).__prints ?? 0);

interface ShiftRow {
  id: number;
  expectedCash: string;
}

/**
 * A cashier of a new shop, signed in, with its shift open on a €100.00 float (set up through
 * the API) and window.print counted.
 */
async function cashierAtTheTill() {
  const admin = await suite.admin();
  const shop = await createShop(admin.page, unique("Cash Counter"));
  const username = unique("cashier")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const password = "Cashier-keys-2026";
  await createAccount(admin.page, username, password, "user");
  await admin.context.close();

  const session = await suite.signedIn(username, password);
  await session.page.addInitScript(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
  });
  const opened = await api<ShiftRow>(session.page, "POST", "/api/shifts", {
    shopId: shop.id,
    openingFloat: "100.00",
  });
  expect(opened.expectedCash).toBe("100.00");
  return { ...session, shop, opened };
}

/** Waits until the page asked to print `n` times. */
async function printsBecome(page: Page, n: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await prints(page)) !== n) {
    if (Date.now() > deadline) throw new Error(`printed ${await prints(page)} times, not ${n}`);
    await Bun.sleep(50);
  }
}

/** What has the focus: "h1 Bet #12" for the bet page's heading (focused() names it so). */
const heading = (betId: number) => `h1 Bet #${betId}`;

describe("the cash counter by keyboard (issue 21, items 1, 2 and 7)", () => {
  test(`a cash bet taken on F4, settled Won and paid on F10, the till right to the cent, in ${KEYS} keys`, async () => {
    const { page, problems, context, shop, opened } = await cashierAtTheTill();

    const keys = countedKeys(page);
    const { press, type, tabTo } = keys;

    await counterKeysReady(page);
    await expectText(page.getByTestId("shift-control"), `Open at ${shop.name}`);

    // F4: the bet dialog in Cash mode, the description (the first empty field) focused.
    await press("F4");
    const betDialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(betDialog);
    await focusIs(page, "textarea Description");
    expect(await betDialog.getByRole("radio", { name: "Cash" }).isChecked()).toBe(true);
    await expectText(betDialog.getByTestId("cash-bet-shop"), shop.name);
    await expectAccessible(page, "cash bet by key", "dialog[open]");
    const description = "Red Rum to win";
    await type(description);
    await tabTo("input Stake Amount (€)");
    await type("8");
    await tabTo("input Odds");
    await type("11/8");
    // €8 at 11/8 returns €19.00 exactly (decision 048).
    await expectText(betDialog.getByTestId("potential-payout"), "€19.00", { exact: true });
    await press("Enter");
    await hidden(betDialog);

    // The slip prints at once, on its own page.
    await page.waitForURL((u) => /^\/bets\/\d+\/slip$/.test(u.pathname));
    const betId = Number(new URL(page.url()).pathname.split("/")[2]);
    const slip = page.getByRole("article", { name: `Slip for bet #${betId}` });
    await visible(slip);
    await printsBecome(page, 1);
    // The focus is on "Back to Bet" (not on Print, where an Enter would print again).
    await focusIs(page, "a Back to Bet");
    const placed = await api<{
      customerId: number | null;
      payment: string;
      shiftId: number | null;
      totalStake: string;
    }>(page, "GET", `/api/bets/${betId}`);
    expect(placed).toMatchObject({
      customerId: null,
      payment: "cash",
      shiftId: opened.id,
      totalStake: "8.00",
    });
    const { code } = await api<{ code: string }>(page, "GET", `/api/bets/${betId}/slip`);

    // Back to the bet (Enter: its heading then has the focus, as after any page change), and
    // settle it Won there (Tab to Won, Enter, Tab to Confirm Won, Enter).
    await press("Enter");
    await focusIs(page, heading(betId));
    await tabTo("button Won");
    await press("Enter");
    const settle = page.getByRole("dialog", { name: `Settle bet #${betId} as Won` });
    await visible(settle);
    await expectText(settle.getByTestId("settle-effect"), "Owes €19.00 on the slip");
    await tabTo("button Confirm Won");
    await press("Enter");
    await hidden(settle);
    await expectText(page.getByTestId("bet-status"), "WON");
    // Settling a cash bet moves no money: the till still holds the float and the stake.
    const settled = await api<ShiftRow>(page, "GET", "/api/shifts/current");
    expect(settled.expectedCash).toBe("108.00");

    // F10: the slip by its code, its state, and Pay €19.00.
    await press("F10");
    const find = page.getByRole("dialog", { name: "Find slip" });
    await visible(find);
    await focusIs(page, "input Find slip");
    await type(code);
    await press("Enter");
    const result = find.getByTestId("slip-result");
    await expectText(result, "WON");
    await expectText(find.getByTestId("slip-pay-state"), "Not paid yet: €19.00 to pay.", {
      exact: true,
    });
    await expectAccessible(page, "find slip result", "dialog[open]");
    // A second window of the same till finds the same unpaid slip, to pay it again later.
    const other = await context.newPage();
    await other.goto("/");
    await counterKeysReady(other);
    await other.keyboard.press("F10");
    const otherFind = other.getByRole("dialog", { name: "Find slip" });
    await visible(otherFind);
    const otherBox = otherFind.getByRole("textbox", { name: "Find slip" });
    await otherBox.fill(code);
    await otherBox.press("Enter");
    const payAgain = otherFind.getByRole("button", { name: "Pay €19.00" });
    await visible(payAgain);
    await tabTo("button Pay €19.00");
    await press("Enter");
    await expectText(find.getByTestId("slip-paid-now"), "Paid €19.00");
    await expectAccessible(page, "slip paid", "dialog[open]");
    await press("Escape");
    await hidden(find);

    // The till: €100.00 float + €8.00 stake - €19.00 paid = €89.00.
    const after = await api<ShiftRow>(page, "GET", "/api/shifts/current");
    expect(after.expectedCash).toBe("89.00");
    const paid = await api<{ paid: { amount: string; shiftId: number } | null }>(
      page,
      "GET",
      `/api/bets/${betId}`,
    );
    expect(paid.paid).toMatchObject({ amount: "19.00", shiftId: opened.id });
    expect(keys.count).toBe(KEYS);

    // Paid twice: the second window's Pay is refused, says so, and the till is unchanged.
    await payAgain.click();
    await expectText(otherFind.getByRole("alert"), "Slip already paid: €19.00");
    await expectText(otherFind.getByTestId("slip-pay-state"), "Paid €19.00 on ");
    await hidden(otherFind.getByRole("button", { name: /^Pay/ }));
    await other.close();
    const twice = await api<ShiftRow>(page, "GET", "/api/shifts/current");
    expect(twice.expectedCash).toBe("89.00");

    // Cash-up: the €89.00 counted is what the till expects, to the cent.
    const control = page.getByTestId("shift-control");
    await control.getByRole("button", { name: "Close shift" }).click();
    const closing = page.getByRole("dialog", { name: "Close shift" });
    await expectText(detail(closing, "Expected cash"), "€89.00", { exact: true });
    await closing.getByLabel("Counted cash (€)").fill("89");
    await closing.getByRole("button", { name: "Close shift" }).click();
    const closed = page.getByRole("dialog", { name: "Shift closed" });
    await expectText(detail(closed, "Discrepancy"), "None", { exact: true });
    const shift = await api<ShiftRow & { countedCash: string; discrepancy: string }>(
      page,
      "GET",
      `/api/shifts/${opened.id}`,
    );
    expect(shift).toMatchObject({ countedCash: "89.00", discrepancy: "0.00" });
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("the slip's page keeps the counter keys: Back to Bet focused, F4 opens the next cash bet", async () => {
    const { page, problems, context } = await cashierAtTheTill();
    await counterKeysReady(page);
    const { press, type, tabTo } = countedKeys(page);

    // A cash bet on F4; its slip prints at once on its own page, outside the shell.
    await press("F4");
    const betDialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(betDialog);
    await focusIs(page, "textarea Description");
    await type("Desert Orchid to win");
    await tabTo("input Stake Amount (€)");
    await type("5");
    await tabTo("input Odds");
    await type("2/1");
    await press("Enter");
    await hidden(betDialog);
    await page.waitForURL((u) => /^\/bets\/\d+\/slip$/.test(u.pathname));
    const betId = Number(new URL(page.url()).pathname.split("/")[2]);
    await visible(page.getByRole("article", { name: `Slip for bet #${betId}` }));
    await printsBecome(page, 1);
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    await focusIs(page, "a Back to Bet");
    await page.locator("body[data-counter-keys=on]").waitFor({ state: "attached" });

    // F4 on the slip's page: back in the shell, on this bet, the next cash bet's dialog open.
    await press("F4");
    await visible(betDialog);
    await page.waitForURL((u) => u.pathname === `/bets/${betId}`);
    expect(await betDialog.getByRole("radio", { name: "Cash" }).isChecked()).toBe(true);
    await focusIs(page, "textarea Description");
    await expectAccessible(page, "cash bet from the slip's page", "dialog[open]");
    // Esc: the bet's page, its heading focused; the slip printed once, nothing more.
    await press("Escape");
    await hidden(betDialog);
    await focusIs(page, heading(betId));
    expect(await prints(page)).toBe(1);

    // The slip again (DUPLICATE): "Back to Bet" focused, F10 opens Find slip in the shell.
    await page.goto(`/bets/${betId}/slip`);
    await visible(page.getByRole("article", { name: `Slip for bet #${betId}` }));
    await focusIs(page, "a Back to Bet");
    await page.locator("body[data-counter-keys=on]").waitFor({ state: "attached" });
    await press("F10");
    const find = page.getByRole("dialog", { name: "Find slip" });
    await visible(find);
    await page.waitForURL((u) => u.pathname === `/bets/${betId}`);
    await focusIs(page, "input Find slip");
    await press("Escape");
    await hidden(find);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});
