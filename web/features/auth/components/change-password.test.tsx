import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UserDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { type MockHandler, renderApp, user } from "../../../test/render";

const CHANGED = "/api/user/password";

/** Opens the sidebar's Change password dialog on the dashboard. */
async function openDialog(routes: Record<string, MockHandler | unknown> = {}) {
  const ue = userEvent.setup();
  const view = renderApp("/", "user", routes);
  await ue.click(await screen.findByRole("button", { name: "Change password" }));
  const dialog = await screen.findByRole("dialog", { name: "Change password" });
  return { ue, dialog, ...view };
}

async function fill(
  ue: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  values: { current: string; next: string; confirm: string },
) {
  const { getByLabelText } = within(scope);
  await ue.type(getByLabelText(/^Current/), values.current);
  await ue.type(getByLabelText("New password"), values.next);
  await ue.type(getByLabelText("Confirm new password"), values.confirm);
}

describe("Change password (sidebar)", () => {
  test("every signed-in role finds it beside Logout", async () => {
    for (const role of ["admin", "user", "customer"] as const) {
      const view = renderApp("/", role);
      expect(await screen.findByRole("button", { name: "Change password" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
      view.unmount();
    }
  });

  test("checks the length and the confirmation before sending anything", async () => {
    const { ue, dialog, calls } = await openDialog();
    await ue.click(within(dialog).getByRole("button", { name: "Change password" }));
    expect(await within(dialog).findByText("Current password is required")).toBeTruthy();
    expect(within(dialog).getByText("New password is required")).toBeTruthy();
    await fill(ue, dialog, { current: "old-password", next: "short", confirm: "other" });
    await ue.click(within(dialog).getByRole("button", { name: "Change password" }));
    expect(await within(dialog).findByText("Password must be at least 8 characters")).toBeTruthy();
    expect(within(dialog).getByText("Passwords do not match")).toBeTruthy();
    expect(calls.some((c) => c.path === CHANGED)).toBe(false);
  });

  test("sends current and new password, toasts 'Password changed' and closes", async () => {
    const { ue, dialog, calls } = await openDialog({ [`PATCH ${CHANGED}`]: user("user") });
    const newField = within(dialog).getByLabelText("New password");
    expect(newField.getAttribute("autocomplete")).toBe("new-password");
    await fill(ue, dialog, {
      current: "old-password",
      next: "new-password-1",
      confirm: "new-password-1",
    });
    await ue.click(within(dialog).getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password changed")).toBeTruthy();
    expect(calls.find((c) => c.path === CHANGED)?.body).toEqual({
      currentPassword: "old-password",
      newPassword: "new-password-1",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("a wrong current password shows the server's message under that field", async () => {
    const { ue, dialog } = await openDialog({
      [`PATCH ${CHANGED}`]: {
        status: 400,
        body: {
          message: "Current password is incorrect",
          code: "VALIDATION",
          fields: { currentPassword: "Current password is incorrect" },
        },
      },
    });
    await fill(ue, dialog, {
      current: "wrong-one",
      next: "new-password-1",
      confirm: "new-password-1",
    });
    await ue.click(within(dialog).getByRole("button", { name: "Change password" }));
    expect(await within(dialog).findByText("Current password is incorrect")).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Current/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(screen.getByRole("dialog", { name: "Change password" })).toBeTruthy();
  });
});

describe("Change password's refusals in German (issue 23)", () => {
  afterEach(() => {
    // Unmounted first: a language change re-renders every mounted screen.
    cleanup();
    applyLanguage("en");
  });

  test("a wrong current password and an unchanged new one read German under their fields", async () => {
    let field: "currentPassword" | "newPassword" = "currentPassword";
    const messages = {
      currentPassword: "Current password is incorrect",
      newPassword: "New password must differ from the current one",
    };
    const { ue, dialog } = await openDialog({
      [`PATCH ${CHANGED}`]: () => ({
        status: 400,
        body: {
          message: messages[field],
          code: "VALIDATION",
          fields: { [field]: messages[field] },
        },
      }),
    });
    await fill(ue, dialog, {
      current: "wrong-one",
      next: "new-password-1",
      confirm: "new-password-1",
    });
    await ue.click(within(dialog).getByRole("button", { name: "Change password" }));
    expect(await within(dialog).findByText(messages.currentPassword)).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(within(dialog).getByText("Aktuelles Passwort ist falsch")).toBeTruthy();
    await waitFor(() => expect(dialog.textContent).not.toContain("is incorrect"));
    field = "newPassword";
    await ue.click(within(dialog).getByRole("button", { name: "Passwort ändern" }));
    expect(
      await within(dialog).findByText("Das neue Passwort muss sich vom aktuellen unterscheiden"),
    ).toBeTruthy();
    await waitFor(() => expect(dialog.textContent).not.toContain("must differ"));
  });
});

describe("forced password change after an admin's reset", () => {
  test("stands in for the app until the new password is saved, then the app opens", async () => {
    let current: UserDto = { ...user("user"), mustChangePassword: true };
    const ue = userEvent.setup();
    const { calls } = renderApp("/", null, {
      "GET /api/user": () => current,
      [`PATCH ${CHANGED}`]: () => {
        current = { ...current, mustChangePassword: false };
        return current;
      },
    });
    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeTruthy();
    // The first field has the focus: the user types the temporary password straight away.
    const first = screen.getByLabelText("Current (temporary) password");
    await waitFor(() => expect(document.activeElement).toBe(first));
    // No shell: no sidebar, no dashboard, and nothing asked of the server but the user.
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(calls.every((c) => c.path === "/api/user")).toBe(true);

    const form = screen.getByRole("button", { name: "Save and continue" }).closest("form");
    if (!form) throw new Error("no form");
    await fill(ue, form, {
      current: "temporary-1",
      next: "my-own-password",
      confirm: "my-own-password",
    });
    await ue.click(screen.getByRole("button", { name: "Save and continue" }));
    // The app opens as after a page change: the Dashboard's heading has the focus.
    const dashboard = await screen.findByRole("heading", { name: "Dashboard" });
    await waitFor(() => expect(document.activeElement).toBe(dashboard));
    expect(calls.find((c) => c.path === CHANGED)?.body).toEqual({
      currentPassword: "temporary-1",
      newPassword: "my-own-password",
    });
    expect(screen.queryByRole("heading", { name: "Choose a new password" })).toBeNull();
  });

  test("Sign out leaves for the sign-in page", async () => {
    let current: UserDto | null = { ...user("user"), mustChangePassword: true };
    const ue = userEvent.setup();
    const { location } = renderApp("/", null, {
      "GET /api/user": () => current ?? { status: 401, body: { message: "Not signed in" } },
      "POST /api/logout": () => {
        current = null;
        return { status: 204 };
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(location.history?.at(-1)).toBe("/auth");
  });
});
