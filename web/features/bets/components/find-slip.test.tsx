import { describe, expect, test } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import { englishAfterEach, page, renderApp, renderWithProviders, user } from "../../../test/render";
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

  test("Find pressed from the keyboard has the focus again after a code no bet matches", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<FindSlip />, "user", {
      "GET /api/slips/:code": {
        status: 404,
        body: { message: "Slip not found", code: "NOT_FOUND" },
      },
    });
    // The lookup waits until let go, so the button is seen disabled.
    const server = globalThis.fetch;
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      await held;
      return server(input, init);
    }) as typeof fetch;
    await ue.type(await screen.findByRole("textbox", { name: "Find slip" }), "ZZZZZZZZZZ");
    const find = screen.getByRole<HTMLButtonElement>("button", { name: "Find" });
    act(() => find.focus());
    await ue.keyboard("{Enter}");
    await waitFor(() => expect(find.disabled).toBe(true));
    // What Chromium does to a focused button once disabled (happy-dom does not blur it).
    act(() => {
      find.disabled = false;
      find.blur();
      find.disabled = true;
    });
    expect(document.activeElement).toBe(document.body);
    answer();
    await screen.findByText(/No bet matches the slip code ZZZZZ-ZZZZZ/);
    await waitFor(() => expect(document.activeElement).toBe(find));
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

describe("Find slip in its dialog (F10)", () => {
  englishAfterEach();
  const notFound = {
    "GET /api/slips/:code": { status: 404, body: { message: "Slip not found", code: "NOT_FOUND" } },
  };

  /** The dashboard with the keys listening, then F10: the Find slip dialog's box. */
  async function f10(routes: Record<string, unknown>) {
    const ue = userEvent.setup();
    renderApp("/", "user", routes);
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(document.body.dataset.counterKeys).toBe("on"));
    await ue.keyboard("{F10}");
    const dialog = await screen.findByRole("dialog");
    return { ue, dialog, box: within(dialog).getByRole("textbox") };
  }

  test("an unknown code is said as itself: no 'Not saved' summary over a lookup", async () => {
    const { ue, dialog, box } = await f10(notFound);
    await ue.type(box, "ZZZZZZZZZZ{Enter}");
    await within(dialog).findByText(/No bet matches the slip code ZZZZZ-ZZZZZ/);
    expect(
      within(dialog)
        .getAllByRole("alert")
        .map((a) => a.textContent),
    ).toEqual([
      "No bet matches the slip code ZZZZZ-ZZZZZ. Check the code, or the slip may not be genuine.",
    ]);
    expect(within(dialog).queryByText(/Not saved/)).toBeNull();
    expect(within(dialog).queryByText(/Check this field/)).toBeNull();
  });

  test("in German too: the reason, not 'Nicht gespeichert'", async () => {
    const { ue, dialog, box } = await f10({
      ...notFound,
      "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
    });
    await ue.type(box, "ZZZZZZZZZZ{Enter}");
    const alerts = await within(dialog).findAllByRole("alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toContain("ZZZZZ-ZZZZZ");
    expect(within(dialog).queryByText(/Nicht gespeichert/)).toBeNull();
    expect(within(dialog).queryByText(/Bitte dieses Feld prüfen/)).toBeNull();
  });
});
