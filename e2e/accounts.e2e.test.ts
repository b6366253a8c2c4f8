/**
 * Accounts (issue 10, item 2) in the real browser against the real server: an admin resets a
 * password and the user must choose a new one, an admin disables a user and sign-in says so,
 * and a user changes their own password from the sidebar. axe checks the new dialogs and the
 * forced-change page in light and dark.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import {
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  panel,
  signIn,
  visible,
} from "./harness";
import { createAccount, createUser } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();
const RESET = { username: "reset_e2e", password: "reset-password-1" };
const DISABLED = { username: "disable_e2e", password: "disable-password-1" };
const SELF = { username: "self_e2e", password: "self-password-1" };

beforeAll(async () => {
  const { page, context } = await suite.admin();
  // RESET has never signed in (its row says "Never"); the others work from the start.
  await createUser(page, RESET.username, RESET.password, "user");
  for (const user of [DISABLED, SELF]) {
    await createAccount(page, user.username, user.password, "user");
  }
  await context.close();
});

/** The admin page's user row of `username` (searched, so it is on the first page). */
async function userRow(page: Page, username: string): Promise<Locator> {
  await page.goto("/admin");
  const roles = panel(page, "User Role Management");
  await roles.getByRole("searchbox").fill(username);
  const row = roles.getByRole("row").filter({ has: page.getByRole("link", { name: username }) });
  await visible(row);
  return row;
}

/** axe on what is shown (a dialog, or the page), in the light and the dark theme. */
async function accessibleInBothThemes(page: Page, label: string, selector?: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${label} (${colorScheme})`, selector);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function fillPasswords(scope: Locator, current: string, next: string): Promise<void> {
  await scope.getByLabel(/^Current/).fill(current);
  await scope.getByLabel("New password", { exact: true }).fill(next);
  await scope.getByLabel("Confirm new password").fill(next);
}

describe("accounts", () => {
  test("an admin resets a password: the user must choose a new one, then the app opens", async () => {
    const admin = await suite.admin();
    const row = await userRow(admin.page, RESET.username);
    await expectText(row, "Never");
    await row.getByRole("button", { name: "Reset password" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Reset password of ${RESET.username}` });
    await visible(dialog);
    await expectText(dialog, "must choose a new one");
    await accessibleInBothThemes(admin.page, "Reset password dialog", "dialog[open]");
    await dialog.getByLabel("New password").fill("temporary-pass-1");
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await expectToast(admin.page, "Success", `Password reset. ${RESET.username}`);
    await hidden(dialog);
    await expectText(row, "Must change password");
    expect(admin.problems()).toEqual([]);

    // The user signs in with the temporary password and sees only the forced change.
    const user = await suite.signedOut();
    await signIn(user.page, RESET.username, "temporary-pass-1");
    const heading = user.page.getByRole("heading", { name: "Choose a new password" });
    await visible(heading);
    expect(await user.page.getByRole("button", { name: "Logout" }).count()).toBe(0);
    await accessibleInBothThemes(user.page, "Choose a new password page");
    const form = user.page.locator("form");
    await fillPasswords(form, "temporary-pass-1", "my-own-password-1");
    await user.page.getByRole("button", { name: "Save and continue" }).click();
    await expectToast(user.page, "Success", "Password changed");
    await visible(user.page.getByRole("heading", { name: "Dashboard", exact: true }));
    await hidden(heading);
    expect(user.problems()).toEqual([]);
    await user.context.close();

    // The list now shows the sign-in, and the status is plain Active again.
    const again = await userRow(admin.page, RESET.username);
    await expectText(again, "Active");
    expect(await again.getByText("Must change password").count()).toBe(0);
    expect(await again.getByText("Never").count()).toBe(0);
    await admin.context.close();
  });

  test("an admin disables a user: sign-in says the account is disabled; enabled, it works", async () => {
    const admin = await suite.admin();
    let row = await userRow(admin.page, DISABLED.username);
    await row.getByRole("button", { name: "Disable" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Disable ${DISABLED.username}?` });
    await visible(dialog);
    await expectText(dialog, "signed out everywhere");
    await accessibleInBothThemes(admin.page, "Disable user dialog", "dialog[open]");
    await dialog.getByRole("button", { name: "Disable" }).click();
    await expectToast(admin.page, "Success", `${DISABLED.username} is disabled`);
    await hidden(dialog);
    await expectText(row, "Disabled");
    // The admin's own row cannot be disabled.
    const own = await userRow(admin.page, "admin");
    expect(await own.getByRole("button", { name: "Disable" }).isDisabled()).toBe(true);

    const user = await suite.signedOut();
    await user.page.goto("/auth");
    await user.page.getByLabel("Username").fill(DISABLED.username);
    await user.page.getByLabel("Password").fill(DISABLED.password);
    await user.page.getByRole("button", { name: "Sign In" }).click();
    const form = user.page.locator("form");
    await expectText(form.getByRole("alert"), "This account is disabled. Ask an admin.", {
      exact: true,
    });
    expect(new URL(user.page.url()).pathname).toBe("/auth");
    expect(user.problems([/^401 POST \/api\/login$/])).toEqual([]);

    row = await userRow(admin.page, DISABLED.username);
    await row.getByRole("button", { name: "Enable" }).click();
    await expectToast(admin.page, "Success", `${DISABLED.username} is enabled again`);
    await expectText(row, "Active");
    await user.page.getByRole("button", { name: "Sign In" }).click();
    await user.page.waitForURL((u) => u.pathname === "/");
    await visible(user.page.getByRole("heading", { name: "Dashboard", exact: true }));
    expect(admin.problems()).toEqual([]);
    await user.context.close();
    await admin.context.close();
  });

  test("a user changes their own password from the sidebar and signs in with it", async () => {
    const { page, problems, context } = await suite.signedIn(SELF.username, SELF.password);
    await page.locator("aside").getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await visible(dialog);
    await accessibleInBothThemes(page, "Change password dialog", "dialog[open]");

    // A wrong current password is named under its field; the dialog stays open.
    await fillPasswords(dialog, "not-my-password", "self-password-2");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await visible(dialog.getByText("Current password is incorrect"));

    await dialog.getByLabel(/^Current/).fill(SELF.password);
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expectToast(page, "Success", "Password changed");
    await hidden(dialog);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await signIn(page, SELF.username, "self-password-2");
    await visible(page.getByRole("heading", { name: "Dashboard", exact: true }));
    expect(problems([/^400 PATCH \/api\/user\/password$/])).toEqual([]);
    await context.close();
  });
});
