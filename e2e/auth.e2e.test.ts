import { describe, expect, test } from "bun:test";
import { ADMIN_PASSWORD, expectText, expectToast, visible } from "./harness";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

describe("signing in and out", () => {
  test("a signed-out visitor to a protected page is sent to /auth", async () => {
    const { page, problems, context } = await suite.signedOut();
    for (const path of ["/", "/customers", "/admin"]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === "/auth");
    }
    await visible(page.getByRole("button", { name: "Sign In" }));
    await expectText(page.locator("body"), "Customer management");
    await expectText(page.locator("body"), "Real-time analytics");
    await expectText(page.locator("body"), "Secure and auditable");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("the sign-in form requires a username and a password", async () => {
    const { page, problems, context } = await suite.signedOut();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign In" }).click();
    await visible(page.getByText("Username is required", { exact: true }));
    await visible(page.getByText("Password is required", { exact: true }));
    await page.getByLabel("Username").fill("admin");
    await page.getByText("Username is required").waitFor({ state: "hidden" });
    await visible(page.getByText("Password is required", { exact: true }));
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("a wrong password shows the 'Login failed' toast and stays on /auth", async () => {
    const { page, problems, context } = await suite.signedOut();
    await page.goto("/auth");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    // The description is the server's message.
    await expectToast(page, "Login failed", "Invalid username or password");
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(problems([/^401 POST \/api\/login$/])).toEqual([]);
    await context.close();
  });

  test("signing in lands on the dashboard, /auth then goes to /, and logout signs out", async () => {
    const { page, problems, context } = await suite.signedOut();
    await page.goto("/auth");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await visible(page.getByRole("heading", { name: "Dashboard", exact: true }));
    await visible(page.getByText("Overview of your betting operations", { exact: true }));
    const sidebar = page.locator("aside");
    await expectText(sidebar, "admin");
    await expectText(sidebar, "ADMIN");

    await page.goto("/auth");
    await page.waitForURL((u) => u.pathname === "/");
    await visible(page.getByRole("heading", { name: "Dashboard", exact: true }));

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await visible(page.getByRole("button", { name: "Sign In" }));
    // The session is gone on the server too: a protected page sends us back.
    await page.goto("/customers");
    await page.waitForURL((u) => u.pathname === "/auth");
    expect(problems()).toEqual([]);
    await context.close();
  });

  test("an unknown path shows the not-found page", async () => {
    const { page, problems, context } = await suite.signedOut();
    await page.goto("/no/such/page");
    await visible(page.getByText("404 Page Not Found", { exact: true }));
    await visible(page.getByText("Did you forget to add the page to the router?", { exact: true }));
    expect(problems()).toEqual([]);
    await context.close();
  });
});
