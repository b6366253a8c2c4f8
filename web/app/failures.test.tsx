import { describe, expect, test } from "bun:test";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setServerReachable } from "../lib/connection";
import { page, renderApp, user } from "../test/render";

describe("failures in the shell", () => {
  test("a 401 while signed in: sign-in page with 'Your session has expired', then back", async () => {
    let signedIn = true;
    const { location } = renderApp("/", "admin", {
      "GET /api/user": () =>
        signedIn ? user("admin") : { status: 401, body: { message: "Not signed in" } },
      "GET /api/shops": () =>
        signedIn ? page([]) : { status: 401, body: { message: "Not signed in" } },
      "POST /api/login": () => {
        signedIn = true;
        return user("admin");
      },
    });
    const ue = userEvent.setup();
    await screen.findByText("Overview of your betting operations");
    signedIn = false;
    await ue.click(screen.getByRole("link", { name: /^Shops/ }));
    expect((await screen.findByRole("alert")).textContent).toContain("Your session has expired");
    expect(location.history?.at(-1)).toBe("/auth");
    expect(screen.queryByText("admin-user")).toBeNull();
    await ue.type(screen.getByLabelText("Username"), "admin");
    await ue.type(screen.getByLabelText("Password"), "secret{Enter}");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/shops"));
    expect(await screen.findByRole("heading", { name: "Shops" })).toBeTruthy();
  });

  test("the offline banner shows while the server is unreachable", async () => {
    renderApp("/", "admin");
    await screen.findByText("Overview of your betting operations");
    act(() => setServerReachable(false));
    expect(await screen.findByText(/the server cannot be reached/)).toBeTruthy();
    act(() => setServerReachable(true));
    await waitFor(() => expect(screen.queryByText(/the server cannot be reached/)).toBeNull());
  });

  test("closing a dialog returns focus to the button that opened it", async () => {
    renderApp("/shops", "user", { "GET /api/shops": page([]) });
    const ue = userEvent.setup();
    const opener = await screen.findByRole("button", { name: "Add Shop" });
    await ue.click(opener);
    await ue.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByText("Add New Shop")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
