/** The pickers at the counter (issue 9): the Enter race, ArrowDown, leaving typed text. */
import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { customer, shop, transaction } from "../../../test/fixtures";
import { page, renderWithProviders } from "../../../test/render";
import CashMovementDialog from "./cash-movement-dialog";

const athlone = shop({ id: 1, name: "Athlone" });
const cork = shop({ id: 2, name: "Cork" });

function setup() {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <CashMovementDialog kind="deposit" onClose={() => {}} customerId={7} />,
    "user",
    {
      "GET /api/customers/:id": customer(),
      "GET /api/customers": page([customer()]),
      "GET /api/shops/:id": ({ path }: { path: string }) => (path.endsWith("/2") ? cork : athlone),
      // Every shop without a search; only Cork for "cork".
      "GET /api/shops": ({ search }: { search: URLSearchParams }) =>
        search.get("q")?.toLowerCase() === "cork" ? page([cork]) : page([athlone, cork]),
      "POST /api/deposits": { status: 201, body: transaction() },
    },
  );
  return { ue, ...view };
}

describe("pickers", () => {
  test("Enter right after typing waits for this text's results and takes Cork, not Athlone", async () => {
    const { ue, calls } = setup();
    const box = await screen.findByRole("combobox", { name: "Shop" });
    await ue.click(box);
    await screen.findByRole("option", { name: /Athlone/ });
    await ue.type(box, "Cork{Enter}");
    // Chosen once this text's results are in: the chosen row (Cork, id 2) is loaded.
    await waitFor(() => expect(calls.some((c) => c.path === "/api/shops/2")).toBe(true));
    expect((box as HTMLInputElement).value).toBe("Cork");
    await ue.type(screen.getByLabelText("Amount (€)"), "5");
    await ue.click(screen.getByRole("button", { name: "Process" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/deposits")).toBe(true));
    expect(calls.find((c) => c.path === "/api/deposits")?.body).toMatchObject({ shopId: 2 });
    expect(screen.queryByText("Choose a shop from the list")).toBeNull();
  });

  test("the first ArrowDown highlights the first option, and Enter takes it", async () => {
    const { ue } = setup();
    const box = await screen.findByRole("combobox", { name: "Shop" });
    box.focus();
    await ue.keyboard("{ArrowDown}");
    const first = await screen.findByRole("option", { name: /Athlone/ });
    expect(box.getAttribute("aria-activedescendant")).toBe(first.id);
    await ue.keyboard("{Enter}");
    await waitFor(() => expect((box as HTMLInputElement).value).toBe("Athlone"));
  });

  test("leaving with typed text and no choice marks the field and keeps the text", async () => {
    const { ue } = setup();
    const box = await screen.findByRole("combobox", { name: "Shop" });
    await ue.type(box, "Galway");
    await ue.tab();
    expect(await screen.findByText("Choose a shop from the list")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect((box as HTMLInputElement).value).toBe("Galway");
  });
});
