/**
 * When things go wrong: an expired session leads to sign-in and back; a stopped server
 * shows an error panel and an offline banner, and the app recovers without a reload when
 * it returns; a deposit that got no answer says it may or may not have been recorded and
 * its retry reuses the Idempotency-Key.
 */
import { describe, expect, test } from "bun:test";
import { api, expectText, expectToast, hidden, panel, pick, unique, visible } from "./harness";
import { createAccount, createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("failures", () => {
  test("an expired session goes to sign-in with a message, then back to the page", async () => {
    const admin = await suite.admin();
    const username = unique("clerk").replace(" ", "-");
    await createAccount(admin.page, username, "clerk-password-1", "user");
    await admin.context.close();

    const { page, problems, context } = await suite.signedIn(username, "clerk-password-1");
    await page.goto("/customers");
    await visible(page.getByRole("heading", { name: "Customers", exact: true }));
    // The session ends on the server (as an idle timeout would end it).
    await api(page, "POST", "/api/logout");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Shops/ })
      .click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await expectText(page.getByRole("alert"), "Your session has expired");
    // The sidebar no longer shows the user.
    await hidden(page.getByRole("navigation", { name: "Main" }));
    expect(await page.getByText(username).count()).toBe(0);

    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("clerk-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/shops");
    await visible(page.getByRole("heading", { name: "Shops", exact: true }));
    expect(problems([/^401 /])).toEqual([]);
    await context.close();
  });

  test("a stopped server shows an error panel and a banner; the app recovers by itself", async () => {
    const { page, context } = await suite.admin();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await suite.server.halt();
    try {
      // A screen whose code is not loaded yet cannot load now: a panel, never a blank page.
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Transactions" })
        .click();
      const panelAlert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
      await visible(panelAlert, 30_000);
      await visible(panelAlert.getByRole("button", { name: "Retry" }));
      await visible(page.getByRole("status").filter({ hasText: "Offline" }), 30_000);
      // Retry while still down keeps the panel.
      await panelAlert.getByRole("button", { name: "Retry" }).click();
      await visible(page.getByRole("alert").filter({ hasText: "could not be loaded" }), 30_000);
    } finally {
      await suite.server.start();
    }
    // Back: the banner goes and the screen loads, without a reload.
    await visible(page.getByRole("heading", { name: "Transactions", exact: true }), 30_000);
    await hidden(page.getByRole("status").filter({ hasText: "Offline" }), 30_000);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await context.close();
  });

  test("a deposit with no answer may or may not be recorded; the retry reuses its key", async () => {
    const { page, context } = await suite.admin();
    const shop = await createShop(page, unique("Shop Street"));
    const lastName = unique("Flynn");
    const customer = await createCustomer(page, "Orla", lastName);
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Orla ${lastName}`, exact: true }));
    const keys: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/deposits")
        keys.push(request.headers()["idempotency-key"] ?? "");
    });
    await panel(page, "Account Balance").getByRole("button", { name: "Deposit" }).click();
    const dialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await visible(dialog);
    await pick(dialog, "Shop", shop.name);
    await dialog.getByLabel("Amount (€)").fill("40");

    await suite.server.halt();
    try {
      await dialog.getByRole("button", { name: "Process" }).click();
      await expectToast(page, "No answer from the server", "may or may not have been recorded");
      await expectToast(page, "No answer from the server", "same Idempotency-Key");
      await visible(page.getByRole("status").filter({ hasText: "Offline" }));
      // An error toast stays until dismissed.
      await Bun.sleep(5_500);
      await visible(page.getByRole("status").filter({ hasText: "No answer from the server" }));
    } finally {
      await suite.server.start();
    }
    await hidden(page.getByRole("status").filter({ hasText: "Offline" }), 30_000);
    await visible(dialog); // still open, values kept
    await dialog.getByRole("button", { name: "Process" }).click();
    await expectToast(page, "Success", "Deposit processed successfully");
    await hidden(dialog);
    expect(keys.length).toBe(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    await expectText(panel(page, "Account Balance"), "€40.00");
    await context.close();
  });
});
