/**
 * An admin's review of the audit trail (decision 082, 2026 update): a reversal's Details say
 * what changed, its original row as context and never "Removed"; user ids read by name; the
 * API token entity in words; filters that cannot match say why at the field and ask nothing.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AuditEntryDto, auditEntryDto, userDto } from "../../../../src/domain/dto";
import { euro, formatDateTime } from "../../../lib/format";
import { settings } from "../../../test/fixtures";
import { englishAfterEach, page, renderApp, renderWithProviders, user } from "../../../test/render";
import { auditContext, auditDiff } from "./audit-diff";
import { AuditDifference } from "./audit-difference";

const CREATED_AT = 1_767_000_000_000;
const ARCHIVED_AT = 1_767_000_100_000;
const REASON = "Paid in at the wrong till";

/** The original deposit as the ledger holds it (the row a reversal archives). */
const ORIGINAL = {
  id: 8350,
  type: "DEPOSIT",
  amountCents: 9000,
  description: null,
  status: "COMPLETED",
  fromEntityType: "CUSTOMER",
  fromEntityId: 12,
  toEntityType: "SHOP",
  toEntityId: 3,
  betId: null,
  processedBy: 2,
  createdAt: CREATED_AT,
  archivedAt: null,
  reversalOf: null,
  shiftId: 44,
  reason: null,
};

describe("a reversal's details", () => {
  englishAfterEach();

  test("a row stored before the fix: the original is context, nothing reads removed", () => {
    const after = { archived: true, reversalId: 8379, reason: REASON };
    expect(auditDiff(ORIGINAL, after, { 2: "mary" })).toEqual([
      { field: "Reason", kind: "changed", before: "", after: REASON },
      { field: "Archived", kind: "added", before: "", after: "Yes" },
      { field: "Reversal id", kind: "added", before: "", after: "8379" },
    ]);
    expect(auditContext(ORIGINAL, after, { 2: "mary" })).toEqual([
      { field: "Id", value: "8350" },
      { field: "Type", value: "DEPOSIT" },
      { field: "Amount", value: euro(90) },
      { field: "Description", value: "" },
      { field: "Status", value: "COMPLETED" },
      { field: "From entity type", value: "CUSTOMER" },
      { field: "From entity id", value: "12" },
      { field: "To entity type", value: "SHOP" },
      { field: "To entity id", value: "3" },
      { field: "Bet id", value: "" },
      { field: "Processed by", value: "mary (#2)" },
      { field: "Created at", value: formatDateTime(CREATED_AT) },
      { field: "Archived at", value: "" },
      { field: "Reversal of", value: "" },
      { field: "Shift id", value: "44" },
    ]);
    renderWithProviders(
      <AuditDifference before={ORIGINAL} after={after} users={{ 2: "mary" }} />,
      "admin",
    );
    expect(screen.queryByText("Removed")).toBeNull();
    const context = screen.getByRole("region", { name: "Also recorded, not changed" });
    expect(within(context).getByText(euro(90))).toBeTruthy();
    expect(within(context).getByText("mary (#2)")).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: /Reversal id/ }).textContent).toContain("Added");
  });

  test("a row as written now: the archive mark, the balances and the till change; the original beside them", () => {
    const before = {
      archivedAt: null,
      customerBalanceCents: 9000,
      shopBalanceCents: 9000,
      shiftExpectedCents: 11000,
      original: ORIGINAL,
    };
    const after = {
      archivedAt: ARCHIVED_AT,
      reversalId: 8379,
      reason: REASON,
      customerBalanceCents: 0,
      shopBalanceCents: 0,
      shiftExpectedCents: 2000,
    };
    expect(auditDiff(before, after)).toEqual([
      { field: "Archived at", kind: "changed", before: "", after: formatDateTime(ARCHIVED_AT) },
      { field: "Customer balance", kind: "changed", before: euro(90), after: euro(0) },
      { field: "Shop balance", kind: "changed", before: euro(90), after: euro(0) },
      { field: "Expected cash of the shift", kind: "changed", before: euro(110), after: euro(20) },
      { field: "Reversal id", kind: "added", before: "", after: "8379" },
      { field: "Reason", kind: "added", before: "", after: REASON },
    ]);
    const context = auditContext(before, after, { 2: "mary" });
    expect(context).toHaveLength(Object.keys(ORIGINAL).length);
    expect(context.slice(0, 3)).toEqual([
      { field: "Original transaction / Id", value: "8350" },
      { field: "Original transaction / Type", value: "DEPOSIT" },
      { field: "Original transaction / Amount", value: euro(90) },
    ]);
    expect(context).toContainEqual({
      field: "Original transaction / Processed by",
      value: "mary (#2)",
    });
  });

  test("an after that leaves a nested field out keeps it as context; a list's missing item is removed", () => {
    const before = { session: { ip: "203.0.113.9", browser: "Firefox" }, ids: [1, 2] };
    const after = { sessionEnded: true, ids: [1] };
    expect(auditDiff(before, after)).toEqual([
      { field: "Ids / 1", kind: "removed", before: "2", after: "" },
      { field: "Session ended", kind: "added", before: "", after: "Yes" },
    ]);
    expect(auditContext(before, after)).toEqual([
      { field: "Session / Ip", value: "203.0.113.9" },
      { field: "Session / Browser", value: "Firefox" },
    ]);
  });
});

