/**
 * Issue 25 item 8 in a real Chromium: a customer login's bet and transaction screens, its
 * bet's page and slip, and what its browser fetches (JSON and CSV), show no staff username;
 * where staff's screens name who did it, the customer's say "Staff" (decisions/047). Staff
 * still see the name. The screens pass axe-core.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { api, detail, expectAccessible, expectText, visible } from "./harness";
import {
  type CustomerRow,
  createAccount,
  createCustomer,
  createShop,
  deposit,
  placeBet,
  resolveBet,
  type ShopRow,
} from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();
const CLERK = { username: "clerk_mairead", password: "clerk-harbour-lantern-7" };
const CUSTOMER_USER = { username: "niamh_customer", password: "niamh-meadow-kettle-3" };
let shop: ShopRow;
let customer: CustomerRow;
let wonBet: number;

beforeAll(async () => {
  const admin = await suite.admin();
  await createAccount(admin.page, CLERK.username, CLERK.password, "user");
  shop = await createShop(admin.page, "Eyre Square");
  customer = await createCustomer(admin.page, "Niamh", "Ó Súilleabháin", { creditLimit: "100.00" });
  await createAccount(
    admin.page,
    CUSTOMER_USER.username,
    CUSTOMER_USER.password,
    "customer",
    customer.id,
  );
  await admin.context.close();
  // The clerk takes the money and the bets, and settles one.
  const clerk = await suite.signedIn(CLERK.username, CLERK.password);
  await deposit(clerk.page, customer.id, shop.id, "40.00");
  await placeBet(clerk.page, {
    customerId: customer.id,
    shopId: shop.id,
    description: "Galway Hurlers to win",
    stakeAmount: "5.00",
    odds: "3.00",
  });
  wonBet = (
    await placeBet(clerk.page, {
      customerId: customer.id,
      shopId: shop.id,
      description: "Connacht by ten",
      stakeAmount: "4.00",
      odds: "2.50",
    })
  ).id;
  await resolveBet(clerk.page, wonBet, "WON");
  await clerk.context.close();
});

/** The page's whole HTML (hidden columns and titles included) holds no staff username. */
async function namesNoStaff(page: Page): Promise<void> {
  const html = await page.content();
  expect(`${page.url()}: ${html.includes(CLERK.username)}`).toBe(`${page.url()}: false`);
}

describe("a customer login's view of staff", () => {
  test("its bets, a bet's page, its slip and its transactions say Staff, never the clerk", async () => {
    const { page, problems, context } = await suite.signedIn(
      CUSTOMER_USER.username,
      CUSTOMER_USER.password,
    );

    await page.goto("/bets");
    const row = page.getByRole("row").filter({ hasText: "Connacht by ten" });
    await visible(row);
    await expectText(row, "WON");
    // Placed by and settled by: Staff.
    expect(await row.getByText("Staff", { exact: true }).count()).toBe(2);
    const open = page.getByRole("row").filter({ hasText: "Galway Hurlers to win" });
    expect(await open.getByText("Staff", { exact: true }).count()).toBe(1);
    await namesNoStaff(page);
    await expectAccessible(page, "a customer's /bets");

    await page.goto(`/bets/${wonBet}`);
    await expectText(detail(page, "Placed By"), "Staff");
    await expectText(detail(page, "Resolved By"), "Staff");
    await namesNoStaff(page);
    await expectAccessible(page, "a customer's bet page");

    await page.goto(`/bets/${wonBet}/slip`);
    await expectText(detail(page, "Staff"), "Staff");
    await namesNoStaff(page);

    await page.goto("/transactions");
    const deposited = page.getByRole("row").filter({ hasText: "+€40.00" });
    await visible(deposited);
    await expectText(deposited, "Staff");
    await namesNoStaff(page);
    await expectAccessible(page, "a customer's /transactions");

    // What its browser is sent: no staff username in the JSON or the CSV exports.
    for (const path of [
      "/api/bets",
      `/api/bets/${wonBet}`,
      `/api/bets/${wonBet}/slip`,
      "/api/transactions",
      "/api/customers",
      "/api/bets?format=csv",
      "/api/transactions?format=csv",
    ]) {
      const body = await page.evaluate(
        async (url) => (await fetch(url, { credentials: "same-origin" })).text(),
        path,
      );
      expect(`${path}: ${body.includes(CLERK.username)}`).toBe(`${path}: false`);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("staff still see who placed the bet", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto(`/bets/${wonBet}`);
    await visible(detail(page, "Placed By").getByRole("link", { name: CLERK.username }));
    const bets = await api<{ placedByUser: { username: string } | null }[]>(
      page,
      "GET",
      `/api/bets?customerId=${customer.id}`,
    );
    expect(bets.map((b) => b.placedByUser?.username)).toEqual([CLERK.username, CLERK.username]);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
