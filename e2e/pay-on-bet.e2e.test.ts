/**
 * Pay on the bet's page (decision 051, amended): a cashier who opened a cash bet settled Won
 * pays its slip there, by keyboard, without typing the slip's code; the page then shows it
 * paid with its receipt to print, Pay is gone, and the till moved by the payout.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { api, detail, expectAccessible, expectText, hidden, unique, visible } from "./harness";
import { countedKeys, focusIs } from "./keyboard";
import { createAccount, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

interface ShiftRow {
  id: number;
  expectedCash: string;
}

/** Waits (30 s at most) until the element with `testId` has the focus. */
async function focusOnTestId(page: Page, testId: string): Promise<void> {
  await focusIs(page, testId, (p) =>
    p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? "none"),
  );
}

describe("Pay on the bet's page (decision 051, amended)", () => {
  test("a Won cash bet paid from its page by keyboard: paid, its receipt, the till right", async () => {
    const admin = await suite.admin();
    const shop = await createShop(admin.page, unique("Pay On Bet"));
    const username = unique("paycashier")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const password = "Cashier-pay-2026";
    await createAccount(admin.page, username, password, "user");
    await admin.context.close();

    const { page, problems, context } = await suite.signedIn(username, password);
    // The shift, the cash bet (€8.00 at 11/8) and its settlement, through the API.
    const opened = await api<ShiftRow>(page, "POST", "/api/shifts", {
      shopId: shop.id,
      openingFloat: "100.00",
    });
    const bet = await api<{ id: number }>(page, "POST", "/api/bets", {
      payment: "cash",
      description: "Red Rum 3:15",
      stakeAmount: "8.00",
      odds: "11/8",
    });
    await api(page, "PATCH", `/api/bets/${bet.id}/resolve`, { status: "WON" });

    await page.goto(`/bets/${bet.id}`);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, level: 1 }));
    const section = page.getByRole("region", { name: "Slip payment" });
    await expectText(section, "Not paid yet: €19.00 to pay.");
    await expectAccessible(page, "bet page with Pay");

    const { press, tabTo } = countedKeys(page);
    await tabTo("button Pay €19.00");
    await press("Enter");
    const done = page.getByTestId("bet-paid-now");
    await expectText(done, "Paid €19.00");
    await expectText(done, `from the till at ${shop.name}`);
    await focusOnTestId(page, "bet-paid-now");
    await visible(page.getByRole("button", { name: /Print receipt/ }));
    await hidden(page.getByRole("button", { name: "Pay €19.00" }));
    await expectText(detail(page, "Paid"), `Paid €19.00 on `);
    await expectText(detail(page, "Paid"), `at ${shop.name} by ${username}`);
    await expectAccessible(page, "bet page paid");

    // The till: €100.00 float + €8.00 stake - €19.00 paid = €89.00.
    const after = await api<ShiftRow>(page, "GET", "/api/shifts/current");
    expect(after.expectedCash).toBe("89.00");
    const paid = await api<{ paid: { amount: string; shiftId: number } | null }>(
      page,
      "GET",
      `/api/bets/${bet.id}`,
    );
    expect(paid.paid).toMatchObject({ amount: "19.00", shiftId: opened.id });

    // Read again: the page shows it paid and offers no Pay.
    await page.reload();
    await expectText(detail(page, "Paid"), `by ${username}`);
    await hidden(page.getByRole("region", { name: "Slip payment" }));

    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});