describe("user ids in the details", () => {
  englishAfterEach();

  test("read by name with the id, a deleted user by the id alone", () => {
    const before = { id: 4, dismissedAt: null, dismissedBy: null, processedBy: 7 };
    const after = { id: 4, dismissedAt: ARCHIVED_AT, dismissedBy: 5, processedBy: 7 };
    expect(auditDiff(before, after, { 5: "boss" })).toEqual([
      {
        field: "Dismissed at",
        kind: "changed",
        before: "",
        after: formatDateTime(ARCHIVED_AT),
      },
      { field: "Dismissed by", kind: "changed", before: "", after: "boss (#5)" },
    ]);
    expect(auditDiff({ paidBy: 7 }, null)).toEqual([
      { field: "Paid by", kind: "removed", before: "#7", after: "" },
    ]);
  });

  test("a ledger party's id is a user's only beside a USER type", () => {
    const transfer = {
      fromEntityType: "USER",
      fromEntityId: 5,
      toEntityType: "SHOP",
      toEntityId: 5,
    };
    expect(
      auditDiff(null, transfer, { 5: "boss" }).map((line) => [line.field, line.after]),
    ).toEqual([
      ["From entity type", "USER"],
      ["From entity id", "boss (#5)"],
      ["To entity type", "SHOP"],
      ["To entity id", "5"],
    ]);
  });

  test("the entry dialog names them from the list's users", async () => {
    const ue = userEvent.setup();
    const entry: AuditEntryDto = auditEntryDto.parse({
      id: 77,
      actorId: 5,
      actorUsername: "boss",
      action: "alert.dismiss",
      entityType: "ALERT",
      entityId: "4",
      before: { id: 4, dismissedAt: null, dismissedBy: null },
      after: { id: 4, dismissedAt: ARCHIVED_AT, dismissedBy: 5 },
      ip: null,
      requestId: null,
      createdAt: "2026-11-22T10:00:00.000Z",
      users: { 5: "boss" },
    });
    renderApp("/admin/audit", "admin", {
      "GET /api/admin/audit": page([entry]),
      "GET /api/admin/users": page([]),
    });
    await ue.click(await screen.findByRole("button", { name: "Details of alert.dismiss #77" }));
    const dialog = await screen.findByRole("dialog", { name: "alert.dismiss #77" });
    const row = within(dialog)
      .getByRole("rowheader", { name: /Dismissed by/ })
      .closest("tr");
    expect(within(row as HTMLElement).getByText("boss (#5)").tagName).toBe("INS");
  });
});

describe("the audit filters", () => {
  englishAfterEach();

  const routes = (extra: Record<string, unknown> = {}) => ({
    "GET /api/admin/audit": page([]),
    "GET /api/admin/users": page([]),
    ...extra,
  });
  const audited = (calls: { path: string; search: URLSearchParams }[]) =>
    calls.filter((c) => c.path === "/api/admin/audit");

  test("the API token entity reads in words", async () => {
    renderApp("/admin/audit", "admin", routes());
    const entity = (await screen.findByLabelText("Entity")) as HTMLSelectElement;
    const labels = [...entity.options].map((o) => o.textContent);
    expect(labels).toContain("API token");
    expect(labels).not.toContain("Api_token");
  });

  test("an Entity ID that is no id says so at the field and is not asked for", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/admin/audit?entityType=CUSTOMER", "admin", routes());
    await screen.findByText("No audit entries found");
    const field = screen.getByLabelText("Entity ID");
    await ue.type(field, "abc");
    expect(await screen.findByText("Entity ID must be a positive whole number")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Correct the filters to see entries")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Export CSV" })).toBeNull();
    expect(audited(calls).some((c) => c.search.has("entityId"))).toBe(false);
    // A whole number again: asked for as the id the log records ("007" is 7).
    await ue.clear(field);
    await ue.type(field, "007");
    await waitFor(() =>
      expect(audited(calls).some((c) => c.search.get("entityId") === "7")).toBe(true),
    );
    expect(screen.queryByText("Entity ID must be a positive whole number")).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBeNull();
  });

  test("a From after the To says so at the To field and asks nothing", async () => {
    const { calls } = renderApp("/admin/audit?from=2026-11-30&to=2026-11-01", "admin", routes());
    expect(await screen.findByText("From is after To")).toBeTruthy();
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Correct the filters to see entries")).toBeTruthy();
    expect(audited(calls)).toEqual([]);
  });

  test("in German", async () => {
    renderApp(
      "/admin/audit?entityType=CUSTOMER&entityId=abc&from=2026-11-30&to=2026-11-01",
      "admin",
      routes({
        "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }),
        "GET /api/settings": settings(),
      }),
    );
    expect(await screen.findByText("Objekt-ID muss eine positive ganze Zahl sein")).toBeTruthy();
    expect(screen.getByText("Von-Datum liegt nach dem Bis-Datum")).toBeTruthy();
    expect(screen.getByText("Korrigieren Sie die Filter, um Einträge zu sehen")).toBeTruthy();
    const entity = screen.getByLabelText("Objekt") as HTMLSelectElement;
    expect([...entity.options].map((o) => o.textContent)).toContain("API-Token");
  });
});
