import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { customer } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import type { Customer } from "../api/types";
import CustomerFormDialog from "./customer-form-dialog";

describe("Add New Customer", () => {
  test("required and email messages appear on submit and clear on change", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "user");
    expect(screen.getByText("Add New Customer")).toBeTruthy();
    expect((screen.getByLabelText("Credit Limit (€) *") as HTMLInputElement).value).toBe("0.00");
    await ue.type(screen.getByLabelText("Email"), "not-an-email");
    await ue.clear(screen.getByLabelText("Credit Limit (€) *"));
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    expect(await screen.findByText("First name is required")).toBeTruthy();
    expect(screen.getByText("Last name is required")).toBeTruthy();
    expect(screen.getByText("Invalid email")).toBeTruthy();
    expect(screen.getByText("Credit limit is required")).toBeTruthy();
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await waitFor(() => expect(screen.queryByText("First name is required")).toBeNull());
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne");
    await waitFor(() => expect(screen.queryByText("Last name is required")).toBeNull());
    await ue.clear(screen.getByLabelText("Email"));
    await waitFor(() => expect(screen.queryByText("Invalid email")).toBeNull());
    await ue.type(screen.getByLabelText("Credit Limit (€) *"), "-1");
    expect(await screen.findByText("Credit limit must be 0 or more")).toBeTruthy();
  });

  test("Create Customer reads 'Creating...' while pending", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "user", {
      "POST /api/customers": { pending: true },
    });
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne{Enter}");
    expect(await screen.findByRole("button", { name: "Creating..." })).toBeTruthy();
  });

  test("sends empty email, phone and address as null; toasts and closes on success", async () => {
    const ue = userEvent.setup();
    let closed = false;
    const { calls } = renderWithProviders(
      <CustomerFormDialog onClose={() => (closed = true)} />,
      "user",
      { "POST /api/customers": { status: 201, body: customer() } },
    );
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne{Enter}");
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      firstName: "Ann",
      lastName: "Byrne",
      email: null,
      phone: null,
      address: null,
      creditLimit: "0.00",
      allowOverdraft: false,
    });
    expect(await screen.findByText("Customer created successfully")).toBeTruthy();
  });

  test("Edit Customer patches the changed record with the same rules", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <CustomerFormDialog onClose={() => {}} customer={customer() as Customer} />,
      "user",
      { "PATCH /api/customers/:id": customer() },
    );
    expect(screen.getByText("Edit Customer")).toBeTruthy();
    await ue.clear(screen.getByLabelText("First Name *"));
    await ue.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("First name is required")).toBeTruthy();
    await ue.type(screen.getByLabelText("First Name *"), "Anne");
    await ue.clear(screen.getByLabelText("Credit Limit (€) *"));
    await ue.type(screen.getByLabelText("Credit Limit (€) *"), "250.5");
    await ue.click(screen.getByLabelText("Customer is active"));
    await ue.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({
      firstName: "Anne",
      creditLimit: "250.50",
      isActive: false,
    });
  });
});
