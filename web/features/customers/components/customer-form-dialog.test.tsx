import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "../../../i18n";
import { setLanguageChosenByUser } from "../../../lib/locale";
import { customer } from "../../../test/fixtures";
import { englishAfterEach, renderWithProviders, user } from "../../../test/render";
import { useCustomerStats } from "../api/get-customer-stats";
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
      dateOfBirth: null,
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

describe("four eyes on risk (issue 10)", () => {
  /** STAFF_MAX_CREDIT_LIMIT as GET /api/settings answers it (not the default, so its arrival shows). */
  const settings = (creditLimitCap = "2000.00") => ({
    "GET /api/settings": { largeAmount: "1000.00", creditLimitCap, backupIntervalHours: null },
  });
  /** An admin's form does not depend on the settings: they never answer. */
  const noSettings = { "GET /api/settings": { pending: true } };

  /** The text of the elements an element's aria-describedby names. */
  const description = (element: HTMLElement) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");

  test("staff see the cap, and Allow overdraft disabled with the reason tied to it", async () => {
    renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "user", settings());
    expect(await screen.findByText("A credit limit above €2,000.00 needs an admin.")).toBeTruthy();
    const overdraft = screen.getByLabelText("Allow overdraft") as HTMLInputElement;
    expect(overdraft.disabled).toBe(true);
    expect(screen.getByText("Only an admin can allow overdraft")).toBeTruthy();
    expect(description(overdraft)).toBe("Only an admin can allow overdraft");
  });

  test("an admin may tick it and sees neither the cap nor a reason", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "admin", noSettings);
    const overdraft = screen.getByLabelText("Allow overdraft") as HTMLInputElement;
    // The role arrives with the session: wait until the form knows it is an admin's.
    await waitFor(() => expect(overdraft.disabled).toBe(false));
    expect(overdraft.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText("Only an admin can allow overdraft")).toBeNull();
    expect(screen.queryByText(/needs an admin/)).toBeNull();
    await ue.click(overdraft);
    expect(overdraft.checked).toBe(true);
  });

  test("staff asking for a credit limit above the cap are told why and nothing is sent", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "user", {
      ...settings("500.00"),
      "POST /api/customers": { status: 201, body: customer() },
    });
    await screen.findByText("A credit limit above €500.00 needs an admin.");
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne");
    const limit = screen.getByLabelText("Credit Limit (€) *");
    await ue.clear(limit);
    await ue.type(limit, "99.999.999,99");
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    const reason = "Only an admin can set a credit limit above €500.00";
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(description(limit)).toBe(reason);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    // Up to the cap is fine.
    await ue.clear(limit);
    await ue.type(limit, "500");
    await waitFor(() => expect(screen.queryByText(reason)).toBeNull());
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ creditLimit: "500.00" });
  });

  test("an admin may set any credit limit and allow overdraft", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "admin", {
      ...noSettings,
      "POST /api/customers": { status: 201, body: customer() },
    });
    const overdraft = screen.getByLabelText("Allow overdraft") as HTMLInputElement;
    await waitFor(() => expect(overdraft.disabled).toBe(false));
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne");
    const limit = screen.getByLabelText("Credit Limit (€) *");
    await ue.clear(limit);
    await ue.type(limit, "99999999.99");
    await ue.click(overdraft);
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      creditLimit: "99999999.99",
      allowOverdraft: true,
    });
    expect(await screen.findByText("Customer created successfully")).toBeTruthy();
  });

  test("staff editing a customer keep what an admin gave: a limit above the cap and overdraft", async () => {
    const ue = userEvent.setup();
    const given = customer({ creditLimit: "5000.00", allowOverdraft: true }) as Customer;
    const { calls } = renderWithProviders(
      <CustomerFormDialog onClose={() => {}} customer={given} />,
      "user",
      { ...settings(), "PATCH /api/customers/:id": given },
    );
    await screen.findByText("A credit limit above €2,000.00 needs an admin.");
    const overdraft = screen.getByLabelText("Allow overdraft") as HTMLInputElement;
    expect(overdraft.disabled).toBe(false);
    expect(overdraft.checked).toBe(true);
    await ue.clear(screen.getByLabelText("Last Name *"));
    await ue.type(screen.getByLabelText("Last Name *"), "Murray");
    await ue.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({
      lastName: "Murray",
      creditLimit: "5000.00",
      allowOverdraft: true,
    });
    expect(await screen.findByText("Customer updated successfully")).toBeTruthy();
  });

  test("staff editing cannot raise a limit above the cap", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <CustomerFormDialog onClose={() => {}} customer={customer() as Customer} />,
      "user",
      { ...settings(), "PATCH /api/customers/:id": customer() },
    );
    await screen.findByText("A credit limit above €2,000.00 needs an admin.");
    const limit = screen.getByLabelText("Credit Limit (€) *");
    await ue.clear(limit);
    await ue.type(limit, "2000.01");
    await ue.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(
      await screen.findByText("Only an admin can set a credit limit above €2,000.00"),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });
});

