/**
 * Issue 25 item 6: every form that sets a password shows its strength as it is typed (a
 * labelled meter and the verdict in a polite live region), refuses what the server's rules
 * refuse before sending anything, and shows the server's reason under the field.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UserDto } from "../../../../src/domain/dto";
import { renderApp, user } from "../../../test/render";

const STRONG = "Glacier-Tulip-Harbour-7";
const COMMON = /^This password is too common/;

/** The meter under a field, found by its label, and the polite text that says the verdict. */
function strengthOf(scope: HTMLElement) {
  const meter = within(scope).getByLabelText("Password strength") as HTMLMeterElement;
  // The new-password field is described by its strength text until an error replaces it.
  const describedBy = meter.id.replace(/-meter$/, "-strength");
  const live = scope.querySelector(`[id="${describedBy}"]`);
  return { meter, live };
}

async function openChangePassword(routes: Record<string, unknown> = {}) {
  const ue = userEvent.setup();
  const view = renderApp("/", "user", routes);
  await ue.click(await screen.findByRole("button", { name: "Change password" }));
  const dialog = await screen.findByRole("dialog", { name: "Change password" });
  return { ue, dialog, ...view };
}

describe("the strength meter", () => {
  test("reads the typed password the server's way, in a labelled meter and a polite text", async () => {
    const { ue, dialog } = await openChangePassword();
    const field = within(dialog).getByLabelText("New password");
    const meter = within(dialog).getByRole("meter", { name: "Password strength" });
    expect(meter.getAttribute("min")).toBe("0");
    expect(meter.getAttribute("max")).toBe("4");
    const live = dialog.querySelector(`[id="${field.getAttribute("aria-describedby")}"]`);
    expect(live?.getAttribute("aria-live")).toBe("polite");
    expect(live?.textContent).toBe("");

    await ue.type(field, "12345678");
    await waitFor(() => expect(live?.textContent).toMatch(COMMON));
    expect(meter.getAttribute("value")).toBe("0");
    expect(meter.getAttribute("aria-valuetext")).toMatch(COMMON);

    await ue.clear(field);
    await ue.type(field, "my-user-user-password");
    await waitFor(() =>
      expect(live?.textContent).toBe("The password must not contain the username"),
    );

    await ue.clear(field);
    await ue.type(field, "Sommer2024");
    await waitFor(() => expect(live?.textContent).toMatch(/^This password is too easy to guess\./));
    expect(Number(meter.getAttribute("value"))).toBeLessThan(3);

    await ue.clear(field);
    await ue.type(field, STRONG);
    await waitFor(() => expect(live?.textContent).toBe("Very strong password"));
    expect(meter.getAttribute("value")).toBe("4");
  });

  test("eight spaces are refused as blank", async () => {
    const { ue, dialog } = await openChangePassword();
    await ue.type(within(dialog).getByLabelText("New password"), "        ");
    const { live } = strengthOf(dialog);
    await waitFor(() => expect(live?.textContent).toBe("The password must not be only spaces"));
  });
});

describe("Change password", () => {
  test("a password the rules refuse is not sent; the reason shows under the field", async () => {
    const { ue, dialog, calls } = await openChangePassword();
    const { getByLabelText } = within(dialog);
    await ue.type(getByLabelText(/^Current/), "old-password");
    await ue.type(getByLabelText("New password"), "password1");
    await ue.type(getByLabelText("Confirm new password"), "password1");
    await ue.click(within(dialog).getByRole("button", { name: "Change password" }));
    const field = getByLabelText("New password");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const error = dialog.querySelector(`[id="${field.getAttribute("aria-describedby")}"]`);
    expect(error?.textContent).toMatch(COMMON);
    expect(calls.some((c) => c.path === "/api/user/password")).toBe(false);
  });

  test("the server's reason (a rule the meter could not apply) shows under the field", async () => {
    const { ue, dialog } = await openChangePassword({
      "PATCH /api/user/password": {
        status: 400,
        body: {
          message: "The password must not contain the username",
          code: "VALIDATION",
          fields: { newPassword: "The password must not contain the username" },
        },
      },
    });
    const { getByLabelText } = within(dialog);
    await ue.type(getByLabelText(/^Current/), "old-password");
    await ue.type(getByLabelText("New password"), STRONG);
    await ue.type(getByLabelText("Confirm new password"), STRONG);
    await ue.click(within(dialog).getByRole("button", { name: "Change password" }));
    expect(
      await within(dialog).findByText("The password must not contain the username"),
    ).toBeTruthy();
  });
});

describe("the forced change", () => {
  test("has the meter too, and says why the password must be changed", async () => {
    const current: UserDto = { ...user("user"), mustChangePassword: true };
    const ue = userEvent.setup();
    renderApp("/", null, { "GET /api/user": current });
    const heading = await screen.findByRole("heading", { name: "Choose a new password" });
    const main = heading.closest("main") as HTMLElement;
    expect(main.textContent).toContain("was set for you");
    await ue.type(within(main).getByLabelText("New password"), "qwertyuiop");
    const { live } = strengthOf(main);
    await waitFor(() => expect(live?.textContent).toMatch(COMMON));
  });
});
