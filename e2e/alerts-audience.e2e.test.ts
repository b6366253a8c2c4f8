/**
 * Issue 25 item 1, alerts by audience (decisions/044): a cashier who closed a shift short
 * neither sees nor can dismiss "Till discrepancy at cash-up"; an admin dismisses it with a
 * note and finds it, with who, when and the note, in the Alerts screen's dismissed view.
 * Dismissing from the keyboard keeps the focus in the list.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { api, expectAccessible, expectText, hidden, unique, visible } from "./harness";
import {
  type BetRow,
  createAccount,
  createCustomer,
  createShop,
  deposit,
  placeBet,
  type ShopRow,
} from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();
const CASHIER = { username: "cashier_alerts", password: "Kestrel-harbour-lantern-58" };
const TITLE = "Till discrepancy at cash-up";
let shop: ShopRow;
let alertId: number;

/** The status of a dismissal the signed-in page sends (api() throws on any refusal). */
async function dismissStatus(page: Page, id: number, body: unknown = {}): Promise<number> {
  const res = await page.request.fetch(`/api/alerts/${id}/dismiss`, {
    method: "POST",
    data: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: new URL(page.url()).origin },
  });
  return res.status();
}

beforeAll(async () => {
  const admin = await suite.admin();
  await createAccount(admin.page, CASHIER.username, CASHIER.password, "user");
  shop = await createShop(admin.page, unique("Quay"));
  // The cashier's shift: a float of 100.00 and 20.00 counted, 80.00 short.
  const cashier = await suite.signedIn(CASHIER.username, CASHIER.password);
  const shift = await api<{ id: number }>(cashier.page, "POST", "/api/shifts", {
    shopId: shop.id,
    openingFloat: "100.00",
  });
  await api(cashier.page, "POST", `/api/shifts/${shift.id}/close`, { countedCash: "20.00" });
  await cashier.context.close();
  // The admins have it; its id is what a cashier would guess.
  const open = await api<{ id: number; title: string; category: string }[]>(
    admin.page,
    "GET",
    "/api/alerts",
  );
  const alert = open.find((a) => a.title === TITLE);
  if (alert?.category !== "cash") throw new Error(`no cash alert: ${JSON.stringify(open)}`);
  alertId = alert.id;
  await admin.context.close();
});

