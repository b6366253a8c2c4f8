/**
 * Issue 25 item 6, passwords that resist guessing (decision 046), in a real Chromium against
 * the real server: an admin creates a user (the meter refuses a common password as it is
 * typed), the user signs in and must choose their own password, the meter there refuses a weak
 * one with the reason and the form sends nothing, a strong one is saved and the app opens.
 * The estimator's chunk loads only with a password form: never on the sign-in page or the
 * dashboard. axe checks the forms with the meter in the light and the dark theme.
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import {
  ADMIN_PASSWORD,
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  panel,
  signIn,
  visible,
} from "./harness";
import { setUpSuite } from "./suite";

const suite = setUpSuite();
const USER = "orla_pw";
const TEMPORARY = "Harbour-Quarry-Violet-31";
const OWN = "Mosaic-Thistle-Canal-58";

/** Every script the page fetches that holds the strength estimator (its own chunk). */
function watchEstimator(page: Page): string[] {
  const fetched: string[] = [];
  page.on("request", (req) => {
    if (/\/assets\/password-strength-[\w-]+\.js$/.test(req.url())) fetched.push(req.url());
  });
  return fetched;
}

/** The verdict text under the field whose meter is in `scope` (a polite live region). */
function verdictOf(scope: Locator): Locator {
  return scope.locator('p[aria-live="polite"][id$="-strength"]');
}

async function accessibleInBothThemes(page: Page, label: string, selector?: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${label} (${colorScheme})`, selector);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("passwords", () => {
  test("an admin creates a user; the user must choose a strong password, then works", async () => {
    // The admin's first screens carry no estimator; the admin page, with Create User, does.
    const admin = await suite.signedOut();
    const adminFetched = watchEstimator(admin.page);
    await signIn(admin.page, "admin", ADMIN_PASSWORD);
    await visible(admin.page.getByRole("heading", { name: "Dashboard", exact: true }));
    expect(adminFetched).toEqual([]);
    await admin.page.goto("/admin");
    const create = panel(admin.page, "Create User");
    await visible(create);
    await create.getByLabel("Username").fill(USER);
    const password = create.getByLabel("Password", { exact: true });
    await password.fill("12345678");
    const meter = create.getByRole("meter", { name: "Password strength" });
    await visible(meter);
    await expectText(verdictOf(create), "This password is too common");
    expect(await meter.getAttribute("value")).toBe("0");
    expect(adminFetched).toHaveLength(1);
    await accessibleInBothThemes(admin.page, "Create User with the meter");
    // Refused in the form: nothing is sent, the reason is under the field.
    await create.getByRole("button", { name: "Create User" }).click();
    await expect(password.getAttribute("aria-invalid")).resolves.toBe("true");
    await expectText(create, "This password is too common");
    await password.fill(`${USER}-Lantern-Quarry-4`);
    await expectText(verdictOf(create), "The password must not contain the username");
    await password.fill(TEMPORARY);
    await expectText(verdictOf(create), "Very strong password", { exact: true });
    expect(await meter.getAttribute("value")).toBe("4");
    await create.getByRole("button", { name: "Create User" }).click();
    await expectToast(admin.page, "Success", "User created successfully");
    const roles = panel(admin.page, "User Role Management");
    await roles.getByRole("searchbox").fill(USER);
    const row = roles
      .getByRole("row")
      .filter({ has: admin.page.getByRole("link", { name: USER }) });
    await expectText(row, "Must change password");
    expect(admin.problems()).toEqual([]);

    // The user: the sign-in page carries no estimator; the forced change does.
    const user = await suite.signedOut();
    const userFetched = watchEstimator(user.page);
    await user.page.goto("/auth");
    await visible(user.page.getByRole("button", { name: "Sign In" }));
    expect(userFetched).toEqual([]);
    await signIn(user.page, USER, TEMPORARY);
    const heading = user.page.getByRole("heading", { name: "Choose a new password" });
    await visible(heading);
    expect(await user.page.getByRole("button", { name: "Logout" }).count()).toBe(0);
    const form = user.page.locator("form");
    await form.getByLabel(/^Current/).fill(TEMPORARY);
    const next = form.getByLabel("New password", { exact: true });
    const confirm = form.getByLabel("Confirm new password");
    for (const [weak, reason] of [
      ["password1", "This password is too common"],
      [`My-${USER.toUpperCase()}-Canal-9`, "The password must not contain the username"],
      ["        ", "The password must not be only spaces"],
      ["Sommer2024", "This password is too easy to guess."],
    ] as const) {
      await next.fill(weak);
      await expectText(verdictOf(form), reason);
    }
    expect(userFetched).toHaveLength(1);
    await accessibleInBothThemes(user.page, "Forced change with a weak password in the meter");
    // A weak one is not sent: the reason shows under the field and the page stays.
    await confirm.fill("Sommer2024");
    await user.page.getByRole("button", { name: "Save and continue" }).click();
    await expect(next.getAttribute("aria-invalid")).resolves.toBe("true");
    await expectText(form, "This password is too easy to guess.");
    await visible(heading);

    await next.fill(OWN);
    await confirm.fill(OWN);
    await expectText(verdictOf(form), "Very strong password", { exact: true });
    await user.page.getByRole("button", { name: "Save and continue" }).click();
    await expectToast(user.page, "Success", "Password changed");
    await visible(user.page.getByRole("heading", { name: "Dashboard", exact: true }));
    await hidden(heading);
    // Now it works: a list opens, and the new password signs in.
    await user.page.getByRole("link", { name: "Customers" }).click();
    await visible(user.page.getByRole("heading", { name: "Customers", exact: true }));
    expect(user.problems()).toEqual([]);
    await user.context.close();

    const again = await suite.signedIn(USER, OWN);
    await visible(again.page.getByRole("heading", { name: "Dashboard", exact: true }));
    expect(again.problems()).toEqual([]);
    await again.context.close();
    await admin.context.close();
  });
});
