/**
 * Issue 25 items 5 and 7 in a real Chromium: a user signed in on two browsers sees the second
 * in the first's sessions list and ends it (with the password); an admin ends the rest from
 * the user's page; a wrong password shows on the audit screen under the action filter, with
 * the typed username.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  expectAccessible,
  expectText,
  expectToast,
  hidden,
  signIn,
  unique,
  visible,
} from "./harness";
import { createUser } from "./seed";
import { setUpSuite } from "./suite";

const suite = setUpSuite();

/** A password every password rule accepts: long, no dictionary run, not the username. */
const PASSWORD = "Harbour-lantern-quietly-47";

const username = (prefix: string) =>
  unique(prefix)
    .toLowerCase()
    .replace(/[^a-z0-9._@-]/g, "");

/**
 * A staff account that signs in with PASSWORD: created by the admin with a first password,
 * which its owner replaces at the first sign-in when the server asks for that, then signs
 * out, so the account starts with no session.
 */
async function account(admin: Page, name: string): Promise<{ id: number }> {
  const first = "First-harbour-lantern-83";
  const user = await createUser(admin, name, first, "user");
  const origin = new URL(admin.url()).origin;
  const send = (path: string, body?: unknown, cookie?: string) =>
    fetch(`${origin}${path}`, {
      method: path === "/api/user/password" ? "PATCH" : "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: origin,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const login = await send("/api/login", { username: name, password: first });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const changed = await send(
    "/api/user/password",
    { currentPassword: first, newPassword: PASSWORD },
    cookie,
  );
  expect(changed.status).toBe(200);
  expect((await send("/api/logout", undefined, cookie)).status).toBe(204);
  return user;
}

describe("sessions and the record of failed sign-ins", () => {
  test("the first browser sees the second in its sessions list and ends it; an admin ends the rest", async () => {
    const admin = await suite.admin();
    const name = username("till");
    const user = await account(admin.page, name);

    const first = await suite.signedOut();
    await signIn(first.page, name, PASSWORD);
    const second = await suite.signedOut();
    await signIn(second.page, name, PASSWORD);

    // The first browser, from the sidebar to its own page.
    await first.page.getByRole("link", { name: "Your account and sessions" }).click();
    await visible(first.page.getByRole("heading", { name, exact: true }));
    const table = first.page.getByRole("table", { name: "Your sessions" });
    await visible(table);
    await expect(table.locator("tbody tr").count()).resolves.toBe(2);
    const mine = table.locator("tbody tr").filter({ hasText: "This session" });
    await expectText(mine, "Chrome on Linux");
    const end = table.getByRole("button", { name: /^End the session on .*Chrome on Linux/ });
    await expect(end.count()).resolves.toBe(1);
    await expectAccessible(first.page, "your account and sessions");

    // By keyboard: the End button takes focus, Enter asks for the password, Enter ends it.
    await end.focus();
    await first.page.keyboard.press("Enter");
    const confirm = first.page.getByRole("dialog", {
      name: /^End the session on .*Chrome on Linux\?$/,
    });
    await visible(confirm);
    await confirm.getByLabel("Your password").fill("not-my-password");
    await confirm.getByRole("button", { name: "End session" }).click();
    await visible(confirm.getByText("Password is incorrect"));
    await confirm.getByLabel("Your password").fill(PASSWORD);
    await expectAccessible(first.page, "the end-session confirmation", "dialog[open]");
    await first.page.keyboard.press("Enter");
    await expectToast(first.page, "Success", "is signed out");
    await hidden(confirm);
    await hidden(end);
    await expect(table.locator("tbody tr").count()).resolves.toBe(1);

    // The second browser is signed out: its next page load goes to the sign-in page.
    await second.page.goto("/customers");
    await second.page.waitForURL((u) => u.pathname === "/auth");
    await visible(second.page.getByRole("button", { name: "Sign In" }));

    // The admin ends every session left (the first browser's), after a confirmation.
    await admin.page.goto(`/users/${user.id}`);
    await visible(admin.page.getByRole("heading", { name, exact: true }));
    await admin.page.getByRole("button", { name: "End all sessions" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `End all sessions of ${name}?` });
    await visible(dialog);
    await expectAccessible(admin.page, "the end-all-sessions confirmation", "dialog[open]");
    await dialog.getByRole("button", { name: "End all sessions" }).click();
    await expectToast(admin.page, "Success", `1 session of ${name} ended.`);
    await hidden(dialog);
    await first.page.goto("/customers");
    await first.page.waitForURL((u) => u.pathname === "/auth");

    expect(first.problems([/^400 DELETE \/api\/user\/sessions\/[a-z2-7]+$/])).toEqual([]);
    expect(second.problems()).toEqual([]);
    expect(admin.problems()).toEqual([]);
    for (const s of [first, second, admin]) await s.context.close();
  });

  test("a wrong password shows on the audit screen under the sign-in failure filter", async () => {
    const admin = await suite.admin();
    const name = username("clerk");
    await account(admin.page, name);

    const guesser = await suite.signedOut();
    await guesser.page.goto("/auth");
    await guesser.page.getByLabel("Username").fill(name);
    await guesser.page.getByLabel("Password").fill("not-the-password-at-all");
    await guesser.page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(guesser.page, "Login failed", "Invalid username or password");

    await admin.page.goto("/admin/audit");
    await visible(admin.page.getByRole("heading", { name: "Audit trail", exact: true }));
    await admin.page
      .getByLabel("Action", { exact: true })
      .selectOption({ label: "auth.login-failed (failed sign-in)" });
    await admin.page.waitForURL((u) => u.searchParams.get("action") === "auth.login-failed");
    const row = admin.page.getByRole("row").filter({ hasText: `${name} (not signed in)` });
    await visible(row);
    await expectText(row, "auth.login-failed");
    // Only sign-in failures under the filter.
    const actions = await admin.page.locator("main tbody tr td code").allTextContents();
    expect(new Set(actions)).toEqual(new Set(["auth.login-failed"]));
    await row.getByRole("button", { name: /^Details of auth\.login-failed/ }).click();
    const details = admin.page.getByRole("dialog", { name: /^auth\.login-failed #/ });
    await expectText(details, "wrong-password");
    await expectAccessible(admin.page, "a failed sign-in's details", "dialog[open]");
    await admin.page.keyboard.press("Escape");
    await hidden(details);
    await expectAccessible(admin.page, "the audit trail filtered to failed sign-ins");

    expect(guesser.problems([/^401 POST \/api\/login$/])).toEqual([]);
    expect(admin.problems()).toEqual([]);
    for (const s of [guesser, admin]) await s.context.close();
  });
});
