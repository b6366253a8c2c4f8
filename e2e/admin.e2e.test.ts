import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  ADMIN_PASSWORD,
  api,
  detail,
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  panel,
  pick,
  type Session,
  unique,
  until,
  visible,
} from "./harness";
import { createCustomer, createShop, deposit } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

async function openAdmin(session: Session): Promise<void> {
  await session.page.getByRole("link", { name: "System Admin" }).click();
  await visible(session.page.getByRole("heading", { name: "System Administration", exact: true }));
}

/** Today's date in UTC, as the export's file name carries it. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

describe("system administration", () => {
  test("the admin page shows health, the system information and the reversal warning", async () => {
    const session = await suite.admin();
    const { page, problems, context } = session;
    await openAdmin(session);
    await expectText(page.getByRole("region", { name: "System Status" }), "Operational");
    await expectText(page.getByRole("region", { name: "Database" }), "Connected");
    await expectText(page.getByRole("region", { name: "Uptime" }), /\d+h \d+m/);
    const info = panel(page, "System Information");
    await expectText(detail(info, "Version"), "1.0.0", { exact: true });
    await expectText(detail(info, "Environment"), "Production", { exact: true });
    await expectText(detail(info, "Uptime"), "99.9%", { exact: true });
    // The server has taken no backup yet, and takes none by itself without BACKUP_DIR.
    await expectText(detail(info, "Last Backup"), "No backup taken yet", { exact: true });
    await expectText(detail(info, "Automatic Backups"), "Off (BACKUP_DIR not set)", {
      exact: true,
    });
    await expectText(
      panel(page, "Transaction Reversal"),
      "Reversing a transaction archives the original and creates an opposite one.",
    );
    await visible(page.getByText("Security Notice", { exact: true }));
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("balance recalculation needs a type and an ID, then reports the new balance", async () => {
    const session = await suite.admin();
    const { page, problems, context } = session;
    const shop = await createShop(page, unique("Mill Street"));
    const customer = await createCustomer(page, "Orla", unique("Tierney"));
    await deposit(page, customer.id, shop.id, "42.50");
    await openAdmin(session);
    const area = panel(page, "Balance Recalculation");
    await area.getByRole("button", { name: "Recalculate Balance" }).click();
    await visible(area.getByText("Entity type and ID are required", { exact: true }));
    await area.getByLabel("Entity Type").selectOption("CUSTOMER");
    await area.getByLabel("Entity ID").fill(String(customer.id));
    await area.getByRole("button", { name: "Recalculate Balance" }).click();
    await expectToast(page, "Success", "Balance recalculated. New balance: €42.50");
    await expectText(area, "new balance €42.50 (drift €0.00)");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a deposit is reversed by its transaction ID and the balance goes back", async () => {
    const session = await suite.admin();
    const { page, problems, context } = session;
    const shop = await createShop(page, unique("Bridge Street"));
    const lastName = unique("Hughes");
    const customer = await createCustomer(page, "Liam", lastName);
    const tx = await deposit(page, customer.id, shop.id, "25.00", "Deposit made in error");
    await openAdmin(session);
    const area = panel(page, "Transaction Reversal");
    await area.getByRole("button", { name: "Reverse Transaction" }).click();
    await visible(area.getByText("Transaction ID is required", { exact: true }));
    // The reason is required too (issue 20).
    await visible(area.getByText("Reason is required for a reversal", { exact: true }));
    await area.getByLabel("Transaction ID").fill(String(tx.id));
    await area.getByLabel("Reason for the reversal").fill("Deposit keyed in error");
    await area.getByRole("button", { name: "Reverse Transaction" }).click();
    // The preview first (issue 12): nothing is written until it is confirmed.
    const dialog = page.getByRole("dialog", { name: `Reverse transaction #${tx.id}` });
    await expectText(dialog, `This takes the customer Liam ${lastName} to €0.00 (from €25.00).`);
    await expectText(dialog, "Reason: Deposit keyed in error");
    await dialog.getByRole("button", { name: "Confirm reversal" }).click();
    await expectToast(page, "Success", "Transaction reversed successfully");

    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Liam ${lastName}`, exact: true }));
    await expectText(panel(page, "Account Balance").locator(".text-3xl"), "€0.00", {
      exact: true,
    });
    await expectText(panel(page, "Recent Transactions"), `Reversal of #${tx.id}`);

    // A second reversal of the same row is refused with the server's reason.
    await openAdmin(session);
    await area.getByLabel("Transaction ID").fill(String(tx.id));
    await area.getByLabel("Reason for the reversal").fill("Deposit keyed in error");
    await area.getByRole("button", { name: "Reverse Transaction" }).click();
    await expectText(
      page.getByRole("dialog").getByRole("alert"),
      `Transaction #${tx.id} has already been reversed`,
    );
    expect(problems([/^409 POST \/api\/admin\/reverse-transaction$/])).toEqual([]);
    await context.close();
  });

  test("a user is created, then their role is changed, from the admin page", async () => {
    const session = await suite.admin();
    const { page, problems, context } = session;
    const username = unique("clerk").replace(" ", "_");
    const lastName = unique("Kane");
    await createCustomer(page, "Nora", lastName);
    let patches = 0;
    page.on("request", (req) => {
      if (req.method() === "PATCH" && req.url().endsWith("/role")) patches += 1;
    });
    await openAdmin(session);
    const create = panel(page, "Create User");
    expect(await create.getByLabel("Role").inputValue()).toBe("user");
    await create.getByRole("button", { name: "Create User" }).click();
    await visible(create.getByText("Username and password are required").first());
    await create.getByLabel("Username").fill(username);
    await create.getByLabel("Password", { exact: true }).fill("clerk-password-1");
    await create.getByRole("button", { name: "Create User" }).click();
    await expectToast(page, "Success", "User created successfully");

    const roles = panel(page, "User Role Management");
    await roles.getByRole("searchbox").fill(username);
    const select = roles.getByLabel(`Role of ${username}`);
    await visible(select);
    expect(await select.inputValue()).toBe("user");
    const isFocused = (locator: typeof select) =>
      locator.evaluate((element) => element === document.activeElement);

    // A role change ends the user's sessions: it asks first, and Escape (or Cancel) leaves
    // the role as it was, the focus back on the select (focused first, as a person choosing
    // has it: Playwright's selectOption alone does not move the focus).
    await select.focus();
    await select.selectOption("admin");
    const dialog = page.getByRole("dialog", { name: `Change the role of ${username}?` });
    await visible(dialog);
    await expectText(dialog, `${username} changes from User to Admin.`);
    await expectText(dialog, "All of their sessions end now");
    expect(await isFocused(dialog.getByRole("button", { name: "Cancel" }))).toBe(true);
    await expectAccessible(page, "the role change dialog", "dialog[open]");
    await page.keyboard.press("Escape");
    await hidden(dialog);
    expect(await select.inputValue()).toBe("user");
    expect(await isFocused(select)).toBe(true);
    expect(patches).toBe(0);

    // A customer login belongs to a customer: the dialog asks which, as Create User does.
    await select.selectOption("customer");
    await visible(dialog);
    await dialog.getByRole("button", { name: "Change role" }).click();
    await visible(dialog.getByText("Customer is required for a customer login").first());
    expect(patches).toBe(0);
    await pick(dialog, "Customer", `Nora ${lastName}`);
    await dialog.getByRole("button", { name: "Change role" }).click();
    await expectToast(page, "Success", "User role updated successfully");
    await hidden(dialog);
    expect(patches).toBe(1);
    expect(await select.inputValue()).toBe("customer");

    await roles.getByRole("link", { name: username, exact: true }).click();
    await page.waitForURL(/\/users\/\d+$/);
    await visible(page.getByRole("heading", { name: username, exact: true }));
    await expectText(detail(page, "Role"), "Customer", { exact: true });
    await expectText(detail(page, "System Access"), "Customer access only", { exact: true });
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the export downloads betting-shop-export-YYYY-MM-DD.json with every table", async () => {
    const session = await suite.admin();
    const { page, problems, context } = session;
    const lastName = unique("Quinn");
    await createCustomer(page, "Rory", lastName);
    await openAdmin(session);
    const downloadStarted = page.waitForEvent("download");
    await panel(page, "Export All Data").getByRole("button", { name: "Export All Data" }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(`betting-shop-export-${todayUtc()}.json`);
    const file = await download.path();
    const data = JSON.parse(readFileSync(file, "utf8")) as {
      version: number;
      exportedAt: string;
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(data.version).toBeGreaterThan(0);
    expect(data.exportedAt.slice(0, 10)).toBe(todayUtc());
    expect(JSON.stringify(data.tables.customers)).toContain(lastName);
    expect(data.tables.users?.some((u) => u.username === "admin")).toBe(true);
    for (const table of ["shops", "bets", "transactions"]) expect(data.tables[table]).toBeArray();
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain(ADMIN_PASSWORD);
    await expectToast(page, "Success", "Data export downloaded successfully");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("delete all data needs two confirmations and the admin's password, writes a backup first and keeps the admin signed in", async () => {
    const session = await suite.admin();
    const { page, problems, context } = session;
    const lastName = unique("Gallagher");
    await createCustomer(page, "Sean", lastName);
    await openAdmin(session);
    const area = panel(page, "Delete All Data");
    const button = area.getByRole("button", { name: "Delete All Data" });
    const prompts: string[] = [];
    let deletes = 0;
    page.on("request", (req) => {
      if (req.method() === "DELETE") deletes += 1;
    });

    // Declining the second confirmation asks for no password and deletes nothing.
    let answers = [true, false];
    page.on("dialog", async (dialog) => {
      prompts.push(`${dialog.type()}: ${dialog.message()}`);
      if (answers.shift()) await dialog.accept();
      else await dialog.dismiss();
    });
    await button.click();
    await until("the second confirmation", () => prompts.length >= 2);
    expect(prompts).toHaveLength(2);
    expect(prompts.every((p) => p.startsWith("confirm: "))).toBe(true);
    expect(prompts[0]).not.toBe(prompts[1]);
    // A checked backup is written first: it can be undone, from that file.
    expect(prompts.join(" ")).not.toContain("cannot be undone");
    expect(prompts[0]).toContain("Only a restore from the backup written first brings them back");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(deletes).toBe(0);

    // Accepting both asks for the password.
    answers = [true, true];
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Confirm with your password" });
    await visible(dialog);
    expect(prompts).toHaveLength(4);
    await expectAccessible(page, "delete-all password dialog", "dialog");
    const password = dialog.getByLabel("Your password");
    expect(await password.getAttribute("autocomplete")).toBe("current-password");

    // A wrong password: said under the field, nothing deleted.
    await password.fill("not-the-admin-password");
    await dialog.getByRole("button", { name: "Delete All Data" }).click();
    await visible(dialog.getByText("The password is not correct; nothing was deleted"));
    expect(deletes).toBe(1);
    const before = await api<unknown[]>(page, "GET", `/api/customers?q=${lastName}`);
    expect(before).toHaveLength(1);

    // The right one: a backup first, then everything but the acting admin is deleted.
    await password.fill(ADMIN_PASSWORD);
    await dialog.getByRole("button", { name: "Delete All Data" }).click();
    await expectToast(page, "Success", "All data has been deleted successfully");
    expect(deletes).toBe(2);
    await visible(area.getByText(/The data as it was is kept in the backup/));
    const backupFile = (await area.locator("code").textContent()) ?? "";
    expect(backupFile).toStartWith(join(suite.server.dir, "backups"));
    const copy = new Database(backupFile, { readonly: true });
    const kept = copy
      .query("select count(*) as n from customers where last_name = ?")
      .get(lastName);
    copy.close();
    expect(kept).toEqual({ n: 1 });
    const info = panel(page, "System Information");
    await expectText(detail(info, "Last Backup"), "OK");
    await expectText(detail(info, "Backup Check"), "integrity ok, books balanced", { exact: true });

    await page.getByRole("link", { name: "Customers" }).click();
    await visible(page.getByText("No customers found", { exact: true }));
    const users = await api<{ username: string }[]>(page, "GET", "/api/admin/users");
    expect(users.map((u) => u.username)).toEqual(["admin"]);
    await visible(page.getByRole("heading", { name: "Customers", exact: true }));
    expect(problems([/^403 DELETE \/api\/admin\/delete-all-data$/])).toEqual([]);
    await context.close();
  });
});
