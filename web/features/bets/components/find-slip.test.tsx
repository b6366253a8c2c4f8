import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { page, renderApp, renderWithProviders } from "../../../test/render";
import FindSlip from "./find-slip";

const slip = (betId: number) => ({
  betId,
  code: "7KX4QM9TRB",
  shop: { id: 3, name: "Main Street", location: "Dublin", address: null, phone: null },
  customer: { id: 7, firstName: "Ada", lastName: "Lovelace" },
  description: "Arsenal to win",
  stakeAmount: "10.00",
  odds: "2.50",
  price: "2.50",
  potentialPayout: "25.00",
  status: "PENDING",
  placedAt: "2026-11-22T12:00:00.000Z",
  staff: "user-user",
});

describe("Find slip", () => {
  test("a code typed in lower case with a dash opens its bet on Enter", async () => {
    const ue = userEvent.setup();
    const { calls, location } = renderWithProviders(<FindSlip />, "user", {
      "GET /api/slips/:code": slip(42),
    });
    await ue.type(await screen.findByRole("textbox", { name: "Find slip" }), "7kx4q-m9trb{Enter}");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets/42"));
    expect(calls.find((c) => c.path.startsWith("/api/slips/"))?.path).toBe("/api/slips/7KX4QM9TRB");
  });

  test("a code no bet matches says so, and what is no code is not sent", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<FindSlip />, "user", {
      "GET /api/slips/:code": {
        status: 404,
        body: { message: "Slip not found", code: "NOT_FOUND" },
      },
    });
    const box = await screen.findByRole("textbox", { name: "Find slip" });
    await ue.type(box, "ZZZZZZZZZZ{Enter}");
    expect((await screen.findByRole("alert")).textContent).toContain(
      "No bet matches the slip code ZZZZZ-ZZZZZ",
    );
    await ue.clear(box);
    await ue.type(box, "hello{Enter}");
    expect((await screen.findByRole("alert")).textContent).toContain('"hello" is not a slip code');
    expect(calls.filter((c) => c.path.startsWith("/api/slips/"))).toHaveLength(1);
  });

  test("is not offered to a customer login", async () => {
    // The whole Bets page: once its table has loaded, the box would be there for staff.
    for (const role of ["user", "customer"] as const) {
      const view = renderApp("/bets", role, { "GET /api/bets": page([]) });
      await screen.findByText("No bets found");
      const box = screen.queryByRole("textbox", { name: "Find slip" });
      expect({ role, box: box !== null }).toEqual({ role, box: role === "user" });
      view.unmount();
    }
  });
});
