import { describe, expect, test } from "bun:test";
import { visible } from "./harness";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("the API reference", () => {
  test("/api/docs renders every endpoint from our own server, within its CSP", async () => {
    const { page, problems, context } = await suite.admin();
    const outside: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).origin !== new URL(suite.server.url).origin) outside.push(req.url());
    });
    await page.goto("/api/docs");
    await visible(page.getByText("Betting Shop back office API").first());
    await visible(page.getByText("Sign in; sets the session cookie").first());
    // Each tag opens to its operations, rendered from the generated document.
    await page.getByRole("button", { name: "Open Group - Bets" }).click();
    await visible(page.getByText("Place a bet (the stake leaves the customer's account)").first());
    await page.getByRole("button", { name: "Open Group - Admin" }).click();
    await visible(page.getByText("Reverse a deposit, withdrawal or transfer").first());
    expect(outside).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a signed-out visitor gets 401 for the reference and its document", async () => {
    const { page, problems, context } = await suite.signedOut();
    const docs = await page.goto("/api/docs");
    expect(docs?.status()).toBe(401);
    const json = await page.goto("/api/openapi.json");
    expect(json?.status()).toBe(401);
    expect(problems([/^401 GET \/api\/(docs|openapi\.json)$/])).toEqual([]);
    await context.close();
  });
});
