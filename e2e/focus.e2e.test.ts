/**
 * Keyboard and screen-reader basics: focus returns to a dialog's opener, a page change
 * focuses the page heading (signing in and the forced password change included), a skip
 * link, a visible focus ring, the username field focused on the sign-in page and the first
 * field on the forced password change, and tab titles that name the page; and the
 * narrow-screen shell.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { ADMIN_PASSWORD, panel, unique, visible } from "./harness";
import { createCustomer, createUser } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

async function waitFocused(locator: Locator, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await isFocused(locator).catch(() => false))) {
    if (Date.now() > deadline) {
      const active = await locator
        .page()
        .evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? "none");
      throw new Error(`${what} is not focused; focus is on ${active}`);
    }
    await Bun.sleep(50);
  }
}

async function waitTitle(page: Page, title: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await page.title()) !== title) {
    if (Date.now() > deadline) throw new Error(`title is "${await page.title()}", not "${title}"`);
    await Bun.sleep(50);
  }
}

/** The focused element's outline, as drawn. */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
}

describe("focus and titles", () => {
  test("the sign-in page focuses the username field and names the tab", async () => {
    const { page, problems, context } = await suite.signedOut();
    await page.goto("/auth");
    await waitFocused(page.getByLabel("Username"), "the username field");
    await waitTitle(page, "Sign In · Betting Shop");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("signing in by keyboard opens the Dashboard with its heading focused", async () => {
    const { page, problems, context } = await suite.signedOut();
    await page.goto("/auth");
    await waitFocused(page.getByLabel("Username"), "the username field");
    await page.keyboard.type("admin");
    await page.keyboard.press("Tab");
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press("Enter");
    await waitFocused(
      page.getByRole("heading", { name: "Dashboard", exact: true }),
      "the Dashboard heading",
    );
    await waitTitle(page, "Dashboard · Betting Shop");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the forced password change focuses its first field; saved, the Dashboard's heading", async () => {
    const admin = await suite.admin();
    const username = unique("forced")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const temporary = "Temporary-focus-2026";
    await createUser(admin.page, username, temporary, "user");
    await admin.context.close();

    const { page, problems, context } = await suite.signedOut();
    await page.goto("/auth");
    await waitFocused(page.getByLabel("Username"), "the username field");
    await page.keyboard.type(username);
    await page.keyboard.press("Tab");
    await page.keyboard.type(temporary);
    await page.keyboard.press("Enter");
    await visible(page.getByRole("heading", { name: "Choose a new password" }));
    await waitFocused(
      page.getByLabel("Current (temporary) password"),
      "the current (temporary) password field",
    );
    // Typed straight in: current, Tab, new, Tab, confirm, Enter.
    const chosen = "Focus-orchard-lantern-2026";
    await page.keyboard.type(temporary);
    await page.keyboard.press("Tab");
    await page.keyboard.type(chosen);
    await page.keyboard.press("Tab");
    await page.keyboard.type(chosen);
    await page.keyboard.press("Enter");
    await waitFocused(
      page.getByRole("heading", { name: "Dashboard", exact: true }),
      "the Dashboard heading",
    );
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a page change focuses the page heading and renames the tab", async () => {
    const { page, problems, context } = await suite.admin();
    const lastName = unique("Kelly");
    const customer = await createCustomer(page, "Ciara", lastName);
    await waitTitle(page, "Dashboard · Betting Shop");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Customers/ })
      .click();
    await waitFocused(
      page.getByRole("heading", { name: "Customers", exact: true }),
      "the Customers heading",
    );
    await waitTitle(page, "Customers · Betting Shop");
    await page.goto(`/customers/${customer.id}`);
    await waitTitle(page, `Ciara ${lastName} · Customers · Betting Shop`);
    // Keyboard: Tab to a sidebar link, Enter, and the new page's heading has focus.
    await page.getByRole("link", { name: /^Shops/ }).focus();
    await page.keyboard.press("Enter");
    await waitFocused(
      page.getByRole("heading", { name: "Shops", exact: true }),
      "the Shops heading",
    );
    await waitTitle(page, "Shops · Betting Shop");
    await page.goto("/no/such/page");
    await waitTitle(page, "Page Not Found · Betting Shop");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the skip link is the first stop and jumps to the content", async () => {
    const { page, problems, context } = await suite.admin();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await waitFocused(skip, "the skip link");
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true); // shown when focused
    await page.keyboard.press("Enter");
    await waitFocused(
      page.getByRole("heading", { name: "Dashboard", exact: true }),
      "the Dashboard heading",
    );
    // The next Tab goes on into the content, not back to the sidebar.
    await page.keyboard.press("Tab");
    const inMain = await page.evaluate(() => !!document.activeElement?.closest("main"));
    expect(inMain).toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("closing a dialog returns focus to the button that opened it", async () => {
    const { page, problems, context } = await suite.admin();
    const opener = page.getByRole("button", { name: "Add Customer", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    await visible(dialog);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await waitFocused(opener, "Add Customer");

    // By keyboard, closed with Cancel.
    const newBet = page.getByRole("button", { name: "New Bet", exact: true });
    await newBet.focus();
    await page.keyboard.press("Enter");
    const bet = page.getByRole("dialog", { name: "Place New Bet" });
    await visible(bet);
    await bet.getByRole("button", { name: "Cancel" }).click();
    await bet.waitFor({ state: "hidden" });
    await waitFocused(newBet, "New Bet");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("every control shows a focus ring when reached by keyboard", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/customers");
    await visible(page.getByRole("heading", { name: "Customers", exact: true }));
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return "";
        return `${el.tagName.toLowerCase()} ${el.getAttribute("type") ?? ""} ${el.textContent?.trim().slice(0, 20) ?? ""}`;
      });
      if (!info) break; // past the last control
      const ring = await focusRing(page);
      if (ring.style === "none" || ring.width < 1) throw new Error(`no focus ring on ${info}`);
      seen.add(info.split(" ")[0] ?? "");
    }
    expect(seen.has("a")).toBe(true);
    expect(seen.has("button")).toBe(true);
    expect(seen.has("input")).toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe("narrow screens", () => {
  test("under 1024 px the sidebar hides behind a menu button", async () => {
    const { page, problems, context } = await suite.admin();
    await page.setViewportSize({ width: 1000, height: 800 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.waitFor({ state: "hidden" });
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    await menu.click();
    await visible(nav);
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await nav.waitFor({ state: "hidden" });
    await waitFocused(menu, "the menu button");
    // A link in the menu navigates and closes it.
    await menu.click();
    await nav.getByRole("link", { name: /^Bets/ }).click();
    await visible(page.getByRole("heading", { name: "Bets", exact: true }));
    await nav.waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await visible(nav);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("at 390 px a dialog fits the screen with its buttons in view", async () => {
    const { page, problems, context } = await suite.admin();
    await page.setViewportSize({ width: 390, height: 700 });
    const customer = await createCustomer(page, "Sean", unique("Doyle"));
    await page.goto(`/customers/${customer.id}`);
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(dialog);
    for (const name of ["Cancel", "Process"]) {
      const box = await dialog.getByRole("button", { name, exact: true }).boundingBox();
      if (!box) throw new Error(`${name} has no box`);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(700);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
