import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../../../test/render";

const lists = {
  "GET /api/shifts": { body: [], headers: { "X-Total-Count": "0" } },
  "GET /api/shops": {
    body: [
      { id: 3, name: "Central" },
      { id: 4, name: "Quay Street" },
    ],
    headers: { "X-Total-Count": "2" },
  },
  "GET /api/admin/users": {
    body: [
      { id: 1, username: "admin", role: "admin" },
      { id: 2, username: "mary.kelly", role: "user" },
      { id: 9, username: "aoife.portal", role: "customer" },
    ],
    headers: { "X-Total-Count": "3" },
  },
};

describe("the Shifts list's filters", () => {
  test("an admin filters by shop and by cashier (staff and admins, not customer logins)", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/shifts", "admin", lists);
    const cashier = (await screen.findByLabelText("Cashier")) as HTMLSelectElement;
    await waitFor(() => expect(cashier.options.length).toBe(3));
    expect([...cashier.options].map((o) => o.text)).toEqual([
      "All cashiers",
      "admin",
      "mary.kelly",
    ]);
    await ue.selectOptions(screen.getByLabelText("Shop"), "Quay Street");
    await ue.selectOptions(cashier, "mary.kelly");
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === "/api/shifts" &&
            c.search.get("shopId") === "4" &&
            c.search.get("userId") === "2",
        ),
      ).toBe(true),
    );
  });

  test("staff see their own shifts: a shop filter, no cashier filter, no users list asked", async () => {
    const { calls } = renderApp("/shifts", "user", lists);
    expect(await screen.findByLabelText("Shop")).toBeTruthy();
    expect(screen.queryByLabelText("Cashier")).toBeNull();
    expect(calls.some((c) => c.path === "/api/admin/users")).toBe(false);
  });
});
