import { describe, expect, test } from "bun:test";
import {
  detail,
  expectText,
  expectToast,
  hidden,
  panel,
  searchTable,
  unique,
  visible,
} from "./harness";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("shops and customers", () => {
  test("a shop is created through the 'Add New Shop' dialog after its validation", async () => {
    const { page, problems, context } = await suite.admin();
    const name = unique("Harbour Road");
    await page.getByRole("link", { name: "Shops" }).click();
    await visible(page.getByRole("heading", { name: "Shops", exact: true }));
    await page.getByRole("button", { name: "Add Shop" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Shop" });
    await visible(dialog);
    await visible(dialog.getByLabel("Shop Name *"));
    await visible(dialog.getByLabel("Location *"));
    await visible(dialog.getByLabel("Address"));
    await visible(dialog.getByLabel("Phone"));
    expect(await dialog.getByLabel("Shop is active and can accept bets").isChecked()).toBe(true);

    await dialog.getByRole("button", { name: "Create Shop" }).click();
    await visible(dialog.getByText("Shop name is required", { exact: true }));
    await visible(dialog.getByText("Location is required", { exact: true }));

    await dialog.getByLabel("Shop Name *").fill(name);
    await dialog.getByLabel("Location *").fill("Galway");
    await dialog.getByLabel("Phone").fill("091 555 0101");
    await dialog.getByRole("button", { name: "Create Shop" }).click();
    await expectToast(page, "Success", "Shop created successfully");
    await hidden(dialog);

    const row = await searchTable(page, name);
    await expectText(row, "Galway");
    await expectText(row, "091 555 0101");
    await expectText(row, "N/A"); // no address
    await expectText(row, "€0.00");
    await expectText(row, "Active");
    await row.click();
    await page.waitForURL(/\/shops\/\d+$/);
    await visible(page.getByRole("heading", { name, exact: true }));
    const info = panel(page, "Shop Information");
    await expectText(detail(info, "Location"), "Galway", { exact: true });
    await expectText(detail(info, "Address"), "N/A", { exact: true });
    await visible(page.getByRole("button", { name: "New Bet" }));
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a customer is created through the 'Add New Customer' dialog after its validation", async () => {
    const { page, problems, context } = await suite.admin();
    const lastName = unique("Brennan");
    await page.getByRole("link", { name: "Customers" }).click();
    await visible(page.getByRole("heading", { name: "Customers", exact: true }));
    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    await visible(dialog);
    expect(await dialog.getByLabel("Credit Limit (€) *").inputValue()).toBe("0.00");
    expect(await dialog.getByLabel("Allow overdraft").isChecked()).toBe(false);

    await dialog.getByLabel("Credit Limit (€) *").fill("");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await visible(dialog.getByText("First name is required", { exact: true }));
    await visible(dialog.getByText("Last name is required", { exact: true }));
    await visible(dialog.getByText("Invalid email", { exact: true }));
    await visible(dialog.getByText("Credit limit is required", { exact: true }));

    await dialog.getByLabel("First Name *").fill("Siobhan");
    await dialog.getByLabel("Last Name *").fill(lastName);
    await dialog.getByLabel("Email").fill("siobhan@example.ie");
    await dialog.getByLabel("Address").fill("12 Quay Street, Galway");
    await dialog.getByLabel("Credit Limit (€) *").fill("250");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await expectToast(page, "Success", "Customer created successfully");
    await hidden(dialog);

    const row = await searchTable(page, lastName);
    await expectText(row, "Siobhan");
    await expectText(row, "siobhan@example.ie");
    await expectText(row, "N/A"); // no phone
    await expectText(row, "€250.00");
    await expectText(row, "Not Allowed");
    await expectText(row, "admin"); // Created By
    await row.click();
    await page.waitForURL(/\/customers\/\d+$/);
    await visible(page.getByRole("heading", { name: `Siobhan ${lastName}`, exact: true }));
    const info = panel(page, "Personal Information");
    await expectText(detail(info, "Email"), "siobhan@example.ie", { exact: true });
    await expectText(detail(info, "Phone"), "N/A", { exact: true });
    await expectText(detail(info, "Address"), "12 Quay Street, Galway", { exact: true });
    await expectText(panel(page, "Recent Transactions"), "No transactions found");
    await expectText(panel(page, "Recent Bets"), "No bets found");
    const balance = panel(page, "Account Balance");
    await expectText(detail(balance, "Credit Limit"), "€250.00", { exact: true });
    await expectText(detail(balance, "Available Credit"), "€250.00", { exact: true });
    await expectText(detail(balance, "Overdraft"), "Not Allowed", { exact: true });
    expect(await balance.getByRole("button", { name: "Withdraw" }).isDisabled()).toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the dashboard opens the same 'Add New Customer' dialog", async () => {
    const { page, problems, context } = await suite.admin();
    const lastName = unique("Doyle");
    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    await visible(dialog);
    await dialog.getByLabel("First Name *").fill("Eamon");
    await dialog.getByLabel("Last Name *").fill(lastName);
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await expectToast(page, "Success", "Customer created successfully");
    await hidden(dialog);
    // The dialog resets: opened again, it is empty.
    await page.getByRole("button", { name: "Add Customer" }).click();
    expect(await dialog.getByLabel("First Name *").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await hidden(dialog);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
