/**
 * The shop a deposit or withdrawal starts with while the user has an open shift, and the
 * warning when another is chosen (decision 088): a movement at another shop is recorded in
 * no shift, so with REQUIRE_SHIFT off a mis-pick left the till's cash-up short of it silently.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { focusManager } from "@tanstack/react-query";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { customer, shift, shop, transaction } from "../../../test/fixtures";
import { page, renderWithProviders, user } from "../../../test/render";
import CashMovementDialog from "./cash-movement-dialog";

const CENTRAL = shop({ id: 3, name: "Central" });
const MAIN_STREET = shop({ id: 4, name: "Main Street" });
const WARNING =
  "Not your shift's shop: your open shift is at Main Street. This cash will not count in your shift's till, nor in its cash-up.";

function setup(
  options: {
    open?: boolean;
    workingShopId?: number | null;
    language?: "de";
    kind?: "deposit" | "withdrawal";
  } = {},
) {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <CashMovementDialog kind={options.kind ?? "deposit"} onClose={() => {}} customerId={7} />,
    "user",
    {
      "GET /api/user": userDto.parse({
        ...user("user"),
        shopId: options.workingShopId ?? null,
        language: options.language ?? null,
      }),
      "GET /api/shifts/current": options.open === false ? null : shift(),
      "GET /api/customers/:id": customer(),
      "GET /api/shops/:id": ({ path }: { path: string }) =>
        path.endsWith("/4") ? MAIN_STREET : CENTRAL,
      "GET /api/shops": page([CENTRAL, MAIN_STREET]),
      "POST /api/deposits": { status: 201, body: transaction() },
    },
  );
  return { ue, ...view };
}

const shopBox = () => screen.getByRole("combobox", { name: "Shop" }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

describe("a cash movement while a shift is open", () => {
  test("with no working shop, the shop starts as the open shift's, with no warning", async () => {
    setup({ workingShopId: null });
    await waitFor(() => expect(shopBox().value).toBe("Main Street"));
    expect(screen.queryByTestId("shift-shop")).toBeNull();
  });

  test("the open shift's shop comes before the working shop", async () => {
    setup({ workingShopId: 3, kind: "withdrawal" });
    await waitFor(() => expect(shopBox().value).toBe("Main Street"));
    expect(screen.queryByTestId("shift-shop")).toBeNull();
  });

  test("another shop picked: the warning says the cash will not count in the till; it is still sent", async () => {
    const { ue, calls } = setup();
    await waitFor(() => expect(shopBox().value).toBe("Main Street"));
    await ue.clear(shopBox());
    await ue.type(shopBox(), "Cen");
    await ue.click(await screen.findByRole("option", { name: /Central/ }));
    expect((await screen.findByTestId("shift-shop")).textContent).toBe(WARNING);
    await ue.type(screen.getByLabelText("Amount (€)"), "30{Enter}");
    await waitFor(() => expect(calls.some((c) => c.path === "/api/deposits")).toBe(true));
    expect(calls.find((c) => c.path === "/api/deposits")?.body).toMatchObject({ shopId: 3 });
  });

  test("without an open shift the working shop stays the default, and nothing warns", async () => {
    setup({ open: false, workingShopId: 3 });
    await waitFor(() => expect(shopBox().value).toBe("Central"));
    await screen.findByRole("region", { name: "Customer Balance Info" });
    expect(screen.queryByTestId("shift-shop")).toBeNull();
  });

  test("the shift closed elsewhere while the dialog is open: the shop on screen stays", async () => {
    let open = true;
    const { calls } = renderWithProviders(
      <CashMovementDialog kind="deposit" onClose={() => {}} customerId={7} />,
      "user",
      {
        "GET /api/user": userDto.parse({ ...user("user"), shopId: 3 }),
        "GET /api/shifts/current": () => (open ? shift() : null),
        "GET /api/customers/:id": customer(),
        "GET /api/shops/:id": ({ path }: { path: string }) =>
          path.endsWith("/4") ? MAIN_STREET : CENTRAL,
        "GET /api/shops": page([CENTRAL, MAIN_STREET]),
      },
    );
    await waitFor(() => expect(shopBox().value).toBe("Main Street"));
    const asked = () => calls.filter((c) => c.path === "/api/shifts/current").length;
    const before = asked();
    open = false;
    // The cashier comes back to the window: the app reads the shift again, now none.
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(asked()).toBeGreaterThan(before), { timeout: 30_000 });
    await screen.findByRole("region", { name: "Customer Balance Info" });
    // Not the working shop (Central) put in silently: what the cashier saw stays.
    expect(shopBox().value).toBe("Main Street");
  });

  test("in German the warning is German", async () => {
    const { ue } = setup({ language: "de" });
    const box = async () =>
      (await screen.findByRole("combobox", { name: "Filiale" })) as HTMLInputElement;
    await waitFor(async () => expect((await box()).value).toBe("Main Street"));
    await ue.clear(await box());
    await ue.type(await box(), "Cen");
    await ue.click(await screen.findByRole("option", { name: /Central/ }));
    expect((await screen.findByTestId("shift-shop")).textContent).toBe(
      "Nicht die Filiale Ihrer Schicht: Ihre offene Schicht ist in Main Street. Dieses Bargeld zählt nicht zur Kasse Ihrer Schicht und nicht zu ihrem Kassenabschluss.",
    );
  });
});
