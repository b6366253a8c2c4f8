/**
 * The dashboard on a phone (390 x 844), in English and in German (issue 26's review): nothing
 * scrolls sideways (its panels' column grew to their widest unbroken line, a truncated bet
 * description, and took the page to 421 px in English and 517 px in German); the bets panel's
 * status badges, stakes and View All are in view; a dialog opened from it sits on the screen;
 * axe finds nothing serious.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { api, expectAccessible, expectText, unique, visible } from "./harness";
import { createAccount, createCustomer, createShop, deposit, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();
const PHONE = { width: 390, height: 844 };
const PASSWORD = "Dashboard-phone-2026";

/** Whether the page scrolls sideways: its content wider than the screen (scrollWidth > clientWidth). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The elements of `selector` inside `scope` that reach past the screen's right edge. */
function pastTheEdge(page: Page, scope: string, selector: string) {
  return page.evaluate(
    ({ scope, selector }) => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll(`${scope} ${selector}`)]
        .map((el) => ({ text: (el.textContent ?? "").trim(), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > width + 0.5))
        .map(({ text, box }) => `${text} (${Math.round(box.left)}-${Math.round(box.right)})`);
    },
    { scope, selector },
  );
}

describe("the dashboard at 390 px", () => {
  test("English (an admin and a cashier) and German: no sideways scroll, the bets panel in view", async () => {
    const admin = await suite.admin();
    const shop = await createShop(admin.page, unique("Dundalk Road Bookmakers"));
    const customer = await createCustomer(admin.page, "Fionnuala", unique("Ní Mhaoldomhnaigh"), {
      creditLimit: "5000.00",
    });
    await deposit(admin.page, customer.id, shop.id, "250.00", "Cash deposit at the counter, notes");
    // Pending bets with long descriptions (truncated in the panel), and a large one: its alert.
    for (const description of [
      "Dundalk v Galway United: both teams to score and over 2.5 goals in the second half",
      "Leopardstown 12:00: Marine Nationale to win, each way, at the price taken",
      "Galway 12:45: State Man to win",
    ]) {
      await placeBet(admin.page, {
        customerId: customer.id,
        shopId: shop.id,
        description,
        stakeAmount: "10.00",
        odds: "2.50",
      });
    }
    await placeBet(admin.page, {
      customerId: customer.id,
      shopId: shop.id,
      description: "Cheltenham 15:30: Constitution Hill to win the Champion Hurdle",
      stakeAmount: "1000.00",
      odds: "1.50",
    });
    const staffName = unique("phonecashier")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const germanName = unique("telefonkassierer")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    await createAccount(admin.page, staffName, PASSWORD, "user");
    await createAccount(admin.page, germanName, PASSWORD, "admin");
    await admin.context.close();

    const walks = [
      { who: "admin", username: "admin", language: "en" },
      { who: "cashier", username: staffName, language: "en" },
      { who: "German admin", username: germanName, language: "de" },
    ] as const;
    for (const { who, username, language } of walks) {
      const session =
        username === "admin" ? await suite.admin() : await suite.signedIn(username, PASSWORD);
      const { page, problems, context } = session;
      if (language === "de") {
        await api(page, "PATCH", "/api/user/preferences", { language: "de" });
      }
      await page.setViewportSize(PHONE);
      await page.goto("/");
      const de = language === "de";
      await visible(page.getByRole("heading", { name: de ? "Übersicht" : "Dashboard", level: 1 }));
      const betsPanel = page.getByRole("region", { name: de ? "Wetten" : "Bets", exact: true });
      // The panel's rows are in: the pending bets, each with its status badge and stake.
      await expectText(betsPanel, "Galway 12:45");
      await expectText(
        page.getByRole("region", { name: de ? "Letzte Buchungen" : "Recent Transactions" }),
        de ? "Einzahlung" : "DEPOSIT",
      );

      expect({ who, sideways: await scrollsSideways(page) }).toEqual({ who, sideways: false });
      const cut = await pastTheEdge(page, "main", "a, button, .badge, span, p, h2");
      expect({ who, cut }).toEqual({ who, cut: [] });
      await visible(betsPanel.getByRole("link", { name: de ? "Alle anzeigen" : "View All" }));
      await visible(betsPanel.getByRole("tab").nth(1));

      // A dialog opened from the dashboard sits on the screen, buttons included.
      await page.getByRole("button", { name: de ? "Neue Wette" : "New Bet" }).click();
      const dialog = page.getByRole("dialog", {
        name: de ? "Neue Wette platzieren" : "Place New Bet",
      });
      await visible(dialog);
      const box = await dialog.locator(".modal-box").boundingBox();
      if (!box) throw new Error(`${who}: the New Bet dialog has no box`);
      expect({ who, left: box.x >= 0, right: box.x + box.width <= PHONE.width }).toEqual({
        who,
        left: true,
        right: true,
      });
      expect({ who, sideways: await scrollsSideways(page) }).toEqual({ who, sideways: false });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden", timeout: 30_000 });

      await expectAccessible(page, `dashboard at 390 px (${who})`);
      expect(problems()).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
