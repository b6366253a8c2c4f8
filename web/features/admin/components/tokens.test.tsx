import { describe, expect, test } from "bun:test";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApiTokenDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { englishAfterEach, renderWithProviders } from "../../../test/render";
import { ApiTokensPanel } from "./tokens";

const SECRET = "bst_Xk3fq0mV8a1Zr5yTn2Lw9Ce4Hs7Jd6Gb0Pu3Qo8Iy1";

function token(over: Partial<ApiTokenDto> = {}): ApiTokenDto {
  return {
    id: 1,
    name: "till-sync",
    role: "user",
    prefix: "bst_Xk3fq0mV",
    createdAt: "2026-03-01T10:00:00.000Z",
    createdBy: { id: 1, username: "admin" },
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    ...over,
  };
}

describe("API tokens panel", () => {
  test("loading, then an empty list says so", async () => {
    renderWithProviders(<ApiTokensPanel />, "admin", { "GET /api/admin/tokens": [] });
    expect(screen.getByText("Loading API tokens...")).toBeTruthy();
    expect(await screen.findByText("No API tokens yet.")).toBeTruthy();
  });

  test("lists name, role, prefix, maker, expiry, last use and status", async () => {
    renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": [
        token(),
        token({
          id: 2,
          name: "reports",
          role: "admin",
          revokedAt: "2026-03-02T10:00:00.000Z",
          lastUsedAt: "2026-03-02T09:00:00.000Z",
        }),
        token({ id: 3, name: "old", expiresAt: "2026-01-01T00:00:00.000Z" }),
      ],
    });
    const table = await screen.findByRole("table", { name: "API tokens" });
    const rows = within(table).getAllByRole("row").slice(1);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole("rowheader").textContent).toBe("till-sync");
    expect(first.getByText("bst_Xk3fq0mV…")).toBeTruthy();
    expect(first.getByText("Never used")).toBeTruthy();
    expect(first.getByText("Never")).toBeTruthy();
    expect(first.getByText("Active")).toBeTruthy();
    expect(first.getByRole("button", { name: "Revoke" })).toBeTruthy();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText("Admin")).toBeTruthy();
    expect(second.getByText("Revoked")).toBeTruthy();
    expect(second.queryByRole("button", { name: "Revoke" })).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText("Expired")).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  test("create: the form checks its name, then the secret is shown once with a copy button", async () => {
    const ue = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    let listed: ApiTokenDto[] = [];
    const { calls } = renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": () => listed,
      "POST /api/admin/tokens": () => {
        listed = [token()];
        return { status: 201, body: { ...token(), token: SECRET } };
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Create API token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create API token" });
    await ue.click(within(dialog).getByRole("button", { name: "Create token" }));
    expect(await within(dialog).findByText("Name is required")).toBeTruthy();
    await ue.type(within(dialog).getByLabelText("Name"), "till-sync");
    await ue.selectOptions(within(dialog).getByLabelText("Role"), "admin");
    await ue.type(within(dialog).getByLabelText("Expires (optional)"), "2099-12-31");
    await ue.click(within(dialog).getByRole("button", { name: "Create token" }));
    const reveal = await screen.findByRole("dialog", { name: "API token created" });
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toEqual({
      name: "till-sync",
      role: "admin",
      expiresAt: new Date("2099-12-31T23:59:59.999").toISOString(),
    });
    expect(within(reveal).getByText(/It will not be shown again/)).toBeTruthy();
    const field = within(reveal).getByLabelText("API token till-sync") as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    await ue.click(within(reveal).getByRole("button", { name: "Copy token" }));
    expect(copied).toEqual([SECRET]);
    expect(await within(reveal).findByRole("button", { name: "Copied" })).toBeTruthy();
    await ue.click(within(reveal).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Gone for good: the list shows the prefix only.
    expect(await screen.findByText("bst_Xk3fq0mV…")).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  test("an expiry the server refuses is shown at its field", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": [],
      "POST /api/admin/tokens": {
        status: 400,
        body: {
          message: "Expiry must be in the future",
          code: "VALIDATION",
          fields: { expiresAt: "Expiry must be in the future" },
        },
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Create API token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create API token" });
    await ue.type(within(dialog).getByLabelText("Name"), "late");
    await ue.type(within(dialog).getByLabelText("Expires (optional)"), "2020-01-01");
    await ue.click(within(dialog).getByRole("button", { name: "Create token" }));
    expect(await within(dialog).findByText("Expiry must be in the future")).toBeTruthy();
  });

  test("revoke asks first, then revokes and says so", async () => {
    const ue = userEvent.setup();
    let revoked = false;
    const { calls } = renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": () => [
        token(revoked ? { revokedAt: "2026-03-02T10:00:00.000Z" } : {}),
      ],
      "DELETE /api/admin/tokens/:id": () => {
        revoked = true;
        return token({ revokedAt: "2026-03-02T10:00:00.000Z" });
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke till-sync?" });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    await ue.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await ue.click(screen.getByRole("button", { name: "Revoke" }));
    const again = await screen.findByRole("dialog", { name: "Revoke till-sync?" });
    await ue.click(within(again).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Revoked")).toBeTruthy();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/api/admin/tokens/1",
    ]);
  });
});

/**
 * Keyboard and screen reader users keep their place: the control pressed gives way to
 * another (the form to the secret, Revoke to nothing), and the focus goes with it instead of
 * dropping to the page.
 */
describe("API tokens: the focus after a step", () => {
  test("the secret shown in place of the form: Copy token has the focus", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": [],
      "POST /api/admin/tokens": { status: 201, body: { ...token(), token: SECRET } },
    });
    await ue.click(await screen.findByRole("button", { name: "Create API token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create API token" });
    await ue.type(within(dialog).getByLabelText("Name"), "till-sync");
    const submit = within(dialog).getByRole("button", { name: "Create token" });
    act(() => submit.focus());
    await ue.keyboard("{Enter}");
    const reveal = await screen.findByRole("dialog", { name: "API token created" });
    const copy = within(reveal).getByRole("button", { name: "Copy token" });
    await waitFor(() => expect(document.activeElement).toBe(copy));
  });

  test("revoked, the row's Revoke is gone: its token's name has the focus", async () => {
    const ue = userEvent.setup();
    let revoked = false;
    renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": () => [
        token(revoked ? { revokedAt: "2026-03-02T10:00:00.000Z" } : {}),
        token({ id: 2, name: "reports" }),
      ],
      "DELETE /api/admin/tokens/:id": () => {
        revoked = true;
        return token({ revokedAt: "2026-03-02T10:00:00.000Z" });
      },
    });
    const table = await screen.findByRole("table", { name: "API tokens" });
    const first = within(table).getAllByRole("row")[1] as HTMLElement;
    await ue.click(within(first).getByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke till-sync?" });
    await ue.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await within(first).findByText("Revoked");
    const name = within(first).getByRole("rowheader", { name: "till-sync" });
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Tab goes on to the next token's Revoke.
    await ue.tab();
    const second = within(table).getAllByRole("row")[2] as HTMLElement;
    expect(document.activeElement).toBe(within(second).getByRole("button", { name: "Revoke" }));
  });
});