describe("date of birth (issue 20)", () => {
  test("Add New Customer asks for it and sends it", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "user", {
      "POST /api/customers": { status: 201, body: customer() },
    });
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne");
    await ue.type(screen.getByLabelText("Date of Birth"), "1990-04-12");
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      dateOfBirth: "1990-04-12",
    });
  });

  test("the server's under-age refusal shows beside the date and the dialog stays", async () => {
    const ue = userEvent.setup();
    let closed = false;
    const message = "Customer is under 18";
    renderWithProviders(<CustomerFormDialog onClose={() => (closed = true)} />, "user", {
      "POST /api/customers": {
        status: 422,
        body: { message, code: "UNPROCESSABLE", fields: { dateOfBirth: message } },
      },
    });
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne");
    await ue.type(screen.getByLabelText("Date of Birth"), "2015-01-01");
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    // Beside the field, and in the error toast.
    await waitFor(() => expect(screen.getAllByText(message).length).toBe(2));
    expect(screen.getByLabelText("Date of Birth").getAttribute("aria-invalid")).toBe("true");
    expect(closed).toBe(false);
  });
});

describe("the under-age refusal in the language shown (issue 23, decision 070)", () => {
  englishAfterEach();

  test("beside the date: the API's English, then German from its reason", async () => {
    const ue = userEvent.setup();
    // The body as the server answers it (src/modules/customers/age.ts).
    const message = "Customer is under 18";
    renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "user", {
      "POST /api/customers": {
        status: 422,
        body: {
          message,
          code: "UNPROCESSABLE",
          reason: "UNDER_AGE",
          params: { minAge: 18 },
          fields: { dateOfBirth: message },
        },
      },
    });
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne");
    const date = screen.getByLabelText("Date of Birth");
    await ue.type(date, "2015-01-01");
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    const beside = () => document.getElementById(`${date.id}-error`)?.textContent;
    await waitFor(() => expect(beside()).toBe(message));
    act(() => applyLanguage("de"));
    expect(beside()).toBe("Der Kunde ist unter 18");
    // The dialog's summary of refused fields follows the field.
    const dialog = screen.getByRole("dialog");
    await waitFor(() => expect(dialog.textContent).not.toContain(message));
  });
});

describe("text that is not plain (issue 25 item 11)", () => {
  test("a bidi override in a name is refused beside the field and nothing is sent", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(<CustomerFormDialog onClose={() => {}} />, "user", {
      "POST /api/customers": { status: 201, body: customer() },
    });
    const first = screen.getByLabelText("First Name *");
    await ue.click(first);
    await ue.paste("\u202Egnp.exe");
    await ue.type(screen.getByLabelText("Last Name *"), "Zoë Ó Súilleabháin");
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    const message = "First name must not contain a text-direction control (U+202E)";
    expect(await screen.findByText(message)).toBeTruthy();
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(/Last name must not/)).toBeNull();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("the server's 400 naming a field shows beside that field and the dialog stays", async () => {
    const ue = userEvent.setup();
    let closed = false;
    const message = "Last name must not contain a control character (U+0000)";
    renderWithProviders(<CustomerFormDialog onClose={() => (closed = true)} />, "user", {
      "POST /api/customers": {
        status: 400,
        body: { message, code: "VALIDATION", fields: { lastName: message } },
      },
    });
    await ue.type(screen.getByLabelText("First Name *"), "Ann");
    await ue.type(screen.getByLabelText("Last Name *"), "Byrne");
    await ue.click(screen.getByRole("button", { name: "Create Customer" }));
    // Beside the field, and in the error toast.
    await waitFor(() => expect(screen.getAllByText(message).length).toBe(2));
    expect(screen.getByLabelText("Last Name *").getAttribute("aria-invalid")).toBe("true");
    expect(closed).toBe(false);
  });
});

