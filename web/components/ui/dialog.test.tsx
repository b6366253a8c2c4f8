import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bet, shop } from "../../test/fixtures";
import { page, renderApp } from "../../test/render";

describe("dialogs", () => {
  test("Escape closes Add New Shop and Void Bet", async () => {
    const ue = userEvent.setup();
    const shops = renderApp("/shops", "user", { "GET /api/shops": page([shop()]) });
    await ue.click(await screen.findByRole("button", { name: "Add Shop" }));
    await ue.click(await screen.findByLabelText("Shop Name *"));
    await ue.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByText("Add New Shop")).toBeNull());
    shops.unmount();

    renderApp("/bets", "user", { "GET /api/bets": page([bet()]) });
    await ue.click(await screen.findByRole("button", { name: "Void" }));
    await ue.click(await screen.findByLabelText("Reason for voiding this bet *"));
    await ue.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByLabelText("Reason for voiding this bet *")).toBeNull(),
    );
  });

  test("Escape in an open picker closes its list, not the dialog", async () => {
    const ue = userEvent.setup();
    renderApp("/bets", "user", {
      "GET /api/bets": page([]),
      "GET /api/customers": page([]),
      "GET /api/shops": page([]),
    });
    await ue.click(await screen.findByRole("button", { name: "New Bet" }));
    await ue.click(await screen.findByRole("combobox", { name: "Customer" }));
    expect(screen.getByRole("listbox", { name: "Customer results" })).toBeTruthy();
    await ue.keyboard("{Escape}");
    expect(screen.queryByRole("listbox", { name: "Customer results" })).toBeNull();
    expect(screen.getByText("Place New Bet")).toBeTruthy();
    await ue.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByText("Place New Bet")).toBeNull());
  });
});
