/** Issue 12, bet slips: print a slip after placing a bet, then find the bet by its code. */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  api,
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  pick,
  unique,
  visible,
} from "./harness";
import { createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** How many times the page asked to print (window.print is counted, not run, in the tests). */
const prints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __prints: number }).__prints ?? 0);

async function printsBecome(page: Page, n: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await prints(page)) !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} print(s), saw ${await prints(page)}`);
    await Bun.sleep(50);
  }
}

describe("bet slips", () => {
  test("place a bet, print its slip (code and QR), find the bet by its code", async () => {
    const { context, page, problems } = await suite.admin();
    await context.addInitScript(() => {
      const w = window as unknown as { __prints: number };
      w.__prints = 0;
      window.print = () => {
        w.__prints += 1;
      };
    });
    const shop = await createShop(page, unique("Slip Shop"), { address: "1 Quay Street" });
    const last = unique("Slip");
    const customer = await createCustomer(page, "Nell", last, { creditLimit: "100.00" });

    // Place the bet at the counter; the New Bet button then offers its slip.
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Nell ${last}`, exact: true }));
    await page.getByRole("button", { name: "New Bet" }).click();
    const dialog = page.getByRole("dialog", { name: "Place New Bet" });
    await pick(dialog, "Shop", shop.name);
    await dialog.getByLabel("Description").fill("Leopardstown 14:30 Galopin");
    await dialog.getByLabel("Stake Amount (€)").fill("4.00");
    await dialog.getByLabel("Odds").fill("2.5");
    await dialog.getByRole("button", { name: "Place Bet" }).click();
    await expectToast(page, "Success", "Bet placed successfully");
    const [bet] = await api<{ id: number }[]>(page, "GET", `/api/bets?customerId=${customer.id}`);
    if (!bet) throw new Error("the bet was not placed");
    const { code } = await api<{ code: string }>(page, "GET", `/api/bets/${bet.id}/slip`);
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    const printed = `${code.slice(0, 5)}-${code.slice(5)}`;

    // Print Slip opens the receipt on its own page and asks to print it once.
    await page.getByRole("link", { name: `Print Slip #${bet.id}` }).click();
    await page.waitForURL((u) => u.pathname === `/bets/${bet.id}/slip`);
    const slip = page.getByRole("article", { name: `Slip for bet #${bet.id}` });
    await visible(slip);
    await expectText(slip, shop.name);
    await expectText(slip, "1 Quay Street");
    await expectText(slip, `Bet #${bet.id}`);
    await expectText(slip, `Nell ${last}`);
    await expectText(slip, "Leopardstown 14:30 Galopin");
    await expectText(slip, "Stake €4.00");
    await expectText(slip, "Odds 2.50");
    await expectText(slip, "Potential payout €10.00");
    await expectText(slip, "Staff admin");
    await expectText(slip.getByTestId("slip-code"), printed, { exact: true });
    const qr = slip.getByRole("img", { name: `QR code of ${printed}` });
    await visible(qr);
    expect(await qr.locator("path").count()).toBeGreaterThan(0);
    await printsBecome(page, 1);
    // No app chrome on the slip's page; printed, the slip alone shows.
    expect(await page.getByRole("navigation").count()).toBe(0);
    await expectAccessible(page, "bet slip", "main");
    await page.emulateMedia({ media: "print" });
    await visible(slip);
    await hidden(page.getByRole("button", { name: "Print" }));
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("button", { name: "Print" }).click();
    await printsBecome(page, 2);

    // The bet's own page prints it too.
    await page.getByRole("link", { name: "Back to Bet" }).click();
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));
    await visible(page.getByRole("link", { name: "Print Slip" }));

    // Find slip on the Bets page: typed in lower case with its dash, Enter opens the bet.
    await page.goto("/bets");
    const find = page.getByRole("textbox", { name: "Find slip" });
    await find.fill("ZZZZZ-ZZZZZ");
    await find.press("Enter");
    await expectText(page.getByRole("alert"), "No bet matches the slip code ZZZZZ-ZZZZZ");
    await find.fill(printed.toLowerCase());
    await find.press("Enter");
    await page.waitForURL((u) => u.pathname === `/bets/${bet.id}`);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));

    expect(problems([/^404 GET \/api\/slips\//])).toEqual([]);
    await context.close();
  }, 120_000);
});
