/**
 * Issue 25 item 5 on the audit screen: the action filter offers the refused sign-ins by name
 * and asks the server for them; a refused sign-in's row shows the username as typed, marked
 * as not signed in, where other rows without an actor say "System".
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AuditEntryDto, auditEntryDto, userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { settings } from "../../../test/fixtures";
import { page, renderApp, user } from "../../../test/render";
import "../../../i18n/areas/auth";

const FAILED: AuditEntryDto = auditEntryDto.parse({
  id: 90,
  actorId: null,
  actorUsername: null,
  action: "auth.login-failed",
  entityType: "USER",
  entityId: null,
  before: null,
  after: { username: "ghost", reason: "unknown-user" },
  ip: "203.0.113.44",
  requestId: "req-90",
  createdAt: "2026-11-22T10:00:00.000Z",
  users: {},
});

const STARTED: AuditEntryDto = auditEntryDto.parse({
  ...FAILED,
  id: 1,
  action: "user.create-first-admin",
  after: { username: "admin", role: "admin" },
  ip: null,
});

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted screen.
  cleanup();
  applyLanguage("en");
});

describe("sign-in failures on the audit screen", () => {
  test("the action filter names them, asks for them, and the CSV export follows it", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/admin/audit", "admin", {
      "GET /api/admin/audit": ({ search }: { search: URLSearchParams }) =>
        page(search.get("action") === "auth.login-failed" ? [FAILED] : [FAILED, STARTED]),
      "GET /api/admin/users": page([]),
    });
    await screen.findByText("auth.login-failed", { selector: "code" });
    const filter = screen.getByLabelText("Action") as HTMLSelectElement;
    const labels = [...filter.options].map((o) => o.textContent);
    expect(labels).toContain("auth.login-failed (failed sign-in)");
    expect(labels).toContain("auth.login-locked (sign-in refused by the throttle)");
    expect(labels).toContain("auth.confirm-failed (refused password confirmation)");
    await ue.selectOptions(filter, "auth.login-failed");
    await waitFor(() =>
      expect(calls.some((c) => c.search.get("action") === "auth.login-failed")).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByText("user.create-first-admin", { selector: "code" })).toBeNull(),
    );
    // The CSV export of this view: the same filter, every page.
    const csv = screen.getByRole("link", { name: "Export CSV" }).getAttribute("href") ?? "";
    const url = new URL(csv, "http://localhost");
    expect(url.pathname).toBe("/api/admin/audit");
    expect(url.searchParams.get("action")).toBe("auth.login-failed");
    expect(url.searchParams.get("format")).toBe("csv");
  });

  test("a refused sign-in shows the typed username, not 'System'; its details say why", async () => {
    const ue = userEvent.setup();
    renderApp("/admin/audit", "admin", {
      "GET /api/admin/audit": page([FAILED, STARTED]),
      "GET /api/admin/users": page([]),
    });
    const row = (await screen.findByText("auth.login-failed", { selector: "code" })).closest(
      "tr",
    ) as HTMLElement;
    expect(within(row).getByText("ghost (not signed in)")).toBeTruthy();
    expect(within(row).getByText("203.0.113.44")).toBeTruthy();
    const other = screen
      .getByText("user.create-first-admin", { selector: "code" })
      .closest("tr") as HTMLElement;
    expect(within(other).getByText("System")).toBeTruthy();
    await ue.click(within(row).getByRole("button", { name: "Details of auth.login-failed #90" }));
    const dialog = await screen.findByRole("dialog", { name: "auth.login-failed #90" });
    expect(dialog.textContent).toContain("unknown-user");
    expect(dialog.textContent).toContain("ghost (not signed in)");
  });

  test("in German: the screen's words translated, the actions and usernames as recorded", async () => {
    const ue = userEvent.setup();
    renderApp("/admin/audit", "admin", {
      "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }),
      "GET /api/settings": settings(),
      "GET /api/admin/audit": page([FAILED, STARTED]),
      "GET /api/admin/users": page([]),
    });
    expect(await screen.findByRole("heading", { name: "Prüfprotokoll", level: 1 })).toBeTruthy();
    const row = (await screen.findByText("auth.login-failed", { selector: "code" })).closest(
      "tr",
    ) as HTMLElement;
    await waitFor(() => expect(within(row).getByText("ghost (nicht angemeldet)")).toBeTruthy());
    expect(within(row).getByText("Benutzer")).toBeTruthy();
    const labels = [...(screen.getByLabelText("Aktion") as HTMLSelectElement).options].map(
      (o) => o.textContent,
    );
    expect(labels).toContain("auth.login-failed (fehlgeschlagene Anmeldung)");
    expect(labels).toContain("user.create-first-admin");
    await ue.click(within(row).getByRole("button", { name: "Details zu auth.login-failed #90" }));
    const dialog = await screen.findByRole("dialog", { name: "auth.login-failed #90" });
    expect(within(dialog).getByRole("heading", { name: "Vorher und nachher" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Schließen" })).toBeTruthy();
  });
});
