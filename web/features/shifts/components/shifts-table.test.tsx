import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import { shift } from "../../../test/fixtures";
import { pretendPhone } from "../../../test/phone";
import { englishAfterEach, page, renderApp, user } from "../../../test/render";

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

describe("the Shifts list's status", () => {
  englishAfterEach();
  const shifts = {
    ...lists,
    "GET /api/shifts": page([
      shift({ id: 5, status: "OPEN" }),
      shift({
        id: 4,
        status: "CLOSED",
        closedAt: "2026-01-02T17:00:00.000Z",
        countedCash: "100.00",
        discrepancy: "0.00",
      }),
    ]),
  };

  test("English shows the codes, as every status code (decision 065)", async () => {
    renderApp("/shifts", "admin", shifts);
    const table = await screen.findByRole("table");
    expect(await within(table).findByText("OPEN")).toBeTruthy();
    expect(within(table).getByText("CLOSED")).toBeTruthy();
  });

  test("German shows the words the status filter offers, not the codes", async () => {
    renderApp("/shifts", "admin", {
      ...shifts,
      "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }),
    });
    const table = await screen.findByRole("table");
    await within(table).findByText("Offen");
    const cells = within(table)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells.filter((c) => c === "Offen" || c === "Geschlossen")).toEqual([
      "Offen",
      "Geschlossen",
    ]);
    expect(cells.some((c) => c === "OPEN" || c === "CLOSED")).toBe(false);
  });

  test("a phone's cards show the German word too", async () => {
    const restore = pretendPhone();
    try {
      renderApp("/shifts", "admin", {
        ...shifts,
        "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }),
      });
      const cards = await screen.findAllByTestId("list-card");
      expect(
        cards.map((c) => c.textContent?.match(/Status(OPEN|CLOSED|Offen|Geschlossen)/)?.[1]),
      ).toEqual(["Offen", "Geschlossen"]);
    } finally {
      restore();
    }
  });
});
