/**
 * Issue 13, "Export CSV": on a filtered bets list, the Export CSV link downloads
 * bets-YYYY-MM-DD.csv holding exactly the filtered rows (every page, not the one on screen),
 * with money as decimal strings and a formula-like description neutralised.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { unique } from "./harness";
import { createAccount, createCustomer, createShop, deposit, placeBet, resolveBet } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

const tag = unique("Export");
/** The PENDING bets of the tag (30: more than one page of 25), their ids in the list's order. */
const pending: number[] = [];
/** A customer login linked to Niamh, and another customer's bet it must not see. */
const login = {
  username: unique("niamh").replace(" ", "-").toLowerCase(),
  password: "csv-e2e-password-1",
};
let otherBet = 0;

const todayUtc = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const { page, context } = await suite.admin();
  const shop = await createShop(page, unique("Eyre Square"));
  const customer = await createCustomer(page, "Niamh", unique("Byrne"));
  await deposit(page, customer.id, shop.id, "5000.00", tag);
  for (let n = 1; n <= 34; n++) {
    const bet = await placeBet(page, {
      customerId: customer.id,
      shopId: shop.id,
      description: n === 3 ? `=1+1 ${tag}` : `${tag} race ${n}`,
      stakeAmount: `${n}.50`,
      odds: "2.00",
    });
    if (n % 8 === 0) await resolveBet(page, bet.id, "LOST");
    else pending.push(bet.id);
  }
  const other = await createCustomer(page, "Eoin", unique("Walsh"));
  await deposit(page, other.id, shop.id, "100.00", tag);
  otherBet = (
    await placeBet(page, {
      customerId: other.id,
      shopId: shop.id,
      description: `${tag} other`,
      stakeAmount: "5.00",
      odds: "2.00",
    })
  ).id;
  // Settled, so the PENDING view below holds Niamh's bets only.
  await resolveBet(page, otherBet, "LOST");
  await createAccount(page, login.username, login.password, "customer", customer.id);
  await context.close();
});

/** Cells of a CSV line without quoted commas (the descriptions here have none). */
const cells = (line: string) => line.split(",").map((cell) => cell.replace(/^"|"$/g, ""));

describe("Export CSV", () => {
  test("a filtered bets list downloads every filtered row, sorted as on screen", async () => {
    const { page, problems, context } = await suite.admin();
    await page.goto(
      `/bets?q=${encodeURIComponent(tag)}&status=PENDING&sort=stakeAmount&order=desc`,
    );
    await page.getByText("1–25 of 30").waitFor();
    const downloadStarted = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(`bets-${todayUtc()}.csv`);
    const text = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trimEnd().split("\n");
    const columns = cells(header ?? "");
    const id = columns.indexOf("id");
    const stake = columns.indexOf("stakeAmount");
    const status = columns.indexOf("status");
    const description = columns.indexOf("description");
    expect(lines).toHaveLength(30);
    const rows = lines.map(cells);
    // Stakes descending: the newest bet with the largest stake first.
    expect(rows.map((r) => Number(r[id]))).toEqual([...pending].reverse());
    expect(rows[0]?.[stake]).toBe("34.50");
    expect(rows.every((r) => r[status] === "PENDING")).toBe(true);
    expect(rows.map((r) => r[description])).toContain(`'=1+1 ${tag}`);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a customer login's export holds its own bets only, from the keyboard", async () => {
    const { page, problems, context } = await suite.signedIn(login.username, login.password);
    await page.goto(`/bets?q=${encodeURIComponent(tag)}`);
    await page.getByText("of 34").first().waitFor();
    const link = page.getByRole("link", { name: "Export CSV" });
    await link.focus();
    const downloadStarted = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const download = await downloadStarted;
    const text = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trimEnd().split("\n");
    const id = cells(header ?? "").indexOf("id");
    const ids = lines.map((line) => Number(cells(line)[id]));
    expect(ids).toHaveLength(34);
    expect(ids).not.toContain(otherBet);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a browser in de-DE downloads the `;` file with decimal commas, same header (decision 064)", async () => {
    // The admin's session in a German browser (no sign-in form: its words may be German).
    const admin = await suite.admin();
    const storageState = await admin.context.storageState();
    await admin.context.close();
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: "de-DE",
      acceptDownloads: true,
      storageState,
    });
    const page = await context.newPage();
    await page.goto(`/transactions?q=${encodeURIComponent(tag)}&type=DEPOSIT`);
    const link = page.locator('a[href*="format=csv"]');
    await link.waitFor();
    expect(await link.getAttribute("href")).toContain("decimal=comma");
    const downloadStarted = page.waitForEvent("download");
    await link.click();
    const download = await downloadStarted;
    const text = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trimEnd().split("\n");
    const semi = (line: string) => line.split(";").map((cell) => cell.replace(/^"|"$/g, ""));
    const columns = semi(header ?? "");
    expect(columns.slice(0, 4)).toEqual(["id", "type", "amount", "signedAmount"]);
    expect(columns).toContain("localTime");
    const rows = lines.map(semi).map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
    // Niamh's 5000.00 and Eoin's 100.00, each a deposit: + on the customer.
    expect(rows.map((r) => r.amount).sort()).toEqual(["100,00", "5000,00"]);
    expect(rows.map((r) => r.signedAmount).sort()).toEqual(["100,00", "5000,00"]);
    for (const r of rows) expect(r.localTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await context.close();
  });

  test("at 390 px the four lists with their Export CSV link do not scroll sideways", async () => {
    const { page, problems, context } = await suite.admin();
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of ["/bets", "/customers", "/shops", "/transactions"]) {
      await page.goto(path);
      await page.getByRole("link", { name: "Export CSV" }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(`${path}: ${overflow}`).toBe(`${path}: 0`);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });
});