describe("alerts by audience", () => {
  test("a cashier cannot see or dismiss the till-discrepancy alert about their own shift", async () => {
    const { page, problems, context } = await suite.signedIn(CASHIER.username, CASHIER.password);
    // Not in the bell's count or the dashboard's panel, nor on the cashier's Alerts screen.
    await page.goto("/");
    await visible(page.getByRole("button", { name: "Notifications: 0 unread" }));
    await visible(
      page.getByRole("region", { name: "System Alerts" }).getByText("No alerts at this time"),
    );
    await page.goto("/alerts");
    const list = page.getByRole("region", { name: "Undismissed alerts" });
    await visible(list.getByText("No alerts at this time"));
    expect(await page.getByText(TITLE).count()).toBe(0);
    // No dismissed view for staff, even by its address.
    expect(await page.getByRole("navigation", { name: "Alert views" }).count()).toBe(0);
    await page.goto("/alerts?view=dismissed");
    await visible(list.getByText("No alerts at this time"));
    expect(await page.getByRole("link", { name: "Dismissed" }).count()).toBe(0);
    await expectAccessible(page, "the cashier's Alerts screen");

    // Dismissing it by id is "not found", with or without a note: it stays open.
    expect(await dismissStatus(page, alertId)).toBe(404);
    expect(await dismissStatus(page, alertId, { note: "counted again" })).toBe(404);
    const staffList = await api<{ id: number }[]>(page, "GET", "/api/alerts");
    expect(staffList.map((a) => a.id)).not.toContain(alertId);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("an admin dismisses it with a note and finds it in the dismissed view", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto("/alerts");
    const list = page.getByRole("region", { name: "Undismissed alerts" });
    const item = list.getByRole("listitem").filter({ hasText: TITLE });
    await visible(item);
    await expectText(item.getByTestId("alert-category"), "Cash");

    await item.getByRole("button", { name: `Dismiss ${TITLE}` }).click();
    const dialog = page.getByRole("dialog", { name: "Dismiss alert" });
    await visible(dialog);
    await expectAccessible(page, "the dismiss-alert dialog", "dialog[open]");
    // The note box has the focus; a blank note is refused on the field.
    const note = dialog.getByLabel("Note *");
    await expect(note.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Dismiss alert" }).click();
    await visible(dialog.getByText("Note is required to dismiss a cash alert"));
    // By keyboard: type into the focused box, Ctrl+Enter sends.
    await note.focus();
    await page.keyboard.type("Recounted with the manager: €80 was in the safe");
    await page.keyboard.press("Control+Enter");
    await hidden(dialog);
    await hidden(item);

    await page
      .getByRole("navigation", { name: "Alert views" })
      .getByRole("link", {
        name: "Dismissed",
      })
      .click();
    const row = page.getByRole("row").filter({ hasText: TITLE });
    await visible(row);
    await expectText(row, "Recounted with the manager: €80 was in the safe");
    await expectText(row.getByRole("link", { name: "admin" }), "admin");
    await expectText(row, "Cash");
    expect(await row.locator("time").count()).toBe(2);
    await expectAccessible(page, "the dismissed alerts view");

    // The note is on the audit trail too.
    const audit = await api<{ entityId: string; after: { dismissNote: string } }[]>(
      page,
      "GET",
      "/api/admin/audit?action=alert.dismiss",
    );
    expect(audit.find((a) => a.entityId === String(alertId))?.after.dismissNote).toBe(
      "Recounted with the manager: €80 was in the safe",
    );
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("dismissing operations alerts from the keyboard keeps the focus in the list", async () => {
    // Three large bets: three operations alerts the cashier sees, newest first.
    const admin = await suite.admin();
    const customer = await createCustomer(admin.page, "Maeve", unique("Doyle"));
    await deposit(admin.page, customer.id, shop.id, "3000.00");
    const bets: BetRow[] = [];
    for (const description of ["First", "Second", "Third"]) {
      bets.push(
        await placeBet(admin.page, {
          customerId: customer.id,
          shopId: shop.id,
          description,
          stakeAmount: "1000.00",
          odds: "2.00",
        }),
      );
    }
    await admin.context.close();
    const [first, second, third] = bets as [BetRow, BetRow, BetRow];

    const { page, problems, context } = await suite.signedIn(CASHIER.username, CASHIER.password);
    await page.goto("/alerts");
    const list = page.getByRole("region", { name: "Undismissed alerts" });
    const dismissOf = (bet: BetRow) =>
      list
        .getByRole("listitem")
        .filter({ hasText: `Bet #${bet.id} for` })
        .getByRole("button", { name: "Dismiss Large bet placed" });
    const hasFocus = async (target: Locator) => {
      const element = await target.elementHandle({ timeout: 30_000 });
      await page.waitForFunction((el) => document.activeElement === el, element, {
        timeout: 30_000,
      });
    };
    await dismissOf(second).focus();
    // The middle one: the focus goes to the next alert's Dismiss (not to the page's body).
    await page.keyboard.press("Enter");
    await hidden(list.getByText(`Bet #${second.id} for`));
    await hasFocus(dismissOf(first));
    // The last one: the previous alert's.
    await page.keyboard.press("Enter");
    await hidden(list.getByText(`Bet #${first.id} for`));
    await hasFocus(dismissOf(third));
    // The only one left: the list's heading.
    await page.keyboard.press("Enter");
    await visible(list.getByText("No alerts at this time"));
    await hasFocus(list.getByRole("heading", { name: "Undismissed alerts" }));
    expect(problems()).toEqual([]);
    await context.close();
  });
});
