/**
 * An account bet's shop while the user has an open shift (decision 088): it starts as the
 * shift's shop (not the working shop, not empty), a shop page's own shop stays, and choosing
 * a shop other than the shift's shows a warning, in English and in German.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { bet, customer, shift, shop } from "../../../test/fixtures";
import { page, renderWithProviders, user } from "../../../test/render";
import NewBetDialog from "./new-bet-dialog";

const CENTRAL = shop({ id: 3, name: "Central" });
const MAIN_STREET = shop({ id: 4, name: "Main Street" });

function setup(options: { shopId?: number; workingShopId?: number | null; language?: "de" } = {}) {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <NewBetDialog onClose={() => {}} customerId={7} shopId={options.shopId} />,
    "user",
    {
      "GET /api/user": userDto.parse({
        ...user("user"),
        shopId: options.workingShopId ?? null,
        language: options.language ?? null,
      }),
      // The user's open shift is at Main Street.
      "GET /api/shifts/current": shift(),
      "GET /api/customers/:id": customer(),
      "GET /api/shops/:id": ({ path }: { path: string }) =>
        path.endsWith("/4") ? MAIN_STREET : CENTRAL,
      "GET /api/shops": page([CENTRAL, MAIN_STREET]),
      "POST /api/bets": { status: 201, body: bet() },
    },
  );
  return { ue, ...view };
}

const shopBox = (name = "Shop") => screen.getByRole("combobox", { name }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

describe("an account bet while a shift is open", () => {
  test("the shop starts as the shift's, before the working shop, and is sent", async () => {
    const { ue, calls } = setup({ workingShopId: 3 });
    await waitFor(() => expect(shopBox().value).toBe("Main Street"));
    expect(screen.queryByTestId("shift-shop")).toBeNull();
    await ue.type(screen.getByLabelText("Description"), "Derby");
    await ue.type(screen.getByLabelText("Stake Amount (€)"), "5");
    await ue.type(screen.getByLabelText("Odds"), "2");
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/bets")).toBe(true));
    expect(calls.find((c) => c.path === "/api/bets")?.body).toMatchObject({ shopId: 4 });
  });

  test("another shop picked: the warning names the shift's shop", async () => {
    const { ue } = setup();
    await waitFor(() => expect(shopBox().value).toBe("Main Street"));
    await ue.clear(shopBox());
    await ue.type(shopBox(), "Cen");
    await ue.click(await screen.findByRole("option", { name: /Central/ }));
    expect((await screen.findByTestId("shift-shop")).textContent).toBe(
      "Not your shift's shop: your open shift is at Main Street. This bet will be booked to the shop chosen here.",
    );
    // Cash: the shift's shop, always; no picker, no warning.
    await ue.click(screen.getByRole("radio", { name: "Cash" }));
    await waitFor(() => expect(screen.queryByTestId("shift-shop")).toBeNull());
  });

  test("opened from a shop's page, that shop stays, and the warning says it is not the shift's", async () => {
    setup({ shopId: 3 });
    await waitFor(() => expect(shopBox().value).toBe("Central"));
    expect((await screen.findByTestId("shift-shop")).textContent).toContain(
      "your open shift is at Main Street",
    );
  });

  test("in German the warning is German", async () => {
    setup({ shopId: 3, language: "de" });
    await waitFor(() => expect(shopBox("Filiale").value).toBe("Central"));
    await waitFor(() =>
      expect(screen.getByTestId("shift-shop").textContent).toBe(
        "Nicht die Filiale Ihrer Schicht: Ihre offene Schicht ist in Main Street. Diese Wette wird der hier gewählten Filiale zugebucht.",
      ),
    );
  });
});
