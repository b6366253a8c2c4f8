import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../src/domain/dto";
import { applyLanguage } from "../../i18n";
import { bet, shop } from "../../test/fixtures";
import { page, renderApp, user } from "../../test/render";
import { Dialog } from "./dialog";

/** A page whose opener's row re-renders while the dialog is open: `generation` keys it anew. */
function RowPage({
  generation,
  open,
  refocus,
}: {
  generation: number;
  open: boolean;
  refocus: boolean;
}) {
  return (
    <main>
      <h1>Users</h1>
      <button key={generation} type="button" data-opener="">
        Role of sam
      </button>
      {open && (
        <Dialog
          title="Change the role of sam?"
          onClose={() => {}}
          refocus={refocus ? () => document.querySelector<HTMLElement>("[data-opener]") : undefined}
        >
          <button type="button">Cancel</button>
        </Dialog>
      )}
    </main>
  );
}

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

  test("closing gives the focus back to the opener, else to refocus's element, else the heading", async () => {
    const ue = userEvent.setup();
    const opener = () => screen.getByRole("button", { name: "Role of sam" });
    for (const [refocus, expected] of [
      [true, "opener"],
      [false, "heading"],
    ] as const) {
      const view = render(<RowPage generation={1} open={false} refocus={refocus} />);
      await ue.click(opener());
      view.rerender(<RowPage generation={1} open refocus={refocus} />);
      await screen.findByRole("dialog", { name: "Change the role of sam?" });
      view.rerender(<RowPage generation={2} open refocus={refocus} />);
      view.rerender(<RowPage generation={2} open={false} refocus={refocus} />);
      await waitFor(() =>
        expect(document.activeElement).toBe(
          expected === "opener" ? opener() : screen.getByRole("heading", { name: "Users" }),
        ),
      );
      view.unmount();
    }
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

describe("a refused submit says why", () => {
  test("an alert at the top lists each refused field with its reason; focus goes to the first", async () => {
    const ue = userEvent.setup();
    renderApp("/bets", "user", {
      "GET /api/bets": page([]),
      "GET /api/customers": page([]),
      "GET /api/shops": page([]),
    });
    await ue.click(await screen.findByRole("button", { name: "New Bet" }));
    await screen.findByText("Place New Bet");
    expect(screen.queryByRole("alert")).toBeNull();
    await ue.click(screen.getByRole("button", { name: "Place Bet" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Not saved: \d+ fields to correct/);
    const items = [...alert.querySelectorAll("li")].map((li) => li.textContent);
    expect(items[0]).toBe("Customer: Customer is required");
    expect(items).toContain("Shop: Shop is required");
    // Beside the field too, and the focus on the first refused one.
    expect(screen.getByText("Customer is required").closest("[role=alert]")).toBeNull();
    // (compared as a boolean: a failed toBe on two elements prints the whole DOM)
    const customerBox = screen.getByRole("combobox", { name: "Customer" });
    await waitFor(() => expect(document.activeElement === customerBox).toBe(true));
    // Fixed fields leave the list.
    await ue.type(screen.getByLabelText("Description"), "Galway to win");
    await waitFor(() =>
      expect(
        [...screen.getByRole("alert").querySelectorAll("li")].some((li) =>
          li.textContent?.startsWith("Description"),
        ),
      ).toBe(false),
    );
  });

  test("a dialog with nothing refused shows no alert", async () => {
    const ue = userEvent.setup();
    renderApp("/shops", "user", { "GET /api/shops": page([shop()]) });
    await ue.click(await screen.findByRole("button", { name: "Add Shop" }));
    await ue.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByText("Add New Shop")).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("in German", () => {
  afterEach(() => {
    cleanup();
    applyLanguage("en");
  });

  test("the refused fields and their reasons read German (the schemas' messages translated)", async () => {
    const ue = userEvent.setup();
    renderApp("/bets", "user", {
      "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
      "GET /api/bets": page([]),
      "GET /api/customers": page([]),
      "GET /api/shops": page([]),
    });
    await ue.click(await screen.findByRole("button", { name: "Neue Wette" }));
    await ue.click(await screen.findByRole("button", { name: "Wette platzieren" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Nicht gespeichert: \d+ Felder zu korrigieren/);
    const items = [...alert.querySelectorAll("li")].map((li) => li.textContent);
    expect(items[0]).toBe("Kunde: Kunde ist erforderlich");
    expect(items).toContain("Filiale: Filiale ist erforderlich");
    expect(screen.getByText("Kunde ist erforderlich").closest("[role=alert]")).toBeNull();
  });
});
