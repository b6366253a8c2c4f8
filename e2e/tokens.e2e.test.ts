/**
 * API tokens in the real browser against the real server (issue 22 item 8, decision 058):
 * an admin creates a token on the admin page from the keyboard and sees its secret once; the
 * test uses it with fetch, `Authorization: Bearer` and no Origin, for a deposit with an
 * Idempotency-Key; the admin revokes it in the page, and the same call is then a 401. axe
 * checks the panel and both dialogs in light and dark.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  panel,
  unique,
  visible,
} from "./harness";
import { createCustomer, createShop } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

let shopId: number;
let customerId: number;
beforeAll(async () => {
  const { page, context } = await suite.admin();
  shopId = (await createShop(page, unique("Harbour Road"))).id;
  customerId = (await createCustomer(page, "Niamh", unique("Byrne"))).id;
  await context.close();
});

async function accessibleInBothThemes(page: Page, label: string, selector?: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${label} (${colorScheme})`, selector);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A deposit as a machine client sends it: the token, a key, and no Origin or cookie. */
function depositWith(token: string, key: string): Promise<Response> {
  return fetch(`${suite.server.url}/api/deposits`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "Idempotency-Key": key,
    },
    body: JSON.stringify({ customerId, shopId, amount: "15.00", description: "Till sync" }),
  });
}

describe("API tokens", () => {
  test("create in the page, use with Bearer and no Origin, revoke in the page: then 401", async () => {
    const { page, problems } = await suite.admin();
    await page.goto("/admin");
    const tokens = panel(page, "API tokens");
    await visible(tokens);
    await expectText(tokens, "No API tokens yet.");

    // Create, from the keyboard.
    const name = unique("till-sync").replace(" ", "-");
    await tokens.getByRole("button", { name: "Create API token" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create API token" });
    await visible(dialog);
    await accessibleInBothThemes(page, "Create API token dialog", "dialog[open]");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Role").selectOption("user");
    await dialog.getByLabel("Name").press("Enter");
    const reveal = page.getByRole("dialog", { name: "API token created" });
    await visible(reveal);
    await expectText(reveal, "It will not be shown again");
    const secret = await reveal.getByLabel(`API token ${name}`).inputValue();
    expect(secret).toMatch(/^bst_[A-Za-z0-9_-]{43}$/);
    await accessibleInBothThemes(page, "API token reveal", "dialog[open]");
    await reveal.getByRole("button", { name: "Done" }).click();
    await hidden(reveal);
    const row = tokens.getByRole("row").filter({ hasText: name });
    await visible(row);
    await expectText(row, secret.slice(0, 12));
    await expectText(row, "Never used");
    expect(await page.content()).not.toContain(secret);

    // A machine client: no Origin, no cookie; the replay answers the same and changes nothing.
    const first = await depositWith(secret, "e2e-sync-1");
    expect(first.status).toBe(201);
    const again = await depositWith(secret, "e2e-sync-1");
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const audit = await page.request.get(`/api/admin/audit?action=transaction.deposit`);
    const entries = (await audit.json()) as { actorUsername?: string; actor?: unknown }[];
    expect(JSON.stringify(entries)).toContain(`token:${name}`);

    // A read through the server's read workers, with the token's principal.
    const read = await fetch(`${suite.server.url}/api/customers/${customerId}`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { balance: string }).balance).toBe("15.00");

    // Revoke it in the page, after the confirmation; its last use is listed now.
    await page.reload();
    const used = panel(page, "API tokens").getByRole("row").filter({ hasText: name });
    await visible(used);
    await expectText(used, "Active");
    expect(await used.textContent()).not.toContain("Never used");
    await accessibleInBothThemes(page, "Admin page with API tokens");
    await used.getByRole("button", { name: "Revoke" }).click();
    const confirm = page.getByRole("dialog", { name: `Revoke ${name}?` });
    await visible(confirm);
    await accessibleInBothThemes(page, "Revoke API token dialog", "dialog[open]");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expectToast(page, "Success", `${name} is revoked`);
    await hidden(confirm);
    await expectText(used, "Revoked");

    const refused = await depositWith(secret, "e2e-sync-2");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      code: "UNAUTHENTICATED",
      message: "This API token was revoked",
    });
    expect(problems()).toEqual([]);
  });
});
