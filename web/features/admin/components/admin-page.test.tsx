import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { page, renderApp } from "../../../test/render";

const health = {
  systemStatus: "operational",
  databaseStatus: "disconnected",
  databaseLatency: 2,
  lastCheck: "2026-01-01T00:00:00Z",
  activeSessions: 3,
  uptime: 7500,
};

function renderAdmin(extra = {}) {
  return renderApp("/admin", "admin", {
    "GET /api/health": health,
    "GET /api/admin/users": page([
      { id: 2, username: "sam", role: "user", createdAt: "2026-01-01T00:00:00Z" },
    ]),
    ...extra,
  });
}

describe("admin page", () => {
  test("status cards, uptime in hours and minutes, fixed system information", async () => {
    renderAdmin();
    expect(await screen.findByText("Operational")).toBeTruthy();
    expect(screen.getByText("Disconnected")).toBeTruthy();
    expect(screen.getByText("2h 5m")).toBeTruthy();
    expect(screen.getByText("1.0.0")).toBeTruthy();
    expect(screen.getByText("Production")).toBeTruthy();
    expect(screen.getByText("99.9%")).toBeTruthy();
    expect(
      screen.getByText(
        "Reversing a transaction archives the original and creates an opposite one.",
      ),
    ).toBeTruthy();
  });

  test("validation messages of recalculation, reversal and create user", async () => {
    const ue = userEvent.setup();
    renderAdmin();
    await ue.click(await screen.findByRole("button", { name: "Recalculate Balance" }));
    expect(await screen.findByText("Entity type and ID are required")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Reverse Transaction" }));
    expect(await screen.findByText("Transaction ID is required")).toBeTruthy();
    await ue.click(screen.getByRole("button", { name: "Create User" }));
    expect((await screen.findAllByText("Username and password are required")).length).toBe(2);
  });

  test("recalculation toasts the new balance", async () => {
    const ue = userEvent.setup();
    renderAdmin({
      "POST /api/admin/recalculate-balance": {
        entityType: "CUSTOMER",
        entityId: 7,
        balance: "12.50",
        previousBalance: "10.00",
        drift: "2.50",
      },
    });
    await ue.selectOptions(await screen.findByLabelText("Entity Type"), "CUSTOMER");
    await ue.type(screen.getByLabelText("Entity ID"), "7{Enter}");
    expect(await screen.findByText("Balance recalculated. New balance: €12.50")).toBeTruthy();
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
    expect(await screen.findByText("User role updated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ role: "admin" });
    await ue.type(screen.getByLabelText("Username"), "kim");
    await ue.type(screen.getByLabelText("Password"), "longenough{Enter}");
    expect(await screen.findByText("User created successfully")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/admin/users" && c.method === "POST")?.body).toEqual({
      username: "kim",
      password: "longenough",
      role: "user",
    });
  });

  test("delete all data needs two confirmations", async () => {
    const ue = userEvent.setup();
    const { calls } = renderAdmin({
      "DELETE /api/admin/delete-all-data": { message: "All data deleted" },
    });
    const answers = [true, false];
    window.confirm = () => answers.shift() ?? false;
    await ue.click(await screen.findByRole("button", { name: "Delete All Data" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    let asked = 0;
    window.confirm = () => {
      asked += 1;
      return true;
    };
    await ue.click(screen.getByRole("button", { name: "Delete All Data" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(asked).toBe(2);
    expect(await screen.findByText("All data has been deleted successfully")).toBeTruthy();
  });
});
