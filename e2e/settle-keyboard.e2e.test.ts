/**
 * Issue 20, items 3, 4 and 8 (Bets): a slip found by its code is settled from the bet's page;
 * the Bets list settles bet after bet with the keyboard alone; the Void dialog's reason box
 * sits inside the dialog and has the focus; a settle dialog outlives the table turning into
 * cards; every SPEC column of the Bets list shows at 1280 px.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { api, expectText, expectToast, hidden, unique, visible } from "./harness";
import { focusIs as focusOn } from "./keyboard";
import { type BetRow, createCustomer, createShop, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** A shop, a customer with credit, and `n` pending bets named "<tag> 1".."<tag> n" (oldest first). */
async function pendingBets(page: Page, n: number, stakeAmount = "5.00") {
  const shop = await createShop(page, unique("Settle Shop"));
  const customer = await createCustomer(page, "Orla", unique("Keane"), { creditLimit: "500.00" });
  const tag = unique("Settle");
  const bets: BetRow[] = [];
  for (let i = 1; i <= n; i++) {
    bets.push(
      await placeBet(page, {
        customerId: customer.id,
        shopId: shop.id,
        description: `${tag} ${i}`,
        stakeAmount,
        odds: "2.00",
      }),
    );
  }
  return { tag, bets, customer };
}

/** What has the focus: its tag, its text and the bet whose buttons hold it (if any). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return "nothing";
    const bet = element.closest("[data-bet-actions]")?.getAttribute("data-bet-actions");
    const text = element.tagName === "TABLE" ? "" : (element.textContent ?? "").trim();
    return `${element.tagName}${text ? ` ${text}` : ""}${bet ? ` of bet ${bet}` : ""}`;
  });
}

/** Waits (30 s at most) until the focus is where `want` says. */
const focusIs = (page: Page, want: string) => focusOn(page, want, focused);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

