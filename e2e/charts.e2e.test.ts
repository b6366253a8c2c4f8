/**
 * The charts (issue 13) in a real browser: after a few bets are placed and settled, the
 * Reports page draws the stakes / payouts / profit chart and the outcome ring, the dashboard
 * draws today's stakes by hour; each chart's "Show as table" toggle works from the keyboard
 * and shows the same figures; axe passes in both themes; nothing scrolls sideways at 390 px.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { expectAccessible, unique, visible } from "./harness";
import { createCustomer, createShop, deposit, placeBet, resolveBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/*
 * Today's bets in this file's own database: won 10.00 at 2.00 (payout 20.00), lost 30.00,
 * pending 5.00, void 7.00. Stakes 45.00, payouts 20.00, profit 40.00 - 20.00 = 20.00.
 */
beforeAll(async () => {
  const { page, context } = await suite.admin();
  const shop = await createShop(page, unique("Harbour Road"));
  const customer = await createCustomer(page, "Orla", unique("Keane"));
  await deposit(page, customer.id, shop.id, "100.00");
  const bet = (description: string, stakeAmount: string, odds: string) =>
    placeBet(page, { customerId: customer.id, shopId: shop.id, description, stakeAmount, odds });
  await resolveBet(page, (await bet("Home win", "10.00", "2.00")).id, "WON");
  await resolveBet(page, (await bet("Away win", "30.00", "1.50")).id, "LOST");
  await bet("Draw", "5.00", "3.40");
  await resolveBet(page, (await bet("Postponed", "7.00", "2.10")).id, "VOID", "Postponed");
  await context.close();
});

/** A chart card, found by its heading. */
const chartCard = (page: Page, name: string | RegExp): Locator =>
  page.getByRole("region", { name });

/** A card's chart: the picture with the chart's summary as its name (its SVG inside). */
const figureOf = (card: Locator): Locator => card.locator("[data-chart]");

/** Waits for the chart's SVG to be drawn with `marks` (bars, sectors) inside. */
async function expectDrawn(card: Locator, marks: string): Promise<number> {
  const figure = figureOf(card);
  await visible(figure, 30_000);
  await figure.locator(`svg ${marks}`).first().waitFor({ state: "visible", timeout: 30_000 });
  return figure.locator(`svg ${marks}`).count();
}

/**
 * The category axis's labels as drawn: their text and the least space between two neighbours
 * (px; negative when two overlap). Labels are fitted to the width (labelInterval).
 */
async function categoryLabels(card: Locator): Promise<{ texts: string[]; leastGap: number }> {
  return figureOf(card)
    .locator(".chart-axis-x .chart-tick-label")
    .evaluateAll((ticks) => {
      const boxes = ticks
        .map((t) => ({ text: t.textContent ?? "", box: t.getBoundingClientRect() }))
        .sort((a, b) => a.box.left - b.box.left);
      const gaps = boxes.slice(1).map((b, i) => b.box.left - (boxes[i]?.box.right ?? 0));
      const leastGap = Math.min(Number.POSITIVE_INFINITY, ...gaps);
      return { texts: boxes.map((b) => b.text), leastGap };
    });
}

