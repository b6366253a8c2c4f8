import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UserDto } from "../../../../src/domain/dto";
import { renderApp, user } from "../../../test/render";

describe("sign-in", () => {
  test("shows both required messages on submit and clears each on change", async () => {
    renderApp("/auth", null);
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Username is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    await ue.type(screen.getByLabelText("Username"), "admin");
    await waitFor(() => expect(screen.queryByText("Username is required")).toBeNull());
    await ue.type(screen.getByLabelText("Password"), "x");
    await waitFor(() => expect(screen.queryByText("Password is required")).toBeNull());
  });

  test("reads 'Signing in...' while pending and submits on Enter", async () => {
    const { calls } = renderApp("/auth", null, { "POST /api/login": { pending: true } });
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText("Username"), "admin");
    await ue.type(screen.getByLabelText("Password"), "secret123{Enter}");
    expect(await screen.findByRole("button", { name: "Signing in..." })).toBeTruthy();
    const login = calls.find((c) => c.path === "/api/login");
    expect(login?.body).toEqual({ username: "admin", password: "secret123" });
    expect(login?.headers["Content-Type"]).toBe("application/json");
  });

  test("a failed login shows the 'Login failed' toast with the server's message", async () => {
    renderApp("/auth", null, {
      "POST /api/login": { status: 401, body: { message: "Invalid username or password" } },
    });
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText("Username"), "admin");
    await ue.type(screen.getByLabelText("Password"), "wrong{Enter}");
    const toast = (await screen.findByText("Login failed")).closest("[role=status]");
    expect(toast?.textContent).toContain("Invalid username or password");
  });

  test("the server's reason also stays in the form, e.g. a disabled account", async () => {
    renderApp("/auth", null, {
      "POST /api/login": {
        status: 401,
        body: { message: "This account is disabled. Ask an admin.", code: "UNAUTHENTICATED" },
      },
    });
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText("Username"), "sam");
    await ue.type(screen.getByLabelText("Password"), "right-password{Enter}");
    const form = (await screen.findByRole("button", { name: "Sign In" })).closest("form");
    await waitFor(() =>
      expect(form?.querySelector("[role=alert]")?.textContent).toBe(
        "This account is disabled. Ask an admin.",
      ),
    );
  });

  test("a full disk: the form says why signing in failed (503 STORAGE_FULL)", async () => {
    const message =
      "The server's disk is full, so nothing can be saved (signing in included). An administrator must free disk space; nothing already saved is lost.";
    renderApp("/auth", null, {
      "POST /api/login": { status: 503, body: { message, code: "STORAGE_FULL" } },
    });
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText("Username"), "sam");
    await ue.type(screen.getByLabelText("Password"), "right-password{Enter}");
    const form = (await screen.findByRole("button", { name: "Sign In" })).closest("form");
    await waitFor(() => expect(form?.querySelector("[role=alert]")?.textContent).toBe(message));
  });

  test("lists the three features on the marketing panel", async () => {
    renderApp("/auth", null);
    expect(await screen.findByText("Customer management")).toBeTruthy();
    expect(screen.getByText("Real-time analytics")).toBeTruthy();
    expect(screen.getByText("Secure and auditable")).toBeTruthy();
  });

  test("signed in, the Dashboard opens with its heading focused, as after a page change", async () => {
    let current: UserDto | null = null;
    renderApp("/auth", null, {
      "GET /api/user": () => current ?? { status: 401, body: { message: "Not signed in" } },
      "POST /api/login": () => {
        current = user("user");
        return current;
      },
    });
    const ue = userEvent.setup();
    const username = await screen.findByLabelText("Username");
    await waitFor(() => expect(document.activeElement).toBe(username));
    await ue.type(username, "sam");
    await ue.type(screen.getByLabelText("Password"), "right-password{Enter}");
    const heading = await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  test("a page just loaded, signed in, leaves the focus to the browser", async () => {
    renderApp("/", "user");
    const heading = await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await screen.findByRole("navigation", { name: "Main" });
    expect(document.activeElement).not.toBe(heading);
  });
});
