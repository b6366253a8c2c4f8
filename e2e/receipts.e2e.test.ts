/**
 * Issue 21 item 4, receipts (decision 053): a deposit made in its dialog offers its receipt;
 * the first print is the original, 80 mm wide on the print medium with long names wrapped
 * inside it; a reprint says DUPLICATE.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import {
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  pick,
  unique,
  visible,
} from "./harness";
import { createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** How many times the page asked to print (window.print is counted, not run). */
const prints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __prints: number }).__prints ?? 0);

async function printsBecome(page: Page, n: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await prints(page)) !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} print(s), saw ${await prints(page)}`);
    await Bun.sleep(50);
  }
}

/** The receipt's box on the print medium, and whether anything in it overflows it. */
async function printedBox(receipt: Locator) {
  const box = await receipt.boundingBox();
  const overflow = await receipt.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    return [...el.querySelectorAll("*")].some((e) => e.getBoundingClientRect().right > right + 0.5);
  });
  return { width: box?.width ?? 0, overflow };
}

/** A PNG's width in pixels (its IHDR chunk). */
const pngWidth = (path: string) => readFileSync(path).readUInt32BE(16);

describe("receipts", () => {
  test("a deposit's receipt prints from its success state, 80 mm wide; a reprint says DUPLICATE", async () => {
    const { context, page, problems } = await suite.admin();
    await context.addInitScript(() => {
      const w = window as unknown as { __prints: number };
      w.__prints = 0;
      window.print = () => {
        w.__prints += 1;
      };
    });
    // Long unbroken names must wrap inside the 72 mm column, not run off the paper.
    const shop = await createShop(page, unique("Turfaccountantsandbookmakersofrenown"), {
      address: "1 Quay Street, Dublin 8",
      phone: "01 555 0100",
    });
    const last = unique("Fitzgeraldmontgomeryosullivanbartholomew");
    const customer = await createCustomer(page, "Nell", last);

    await page.goto(`/customers/${customer.id}`);
    await visible(page.getByRole("heading", { name: `Nell ${last}`, exact: true }));
    await page.getByRole("button", { name: "Deposit" }).click();
    const dialog = page.getByRole("dialog", { name: "Process Customer Deposit" });
    await pick(dialog, "Shop", shop.name);
    await dialog.getByLabel("Amount (€)").fill("25.50");
    await dialog.getByRole("button", { name: "Process" }).click();
    await expectToast(page, "Success", "Deposit processed successfully");
    await hidden(dialog);

    // The success state: the deposit's reference and Print receipt, above the screen.
    const offer = page.getByRole("region", { name: "Receipt" });
    await visible(offer);
    await expectText(offer, /Deposit T-\d{6}/);
    const reference = /T-\d{6}/.exec((await offer.textContent()) ?? "")?.[0] ?? "";
    await expectAccessible(page, "the receipt offered", "main");

    await offer.getByRole("button", { name: "Print receipt" }).click();
    await printsBecome(page, 1);
    const receipt = page.getByRole("article", { name: `DEPOSIT receipt ${reference}` });
    // On screen the receipt is not shown; printed, it is all there is.
    await hidden(receipt);
    await page.emulateMedia({ media: "print" });
    await visible(receipt);
    await hidden(page.getByRole("navigation", { name: "Main" }));
    await hidden(offer);
    await expectText(receipt, shop.name);
    await expectText(receipt, "1 Quay Street, Dublin 8");
    await expectText(receipt, "DEPOSIT");
    await expectText(receipt, `Ref ${reference}`);
    await expectText(receipt, "Staff admin");
    await expectText(receipt, `Customer Nell ${last}`);
    await expectText(receipt, "Amount €25.50");
    expect(await receipt.textContent()).not.toContain("DUPLICATE");
    // 80 mm at 96 dpi is 302.4 px; nothing inside reaches past its right edge.
    const box = await printedBox(receipt);
    expect(Math.abs(box.width - 302.4)).toBeLessThan(1.5);
    expect(box.overflow).toBe(false);
    const shots = mkdtempSync(join(tmpdir(), "receipts-"));
    const shot = join(shots, "deposit-receipt.png");
    await receipt.screenshot({ path: shot });
    expect(Math.abs(pngWidth(shot) - 302)).toBeLessThanOrEqual(2);
    rmSync(shots, { recursive: true, force: true });
    await page.emulateMedia({ media: "screen" });

    // A second press of the same button: DUPLICATE, at the top and the bottom.
    await offer.getByRole("button", { name: "Reprint (DUPLICATE)" }).click();
    await printsBecome(page, 2);
    const duplicate = page.getByRole("article", {
      name: `DEPOSIT receipt ${reference} (duplicate)`,
    });
    await page.emulateMedia({ media: "print" });
    await visible(duplicate);
    expect(await duplicate.getByText("DUPLICATE", { exact: true }).count()).toBe(2);
    await expectText(duplicate, "Amount €25.50");
    await page.emulateMedia({ media: "screen" });

    // Leaving the screen ends the success state.
    await page.goto("/transactions");
    await visible(page.getByRole("heading", { name: "Transactions", level: 1 }));
    expect(await offer.count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});
