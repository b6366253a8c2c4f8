/**
 * Issue 12, re-settlement and previews: an admin re-settles a Won bet as Lost from its page,
 * sees the preview (the correcting row and "this takes the customer to -€25.00") before
 * confirming, then the new status and the bet's history; a deposit is reversed from its row
 * on the Transactions page through the same kind of preview.
 */
import { describe, expect, test } from "bun:test";
import {
  api,
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  panel,
  searchTable,
  unique,
  visible,
} from "./harness";
import { createCustomer, createShop, deposit, placeBet, withdraw } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

const balanceOf = async (page: Parameters<typeof api>[0], id: number) =>
  (await api<{ balance: string }>(page, "GET", `/api/customers/${id}`)).balance;

describe("re-settlement with a preview", () => {
  test("re-settle a Won bet as Lost: preview, confirm, new status and history", async () => {
    const { context, page, problems } = await suite.admin();
    const shop = await createShop(page, unique("Resettle Shop"));
    const last = unique("Quinn");
    const customer = await createCustomer(page, "Maeve", last, { creditLimit: "50.00" });
    await deposit(page, customer.id, shop.id, "10.00");
    const bet = await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: "Punchestown 15:10 Fethard",
      stakeAmount: "10.00",
      odds: "2.50",
      outcome: "WON",
    });
    // The customer has already taken the winnings: taking them back goes below zero.
    await withdraw(page, customer.id, shop.id, "25.00");
    expect(await balanceOf(page, customer.id)).toBe("0.00");

    await page.goto(`/bets/${bet.id}`);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));
    await page.getByRole("button", { name: "Re-settle" }).click();
    const dialog = page.getByRole("dialog", { name: `Re-settle bet #${bet.id}` });
    await visible(dialog);
    await dialog.getByLabel("New outcome").selectOption("LOST");
    await dialog.getByLabel("Reason for the correction *").fill("Photo finish misread");
    await dialog.getByRole("button", { name: "Preview" }).click();

    const preview = dialog.getByTestId("correction-preview");
    await expectText(preview, "PAYOUT €25.00 from Maeve");
    await expectText(
      preview,
      `This takes the customer Maeve ${last} to -€25.00 (from €0.00). Below zero, within the credit limit of €50.00.`,
    );
    await expectText(dialog.getByTestId("resettle-summary"), "Won becomes Lost");
    await expectAccessible(page, "the re-settlement preview", "dialog[open]");
    // The preview wrote nothing.
    expect((await api<{ status: string }>(page, "GET", `/api/bets/${bet.id}`)).status).toBe("WON");
    expect(await balanceOf(page, customer.id)).toBe("0.00");

    await dialog.getByRole("button", { name: "Confirm re-settlement" }).click();
    await expectToast(page, "Success", `Bet #${bet.id} re-settled as LOST`);
    await hidden(dialog);
    await expectText(page.locator("main .badge").first(), "LOST", { exact: true });
    const history = panel(page, "Settlement History");
    await expectText(history, "Won, paid €25.00 → Lost");
    await expectText(history, "Photo finish misread");
    await expectAccessible(page, "the bet page with its settlement history");
    expect(await balanceOf(page, customer.id)).toBe("-25.00");
    const books = await api<{ ok: boolean }>(page, "GET", "/api/admin/ledger-check");
    expect(books.ok).toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("reverse a deposit from its row on the Transactions page, after its preview", async () => {
    const { context, page, problems } = await suite.admin();
    const shop = await createShop(page, unique("Reversal Shop"));
    const last = unique("Doyle");
    const customer = await createCustomer(page, "Cian", last, { creditLimit: "50.00" });
    const dep = await deposit(page, customer.id, shop.id, "30.00", `Keyed twice ${last}`);
    await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: "Spent it",
      stakeAmount: "25.00",
      odds: "2.00",
    });

    await page.goto("/transactions");
    const row = await searchTable(page, `Keyed twice ${last}`);
    await expectAccessible(page, "the transactions list with its Reverse actions");
    await row.getByRole("button", { name: `Reverse transaction ${dep.id}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reverse transaction #${dep.id}` });
    // The reason first (issue 20), then the preview.
    await dialog.getByLabel("Reason for the reversal").fill("Keyed twice at the counter");
    await dialog.getByRole("button", { name: "Preview" }).click();
    await expectText(
      dialog,
      `This takes the customer Cian ${last} to -€25.00 (from €5.00). Below zero, within the credit limit of €50.00.`,
    );
    await expectText(dialog, `This takes the till of ${shop.name} to €0.00 (from €30.00).`);
    expect(await balanceOf(page, customer.id)).toBe("5.00");
    await dialog.getByRole("button", { name: "Confirm reversal" }).click();
    await expectToast(page, "Success", "Transaction reversed successfully");
    await hidden(dialog);
    expect(await balanceOf(page, customer.id)).toBe("-25.00");
    // The reversed row offers no second reversal.
    await hidden(row.getByRole("button", { name: `Reverse transaction ${dep.id}` }));
    expect(problems()).toEqual([]);
    await context.close();
  });
});
