/**
 * Issue 23 item 2 (decision 065): the German walk in Chromium. A German browser's sign-in page
 * is German before anyone signs in; a user chooses Deutsch on their own page (stored with the
 * user); then the dashboard, a deposit typed the German way (1.000,50, read back
 * "= 1.000,50 €", sent as 1000.50), a bet and a report are German, `<html lang="de">`, and
 * axe finds nothing serious. The same user in an English browser stays German: the choice is
 * theirs, not the browser's.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  api,
  detail,
  expectAccessible,
  expectText,
  expectToast,
  newGermanPage,
  panel,
  pick,
  signInGerman,
  unique,
  visible,
} from "./harness";
import { createAccount, createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

const PASSWORD = "Kassierer-Orchard-2026";

async function htmlLang(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

async function langBecomes(page: Page, lang: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await htmlLang(page)) !== lang) {
    if (Date.now() > deadline) throw new Error(`<html lang> stayed "${await htmlLang(page)}"`);
    await Bun.sleep(50);
  }
}

describe("the app in German", () => {
  test("sign-in, a deposit, a bet and a report, all in German", async () => {
    const admin = await suite.admin();
    const shop = await createShop(admin.page, unique("Markt"));
    const last = unique("Weber");
    const customer = await createCustomer(admin.page, "Jonas", last, { creditLimit: "0" });
    const username = unique("klaus").toLowerCase().replace(" ", ".");
    const me = await createAccount(admin.page, username, PASSWORD, "admin");
    await admin.context.close();

    const { context, page, errors } = await newGermanPage(suite.browser, suite.server.url);

    // Before anyone signs in: the browser's language.
    await page.goto("/auth");
    await visible(page.getByRole("heading", { name: "Anmelden", level: 1 }));
    await langBecomes(page, "de");
    await expectAccessible(page, "sign-in (de)");
    await signInGerman(page, username, PASSWORD);

    // The user's own choice, on their own page.
    await page.goto(`/users/${me.id}`);
    await page.getByLabel("Sprache der Anwendung").selectOption("de");
    await expectToast(page, "Erfolg", "Sprache gespeichert");
    const saved = await api<{ language: string | null }>(page, "GET", "/api/user");
    expect(saved.language).toBe("de");

    // The dashboard.
    await page.goto("/");
    await visible(page.getByRole("heading", { name: "Übersicht", level: 1 }));
    await visible(page.getByRole("navigation", { name: "Hauptmenü" }));
    await visible(page.getByRole("region", { name: "Gewährter Kredit gesamt" }));
    await expectAccessible(page, "dashboard (de)");

    // A deposit, typed the German way; a large amount asks again, in German.
    await page.goto(`/customers/${customer.id}`);
    await panel(page, "Kontostand").getByRole("button", { name: "Einzahlen" }).click();
    const dep = page.getByRole("dialog", { name: "Einzahlung für Kunden" });
    await pick(dep, "Filiale", shop.name);
    // "1.005" is a thousand and five in German (never too many decimals).
    await dep.getByLabel("Betrag (€)").fill("1.005");
    await visible(dep.getByText(/^= 1\.005,00\s€$/));
    await dep.getByLabel("Betrag (€)").fill("1.000,50");
    await visible(dep.getByText(/^= 1\.000,50\s€$/));
    await expectAccessible(page, "deposit dialog (de)", "dialog[open]");
    await dep.getByRole("button", { name: "Ausführen" }).click();
    await expectText(dep.getByTestId("large-amount"), "1.000,50", { exact: false });
    await dep.getByRole("button", { name: /^Ja, 1\.000,50\s€ einzahlen$/ }).click();
    await expectToast(page, "Erfolg", "Einzahlung erfolgreich verbucht");
    const deposits = await api<{ amount: string; type: string }[]>(
      page,
      "GET",
      `/api/transactions?customerId=${customer.id}`,
    );
    expect(deposits.map((t) => [t.type, t.amount])).toEqual([["DEPOSIT", "1000.50"]]);

    // A bet, from the same customer's page.
    await page.getByRole("button", { name: "Neue Wette" }).click();
    const bet = page.getByRole("dialog", { name: "Neue Wette platzieren" });
    await pick(bet, "Filiale", shop.name);
    await bet.getByLabel("Beschreibung").fill("Galway Plate");
    await bet.getByLabel("Einsatz (€)").fill("4,00");
    await bet.getByLabel("Quote").fill("2,5");
    await expectText(bet.getByTestId("potential-payout"), "10,00");
    await expectAccessible(page, "bet dialog (de)", "dialog[open]");
    await bet.getByRole("button", { name: "Wette platzieren" }).click();
    await expectToast(page, "Erfolg");
    const bets = await api<{ stakeAmount: string; odds: string }[]>(
      page,
      "GET",
      `/api/bets?customerId=${customer.id}`,
    );
    expect(bets.map((b) => [b.stakeAmount, b.odds])).toEqual([["4.00", "2.50"]]);

    // A report.
    await page
      .getByRole("navigation", { name: "Hauptmenü" })
      .getByRole("link", { name: "Berichte" })
      .click();
    await visible(page.getByRole("heading", { name: "Berichte", level: 1 }));
    await visible(page.getByRole("region", { name: "Umsatz gesamt" }));
    await page.getByRole("tab", { name: "Wetten" }).click();
    await visible(page.getByRole("region", { name: "Gewinnquote" }));
    expect(await htmlLang(page)).toBe("de");
    await expectAccessible(page, "reports (de)");

    // The admin page at 1024 px: the checks' results (time, badge, duration) wrap in their
    // panel instead of running past the page's edge (German's longer labels did, by 1 px).
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/admin");
    await visible(page.getByRole("heading", { name: "Systemverwaltung", level: 1 }));
    const info = panel(page, "Systeminformationen");
    await expectText(detail(info, "Prüfung beim Start"), /OK|Fehlgeschlagen|Nicht erfasst/);
    await expectText(detail(info, "Vollständige Integritätsprüfung"), /OK|Fehlgeschlagen|Noch/);
    // Each value ends inside its list (the panel's column), not past it.
    const pastTheList = await info.locator("dl").evaluate((list) => {
      const edge = list.getBoundingClientRect().right;
      return [...list.querySelectorAll("dd")]
        .filter((value) => value.getBoundingClientRect().right > edge + 0.5)
        .map((value) => value.textContent);
    });
    expect(pastTheList).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(errors).toEqual([]);
    const storageState = await context.storageState();
    await context.close();

    // The same user in an English browser: still German, as chosen.
    const english = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: "en-US",
      storageState,
    });
    const again = await english.newPage();
    await again.goto("/");
    await visible(again.getByRole("heading", { name: "Übersicht", level: 1 }));
    await langBecomes(again, "de");
    await english.close();
  });
});
