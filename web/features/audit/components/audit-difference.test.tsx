import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { euro, formatDateTime } from "../../../lib/format";
import { page, renderApp, renderWithProviders } from "../../../test/render";
import { auditContext, auditDiff } from "./audit-diff";
import { AuditDifference } from "./audit-difference";

const BEFORE = {
  id: 7,
  firstName: "Ada",
  balanceCents: 1250,
  createdAt: 1_763_800_000_000,
  limits: { maxStake: "20.00" },
  note: "VIP",
};
const AFTER = {
  id: 7,
  firstName: "Augusta",
  balanceCents: 300,
  createdAt: 1_763_800_000_000,
  limits: { maxStake: "50.00" },
  selfExcludedUntil: "2026-12-01T00:00:00.000Z",
};

describe("an audit entry's difference", () => {
  test("lists each changed and added field, money and dates readable; one the after leaves out is context", () => {
    expect(auditDiff(BEFORE, AFTER)).toEqual([
      { field: "First name", kind: "changed", before: "Ada", after: "Augusta" },
      { field: "Balance", kind: "changed", before: euro("12.50"), after: euro("3.00") },
      { field: "Limits / Max stake", kind: "changed", before: euro("20"), after: euro("50") },
      {
        field: "Self excluded until",
        kind: "added",
        before: "",
        after: formatDateTime("2026-12-01T00:00:00.000Z"),
      },
    ]);
    expect(auditContext(BEFORE, AFTER)).toEqual([{ field: "Note", value: "VIP" }]);
  });

  test("a before with no after at all is every field removed, no context", () => {
    expect(auditDiff({ name: "Quay", isActive: true }, null)).toEqual([
      { field: "Name", kind: "removed", before: "Quay", after: "" },
      { field: "Is active", kind: "removed", before: "Yes", after: "" },
    ]);
    expect(auditContext({ name: "Quay" }, null)).toEqual([]);
  });

  test("a creation is every field added; nothing recorded says so", () => {
    expect(auditDiff(null, { name: "Quay", isActive: true })).toEqual([
      { field: "Name", kind: "added", before: "", after: "Quay" },
      { field: "Is active", kind: "added", before: "", after: "Yes" },
    ]);
    renderWithProviders(<AuditDifference before={null} after={null} />, "admin");
    expect(screen.getByText("No values were recorded for this change.")).toBeTruthy();
  });

  test("renders old -> new per field, unchanged fields left out", () => {
    renderWithProviders(<AuditDifference before={BEFORE} after={AFTER} />, "admin");
    const row = screen.getByRole("rowheader", { name: /First name/ }).closest("tr") as HTMLElement;
    expect(row.textContent).toContain("Ada -> changed to Augusta");
    expect(within(row).getByText("Ada").tagName).toBe("DEL");
    expect(within(row).getByText("Augusta").tagName).toBe("INS");
    expect(screen.queryByRole("rowheader", { name: /Created at/ })).toBeNull();
    // Note: recorded before, not after: context under its own heading, not a removal.
    expect(screen.queryByRole("rowheader", { name: /Note/ })).toBeNull();
    const context = screen.getByRole("region", { name: "Also recorded, not changed" });
    expect(within(context).getByText("Note").tagName).toBe("DT");
    expect(within(context).getByText("VIP").tagName).toBe("DD");
    expect(screen.queryByText("Removed")).toBeNull();
  });
});

const ENTRY = {
  id: 41,
  actorId: 2,
  actorUsername: "mary.kelly",
  action: "customer.update",
  entityType: "CUSTOMER",
  entityId: "7",
  before: { firstName: "Ada" },
  after: { firstName: "Augusta" },
  ip: "203.0.113.9",
  requestId: "req-1",
  createdAt: "2026-11-22T10:00:00.000Z",
  users: {},
};

describe("the audit trail screen", () => {
  test("asks for the URL's filters and opens an entry's difference from its Details button", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/admin/audit?entityType=CUSTOMER&entityId=7", "admin", {
      "GET /api/admin/audit": page([ENTRY]),
      "GET /api/admin/users": page([{ id: 2, username: "mary.kelly", role: "user" }]),
    });
    await screen.findByText("customer.update");
    const asked = calls.find((c) => c.path === "/api/admin/audit");
    expect(asked?.search.get("entityType")).toBe("CUSTOMER");
    expect(asked?.search.get("entityId")).toBe("7");
    expect(screen.getByRole("link", { name: "Customer #7" }).getAttribute("href")).toBe(
      "/customers/7",
    );
    expect(screen.getByText("203.0.113.9")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Details of customer.update #41" }));
    const dialog = await screen.findByRole("dialog", { name: "customer.update #41" });
    expect(within(dialog).getByText("Ada").tagName).toBe("DEL");
    expect(within(dialog).getByText("Augusta").tagName).toBe("INS");
    await ue.selectOptions(screen.getByLabelText("Action"), "customer.create");
    await waitFor(() =>
      expect(calls.some((c) => c.search.get("action") === "customer.create")).toBe(true),
    );
  });

  test("is refused to staff", async () => {
    renderApp("/admin/audit", "user", {});
    expect(await screen.findByText("Access Denied")).toBeTruthy();
  });
});
