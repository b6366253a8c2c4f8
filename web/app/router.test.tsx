import { describe, expect, test } from "bun:test";
import { render, screen, waitFor, within } from "@testing-library/react";
import { userDto } from "../../src/domain/dto";
import type { Role } from "../../src/domain/enums";
import { useAuth } from "../features/auth";
import { customer, slip } from "../test/fixtures";
import { englishAfterEach, renderApp, user } from "../test/render";

function Orphan() {
  useAuth();
  return null;
}

describe("shell and routes", () => {
  test("redirects a signed-out visitor to the sign-in page", async () => {
    const { location } = renderApp("/customers", null);
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(location.history?.at(-1)).toBe("/auth");
  });

  test("shows the centred spinner while the user lookup is pending", () => {
    renderApp("/", null, { "GET /api/user": { pending: true } });
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });

  test("sends a signed-in user from /auth to /", async () => {
    const { location } = renderApp("/auth", "user");
    expect(await screen.findByText("Overview of your betting operations")).toBeTruthy();
    expect(location.history?.at(-1)).toBe("/");
  });

  test("shows the 404 page for an unknown path", async () => {
    renderApp("/no-such-page", "user");
    expect(await screen.findByText("404 Page Not Found")).toBeTruthy();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeTruthy();
  });

  test("sidebar for an admin: username, role in upper case, ADMINISTRATION group", async () => {
    renderApp("/", "admin", {
      "GET /api/counts": { customers: 5, shops: 2, pendingBets: 0, alerts: 0 },
    });
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(screen.getByText("admin-user")).toBeTruthy();
    expect(screen.getByText("ADMIN")).toBeTruthy();
    expect(within(nav).getByText("ADMINISTRATION")).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Reports" }).getAttribute("href")).toBe(
      "/reports",
    );
    expect(within(nav).getByRole("link", { name: "System Admin" }).getAttribute("href")).toBe(
      "/admin",
    );
    // The real counts (issue 9), read out with what they count.
    await waitFor(() =>
      expect(within(nav).getByTestId("badge-Customers").textContent).toBe("5 customers"),
    );
    expect(within(nav).getByTestId("badge-Shops").textContent).toBe("2 shops");
    expect(within(nav).getByTestId("badge-Bets").textContent).toBe("0 pending bets");
  });

  test("sidebar for user and customer roles has no ADMINISTRATION group", async () => {
    const menus = {
      user: ["Dashboard", "Customers", "Shops", "Bets", "Transactions"],
      // A customer login's menu is its own account (issue 10).
      customer: ["My Account", "My Bets", "My Transactions"],
    };
    for (const role of ["user", "customer"] as const) {
      const view = renderApp("/", role);
      const nav = await screen.findByRole("navigation", { name: "Main" });
      expect(screen.getByText(role.toUpperCase())).toBeTruthy();
      expect(within(nav).queryByText("ADMINISTRATION")).toBeNull();
      expect(within(nav).queryByRole("link", { name: "Reports" })).toBeNull();
      const links = within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent?.replace(/\d.*$/, "").trim());
      expect(links).toEqual(menus[role]);
      view.unmount();
    }
  });

  test("a customer login's home is its own account; one without a record is told so", async () => {
    const view = renderApp("/", "customer", {
      "GET /api/customers/:id": { status: 404 },
    });
    await waitFor(() => expect(view.location.history?.at(-1)).toBe("/customers/7"));
    view.unmount();
    renderApp("/", "customer", {
      "GET /api/user": { ...user("customer"), customerId: null },
    });
    expect(await screen.findByText("No Account Linked")).toBeTruthy();
  });

  test("non-admins see Access Denied on /admin and /reports", async () => {
    const admin = renderApp("/admin", "user");
    expect(await screen.findByText("Admin access required to view this page.")).toBeTruthy();
    expect(screen.getByText("Access Denied")).toBeTruthy();
    admin.unmount();
    renderApp("/reports", "customer");
    expect(await screen.findByText("Reports are only available to admin users.")).toBeTruthy();
  });

  test("a customer login gets Access Denied on the staff-only Shifts screens, no 403 table", async () => {
    for (const path of ["/shifts", "/shifts/4"]) {
      const view = renderApp(path, "customer", {
        "GET /api/shifts": { status: 403, body: { message: "Forbidden", code: "FORBIDDEN" } },
      });
      expect(await screen.findByText("Shifts are for staff only.")).toBeTruthy();
      expect(screen.getByText("Access Denied")).toBeTruthy();
      expect(screen.queryByText(/403/)).toBeNull();
      expect(
        view.calls.some(
          (c) => c.path.startsWith("/api/shifts/") && c.path !== "/api/shifts/current",
        ),
      ).toBe(false);
      view.unmount();
    }
  });

  test("a list the server refuses shows the server's message, not its status and JSON", async () => {
    renderApp("/bets?sort=nonsense", "user", {
      "GET /api/bets": {
        status: 400,
        body: { message: "sort must be one of: id, description", code: "VALIDATION" },
      },
      "GET /api/shops": { body: [], headers: { "X-Total-Count": "0" } },
    });
    expect(await screen.findByText("sort must be one of: id, description")).toBeTruthy();
    expect(screen.queryByText(/400:|"code"/)).toBeNull();
  });

  test("a failed logout shows 'Logout failed' with the error message", async () => {
    renderApp("/", "user", {
      "POST /api/logout": { status: 500, body: { message: "Database is locked" } },
    });
    (await screen.findByRole("button", { name: "Logout" })).click();
    expect(await screen.findByText("Logout failed")).toBeTruthy();
    expect(screen.getByText("Database is locked")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
  });

  test("useAuth outside its provider throws the SPEC's message", () => {
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Orphan />)).toThrow("useAuth must be used within an AuthProvider");
    } finally {
      console.error = original;
    }
  });

  test("logout clears the user and returns to sign-in", async () => {
    let signedIn = true;
    renderApp("/", "user", {
      "GET /api/user": () =>
        signedIn
          ? { id: 2, username: "sam", role: "user", createdAt: "2026-01-01T00:00:00Z" }
          : { status: 401, body: { message: "Not signed in" } },
      "POST /api/logout": () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    (await screen.findByRole("button", { name: "Logout" })).click();
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy());
  });

  test("logout calls off the reads still on their way: none comes back a 401", async () => {
    let signedIn = true;
    let abortedBeforeLogout: boolean | undefined;
    const { calls } = renderApp("/", "user", {
      "GET /api/user": () =>
        signedIn
          ? { id: 2, username: "sam", role: "user", createdAt: "2026-01-01T00:00:00Z" }
          : { status: 401, body: { message: "Not signed in" } },
      // The dashboard's recent movements, still loading when Logout is pressed.
      "GET /api/transactions": { pending: true },
      "POST /api/logout": () => {
        // What the server would answer that read from now on is a 401: it must be gone.
        abortedBeforeLogout = calls.find((c) => c.path === "/api/transactions")?.signal?.aborted;
        signedIn = false;
        return { status: 204 };
      },
    });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/transactions")).toBe(true));
    const pending = calls.find((c) => c.path === "/api/transactions");
    expect(pending?.signal?.aborted).toBe(false);
    (await screen.findByRole("button", { name: "Logout" })).click();
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy());
    expect(abortedBeforeLogout).toBe(true);
  });
});

