/**
 * Issue 25 item 6 on the admin page: Create User and Reset password show the password's
 * strength as it is typed, judged against the user's name, send nothing the server's rules
 * refuse, and show the server's reason under the field. (The meter itself: auth's
 * password-strength test.)
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { customer } from "../../../test/fixtures";
import { page, renderWithProviders } from "../../../test/render";
import ResetPasswordDialog from "./reset-password-dialog";
import { CreateUserPanel } from "./user-management";

const STRONG = "Glacier-Tulip-Harbour-7";

/** The polite text under the new-password field that says the verdict. */
function strengthText(scope: HTMLElement) {
  const meter = within(scope).getByRole("meter", { name: "Password strength" });
  return scope.querySelector(`[id="${meter.id.replace(/-meter$/, "-strength")}"]`);
}

describe("Create User", () => {
  function renderCreate(post: unknown) {
    const ue = userEvent.setup();
    const view = renderWithProviders(<CreateUserPanel />, "admin", {
      "GET /api/customers": page([customer()]),
      "POST /api/admin/users": post,
    });
    return { ue, ...view };
  }

  test("judges the password against the username typed, and sends nothing it refuses", async () => {
    const { ue, calls } = renderCreate({ status: 500, body: { message: "not expected" } });
    const form = screen.getByRole("button", { name: "Create User" }).closest("form") as HTMLElement;
    expect(form.textContent).toContain("The user chooses their own password at the first sign-in.");
    await ue.type(screen.getByLabelText("Username"), "Niamh");
    await ue.type(screen.getByLabelText("Password"), "niamh-Harbour-Tulip-7");
    const live = strengthText(form);
    await waitFor(() =>
      expect(live?.textContent).toBe("The password must not contain the username"),
    );
    await ue.click(screen.getByRole("button", { name: "Create User" }));
    expect(
      await within(form).findByText("The password must not contain the username"),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("the server's 400 for the password shows under the field", async () => {
    const reason =
      "This password is too common: it is on a list of passwords that attackers try first";
    const { ue } = renderCreate({
      status: 400,
      body: { message: reason, code: "VALIDATION", fields: { password: reason } },
    });
    await ue.type(screen.getByLabelText("Username"), "niamh");
    await ue.type(screen.getByLabelText("Password"), STRONG);
    await ue.click(screen.getByRole("button", { name: "Create User" }));
    const field = screen.getByLabelText("Password");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const form = field.closest("form") as HTMLElement;
    expect(
      form.querySelector(`[id="${field.getAttribute("aria-describedby")}"]`)?.textContent,
    ).toBe(reason);
  });
});

describe("Reset password", () => {
  test("judges the temporary password against that user's name and sends nothing it refuses", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <ResetPasswordDialog user={{ id: 3, username: "kim" }} onClose={() => {}} />,
      "admin",
      {},
    );
    const dialog = await screen.findByRole("dialog", { name: "Reset password of kim" });
    const field = within(dialog).getByLabelText("New password");
    await ue.type(field, "Kim-Harbour-Tulip-7");
    const live = strengthText(dialog);
    await waitFor(() =>
      expect(live?.textContent).toBe("The password must not contain the username"),
    );
    await ue.click(within(dialog).getByRole("button", { name: "Reset password" }));
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await ue.clear(field);
    await ue.type(field, STRONG);
    await waitFor(() => expect(strengthText(dialog)?.textContent).toBe("Very strong password"));
  });
});
