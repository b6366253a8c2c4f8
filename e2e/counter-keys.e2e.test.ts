/**
 * Issue 21, item 7 (decision 050): the counter by keyboard alone. Each counter key opens its
 * dialog with the first empty field focused; a deposit for a customer picked inside the
 * dialog, a bet, and its slip found by code, all without the mouse. The test counts the key
 * presses (a typed character is one) and names the count.
 */
import { describe, expect, test } from "bun:test";
import { api, expectAccessible, hidden, unique, visible } from "./harness";
import { countedKeys, counterKeysReady, focusIs } from "./keyboard";
import { createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** The keys this test presses, counted; the name below states the count it asserts. */
const KEYS = 121;

describe("counter keys (issue 21, item 7)", () => {
  test(`the counter by keyboard alone: every key's dialog, a deposit, a bet and its slip in ${KEYS} keys`, async () => {
    const { page, problems, context } = await suite.admin();
    const shop = await createShop(page, unique("Keys Shop"));
    const last = unique("Keyboard");
    const customer = await createCustomer(page, "Aoife", last);
    const keys = countedKeys(page);
    const { press, type, tabTo } = keys;
    /** Types into the focused picker and takes the first match with Enter. */
    const pickTyped = async (label: string, text: string) => {
      const box = page.getByRole("dialog").getByRole("combobox", { name: label });
      if ((await box.inputValue()).startsWith(text)) return;
      await type(text);
      await press("Enter");
      // Chosen once no typed text awaits a choice, the value reads so and the list has closed
      // (an Enter before the results closes it too once it takes the first).
      const deadline = Date.now() + 30_000;
      for (;;) {
        const state = {
          expanded: await box.getAttribute("aria-expanded"),
          typing: await box.getAttribute("data-typing"),
          value: await box.inputValue(),
        };
        if (state.typing !== "true" && state.expanded === "false" && state.value.includes(text))
          return;
        if (Date.now() > deadline) throw new Error(`${label} not chosen: ${JSON.stringify(state)}`);
        await Bun.sleep(50);
      }
    };

    // The page's own content first takes the focus (no text field): `?` is a command there.
    await counterKeysReady(page);

    // ? shows the keymap; Esc closes it.
    await press("Shift+?");
    const keymap = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await visible(keymap);
    for (const key of ["F2", "F4", "F9", "Shift+F9", "F10", "Esc", "F8"]) {
      await visible(keymap.getByRole("cell", { name: key, exact: true }));
    }
    await expectAccessible(page, "keymap", "dialog[open]");
    await press("Escape");
    await hidden(keymap);

    // Shift+F9 opens Withdrawal with its customer picker empty and focused; Esc closes it.
    await press("Shift+F9");
    const withdrawal = page.getByRole("dialog", { name: "Process Customer Withdrawal" });
    await visible(withdrawal);
    await focusIs(page, "combobox Customer");
    await expectAccessible(page, "withdrawal by key", "dialog[open]");
    await press("Escape");
    await hidden(withdrawal);

    // F9: a €50 deposit for the customer picked inside the dialog.
    await press("F9");
    const depositDialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(depositDialog);
    await focusIs(page, "combobox Customer");
    await expectAccessible(page, "deposit by key", "dialog[open]");
    await pickTyped("Customer", last);
    await tabTo("combobox Shop");
    await pickTyped("Shop", shop.name);
    await tabTo("input Amount (€)");
    await type("50");
    await press("Enter");
    await hidden(depositDialog);
    const after = await api<{ balance: string }>(page, "GET", `/api/customers/${customer.id}`);
    expect(after.balance).toBe("50.00");

    // F2: a €10 bet at 2.50 for the same customer.
    await press("F2");
    const betDialog = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(betDialog);
    await focusIs(page, "combobox Customer");
    await expectAccessible(page, "new bet by key", "dialog[open]");
    await pickTyped("Customer", last);
    await tabTo("combobox Shop");
    await pickTyped("Shop", shop.name);
    await tabTo("textarea Description");
    const description = "Keys to win";
    await type(description);
    await tabTo("input Stake Amount (€)");
    await type("10");
    await tabTo("input Odds");
    await type("2.50");
    await press("Enter");
    await hidden(betDialog);
    const bets = await api<{ id: number; description: string }[]>(
      page,
      "GET",
      `/api/bets?customerId=${customer.id}`,
    );
    const bet = bets.find((b) => b.description === description);
    if (!bet) throw new Error("the bet placed by keyboard is not there");
    const { code } = await api<{ code: string }>(page, "GET", `/api/bets/${bet.id}/slip`);

    // F10: its slip found by the code (as a scanner types it): its state shows (issue 21),
    // and Tab, Enter on "Open bet" opens the bet.
    await press("F10");
    const find = page.getByRole("dialog", { name: "Find slip" });
    await visible(find);
    await focusIs(page, "input Find slip");
    await expectAccessible(page, "find slip by key", "dialog[open]");
    await type(code);
    await press("Enter");
    await visible(find.getByTestId("slip-result"));
    await visible(find.getByText("Not settled yet: nothing to pay."));
    await tabTo(`button Open bet #${bet.id}`);
    await press("Enter");
    await page.waitForURL((u) => u.pathname === `/bets/${bet.id}`);
    await hidden(find);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));

    expect(keys.count).toBe(KEYS);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});
