import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { shop } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import ShopFormDialog from "./shop-form-dialog";

describe("Add New Shop", () => {
  test("required messages appear on submit and clear on change", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<ShopFormDialog onClose={() => {}} />, "user");
    expect(screen.getByText("Add New Shop")).toBeTruthy();
    expect(
      (screen.getByLabelText("Shop is active and can accept bets") as HTMLInputElement).checked,
    ).toBe(true);
    await ue.click(screen.getByRole("button", { name: "Create Shop" }));
    expect(await screen.findByText("Shop name is required")).toBeTruthy();
    expect(screen.getByText("Location is required")).toBeTruthy();
    await ue.type(screen.getByLabelText("Shop Name *"), "North");
    await waitFor(() => expect(screen.queryByText("Shop name is required")).toBeNull());
    await ue.type(screen.getByLabelText("Location *"), "Cork");
    await waitFor(() => expect(screen.queryByText("Location is required")).toBeNull());
  });

  test("sends empty address and phone as null and reads 'Creating...' while pending", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<ShopFormDialog onClose={() => {}} />, "user", {
      "POST /api/shops": { pending: true },
    });
    await ue.type(screen.getByLabelText("Shop Name *"), "North");
    await ue.type(screen.getByLabelText("Location *"), "Cork{Enter}");
    expect(await screen.findByRole("button", { name: "Creating..." })).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "North",
      location: "Cork",
      address: null,
      phone: null,
      isActive: true,
    });
  });

  test("success toasts 'Shop created successfully'", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<ShopFormDialog onClose={() => {}} />, "user", {
      "POST /api/shops": { status: 201, body: shop() },
    });
    await ue.type(screen.getByLabelText("Shop Name *"), "North");
    await ue.type(screen.getByLabelText("Location *"), "Cork{Enter}");
    expect(await screen.findByText("Shop created successfully")).toBeTruthy();
  });
});