describe("settling by keyboard and from the bet (issue 20)", () => {
  test("a slip found by its code is settled Won from the bet's page", async () => {
    const { page, problems, context } = await suite.admin();
    const { bets } = await pendingBets(page, 1, "10.00");
    const bet = bets[0] as BetRow;
    const { code } = await api<{ code: string }>(page, "GET", `/api/bets/${bet.id}/slip`);

    await page.goto("/bets");
    const find = page.getByRole("textbox", { name: "Find slip" });
    await find.fill(code);
    await find.press("Enter");
    await page.waitForURL((u) => u.pathname === `/bets/${bet.id}`);
    await visible(page.getByRole("heading", { name: `Bet #${bet.id}`, exact: true }));

    await page.getByRole("button", { name: "Won", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Settle bet #${bet.id} as Won` });
    await expectText(dialog.getByTestId("settle-effect"), "Pays €20.00 to Orla");
    await dialog.getByRole("button", { name: "Confirm Won" }).click();
    await expectToast(page, "Success", "Bet resolved successfully");
    await hidden(dialog);
    await expectText(page.getByTestId("bet-status"), "WON");
    await hidden(page.getByRole("button", { name: "Lost", exact: true }));
    await focusIs(page, "SPAN Status: WON");
    const settled = await api<{ status: string; actualPayout: string }>(
      page,
      "GET",
      `/api/bets/${bet.id}`,
    );
    expect(settled).toMatchObject({ status: "WON", actualPayout: "20.00" });

    // The bet number finds it on the Bets list too, with and without "#".
    await page.goto("/bets");
    for (const q of [`#${bet.id}`, String(bet.id)]) {
      await page.getByRole("searchbox").fill(q);
      await expectText(page.getByRole("row").filter({ hasText: `#${bet.id}` }), "WON");
    }
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("the Bets list settles two bets in a row with the keyboard alone", async () => {
    const { page, problems, context } = await suite.admin();
    const { tag, bets } = await pendingBets(page, 3);
    const [first, second, third] = bets as [BetRow, BetRow, BetRow];
    await page.goto(`/bets?q=${encodeURIComponent(tag)}`);
    // Newest first: 3, 2, 1.
    await visible(page.getByRole("row").filter({ hasText: `${tag} 1` }));
    const wonOf = (bet: BetRow) =>
      page.locator(`[data-bet-actions="${bet.id}"]`).getByRole("button", { name: "Won" });

    // Into the table from the search box: Tab stops on the first row's Won within a few
    // presses (the links of a row come first).
    await page.getByRole("searchbox").focus();
    for (let i = 0; i < 40 && (await focused(page)) !== `BUTTON Won of bet ${third.id}`; i++) {
      await page.keyboard.press("Tab");
    }
    await focusIs(page, `BUTTON Won of bet ${third.id}`);

    // Enter opens the confirmation; Tab from Cancel to Confirm Won; Enter settles.
    await page.keyboard.press("Enter");
    const settle = page.getByRole("dialog", { name: `Settle bet #${third.id} as Won` });
    await visible(settle);
    await page.keyboard.press("Tab");
    await focusIs(page, "BUTTON Confirm Won");
    await page.keyboard.press("Enter");
    await expectToast(page, "Success", "Bet resolved successfully");
    await hidden(settle);
    await expectText(page.getByRole("row").filter({ hasText: `${tag} 3` }), "WON");
    // The focus is on the next pending row's Won, not on the page.
    await focusIs(page, `BUTTON Won of bet ${second.id}`);

    // And again: Tab to Lost, Enter, Tab, Enter.
    await page.keyboard.press("Tab");
    await focusIs(page, `BUTTON Lost of bet ${second.id}`);
    await page.keyboard.press("Enter");
    const lost = page.getByRole("dialog", { name: `Settle bet #${second.id} as Lost` });
    await visible(lost);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await hidden(lost);
    await expectText(page.getByRole("row").filter({ hasText: `${tag} 2` }), "LOST");
    await focusIs(page, `BUTTON Won of bet ${first.id}`);
    await visible(wonOf(first));

    // The last one: Void by keyboard (the reason box has the focus), then the table.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await focusIs(page, `BUTTON Void of bet ${first.id}`);
    await page.keyboard.press("Enter");
    const voiding = page.getByRole("dialog", { name: "Void Bet" });
    await visible(voiding);
    await focusIs(page, "TEXTAREA");
    await page.keyboard.type("Abandoned at the second fence");
    await voiding.getByRole("button", { name: "Void Bet" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Bet Voided", "The bet has been voided successfully");
    await hidden(voiding);
    await focusIs(page, "TABLE");
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("the Void dialog's reason box is inside the dialog under its label, focused, at 1280 and 1024 px", async () => {
    const { page, problems, context } = await suite.admin();
    const { tag, bets } = await pendingBets(page, 1);
    const bet = bets[0] as BetRow;
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/bets?q=${encodeURIComponent(tag)}`);
      await page
        .locator(`[data-bet-actions="${bet.id}"]`)
        .getByRole("button", { name: "Void" })
        .click();
      const dialog = page.getByRole("dialog", { name: "Void Bet" });
      await visible(dialog);
      const reason = dialog.getByLabel("Reason for voiding this bet *");
      await focusIs(page, "TEXTAREA");
      const frame = await box(dialog.locator(".modal-box"));
      const field = await box(reason);
      const label = await box(dialog.getByText("Reason for voiding this bet *", { exact: true }));
      const inside = (b: typeof field) =>
        b.x >= frame.x && b.x + b.width <= frame.x + frame.width + 0.5;
      expect({ width, reasonInside: inside(field), labelInside: inside(label) }).toEqual({
        width,
        reasonInside: true,
        labelInside: true,
      });
      expect(label.y + label.height).toBeLessThanOrEqual(field.y + 0.5);
      // A preset fills the box.
      await dialog.getByRole("button", { name: "Palpable error" }).click();
      expect(await reason.inputValue()).toBe("Palpable error");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await hidden(dialog);
    }
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("a settle dialog stays open when the window narrows from 1280 to 390 px", async () => {
    const { page, problems, context } = await suite.admin();
    const { tag, bets } = await pendingBets(page, 1);
    const bet = bets[0] as BetRow;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/bets?q=${encodeURIComponent(tag)}`);
    await page
      .locator(`[data-bet-actions="${bet.id}"]`)
      .getByRole("button", { name: "Lost" })
      .click();
    const dialog = page.getByRole("dialog", { name: `Settle bet #${bet.id} as Lost` });
    await visible(dialog);
    await page.setViewportSize({ width: 390, height: 800 });
    // The table is cards now; the dialog is the page's, still open on its bet.
    await visible(page.getByTestId("list-card"));
    expect(await page.locator("table").count()).toBe(0);
    await visible(dialog);
    await expectText(dialog.getByTestId("settle-effect"), "Pays nothing");
    await dialog.getByRole("button", { name: "Confirm Lost" }).click();
    await expectToast(page, "Success", "Bet resolved successfully");
    await expectText(page.getByTestId("list-card"), "LOST");
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  test("every SPEC column of the Bets list shows at 1280 px, the table inside its card", async () => {
    const { page, problems, context } = await suite.admin();
    const { tag } = await pendingBets(page, 2);
    for (const width of [1280, 1400]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/bets?q=${encodeURIComponent(tag)}`);
      await visible(page.getByRole("row").filter({ hasText: `${tag} 1` }));
      const headers = ["#", "Desc", "Customer", "Shop", "Placed", "Stake", "Odds", "Payout"];
      headers.push("Status", "Resolved by", "Created", "Resolved at", "Actions");
      for (const name of headers) {
        // Present: where the table scrolls inside its card, scrolled into view there and
        // seen (not under the pinned Actions column).
        const header = page.getByRole("columnheader", { name, exact: true });
        await header.scrollIntoViewIfNeeded();
        const shown = await header.evaluate((th) => {
          // A column the pinned Actions column covers: the table scrolled on until it shows.
          const scroll = th.closest("[data-testid=table-scroll]") as HTMLElement;
          const actions = [...scroll.querySelectorAll("th")].at(-1) as HTMLElement;
          const covered = th.getBoundingClientRect().right - actions.getBoundingClientRect().left;
          if (th !== actions && covered > 0) scroll.scrollLeft += Math.ceil(covered);
          const { left, right, top, bottom } = th.getBoundingClientRect();
          const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
          return right > left && th.contains(hit);
        });
        expect({ width, name, shown }).toEqual({ width, name, shown: true });
      }
      // The description keeps room to read, and the page itself never scrolls sideways.
      const desc = await box(page.getByRole("columnheader", { name: "Desc", exact: true }));
      expect(desc.width).toBeGreaterThanOrEqual(100);
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect({ width, sideways }).toEqual({ width, sideways: 0 });
    }
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});