/** Beside the dialog, customer 7's stats as the page's Account Summary reads them. */
function Summary() {
  const { data } = useCustomerStats(7);
  return data ? <p>Pending: {data.activeBets}</p> : null;
}

describe("closing an account that still holds something", () => {
  afterEach(() => {
    // Unmounted first: a language change re-renders every mounted screen.
    cleanup();
    setLanguageChosenByUser(false);
    applyLanguage("en");
  });
  const stats = (activeBets: number) => ({
    "GET /api/customers/:id/stats": {
      totalBets: activeBets + 3,
      activeBets,
      wonBets: 1,
      placedBets: 0,
      lostBets: 2,
      voidBets: 0,
    },
    "PATCH /api/customers/:id": customer({ isActive: false }),
  });
  const edit = (overrides: Partial<Customer>, activeBets: number) =>
    renderWithProviders(
      <CustomerFormDialog onClose={() => {}} customer={customer(overrides) as Customer} />,
      "admin",
      stats(activeBets),
    );

  test("unticking active warns of the balance and pending bets; saving still closes", async () => {
    const ue = userEvent.setup();
    const { calls } = edit({ balance: "12.50" }, 2);
    expect(screen.queryByRole("alert")).toBeNull();
    await ue.click(screen.getByLabelText("Customer is active"));
    const warning = await screen.findByText(
      /^This account still holds: balance €12\.50; 2 pending bets\./,
    );
    expect(warning.textContent).toContain("takes no deposits, withdrawals or new bets");
    expect(calls.some((c) => c.path === "/api/customers/7/stats")).toBe(true);
    // Ticked again, nothing to warn of.
    await ue.click(screen.getByLabelText("Customer is active"));
    await waitFor(() => expect(screen.queryByText(/still holds/)).toBeNull());
    await ue.click(screen.getByLabelText("Customer is active"));
    await screen.findByText(/still holds/);
    await ue.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ isActive: false }),
    );
  });

  test("a negative balance and one pending bet are named; only what is held", async () => {
    const ue = userEvent.setup();
    edit({ balance: "-5.00", allowOverdraft: true }, 0);
    await ue.click(screen.getByLabelText("Customer is active"));
    expect(
      await screen.findByText(/^This account still holds: balance -€5\.00\. A closed/),
    ).toBeTruthy();
  });

  test("one pending bet on a zero balance", async () => {
    const ue = userEvent.setup();
    edit({ balance: "0.00" }, 1);
    await ue.click(screen.getByLabelText("Customer is active"));
    expect(
      await screen.findByText(/^This account still holds: 1 pending bet\. A closed/),
    ).toBeTruthy();
  });

  test("nothing held: no warning", async () => {
    const ue = userEvent.setup();
    renderWithProviders(
      <>
        <CustomerFormDialog
          onClose={() => {}}
          customer={customer({ balance: "0.00" }) as Customer}
        />
        <Summary />
      </>,
      "admin",
      stats(0),
    );
    await ue.click(screen.getByLabelText("Customer is active"));
    // The stats have arrived (zero pending bets): still nothing to warn of.
    expect(await screen.findByText("Pending: 0")).toBeTruthy();
    expect(screen.queryByText(/still holds/)).toBeNull();
  });

  test("an account already closed: opening it again warns of nothing", async () => {
    const ue = userEvent.setup();
    const { calls } = edit({ isActive: false, balance: "12.50" }, 2);
    await ue.click(screen.getByLabelText("Customer is active"));
    await ue.click(screen.getByLabelText("Customer is active"));
    expect(screen.queryByText(/still holds/)).toBeNull();
    expect(calls.some((c) => c.path === "/api/customers/7/stats")).toBe(false);
  });

  test("in German", async () => {
    const ue = userEvent.setup();
    // An admin who chose German on their own page.
    renderWithProviders(
      <CustomerFormDialog
        onClose={() => {}}
        customer={customer({ balance: "1234.50" }) as Customer}
      />,
      "admin",
      { ...stats(2), "GET /api/user": { ...user("admin"), language: "de" } },
    );
    await ue.click(await screen.findByLabelText("Kunde ist aktiv"));
    const warning = await screen.findByText(/^Dieses Konto hat noch: Kontostand/);
    expect(warning.textContent?.replace(/\u00a0/g, " ")).toStartWith(
      "Dieses Konto hat noch: Kontostand 1.234,50 €; 2 offene Wetten. Ein geschlossenes Konto",
    );
  });
});
