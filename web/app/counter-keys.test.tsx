/**
 * Counter keys (issue 21, item 7; decision 050): each key opens its dialog from any staff
 * screen with the customer picked inside it and the first empty field focused; `?` shows the
 * keymap, but not while typing; a customer login gets none of them.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bet, customer, settings, shop, slip } from "../test/fixtures";
import { page, renderApp } from "../test/render";
import { COUNTER_KEYS } from "./counter-keys";

const ROUTES = {
  "GET /api/customers": page([customer()]),
  "GET /api/customers/:id": customer(),
  "GET /api/shops": page([shop()]),
  "GET /api/shops/:id": shop(),
  "GET /api/bets": page([]),
  "GET /api/transactions": page([]),
  "GET /api/settings": settings(),
};

/** The keys as user-event writes them. */
const PRESS: Record<string, string> = {
  F2: "{F2}",
  F4: "{F4}",
  F9: "{F9}",
  "Shift+F9": "{Shift>}{F9}{/Shift}",
  F10: "{F10}",
};

const TITLES: Record<string, string> = {
  "New Bet": "Place New Bet",
  "Cash Bet": "Place New Bet",
  Deposit: "Process Customer Deposit",
  Withdrawal: "Process Customer Withdrawal",
  "Find slip": "Find slip",
};

async function dashboard(role: "user" | "admin" | "customer") {
  const ue = userEvent.setup();
  const view = renderApp("/", role, ROUTES);
  await screen.findByRole("heading", { level: 1 });
  // The keys' handler loads after the first screen: staff keys wait until it listens.
  if (role !== "customer") {
    await waitFor(() => expect(document.body.dataset.counterKeys).toBe("on"));
  }
  return { ue, ...view };
}

