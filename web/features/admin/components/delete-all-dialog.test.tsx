/**
 * Delete All Data's last step in the language shown (issue 23, decisions 065 and 070): the
 * server's refusals (a wrong password under the field, a write meanwhile above the buttons)
 * read as the API wrote them in English and in German on a German screen.
 */
import { describe, expect, test } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "../../../i18n";
import { englishAfterEach, renderWithProviders } from "../../../test/render";
import DeleteAllDialog from "./delete-all-dialog";

const WRONG_PASSWORD = {
  status: 403,
  body: { message: "The password is not correct; nothing was deleted", code: "FORBIDDEN" },
};
const CHANGED_MEANWHILE = {
  status: 409,
  body: {
    message: "Records changed while the backup was being written; nothing was deleted. Try again.",
    code: "CONFLICT",
  },
};

/** The dialog, the password typed and sent, the server answering `answer`. */
async function refused(answer: unknown) {
  const ue = userEvent.setup();
  renderWithProviders(<DeleteAllDialog onClose={() => {}} onDeleted={() => {}} />, "admin", {
    "DELETE /api/admin/delete-all-data": answer,
  });
  const dialog = await screen.findByRole("dialog", { name: "Confirm with your password" });
  await ue.type(within(dialog).getByLabelText("Your password"), "a-password{Enter}");
  return dialog;
}

describe("Delete All Data's refusals in the language shown", () => {
  englishAfterEach();

  test("a wrong password: under the field, in English and in German", async () => {
    const dialog = await refused(WRONG_PASSWORD);
    const message = await within(dialog).findByText(WRONG_PASSWORD.body.message);
    expect(message.id).toBe(`${within(dialog).getByLabelText("Your password").id}-error`);
    act(() => applyLanguage("de"));
    expect(
      within(dialog).getByText("Das Passwort ist nicht korrekt; es wurde nichts gelöscht"),
    ).toBeTruthy();
    // The dialog's summary of refused fields follows the field, in German too.
    await waitFor(() => expect(dialog.textContent).not.toContain("nothing was deleted"));
  });

  test("a write meanwhile: above the buttons, in English and in German", async () => {
    const dialog = await refused(CHANGED_MEANWHILE);
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      CHANGED_MEANWHILE.body.message,
    );
    act(() => applyLanguage("de"));
    // A 409 without a reason: the code's German, the server's English kept after it.
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Das widerspricht einer zwischenzeitlichen Änderung. Neu laden und erneut versuchen. (Records changed while the backup was being written; nothing was deleted. Try again.)",
    );
  });
});
