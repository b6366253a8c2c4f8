/** Issue 9: two tills see each other's changes without a reload; the working shop. */
import { beforeAll, describe, expect, test } from "bun:test";
import { api, expectText, panel, pick, unique, visible } from "./harness";
import { createAccount, createCustomer, createShop, deposit, placeBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();
const CLERK = { username: "live.clerk", password: "clerk-password-1" };

beforeAll(async () => {
  const { page, context } = await suite.admin();
  await createAccount(page, CLERK.username, CLERK.password, "user");
  await context.close();
});

describe("live data", () => {
  test("a second cashier's bet and deposit appear on the first one's screens within 2 s", async () => {
    const first = await suite.admin();
    const second = await suite.signedIn(CLERK.username, CLERK.password);
    const shop = await createShop(first.page, unique("Live"));
    const last = unique("Live");
    const customer = await createCustomer(first.page, "Maeve", last, { creditLimit: "100" });

    await first.page.goto("/bets");
    await visible(first.page.getByRole("heading", { name: "Bets", exact: true }));
    await first.page.waitForSelector('[data-testid="live-indicator"][data-state="live"]');
    const tag = unique("livebet");
    await placeBet(second.page, {
      customerId: customer.id,
      shopId: shop.id,
      description: tag,
      stakeAmount: "5.00",
      odds: "2.00",
    });
    await visible(first.page.getByText(tag).first(), 30_000);

    await first.page.goto(`/customers/${customer.id}`);
    const balance = panel(first.page, "Account Balance").locator(".text-3xl");
    await expectText(balance, "-€5.00", { exact: true });
    await first.page.waitForSelector('[data-testid="live-indicator"][data-state="live"]');
    await deposit(second.page, customer.id, shop.id, "20.00");
    await expectText(balance, "€15.00", { exact: true, timeout: 30_000 });

    // A dialog opened now shows the balance as it is now.
    await panel(first.page, "Account Balance").getByRole("button", { name: "Withdraw" }).click();
    const dialog = first.page.getByRole("dialog", { name: "Process Customer Withdrawal" });
    await expectText(dialog.getByRole("region", { name: "Customer Balance Info" }), "€15.00");
    expect(first.problems()).toEqual([]);
    expect(second.problems()).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  test("the sidebar counts pending bets as they are placed elsewhere", async () => {
    const first = await suite.admin();
    await first.page.waitForSelector('[data-testid="live-indicator"][data-state="live"]');
    const before = Number(
      (await first.page.getByTestId("badge-Bets").textContent())?.match(/\d+/)?.[0],
    );
    const shop = await createShop(first.page, unique("Count"));
    const customer = await createCustomer(first.page, "Ciara", unique("Count"), {
      creditLimit: "100",
    });
    const other = await suite.signedIn(CLERK.username, CLERK.password);
    await placeBet(other.page, {
      customerId: customer.id,
      shopId: shop.id,
      description: unique("count"),
      stakeAmount: "1.00",
      odds: "2.00",
    });
    await expectText(first.page.getByTestId("badge-Bets"), new RegExp(`^${before + 1}\\b`), {
      timeout: 30_000,
    });
    await first.context.close();
    await other.context.close();
  });
});

describe("working shop", () => {
  test("a cashier chooses a working shop once; bet and deposit dialogs start with it", async () => {
    const { page, problems, context } = await suite.signedIn(CLERK.username, CLERK.password);
    const shop = await createShop(page, unique("Home"));
    await page.getByRole("button", { name: "Choose", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Working shop" });
    await pick(dialog, "Shop", shop.name);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectText(page.getByTestId("working-shop"), shop.name);
    const me = await api<{ shopId: number }>(page, "GET", "/api/user");
    expect(me.shopId).toBe(shop.id);

    await page.getByRole("button", { name: "New Bet" }).first().click();
    const bet = page.getByRole("dialog", { name: "Place New Bet" });
    const shopBox = bet.getByRole("combobox", { name: "Shop" });
    const deadline = Date.now() + 30_000;
    while ((await shopBox.inputValue()) !== shop.name && Date.now() < deadline) await Bun.sleep(50);
    expect(await shopBox.inputValue()).toBe(shop.name);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