describe("counter keys (issue 21, item 7)", () => {
  test("the keymap binds New Bet, Cash Bet, Deposit, Withdrawal and Find slip, none on a key the browser keeps", () => {
    expect(COUNTER_KEYS.map((k) => [k.label, k.title])).toEqual([
      ["F2", "New Bet"],
      ["F4", "Cash Bet"],
      ["F9", "Deposit"],
      ["Shift+F9", "Withdrawal"],
      ["F10", "Find slip"],
    ]);
    const browsers = ["F1", "F3", "F5", "F6", "F7", "F8", "F11", "F12"];
    for (const k of COUNTER_KEYS) expect(browsers).not.toContain(k.key);
  });

  for (const role of ["user", "admin"] as const) {
    for (const k of COUNTER_KEYS) {
      test(`${role}: ${k.label} opens ${k.title} with the first empty field focused; Esc closes it`, async () => {
        const { ue } = await dashboard(role);
        await ue.keyboard(PRESS[k.label] as string);
        const dialog = await screen.findByRole("dialog", { name: TITLES[k.title] });
        if (k.action === "find-slip") {
          const box = within(dialog).getByRole("textbox", { name: "Find slip" });
          await waitFor(() => expect(document.activeElement).toBe(box));
        } else if (k.action === "cash-bet") {
          // Cash mode: no customer to pick; the description, the first empty field, has the focus.
          expect(
            within(dialog).getByRole<HTMLInputElement>("radio", { name: "Cash" }).checked,
          ).toBe(true);
          expect(within(dialog).queryByRole("combobox", { name: /Customer/ })).toBeNull();
          const description = within(dialog).getByRole("textbox", { name: /Description/ });
          await waitFor(() => expect(document.activeElement).toBe(description));
        } else {
          // The customer is picked inside the dialog, and that empty picker has the focus.
          const picker = within(dialog).getByRole("combobox", { name: /Customer/ });
          expect((picker as HTMLInputElement).value).toBe("");
          await waitFor(() => expect(document.activeElement).toBe(picker));
        }
        await ue.keyboard("{Escape}");
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      });
    }
  }

  test("a key pressed inside an open dialog opens no second one", async () => {
    const { ue } = await dashboard("user");
    await ue.keyboard("{F2}");
    await screen.findByRole("dialog", { name: "Place New Bet" });
    await ue.keyboard("{F9}");
    expect(
      screen.getAllByRole("dialog").map((d) => d.getAttribute("aria-labelledby")),
    ).toHaveLength(1);
  });

  test("? shows the keymap listing every key, in a dialog with a title", async () => {
    const { ue } = await dashboard("user");
    await ue.keyboard("?");
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    const rows = within(dialog)
      .getAllByRole("row")
      .slice(1)
      .map((row) => (row.textContent ?? "").trim());
    for (const k of COUNTER_KEYS) expect(rows).toContain(`${k.label}${k.title}`);
    expect(rows).toContain("EscClose the dialog");
    expect(rows).toContain("F8Go to the notifications");
    await ue.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("? typed in a text field is just a character", async () => {
    const { ue } = await dashboard("user");
    await ue.keyboard("{F10}");
    const box = await screen.findByRole("textbox", { name: "Find slip" });
    await ue.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // A text field on the page.
    const search = document.createElement("input");
    search.setAttribute("aria-label", "Some text");
    document.querySelector("main")?.append(search);
    await ue.type(search, "who?");
    expect(search.value).toBe("who?");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(box.isConnected).toBe(false);
  });

  test("a customer login gets none of the keys", async () => {
    const { ue } = await dashboard("customer");
    for (const press of [...Object.values(PRESS), "?"]) await ue.keyboard(press);
    // No handler listens, and no key was taken from the browser.
    expect(document.body.dataset.counterKeys).toBeUndefined();
    for (const key of ["F2", "F4", "F9", "F10", "?"]) {
      expect(window.dispatchEvent(new KeyboardEvent("keydown", { key, cancelable: true }))).toBe(
        true,
      );
    }
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("counter keys on a slip's page (outside the shell)", () => {
  const SLIP_ROUTES = {
    ...ROUTES,
    "GET /api/bets/:id/slip": slip(),
    "GET /api/bets/:id": bet({ id: 12, payment: "cash", customerId: null, customer: null }),
  };

  /** The slip of bet #12 as the cash bet's dialog leaves it: "Back to Bet" focused. */
  async function slipPage(role: "user" | "admin" | "customer") {
    const ue = userEvent.setup();
    const view = renderApp("/bets/12/slip", role, SLIP_ROUTES);
    const back = await screen.findByRole("link", { name: "Back to Bet" });
    // Not Print: an Enter there would print the slip again.
    await waitFor(() => expect(document.activeElement).toBe(back));
    if (role !== "customer") {
      await waitFor(() => expect(document.body.dataset.counterKeys).toBe("on"));
    }
    return { ue, back, ...view };
  }

  for (const role of ["user", "admin"] as const) {
    test(`${role}: F4 goes back into the shell, on the slip's bet, and opens Cash Bet there`, async () => {
      const { ue, location } = await slipPage(role);
      await ue.keyboard("{F4}");
      const dialog = await screen.findByRole("dialog", { name: "Place New Bet" });
      expect(location.history?.at(-1)).toBe("/bets/12");
      expect(within(dialog).getByRole<HTMLInputElement>("radio", { name: "Cash" }).checked).toBe(
        true,
      );
      const description = within(dialog).getByRole("textbox", { name: /Description/ });
      await waitFor(() => expect(document.activeElement).toBe(description));
      // The shell is there (its sidebar), and closing the dialog leaves the bet's heading focused.
      expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
      await ue.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      const heading = await screen.findByRole("heading", { level: 1, name: "Bet #12" });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      // Only once: the next page of the shell opens no dialog of its own.
      expect(screen.queryByRole("dialog")).toBeNull();
    });
  }

  test("F10 opens Find slip in the shell; ? shows the keymap on the slip's page itself", async () => {
    const { ue, location } = await slipPage("user");
    await ue.keyboard("?");
    const keymap = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(location.history?.at(-1)).toBe("/bets/12/slip");
    await ue.click(within(keymap).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await ue.keyboard("{F10}");
    const find = await screen.findByRole("dialog", { name: "Find slip" });
    expect(location.history?.at(-1)).toBe("/bets/12");
    const box = within(find).getByRole("textbox", { name: "Find slip" });
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  test("Enter on Back to Bet focuses the bet's heading, as any page change does", async () => {
    const { ue, location } = await slipPage("user");
    await ue.keyboard("{Enter}");
    const heading = await screen.findByRole("heading", { level: 1, name: "Bet #12" });
    expect(location.history?.at(-1)).toBe("/bets/12");
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  test("a customer login's slip page gets none of the keys", async () => {
    await slipPage("customer");
    expect(document.body.dataset.counterKeys).toBeUndefined();
    expect(
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "F4", cancelable: true })),
    ).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
