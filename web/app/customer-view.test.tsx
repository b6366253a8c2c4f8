/**
 * Issue 25 item 8: a customer login is sent no staff names or ids (decisions/047), so its
 * screens say "Staff" where staff's screens name the user, and never "Unknown", "System" or
 * "a removed user" for what staff did. Staff's screens still name and link the user.
 */
import { describe, expect, test } from "bun:test";
import { screen, within } from "@testing-library/react";
import { bet, transaction } from "../test/fixtures";
import { page, renderApp } from "../test/render";

/** What the server sends a customer login: every staff reference null. */
const noStaff = { placedBy: null, placedByUser: null, resolvedBy: null, resolvedByUser: null };
const settled = bet({
  id: 12,
  ...noStaff,
  status: "WON",
  outcome: "WON",
  actualPayout: "50.00",
  resolvedAt: "2026-01-04T10:00:00.000Z",
});

describe("a customer login's own screens", () => {
  test("My Bets: who placed and settled each bet is Staff, not Unknown", async () => {
    renderApp("/bets", "customer", { "GET /api/bets": page([bet(noStaff), settled]) });
    await screen.findByTitle(/^Placed by Staff on .*, settled by Staff on /);
    // Placed: both bets; Resolved by: only the settled one (the open one was settled by no one).
    expect(screen.getAllByText("Staff").length).toBe(3);
    expect(screen.getAllByTitle(/^Placed by Staff on /).length).toBe(2);
    for (const word of ["Unknown", "admin"]) expect(screen.queryByText(word)).toBeNull();
    // Nothing links to a user's page.
    expect(document.querySelector("table")).not.toBeNull();
    expect(document.querySelector('table a[href^="/users/"]')).toBeNull();
  });

  test("My Transactions: Processed By is Staff, not System", async () => {
    renderApp("/transactions", "customer", {
      "GET /api/transactions": page([transaction({ processedBy: null, processedByUser: null })]),
    });
    expect(await screen.findByText("Staff")).toBeTruthy();
    for (const word of ["System", "admin"]) expect(screen.queryByText(word)).toBeNull();
    expect(document.querySelector("table")).not.toBeNull();
    expect(document.querySelector('table a[href^="/users/"]')).toBeNull();
  });

  test("a settled bet's page says Placed By and Resolved By Staff, and its history", async () => {
    renderApp("/bets/12", "customer", {
      "GET /api/bets/:id": settled,
      "GET /api/bets/:id/settlements": [
        {
          id: 1,
          betId: 12,
          fromStatus: "LOST",
          fromPayout: null,
          fromVoidReason: null,
          fromResolvedAt: "2026-01-04T09:00:00.000Z",
          fromResolvedByUser: null,
          toStatus: "WON",
          toPayout: "50.00",
          toVoidReason: null,
          reason: "Photo finish misread",
          createdAt: "2026-01-04T10:00:00.000Z",
          settledByUser: null,
        },
      ],
      "GET /api/transactions": page([]),
    });
    const placed = (await screen.findByText("Placed By")).closest("div") as HTMLElement;
    expect(within(placed).getByText("Staff")).toBeTruthy();
    const resolved = screen.getByText("Resolved By").closest("div") as HTMLElement;
    expect(within(resolved).getByText("Staff")).toBeTruthy();
    const history = await screen.findByTestId("settlement-history");
    expect(history.textContent).toContain("Changed by Staff on");
    expect(history.textContent).toContain("It had been settled by Staff on");
    expect(history.textContent).not.toContain("a removed user");
  });
});

describe("staff's screens", () => {
  test("still name and link the user who placed the bet", async () => {
    renderApp("/bets/11", "user", {
      "GET /api/bets/:id": bet(),
      "GET /api/transactions": page([]),
    });
    const placed = (await screen.findByText("Placed By")).closest("div") as HTMLElement;
    expect(within(placed).getByRole("link", { name: "admin" }).getAttribute("href")).toBe(
      "/users/1",
    );
  });
});
