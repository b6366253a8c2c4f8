/**
 * Issue 25 item 7 on screen: the signed-in user's own page lists their sessions (browser,
 * address, signed in, last seen, this one marked) and ends another; an admin ends all of a
 * user's sessions from the user's page, after a confirmation.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type SessionDto, sessionDto, userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { settings } from "../../../test/fixtures";
import { renderApp, user } from "../../../test/render";

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted screen.
  cleanup();
  applyLanguage("en");
});

const session = (overrides: Partial<SessionDto>): SessionDto =>
  sessionDto.parse({
    id: "abcdefghijklmnopqrstuvwx",
    createdAt: "2026-11-20T08:00:00.000Z",
    lastSeenAt: "2026-11-20T09:15:00.000Z",
    ip: "10.0.0.8",
    browser: "Chrome on Linux",
    device: { browser: "Chrome", system: "Linux" },
    current: true,
    ...overrides,
  });

const THIS = session({});
const PHONE = session({
  id: "zyxwvutsrqponmlkjihgfedc",
  ip: "10.0.0.7",
  browser: "Firefox on Android",
  device: { browser: "Firefox", system: "Android" },
  current: false,
});

describe("your sessions, on your own page", () => {
  test("lists each session; this one is marked and cannot be ended here", async () => {
    renderApp("/users/1", "user", {
      "GET /api/users/:id": user("user", 1),
      "GET /api/user/sessions": [THIS, PHONE],
    });
    const table = await screen.findByRole("table", { name: "Your sessions" });
    const rows = within(table).getAllByRole("row").slice(1);
    // The cell's first line is the browser (a phone shows the address and last use below it).
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.firstChild?.textContent)).toEqual(
      ["Chrome on Linux", "Firefox on Android"],
    );
    expect(within(rows[0] as HTMLElement).getByText("This session")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole("button")).toBeNull();
    expect(rows[1]?.textContent).toContain("10.0.0.7");
    // A staff user gets no admin button on their own page.
    expect(screen.queryByRole("button", { name: "End all sessions" })).toBeNull();
  });

  test("ending another session asks for the password, sends it with the id, toasts and refetches", async () => {
    const ue = userEvent.setup();
    let ended = false;
    const { calls } = renderApp("/users/1", "user", {
      "GET /api/users/:id": user("user", 1),
      "GET /api/user/sessions": () => (ended ? [THIS] : [THIS, PHONE]),
      "DELETE /api/user/sessions/:id": ({ body }: { body: { password?: string } }) => {
        if (body?.password !== "my-own-password") {
          return {
            status: 400,
            body: {
              message: "Password is incorrect",
              code: "VALIDATION",
              fields: { password: "Password is incorrect" },
            },
          };
        }
        ended = true;
        return { status: 204 };
      },
    });
    await ue.click(
      await screen.findByRole("button", { name: /^End the session on Firefox on Android/ }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "End the session on Firefox on Android?",
    });
    expect(dialog.textContent).toContain("10.0.0.7");
    // Nothing is sent without a password.
    await ue.click(within(dialog).getByRole("button", { name: "End session" }));
    expect(await within(dialog).findByText("Password is required")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    // A wrong one is shown under the field; the session stays listed.
    await ue.type(within(dialog).getByLabelText("Your password"), "a-wrong-guess");
    await ue.click(within(dialog).getByRole("button", { name: "End session" }));
    expect(await within(dialog).findByText("Password is incorrect")).toBeTruthy();
    expect(screen.getAllByText("Firefox on Android").length).toBeGreaterThan(0);
    await ue.clear(within(dialog).getByLabelText("Your password"));
    await ue.type(within(dialog).getByLabelText("Your password"), "my-own-password");
    await ue.click(within(dialog).getByRole("button", { name: "End session" }));
    expect(
      await screen.findByText("The session on Firefox on Android is signed out."),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /^End the session on Firefox/ })).toBeNull(),
    );
    const deletes = calls.filter((c) => c.method === "DELETE");
    expect(deletes.map((c) => [c.path, c.body])).toEqual([
      [`/api/user/sessions/${PHONE.id}`, { password: "a-wrong-guess" }],
      [`/api/user/sessions/${PHONE.id}`, { password: "my-own-password" }],
    ]);
  });

  test("in German, each browser on its system in German, an unknown one named so", async () => {
    const unknown = session({
      id: "unknownunknownunknownunk",
      browser: "Unknown browser on Windows",
      device: { browser: null, system: "Windows" },
      current: false,
    });
    renderApp("/users/1", "user", {
      "GET /api/user": userDto.parse({ ...user("user", 1), language: "de" }),
      "GET /api/users/:id": user("user", 1),
      "GET /api/user/sessions": [THIS, PHONE, unknown],
    });
    const table = await screen.findByRole("table", { name: "Ihre Sitzungen" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.firstChild?.textContent)).toEqual(
      ["Chrome auf Linux", "Firefox auf Android", "Unbekannter Browser auf Windows"],
    );
    expect(
      screen.getByRole("button", {
        name: /^Sitzung in Firefox auf Android von 10\.0\.0\.7 beenden/,
      }),
    ).toBeTruthy();
  });

  test("an unknown browser reads right inside a sentence, in German and in English", async () => {
    const ue = userEvent.setup();
    // One on a known system, one the server could tell nothing of.
    const onWindows = session({
      id: "unknownunknownunknownunk",
      ip: "10.0.0.9",
      browser: "Unknown browser on Windows",
      device: { browser: null, system: "Windows" },
      current: false,
    });
    const unknown = session({
      id: "nothingnothingnothingnot",
      browser: "Unknown browser",
      device: { browser: null, system: null },
      current: false,
    });
    renderApp("/users/1", "user", {
      "GET /api/user": userDto.parse({ ...user("user", 1), language: "de" }),
      "GET /api/users/:id": user("user", 1),
      "GET /api/user/sessions": [THIS, onWindows, unknown],
      "DELETE /api/user/sessions/:id": { status: 204 },
    });
    const table = await screen.findByRole("table", { name: "Ihre Sitzungen" });
    const rows = within(table).getAllByRole("row").slice(1);
    // The table names it; a sentence says where.
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.firstChild?.textContent)).toEqual(
      ["Chrome auf Linux", "Unbekannter Browser auf Windows", "Unbekannter Browser"],
    );
    await ue.click(
      screen.getByRole("button", {
        name: /^Sitzung in einem unbekannten Browser auf Windows von 10\.0\.0\.9 beenden/,
      }),
    );
    let dialog = await screen.findByRole("dialog", {
      name: "Sitzung in einem unbekannten Browser auf Windows beenden?",
    });
    await ue.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await ue.click(
      screen.getByRole("button", { name: /^Sitzung in einem unbekannten Browser von 10\.0\.0\.8/ }),
    );
    dialog = await screen.findByRole("dialog", {
      name: "Sitzung in einem unbekannten Browser beenden?",
    });
    await ue.type(within(dialog).getByLabelText("Ihr Passwort"), "my-own-password");
    await ue.click(within(dialog).getByRole("button", { name: "Sitzung beenden" }));
    expect(
      await screen.findByText("Die Sitzung in einem unbekannten Browser ist abgemeldet."),
    ).toBeTruthy();

    act(() => applyLanguage("en"));
    expect(
      await screen.findByRole("button", {
        name: /^End the session on an unknown browser on Windows from 10\.0\.0\.9/,
      }),
    ).toBeTruthy();
    await ue.click(
      screen.getByRole("button", { name: /^End the session on an unknown browser from/ }),
    );
    expect(
      await screen.findByRole("dialog", { name: "End the session on an unknown browser?" }),
    ).toBeTruthy();
  });

  test("a refused end reads German: a wrong password under the field, the rest above", async () => {
    const ue = userEvent.setup();
    let answer: unknown = {
      status: 400,
      body: {
        message: "Password is incorrect",
        code: "VALIDATION",
        fields: { password: "Password is incorrect" },
      },
    };
    renderApp("/users/1", "user", {
      "GET /api/users/:id": user("user", 1),
      "GET /api/user/sessions": [THIS, PHONE],
      "DELETE /api/user/sessions/:id": () => answer,
    });
    await ue.click(
      await screen.findByRole("button", { name: /^End the session on Firefox on Android/ }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "End the session on Firefox on Android?",
    });
    await ue.type(within(dialog).getByLabelText("Your password"), "a-wrong-guess");
    await ue.click(within(dialog).getByRole("button", { name: "End session" }));
    expect(await within(dialog).findByText("Password is incorrect")).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(within(dialog).getByText("Passwort ist falsch")).toBeTruthy();
    await waitFor(() => expect(dialog.textContent).not.toContain("is incorrect"));
    // Ended meanwhile elsewhere: not found, above the buttons, in German.
    answer = { status: 404, body: { message: "Session not found", code: "NOT_FOUND" } };
    await ue.click(within(dialog).getByRole("button", { name: "Sitzung beenden" }));
    await waitFor(() => expect(within(dialog).getByText("Nicht gefunden.")).toBeTruthy());
    expect(dialog.textContent).not.toContain("Session not found");
  });

  test("another user's page shows no sessions list", async () => {
    renderApp("/users/5", "admin", {
      "GET /api/users/:id": user("user", 5),
    });
    expect(await screen.findByRole("heading", { name: "user-user" })).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Your sessions" })).toBeNull();
  });

  test("the sidebar leads to your account page", async () => {
    const view = renderApp("/", "customer");
    const link = await screen.findByRole("link", { name: "Your account and sessions" });
    expect(link.getAttribute("href")).toBe("/users/1");
    view.unmount();
  });
});

describe("an admin ends all of a user's sessions", () => {
  test("asks first; Cancel sends nothing, confirming ends them and says how many", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/users/5", "admin", {
      "GET /api/users/:id": user("user", 5),
      "POST /api/admin/users/:id/sessions/end": { ended: 2 },
    });
    await ue.click(await screen.findByRole("button", { name: "End all sessions" }));
    let dialog = await screen.findByRole("dialog", { name: "End all sessions of user-user?" });
    expect(dialog.textContent).toContain("signed out on every device");
    await ue.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.path.endsWith("/sessions/end"))).toBe(false);

    await ue.click(screen.getByRole("button", { name: "End all sessions" }));
    dialog = await screen.findByRole("dialog", { name: "End all sessions of user-user?" });
    await ue.click(within(dialog).getByRole("button", { name: "End all sessions" }));
    expect(await screen.findByText("2 sessions of user-user ended.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/admin/users/5/sessions/end",
    ]);
  });

  test("a refusal shows the server's message", async () => {
    const ue = userEvent.setup();
    renderApp("/users/5", "admin", {
      "GET /api/users/:id": user("user", 5),
      "POST /api/admin/users/:id/sessions/end": {
        status: 404,
        body: { message: "User not found", code: "NOT_FOUND" },
      },
    });
    await ue.click(await screen.findByRole("button", { name: "End all sessions" }));
    const dialog = await screen.findByRole("dialog");
    await ue.click(within(dialog).getByRole("button", { name: "End all sessions" }));
    expect(await screen.findByText("User not found")).toBeTruthy();
  });

  test("in German: the user's page and the dialog in German, one session counted as one", async () => {
    const ue = userEvent.setup();
    renderApp("/users/5", "admin", {
      "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }),
      "GET /api/settings": settings(),
      "GET /api/users/:id": user("user", 5),
      "POST /api/admin/users/:id/sessions/end": { ended: 1 },
    });
    const panel = await screen.findByRole("region", { name: "Benutzerdaten" });
    expect(within(panel).getByText("Mitarbeiter")).toBeTruthy();
    expect(within(panel).getByText("Letzte Anmeldung")).toBeTruthy();
    expect(within(panel).getByText("Normaler Zugriff auf den Wettbetrieb")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Alle Sitzungen beenden" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Alle Sitzungen von user-user beenden?",
    });
    await ue.click(within(dialog).getByRole("button", { name: "Alle Sitzungen beenden" }));
    expect(await screen.findByText("1 Sitzung von user-user beendet.")).toBeTruthy();
  });
});
