import { beforeAll, describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { expectText, hidden, type Session, unique, visible } from "./harness";
import { createCustomer, createShop, deposit, placeBet, resolveBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** The bets every test reads: 30 with one tag (stakes €1..€30), a few settled, two shops. */
const tag = unique("Lists");
const shopA = unique("Salthill");
const shopB = unique("Knocknacarra");
const LONG = "A very long bet description that cannot fit in its column at all, ever";
let shopBId = 0;
let shopAId = 0;
let customerId = 0;

beforeAll(async () => {
  const { page, context } = await suite.admin();
  const a = await createShop(page, shopA);
  const b = await createShop(page, shopB);
  shopBId = b.id;
  shopAId = a.id;
  const customer = await createCustomer(page, "Ciara", unique("Lynch"));
  customerId = customer.id;
  await deposit(page, customer.id, a.id, "10000.00", `${tag} ${LONG}`);
  for (let n = 1; n <= 30; n++) {
    const bet = await placeBet(page, {
      customerId: customer.id,
      shopId: n <= 20 ? a.id : b.id,
      description: `${tag} bet ${String(n).padStart(2, "0")}${n === 7 ? ` ${LONG}` : ""}`,
      stakeAmount: `${n}.00`,
      odds: "2.00",
    });
    if (n % 10 === 1) await resolveBet(page, bet.id, "WON");
    if (n % 10 === 2) await resolveBet(page, bet.id, "LOST");
  }
  await context.close();
});

async function bets(session: Session, search = ""): Promise<Page> {
  const { page } = session;
  await page.goto(`/bets${search}`);
  await visible(page.getByRole("heading", { name: "Bets", exact: true }));
  return page;
}

function searchBox(page: Page): Locator {
  return page.getByRole("searchbox").first();
}

const dataRows = (page: Page) => page.locator("tbody tr");

describe("lists: URL state, filters, cards and fit", () => {
  test("at 390 px each pending bet is a card with its description and its Won button", async () => {
    const session = await suite.admin();
    await session.page.setViewportSize({ width: 390, height: 844 });
    const page = await bets(session, `?q=${encodeURIComponent(tag)}&status=PENDING`);
    const cards = page.getByTestId("list-card");
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "of 24");
    await visible(cards.first());
    expect(await page.locator("table").count()).toBe(0);
    const count = await cards.count();
    expect(count).toBe(24);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      await expectText(card, `${tag} bet`);
      await expectText(card, "PENDING");
      await expectText(card, "Stake");
      const won = card.getByRole("button", { name: "Won" });
      await card.scrollIntoViewIfNeeded();
      await visible(won);
      await visible(card.getByRole("button", { name: "Lost" }));
      // The card and its buttons are on the screen, not off to the right.
      const box = await card.boundingBox();
      const wonBox = await won.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(wonBox && wonBox.x + wonBox.width <= 390).toBe(true);
    }
    // No sideways scrolling on the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(session.problems()).toEqual([]);
  });

  test("at 390 px a customer's, a shop's and the admin page scroll only downwards", async () => {
    // Their recent transactions and bets carry LONG descriptions: cut, never widening the page.
    const session = await suite.admin();
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      `/customers/${customerId}`,
      `/shops/${shopAId}`,
      "/admin",
      "/admin/audit",
    ]) {
      await page.goto(path);
      await visible(page.getByRole("heading", { level: 1 }).first());
      await visible(
        page
          .getByText(tag)
          .first()
          .or(page.getByText("System Status").first())
          .or(page.getByRole("button", { name: /^Details of / }).first()),
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    expect(session.problems()).toEqual([]);
  });

  test("search, sort and page live in the URL: Back and reload restore them", async () => {
    const session = await suite.admin();
    const page = await bets(session);
    await searchBox(page).fill(tag);
    await page.waitForURL((u) => u.searchParams.get("q") === tag);
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "1–25 of 30");

    await page.getByRole("columnheader", { name: /Stake/ }).getByRole("button").click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "stakeAmount");
    await expectText(dataRows(page).first(), `${tag} bet 01`);

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "26–30 of 30");
    await expectText(dataRows(page).first(), `${tag} bet 26`);
    const url = new URL(page.url());
    expect(url.searchParams.get("order")).toBe("asc");

    // Back: page 1 of the same search and sort.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has("page"));
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "1–25 of 30");
    await expectText(dataRows(page).first(), `${tag} bet 01`);
    expect(await searchBox(page).inputValue()).toBe(tag);

    // Forward, then reload: all three survive.
    await page.goForward();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    await page.reload();
    await visible(page.getByRole("heading", { name: "Bets", exact: true }));
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "Page 2 of 2");
    await expectText(dataRows(page).first(), `${tag} bet 26`);
    expect(await searchBox(page).inputValue()).toBe(tag);
    expect(await page.getByRole("columnheader", { name: /Stake/ }).getAttribute("aria-sort")).toBe(
      "ascending",
    );

    // Sorting the other way comes back on Back too.
    await page.getByRole("columnheader", { name: /Stake/ }).getByRole("button").click();
    await page.waitForURL((u) => u.searchParams.get("order") === "desc");
    await expectText(dataRows(page).first(), `${tag} bet 30`);
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    await expectText(dataRows(page).first(), `${tag} bet 26`);
    expect(session.problems()).toEqual([]);
  });

  test("the bets status, shop and date range filters narrow the list", async () => {
    const session = await suite.admin();
    const page = await bets(session, `?q=${encodeURIComponent(tag)}`);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expectText(pager, "of 30");

    await page.getByLabel("Status", { exact: true }).selectOption("WON");
    await page.waitForURL((u) => u.searchParams.get("status") === "WON");
    await expectText(pager, "1–3 of 3");
    const statuses = await dataRows(page).locator(".badge").allInnerTexts();
    expect(statuses).toEqual(["WON", "WON", "WON"]);

    await page.getByLabel("Status", { exact: true }).selectOption("PENDING");
    await page.getByLabel("Shop", { exact: true }).selectOption(String(shopBId));
    await page.waitForURL((u) => u.searchParams.get("shopId") === String(shopBId));
    // Bets 21..30 are at shop B; 21 and 22 are settled.
    await expectText(pager, "1–8 of 8");
    for (const text of await dataRows(page).allInnerTexts()) expect(text).toContain(shopB);

    // A range before today finds none; today..today finds them again (and reload keeps it).
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("To", { exact: true }).fill(yesterday);
    await page.waitForURL((u) => u.searchParams.get("to") === yesterday);
    await visible(page.getByText("No bets found", { exact: true }));
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    await page.waitForURL(
      (u) => u.searchParams.get("from") === today && u.searchParams.get("to") === today,
    );
    await expectText(pager, "1–8 of 8");
    await page.reload();
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "1–8 of 8");
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("PENDING");
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe(today);

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "of 30");
    await hidden(page.getByRole("button", { name: "Clear filters" }));
    expect(new URL(page.url()).searchParams.get("q")).toBe(tag);
    expect(session.problems()).toEqual([]);
  });

  test("the transactions type filter narrows the list", async () => {
    const session = await suite.admin();
    const { page } = session;
    await page.goto(`/transactions?q=${encodeURIComponent(tag)}`);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    // The deposit and the 30 stakes ("Stake for bet #n: <description>").
    await expectText(pager, "1–25 of 31");
    await page.getByLabel("Type", { exact: true }).selectOption("WITHDRAWAL");
    await page.waitForURL((u) => u.searchParams.get("type") === "WITHDRAWAL");
    await visible(page.getByText("No transactions found", { exact: true }));
    await page.getByLabel("Type", { exact: true }).selectOption("DEPOSIT");
    await expectText(pager, "1–1 of 1");
    await expectText(dataRows(page).first(), "DEPOSIT");
    await page.getByLabel("Type", { exact: true }).selectOption("BETTING");
    await expectText(pager, "1–25 of 30");
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get("type") === "DEPOSIT");
    await expectText(pager, "1–1 of 1");
    expect(session.problems()).toEqual([]);
  });

  test("at 1280 px the bets and transactions tables fit (bets inside its card), with compact dates and truncated text", async () => {
    const session = await suite.admin();
    const { page } = session;
    // Short day, month and a 24-hour time in the browser's locale (decision 063): "27 Nov,
    // 16:07" in en-GB, "Nov 27, 16:07" in this browser's en-US; no year, no seconds.
    const compact = /^(?:\d{1,2} [A-Z][a-z]{2}|[A-Z][a-z]{2} \d{1,2}),? \d{2}:\d{2}$/;
    for (const path of ["/bets", "/transactions"]) {
      await page.goto(`${path}?q=${encodeURIComponent(LONG)}`);
      const scroll = page.getByTestId("table-scroll");
      await visible(dataRows(page).first());
      await expectText(dataRows(page).first(), tag);
      const { scrollWidth, clientWidth } = await scroll.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      if (path === "/bets") {
        // Bets shows all its SPEC columns from 1280 px (issue 20, item 8): they need more room
        // than the card has, so its table scrolls inside the card, never the page
        // (settle-keyboard.e2e.test.ts sees each column there).
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth).toBeLessThanOrEqual(1280);
      } else {
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        // Every header is on the screen.
        for (const header of await page.getByRole("columnheader").all()) {
          const box = await header.boundingBox();
          expect(box && box.x + box.width <= 1280).toBe(true);
        }
      }
      // Dates: one short line, the full date on hover; rows stay one line high.
      const dates = dataRows(page).locator("time");
      expect(await dates.count()).toBeGreaterThan(0);
      const first = dates.first();
      expect((await first.textContent())?.trim()).toMatch(compact);
      expect(await first.getAttribute("title")).toBeTruthy();
      const height = (await first.boundingBox())?.height ?? 99;
      expect(height).toBeLessThan(24);
      // The long text is cut, whole in its title.
      const long = page.locator(`[title*="${LONG}"]`).first();
      await visible(long);
      const cut = await long.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut).toBe(true);
    }
    expect(session.problems()).toEqual([]);
  });

  test("at 1024 px the bets table fits: status, stake and the actions are on the screen", async () => {
    const session = await suite.admin();
    await session.page.setViewportSize({ width: 1024, height: 768 });
    const page = await bets(session, `?q=${encodeURIComponent(tag)}&status=PENDING`);
    const row = dataRows(page).filter({ hasText: `${tag} bet 30` });
    await visible(row);
    const scroll = page.getByTestId("table-scroll");
    const fits = await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    for (const what of [
      row.getByText("PENDING"),
      row.getByText("€30.00"),
      row.getByRole("button", { name: "Won" }),
      row.getByRole("button", { name: "Void" }),
    ]) {
      const box = await what.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 1024).toBe(true);
    }
    expect(session.problems()).toEqual([]);
  });
});
