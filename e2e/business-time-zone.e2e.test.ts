/**
 * The business time zone in a real browser (issue 23 item 1, decision 063): the server runs
 * with BUSINESS_TIMEZONE=Europe/Berlin, the browser sits in New York. The bets list shows
 * the bet's time as Berlin reads it, with the zone's name (the browser's clock reads
 * otherwise), and the dashboard's hourly chart is labelled with Berlin's zone.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  ADMIN_PASSWORD,
  api,
  launchBrowser,
  type RunningServer,
  signIn,
  startServer,
  unique,
  VIEWPORT,
  visible,
} from "./harness";
import { createCustomer, createShop, deposit, placeBet } from "./seed";

const BUSINESS_TIMEZONE = "Europe/Berlin";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer({ settings: { BUSINESS_TIMEZONE } });
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORT,
    locale: "en-US",
    timezoneId: "America/New_York",
  });
  page = await context.newPage();
  page.on("pageerror", (err) => errors.push(err.message));
  await signIn(page, "admin", ADMIN_PASSWORD);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** How the browser's own Intl writes an instant in a zone (the app's shape of a table date). */
function inZone(at: string, timeZone: string, zoneName: boolean): Promise<string> {
  return page.evaluate(
    ([iso, zone, named]) =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        ...(named ? { timeZoneName: "short" } : {}),
      }).format(new Date(iso)),
    [at, timeZone, zoneName] as const,
  );
}

describe("a New York browser, a Berlin shop", () => {
  test("the server says its zone", async () => {
    const settings = await api<{ businessTimeZone: string }>(page, "GET", "/api/settings");
    expect(settings.businessTimeZone).toBe(BUSINESS_TIMEZONE);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      "America/New_York",
    );
  });

  test("the bets list shows Berlin's time with the zone's name", async () => {
    const shop = await createShop(page, unique("Unter den Linden"));
    const customer = await createCustomer(page, "Jonas", unique("Weber"));
    await deposit(page, customer.id, shop.id, "50.00");
    const description = unique("Late kick-off");
    const placed = await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description,
      stakeAmount: "5.00",
      odds: "2.00",
    });
    const bet = await api<{ createdAt: string }>(page, "GET", `/api/bets/${placed.id}`);
    await page.goto(`/bets?q=${encodeURIComponent(description)}`);
    const row = page.getByRole("row").filter({ hasText: description });
    await visible(row);
    const cell = row.locator(`time[datetime="${bet.createdAt}"]`).first();
    const shown = (await cell.textContent())?.trim() ?? "";
    expect(shown).toBe(await inZone(bet.createdAt, BUSINESS_TIMEZONE, true));
    // Not the browser's own clock.
    expect(shown).not.toBe(await inZone(bet.createdAt, "America/New_York", true));
    expect(shown).toMatch(/GMT\+[12]$/);
    expect(await cell.getAttribute("title")).toMatch(/GMT\+[12]$/);
  });

  test("the dashboard's hourly chart is labelled with Berlin's zone", async () => {
    await page.goto("/");
    const zone = await page.evaluate(
      (timeZone) =>
        new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
          .formatToParts(new Date())
          .find((p) => p.type === "timeZoneName")?.value,
      BUSINESS_TIMEZONE,
    );
    expect(zone).toMatch(/^GMT\+[12]$/);
    await visible(page.getByRole("region", { name: `Today's stakes by hour (${zone})` }));
    // Today's bets counts the bet placed above: today is Berlin's date on both sides.
    await visible(page.getByRole("tab", { name: /Today's bets \([1-9]/ }));
    expect(errors).toEqual([]);
  });
});