describe("the slip's tab title", () => {
  test("in English: the slip of the bet, in Bets", async () => {
    renderApp("/bets/12/slip", "user", { "GET /api/bets/:id/slip": slip() });
    await screen.findByText("Leopardstown 14:30 Galopin");
    await waitFor(() => expect(document.title).toBe("Slip of bet #12 · Bets · Betting Shop"));
  });
});

describe("the shell in German", () => {
  englishAfterEach();
  /** A signed-in user who chose German. */
  const german = (role: Role) => ({
    "GET /api/user": userDto.parse({ ...user(role), language: "de" }),
  });

  test("the tab's title names the page and its section in German", async () => {
    // While the customer loads there is no heading yet: the page's name stands in for it.
    const loading = renderApp("/customers/7", "user", {
      ...german("user"),
      "GET /api/customers/:id": { pending: true },
    });
    await waitFor(() => expect(document.title).toBe("Kunde · Wettbüro"));
    loading.unmount();
    renderApp("/customers/7", "user", {
      ...german("user"),
      "GET /api/customers/:id": customer(),
    });
    await waitFor(() => expect(document.title).toBe("Ann Byrne · Kunden · Wettbüro"));
  });

  test("the slip's page, outside the shell, names its tab like the bet's page", async () => {
    const shown = renderApp("/bets/12/slip", "user", {
      ...german("user"),
      "GET /api/bets/:id/slip": slip(),
    });
    await screen.findByText("Leopardstown 14:30 Galopin");
    await waitFor(() =>
      expect(document.title).toBe("Wettschein von Wette #12 · Wetten · Wettbüro"),
    );
    shown.unmount();
    renderApp("/bets/99/slip", "user", {
      ...german("user"),
      "GET /api/bets/:id/slip": { status: 404, body: { message: "Not found", code: "NOT_FOUND" } },
    });
    expect(await screen.findByText("Wette nicht gefunden")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Wette nicht gefunden · Wetten · Wettbüro"));
  });

  test("a customer login on Shifts is told, in German, that they are for staff only", async () => {
    renderApp("/shifts", "customer", german("customer"));
    expect(await screen.findByText("Schichten sind nur für Mitarbeiter.")).toBeTruthy();
    expect(screen.queryByText("Shifts are for staff only.")).toBeNull();
    await waitFor(() => expect(document.title).toBe("Zugriff verweigert · Wettbüro"));
  });
});
