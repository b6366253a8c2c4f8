/**
 * Issue 20, one reading of a correction: a €10.50 deposit reversed from its row on the
 * Transactions page, with the reason the reversal now requires, reads -€10.50 on the
 * customer, marked "Reversal of #n", with the same From and To (the stored sides: the cash
 * back from the till to the customer) on the dashboard, the customer's page and the
 * Transactions list. At 1280 px every SPEC column of the list is there (Processed By was
 * shown only from 1536 px), and the list with an archived row passes axe (the archived row
 * was faded to a failing contrast).
 */
import { describe, expect, test } from "bun:test";
import type { Locator } from "playwright-core";
import { customerNumber } from "../src/domain/customer-number";
import {
  api,
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  panel,
  searchTable,
  unique,
  VIEWPORT,
  visible,
} from "./harness";
import { createCustomer, createShop, deposit } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

const SPEC_COLUMNS = [
  "Transaction ID",
  "Type",
  "Amount",
  "Description",
  "From",
  "To",
  "Status",
  "Bet",
  "Processed By",
  "Created",
];

/** The reading of one ledger line: signed effect, marks, From and To, as the user sees them. */
async function readLine(line: Locator) {
  const text = async (id: string) =>
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
    (await line.getByTestId(id).first().innerText()).replace(/\s+/g, " ").trim();
  return {
    effect: await text("ledger-effect"),
    marks: (await line.getByTestId("ledger-mark").allInnerTexts()).map((m) => m.trim()),
    from: await text("ledger-from"),
    to: await text("ledger-to"),
  };
}

describe("a reversal reads the same on every screen", () => {
  test("reversed with a reason from the Transactions list: -€10.50, marked, same From/To on the dashboard, the customer page and the list", async () => {
    const { context, page, problems } = await suite.admin();
    expect(page.viewportSize()).toEqual(VIEWPORT);
    expect(VIEWPORT.width).toBe(1280);
    const shop = await createShop(page, unique("Ledger Lines"));
    const last = unique("Brennan");
    const customer = await createCustomer(page, "Siobhan", last, { creditLimit: "0" });
    const name = `Siobhan ${last}`;
    // A customer named in a line carries the customer number beside the name.
    const named = `${name} ${customerNumber(customer.id)}`;
    const dep = await deposit(page, customer.id, shop.id, "10.50", `Counter cash ${last}`);

    // Reverse from the row: the reason is asked first and required.
    await page.goto("/transactions");
    const row = await searchTable(page, `Counter cash ${last}`);
    await row.getByRole("button", { name: `Reverse transaction ${dep.id}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reverse transaction #${dep.id}` });
    await dialog.getByRole("button", { name: "Preview" }).click();
    await visible(dialog.getByText("Reason is required for a reversal", { exact: true }));
    await dialog.getByLabel("Reason for the reversal").fill("Customer paid in at the wrong till");
    await dialog.getByRole("button", { name: "Preview" }).click();
    await expectText(dialog, "Reason: Customer paid in at the wrong till");
    await expectText(dialog, `DEPOSIT €10.50 from ${shop.name} to ${name}`);
    await expectText(dialog, `This takes the customer ${name} to €0.00 (from €10.50).`);
    await dialog.getByRole("button", { name: "Confirm reversal" }).click();
    await expectToast(page, "Success", "Transaction reversed successfully");
    await hidden(dialog);

    const [reversal] = await api<{ id: number; reason: string; reversalOf: number }[]>(
      page,
      "GET",
      `/api/transactions?customerId=${customer.id}&sort=id&order=desc&limit=1`,
    );
    expect(reversal?.reversalOf).toBe(dep.id);
    expect(reversal?.reason).toBe("Customer paid in at the wrong till");
    const expected = {
      effect: "-€10.50",
      marks: [`Reversal of #${dep.id}`],
      from: shop.name,
      to: named,
    };

    // The dashboard's Recent Transactions.
    await page.goto("/");
    const dashboardLine = panel(page, "Recent Transactions").getByRole("listitem", {
      name: `Transaction ${reversal?.id}`,
    });
    await visible(dashboardLine);
    expect(await readLine(dashboardLine)).toEqual(expected);

    // The customer's page: the same, and the reason; the original is marked as reversed.
    await page.goto(`/customers/${customer.id}`);
    const recent = panel(page, "Recent Transactions");
    const customerLine = recent.getByRole("listitem", { name: `Transaction ${reversal?.id}` });
    await visible(customerLine);
    expect(await readLine(customerLine)).toEqual(expected);
    await expectText(customerLine, "Reason: Customer paid in at the wrong till");
    const originalLine = recent.getByRole("listitem", { name: `Transaction ${dep.id}` });
    expect(await readLine(originalLine)).toEqual({
      effect: "+€10.50",
      marks: ["Reversed"],
      from: named,
      to: shop.name,
    });

    // The Transactions list at 1280 px: every SPEC column, on screen, and the same reading.
    await page.goto("/transactions");
    const reversalRow = await searchTable(page, `Reversal of #${dep.id}`);
    for (const column of SPEC_COLUMNS) {
      const header = page.getByRole("columnheader", { name: column, exact: true });
      await visible(header);
    }
    const processedBy = await page
      .getByRole("columnheader", { name: "Processed By", exact: true })
      .boundingBox();
    expect(processedBy).not.toBeNull();
    expect((processedBy?.x ?? 0) + (processedBy?.width ?? 0)).toBeLessThanOrEqual(VIEWPORT.width);
    expect(await readLine(reversalRow)).toEqual(expected);
    await expectText(reversalRow, "admin");

    // The archived original is in the list, marked, and the page passes axe.
    const originalRow = await searchTable(page, `Counter cash ${last}`);
    await visible(originalRow.getByText("Reversed", { exact: true }));
    await expectAccessible(page, "the transactions list with an archived (reversed) row");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible(page, "the transactions list with an archived row (dark theme)");
    expect(problems()).toEqual([]);
    await context.close();
  });
});
