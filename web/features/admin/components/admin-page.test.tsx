import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { adminPageRoutes, booksCheck, health, job, settings } from "../../../test/fixtures";
import { page, renderApp, termValue, user } from "../../../test/render";

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted screen.
  cleanup();
  applyLanguage("en");
});

const goodBackup = {
  id: 4,
  reason: "scheduled",
  file: "/srv/shop/backups/betting-shop-auto-2026-03-01T03-00-00-000Z.db",
  ok: true,
  detail: "integrity ok, books balanced",
  sizeBytes: 81920,
  createdAt: "2026-03-01T03:00:00.000Z",
};

function renderAdmin(extra = {}) {
  return renderApp(
    "/admin",
    "admin",
    adminPageRoutes({
      "GET /api/health": health({
        databaseStatus: "disconnected",
        databaseLatency: 2,
        activeSessions: 3,
      }),
      "GET /api/admin/users": page([
        { id: 2, username: "sam", role: "user", createdAt: "2026-01-01T00:00:00Z" },
      ]),
      ...extra,
    }),
  );
}

/** The value of one row of the System Information panel. */
const info = (name: string) => termValue(name);

describe("admin page", () => {
  test("status cards, uptime in hours and minutes, fixed system information", async () => {
    renderAdmin();
    expect(await screen.findByText("Operational")).toBeTruthy();
    expect(screen.getByText("Disconnected")).toBeTruthy();
    expect(screen.getByText("2h 5m")).toBeTruthy();
    // The card counts sessions (one user on two devices is two), and says so.
    const sessions = screen.getByRole("region", { name: "Active Sessions" });
    expect(sessions.textContent).toBe("Active Sessions3Unexpired sessions");
    expect(screen.getByText("1.0.0")).toBeTruthy();
    expect(screen.getByText("Production")).toBeTruthy();
    expect(screen.getByText("99.9%")).toBeTruthy();
    expect(screen.queryByText("2024-01-15 03:00 UTC")).toBeNull();
    expect(
      screen.getByText(
        "Reversing a transaction archives the original and creates an opposite one.",
      ),
    ).toBeTruthy();
  });

  test("the API tokens panel is on the page (decision 058)", async () => {
    renderAdmin();
    const panel = await screen.findByRole("region", { name: "API tokens" });
    expect(await within(panel).findByText("No API tokens yet.")).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Create API token" })).toBeTruthy();
  });

  test("validation messages of recalculation, reversal and create user", async () => {
    const ue = userEvent.setup();
    renderAdmin();
    await ue.click(await screen.findByRole("button", { name: "Recalculate Balance" }));
    expect(await screen.findByText("Entity type and ID are required")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Reverse Transaction" }));
    expect(await screen.findByText("Transaction ID is required")).toBeTruthy();
    // Issue 20: the reversal's reason is required too.
    expect(screen.getByText("Reason is required for a reversal")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Create User" }));
    expect((await screen.findAllByText("Username and password are required")).length).toBe(2);
  });

  test("in German: the recalculation's validation messages in German", async () => {
    const ue = userEvent.setup();
    renderAdmin({ "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }) });
    const submit = await screen.findByRole("button", { name: "Kontostand neu berechnen" });
    await ue.click(submit);
    expect(await screen.findByText("Typ und ID sind erforderlich")).toBeTruthy();
    expect(screen.queryByText("Entity type and ID are required")).toBeNull();
    await ue.selectOptions(screen.getByLabelText("Art"), "CUSTOMER");
    await ue.type(screen.getByLabelText("ID"), "abc");
    await ue.click(submit);
    expect(await screen.findByText("Typ und ID muss eine positive ganze Zahl sein")).toBeTruthy();
    expect(screen.queryByText(/must be a positive whole number/)).toBeNull();
  });

  test("recalculation toasts the new balance, then checks the books again (decision 037)", async () => {
    const ue = userEvent.setup();
    const drift = {
      rule: "customer-balance",
      entityType: "CUSTOMER" as const,
      entityId: 7,
      message: "Customer #7 has a stored balance of €10.00 but its ledger gives €12.50",
    };
    let status: unknown = {
      last: booksCheck({ ok: false, violations: [drift], violationCount: 1 }),
      running: null,
    };
    const { calls } = renderAdmin({
      "GET /api/admin/books-status": () => status,
      "GET /api/admin/jobs": [],
      "POST /api/admin/recalculate-balance": {
        entityType: "CUSTOMER",
        entityId: 7,
        balance: "12.50",
        previousBalance: "10.00",
        drift: "2.50",
      },
      "POST /api/admin/jobs": () => {
        // The check after the recalculation finds the books balanced.
        status = {
          last: booksCheck({ id: 2, checkedAt: "2026-03-01T10:05:00.000Z" }),
          running: null,
        };
        return { status: 202, body: job({ state: "done", progress: 1 }) };
      },
    });
    const books = await screen.findByRole("region", { name: "Books" });
    expect(await within(books).findByText("1 discrepancy")).toBeTruthy();
    const panel = screen.getByRole("region", { name: "Balance Recalculation" });
    await ue.selectOptions(within(panel).getByLabelText("Entity Type"), "CUSTOMER");
    await ue.type(within(panel).getByLabelText("Entity ID"), "7{Enter}");
    expect(await screen.findByText("Balance recalculated. New balance: €12.50")).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
        ["/api/admin/recalculate-balance", { entityType: "CUSTOMER", entityId: 7 }],
        ["/api/admin/jobs", { kind: "ledger-check" }],
      ]),
    );
    // The indicator shows the new check, not the discrepancy just fixed.
    expect(await within(books).findByText("Books balance")).toBeTruthy();
    expect(within(books).queryByText(drift.message)).toBeNull();
  });

  test("role change and create user call the API with the SPEC's toasts", async () => {
    const ue = userEvent.setup();
    const { calls } = renderAdmin({
      "PATCH /api/admin/users/:userId/role": {
        id: 2,
        username: "sam",
        role: "admin",
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      "POST /api/admin/users": {
        status: 201,
        body: { id: 3, username: "kim", role: "user", createdAt: "2026-01-02T00:00:00.000Z" },
      },
    });
    await ue.selectOptions(await screen.findByLabelText("Role of sam"), "admin");
    const dialog = await screen.findByRole("dialog", { name: "Change the role of sam?" });
    await ue.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("User role updated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ role: "admin" });
    await ue.type(screen.getByLabelText("Username"), "kim");
    await ue.type(screen.getByLabelText("Password"), "Glacier-Tulip-Harbour-7{Enter}");
    expect(await screen.findByText("User created successfully")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/admin/users" && c.method === "POST")?.body).toEqual({
      username: "kim",
      password: "Glacier-Tulip-Harbour-7",
      role: "user",
    });
  });

  test("system information shows the last backup the server took and its result", async () => {
    renderAdmin({
      "GET /api/admin/backups": page([goodBackup], 9),
      "GET /api/settings": settings({ backupIntervalHours: 24 }),
    });
    await waitFor(async () => expect(await info("Last Backup")).toContain("OK"));
    expect(await info("Backup File")).toBe("betting-shop-auto-2026-03-01T03-00-00-000Z.db");
    expect(await info("Backup Check")).toBe("integrity ok, books balanced");
    expect(await info("Automatic Backups")).toBe("Every 24 h");
  });

  test("a failed backup says so and why; none yet and automatic backups off are said too", async () => {
    const failed = {
      ...goodBackup,
      ok: false,
      sizeBytes: null,
      detail: "could not write the copy: disk full",
    };
    const view = renderAdmin({ "GET /api/admin/backups": page([failed]) });
    await waitFor(async () => expect(await info("Last Backup")).toContain("Failed"));
    expect(await info("Backup Check")).toBe("could not write the copy: disk full");
    expect(await info("Automatic Backups")).toBe("Off (BACKUP_DIR not set)");
    view.unmount();

    renderAdmin();
    await waitFor(async () => expect(await info("Last Backup")).toBe("No backup taken yet"));
    expect(screen.queryByText("Backup File")).toBeNull();
  });

  test("delete all data says all it deletes, and that a checked backup is written first", async () => {
    const ue = userEvent.setup();
    renderAdmin();
    const panel = await screen.findByRole("region", { name: "Delete All Data" });
    const everything = [
      "customer",
      "shop",
      "bet",
      "transaction",
      "shift",
      "alert",
      "API token",
      "integrations",
      "audit trail",
      "books checks",
      "signs everyone else out",
    ];
    const warning = within(panel).getByRole("alert").textContent ?? "";
    for (const what of everything) expect(warning).toContain(what);
    expect(panel.textContent).toContain(
      "A checked backup of everything is written first, in the server's backup folder",
    );
    expect(panel.textContent).toContain("betting-shop-before-delete-all-<time>.db");

    const prompts: string[] = [];
    window.confirm = (message) => {
      prompts.push(String(message));
      return true;
    };
    await ue.click(within(panel).getByRole("button", { name: "Delete All Data" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm with your password" });
    expect(prompts).toHaveLength(2);
    // A backup is written first: nothing says it cannot be undone.
    for (const text of [...prompts, dialog.textContent ?? ""]) {
      expect(text).not.toContain("cannot be undone");
    }
    expect(prompts[0]).toContain("backup written first");
    for (const what of ["shift", "alert", "API token", "audit trail", "books checks"]) {
      expect(prompts[0]).toContain(what);
      expect(dialog.textContent).toContain(what);
    }
    expect(prompts[1]).toContain("Integrations using an API token stop working");
    expect(dialog.textContent).toContain("every other session ends");
    expect(dialog.textContent).toContain("nothing is deleted unless it is good");
  });

  test("delete all data: two confirmations, then the admin's password", async () => {
    const ue = userEvent.setup();
    const backupFile = "/srv/shop/backups/betting-shop-before-delete-all-2026-03-02.db";
    const { calls } = renderAdmin({
      "DELETE /api/admin/delete-all-data": ({ body }: { body: { password: string } }) =>
        body.password === "right-password"
          ? { message: "All data has been deleted successfully", backupFile }
          : {
              status: 403,
              body: {
                message: "The password is not correct; nothing was deleted",
                code: "FORBIDDEN",
              },
            },
    });
    // Declining the second confirmation asks for nothing more.
    const answers = [true, false];
    window.confirm = () => answers.shift() ?? false;
    await ue.click(await screen.findByRole("button", { name: "Delete All Data" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    let asked = 0;
    window.confirm = () => {
      asked += 1;
      return true;
    };
    await ue.click(screen.getByRole("button", { name: "Delete All Data" }));
    expect(asked).toBe(2);
    const dialog = await screen.findByRole("dialog", { name: "Confirm with your password" });
    const password = within(dialog).getByLabelText("Your password");
    expect(password.getAttribute("type")).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    // Nothing typed: the schema's message, no request.
    await ue.click(within(dialog).getByRole("button", { name: "Delete All Data" }));
    expect(await within(dialog).findByText("Password is required")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    // A wrong password: the server's 403 under the field, the dialog stays.
    await ue.type(password, "wrong-password{Enter}");
    expect(
      await within(dialog).findByText("The password is not correct; nothing was deleted"),
    ).toBeTruthy();

    await ue.clear(password);
    await ue.type(password, "right-password{Enter}");
    expect(await screen.findByText("All data has been deleted successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText(backupFile)).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.body)).toEqual([
      { password: "wrong-password" },
      { password: "right-password" },
    ]);
  });

  test("in German: panels, statuses and the user list in German, numbers the German way", async () => {
    renderAdmin({
      "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }),
      "GET /api/settings": settings({ backupIntervalHours: 6 }),
    });
    expect(await screen.findByRole("heading", { name: "Systemverwaltung", level: 1 })).toBeTruthy();
    expect(await screen.findByText("In Betrieb")).toBeTruthy();
    expect(screen.getByText("Getrennt")).toBeTruthy();
    expect(screen.getByText("2 Std. 5 Min.")).toBeTruthy();
    expect(screen.getByText("Nicht abgelaufene Sitzungen")).toBeTruthy();
    expect(screen.getByText("Produktion")).toBeTruthy();
    // textContent: the testing library's matchers fold the no-break space into a space.
    expect(await info("Verfügbarkeit")).toBe("99,9\u00a0%");
    expect(await info("Automatische Sicherungen")).toBe("Alle 6 Std.");
    const users = screen.getByRole("region", { name: "Benutzerrollen" });
    const role = await within(users).findByRole("combobox", { name: "Rolle von sam" });
    expect((role as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Mitarbeiter");
    expect(within(users).getAllByRole("button", { name: "Passwort zurücksetzen" })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Alle Daten löschen" })).toBeTruthy();
  });
});