/**
 * The server's refusals in the language shown (issue 23, decision 065): English as the API
 * wrote it, German on a German screen, under the field or above the buttons.
 */
describe("API tokens' refusals in the language shown", () => {
  englishAfterEach();

  /**
   * The Create dialog, a name and an expiry typed and sent (in German when `german`), the
   * server answering `answer`.
   */
  async function create(answer: unknown, german = false) {
    const ue = userEvent.setup();
    renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": [],
      "POST /api/admin/tokens": answer,
    });
    await ue.click(await screen.findByRole("button", { name: "Create API token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create API token" });
    await ue.type(within(dialog).getByLabelText("Name"), "late");
    await ue.type(within(dialog).getByLabelText("Expires (optional)"), "2020-01-01");
    if (german) act(() => applyLanguage("de"));
    const submit = german ? "Token anlegen" : "Create token";
    await ue.click(within(dialog).getByRole("button", { name: submit }));
    return dialog;
  }

  test("an expiry in the past reads German under its field", async () => {
    const dialog = await create({
      status: 400,
      body: {
        message: "Expiry must be in the future",
        code: "VALIDATION",
        fields: { expiresAt: "Expiry must be in the future" },
      },
    });
    expect(await within(dialog).findByText("Expiry must be in the future")).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(within(dialog).getByText("Das Ablaufdatum muss in der Zukunft liegen")).toBeTruthy();
    await waitFor(() => expect(dialog.textContent).not.toContain("in the future"));
  });

  test("a refusal naming no field: English as sent, German above the buttons", async () => {
    const message = "This account may not manage API tokens";
    const answer = { status: 403, body: { message, code: "FORBIDDEN" } };
    const english = await create(answer);
    expect((await within(english).findByRole("alert")).textContent).toBe(message);
    cleanup();
    const german = await create(answer, true);
    expect((await within(german).findByRole("alert")).textContent).toBe("Das dürfen Sie nicht.");
  });

  test("a list that cannot be loaded says why in German", async () => {
    renderWithProviders(<ApiTokensPanel />, "admin", {
      "GET /api/admin/tokens": {
        status: 403,
        body: { message: "This account may not manage API tokens", code: "FORBIDDEN" },
      },
    });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This account may not manage API tokens",
    );
    act(() => applyLanguage("de"));
    expect(screen.getByRole("alert").textContent).toBe(
      "Die API-Tokens konnten nicht geladen werden: Das dürfen Sie nicht.",
    );
  });
});