/** Toggles the card to its table with the keyboard and answers the table's rows' text. */
async function tableRows(page: Page, card: Locator): Promise<string[]> {
  await card.getByRole("button", { name: "Show as table" }).focus();
  await page.keyboard.press("Enter");
  const table = card.getByRole("table");
  await visible(table);
  const rows = await table.getByRole("row").allInnerTexts();
  return rows.map((r) => r.replace(/\s+/g, " ").trim());
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("charts", () => {
  test("Reports draw the trend and the outcome mix, with table alternatives", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/reports");
    await visible(page.getByRole("heading", { name: "Reports", exact: true }));

    const trend = chartCard(page, "Stakes, payouts and profit by month");
    const label = new Date().toLocaleString("en-GB", { month: "short", timeZone: "UTC" });
    const month = `${label} ${new Date().getUTCFullYear()}`;
    await visible(trend, 30_000);
    expect(await figureOf(trend).getAttribute("aria-label")).toBe(
      "Stakes, payouts and profit by month, All time: stakes €45.00, payouts €20.00, profit €20.00.",
    );
    expect(await expectDrawn(trend, ".chart-bar")).toBeGreaterThan(0);
    // A picture with a name, no focus stop of its own: the table is its text alternative.
    expect(await figureOf(trend).locator('[tabindex="0"]').count()).toBe(0);
    expect(await tableRows(page, trend)).toEqual([
      "Period Bets Stakes Payouts Profit",
      `${month} 4 €45.00 €20.00 €20.00`,
    ]);
    // Back to the chart with the keyboard; focus stays on the toggle.
    await page.keyboard.press("Enter");
    await visible(figureOf(trend));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Show as table");

    const outcomes = chartCard(page, "Outcomes");
    expect(await expectDrawn(outcomes, ".chart-slice")).toBe(4);
    expect(await tableRows(page, outcomes)).toEqual([
      "Outcome Bets Amount",
      "Won 1 Paid out €20.00",
      // PLACED (each-way, decision 052) has its own line, empty here.
      "Placed 0 Paid out €0.00",
      "Lost 1 —",
      "Pending 1 At stake €5.00",
      "Void 1 —",
    ]);

    // A month: one bar group per day.
    await page.getByLabel("Time Period").selectOption("month");
    const monthSelect = page.getByLabel("Month", { exact: true });
    await monthSelect.locator("option").nth(1).waitFor({ state: "attached" });
    await monthSelect.selectOption({ index: 1 });
    const byDay = chartCard(page, "Stakes, payouts and profit by day");
    expect(await expectDrawn(byDay, ".chart-bar")).toBeGreaterThan(0);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the dashboard draws today's stakes by hour", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/");
    const card = chartCard(page, "Today's stakes by hour (UTC)");
    await visible(card, 30_000);
    expect(await figureOf(card).getAttribute("aria-label")).toBe(
      "Stakes by hour today: €45.00 in 4 bets.",
    );
    expect(await expectDrawn(card, ".chart-bar")).toBeGreaterThan(0);
    // Hours labelled at an even step from midnight, none touching the next.
    const labels = await categoryLabels(card);
    expect(labels.texts.length).toBeGreaterThanOrEqual(4);
    expect(labels.texts[0]).toBe("00:00");
    const step = Number(labels.texts[1]?.slice(0, 2));
    expect(labels.texts).toEqual(
      labels.texts.map((_, i) => `${String(i * step).padStart(2, "0")}:00`),
    );
    expect(labels.leastGap).toBeGreaterThanOrEqual(4);
    const rows = await tableRows(page, card);
    expect(rows).toHaveLength(25); // the header and 24 hours
    // Every hour of the day is a row; together they hold today's 4 bets and €45.00.
    const cells = rows.slice(1).map((r) => /^(\d\d):00 (\d+) €([\d,.]+) /.exec(r));
    expect(cells.every((c) => c !== null)).toBe(true);
    expect(cells.map((c) => c?.[1])).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0")),
    );
    expect(cells.reduce((n, c) => n + Number(c?.[2]), 0)).toBe(4);
    const cents = cells.reduce(
      (n, c) => n + Math.round(Number((c?.[3] ?? "").replace(/,/g, "")) * 100),
      0,
    );
    expect(cents).toBe(4500);
    expect(problems()).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`axe passes on the charts (${colorScheme} theme), at 390 px too`, async () => {
      const { page, problems, context } = await suite.admin();
      await page.emulateMedia({ colorScheme });
      await page.goto("/reports");
      await expectDrawn(chartCard(page, "Outcomes"), ".chart-slice");
      await expectAccessible(page, "/reports with charts");
      await tableRows(page, chartCard(page, "Outcomes"));
      await expectAccessible(page, "/reports with a chart as a table");
      await page.goto("/");
      await expectDrawn(chartCard(page, "Today's stakes by hour (UTC)"), ".chart-bar");
      await expectAccessible(page, "/ with the hourly chart");

      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto("/reports");
      await expectDrawn(chartCard(page, "Outcomes"), ".chart-slice");
      await expectNoSidewaysScroll(page);
      await page.goto("/");
      const hourly = chartCard(page, "Today's stakes by hour (UTC)");
      await expectDrawn(hourly, ".chart-bar");
      await expectNoSidewaysScroll(page);
      // A phone's width shows fewer hours, still apart.
      const labels = await categoryLabels(hourly);
      expect(labels.texts.length).toBeGreaterThanOrEqual(3);
      expect(labels.texts.length).toBeLessThan(24);
      expect(labels.leastGap).toBeGreaterThanOrEqual(4);
      expect(problems()).toEqual([]);
      await context.close();
    });
  }
});
