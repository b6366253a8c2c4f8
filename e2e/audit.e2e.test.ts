/**
 * Issue 13, the audit trail screen: an admin renames a customer, finds the change on the
 * audit screen (by keyboard) and reads the old and new name; the customer's History link
 * lands on that customer's entries only. A reversal's details say what changed, with the
 * original as context (decision 082, 2026 update); a filter that cannot match says why.
 */
import { describe, expect, test } from "bun:test";
import { api, expectAccessible, expectText, hidden, unique, visible } from "./harness";
import { createAccount, createCustomer, createShop, deposit } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("the audit trail", () => {
  test("an admin's edit shows on the audit screen with its before and after", async () => {
    const { context, page, problems } = await suite.admin();
    const last = unique("Lovelace");
    const customer = await createCustomer(page, "Ada", last);

    // The edit, through the customer's own page.
    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Ada ${last}`, exact: true }));
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit Customer" });
    await edit.getByLabel("First Name *").fill("Augusta");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await hidden(edit);
    await visible(page.getByRole("heading", { name: `Augusta ${last}`, exact: true }));

    // The audit screen, from the sidebar, filtered to the action.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Audit trail" })
      .click();
    await visible(page.getByRole("heading", { name: "Audit trail", exact: true }));
    await page.getByLabel("Action", { exact: true }).selectOption("customer.update");
    await page.waitForURL((u) => u.searchParams.get("action") === "customer.update");
    const row = page.getByRole("row").filter({ hasText: `Customer #${customer.id}` });
    await visible(row);
    await expectText(row, "customer.update");
    await expectText(row, "admin");

    // Keyboard: the Details button takes focus and Enter opens the difference.
    const details = row.getByRole("button", { name: /^Details of customer\.update/ });
    await details.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /^customer\.update #/ });
    await visible(dialog);
    const firstName = dialog.getByRole("row").filter({ hasText: "First name" });
    await expectText(firstName.locator("del"), "Ada", { exact: true });
    await expectText(firstName.locator("ins"), "Augusta", { exact: true });
    await expectAccessible(page, "the audit entry's difference", "dialog[open]");
    await page.keyboard.press("Escape");
    await hidden(dialog);
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
    expect(focused).toContain("Details of customer.update");
    await expectAccessible(page, "the audit trail");

    // The customer's History link: only this customer's entries, its filters in the URL.
    await page.goto(`/customers/${customer.id}`);
    await page.getByRole("link", { name: "History", exact: true }).click();
    await page.waitForURL(
      (u) =>
        u.pathname === "/admin/audit" &&
        u.searchParams.get("entityType") === "CUSTOMER" &&
        u.searchParams.get("entityId") === String(customer.id),
    );
    await expectText(page.getByRole("navigation", { name: "Pagination" }), "1–2 of 2");
    const entries = page.locator("main tbody tr");
    await expect(entries.count()).resolves.toBe(2);
    await expectText(entries.nth(0), "customer.update");
    await expectText(entries.nth(1), "customer.create");
    expect((await page.getByLabel("Entity", { exact: true }).inputValue()) === "CUSTOMER").toBe(
      true,
    );
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a reversal's details: what changed, the original beside it, nothing removed", async () => {
    const { context, page, problems } = await suite.admin();
    const shop = await createShop(page, unique("Quay"));
    const customer = await createCustomer(page, "Niamh", unique("Byrne"));
    const tx = await deposit(page, customer.id, shop.id, "90.00");
    await api(page, "POST", "/api/admin/reverse-transaction", {
      transactionId: tx.id,
      reason: "Paid in at the wrong till",
    });
    await page.goto(
      `/admin/audit?action=transaction.reverse&entityType=TRANSACTION&entityId=${tx.id}`,
    );
    await page.getByRole("button", { name: /^Details of transaction\.reverse/ }).click();
    const dialog = page.getByRole("dialog", { name: /^transaction\.reverse #/ });
    await visible(dialog);
    const balance = dialog.getByRole("row").filter({ hasText: "Customer balance" });
    await expectText(balance.locator("del"), "€90.00", { exact: true });
    await expectText(balance.locator("ins"), "€0.00", { exact: true });
    const original = dialog.getByRole("region", { name: "Also recorded, not changed" });
    await expectText(original, "Original transaction / Amount");
    await expectText(original, "€90.00");
    // The deposit's processor by name and id, as the Actor reads.
    await expectText(original, /admin \(#\d+\)/);
    expect(await dialog.getByText("Removed", { exact: true }).count()).toBe(0);
    await expectAccessible(page, "a reversal's audit details", "dialog[open]");
    await page.keyboard.press("Escape");
    await hidden(dialog);

    // An Entity ID that is no id: said at the field, the list not asked.
    await page.getByLabel("Entity ID", { exact: true }).fill("abc");
    await visible(page.getByText("Entity ID must be a positive whole number", { exact: true }));
    await visible(page.getByText("Correct the filters to see entries", { exact: true }).first());
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("staff get no History link and no audit screen", async () => {
    const { context, page } = await suite.admin();
    const customer = await createCustomer(page, "Brid", unique("Walsh"));
    const staffName = unique("clerk")
      .toLowerCase()
      .replace(/[^a-z0-9._@-]/g, "");
    await createAccount(page, staffName, "clerk-password-123", "user");
    await context.close();
    const staff = await suite.signedIn(staffName, "clerk-password-123");
    await staff.page.goto(`/customers/${customer.id}`);
    await visible(staff.page.getByRole("heading", { name: /^Brid / }));
    expect(await staff.page.getByRole("link", { name: "History" }).count()).toBe(0);
    await staff.page.goto("/admin/audit");
    await visible(staff.page.getByText("Access Denied"));
    await staff.context.close();
  });
});
