import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bet, shop } from "../../test/fixtures";
import { page, renderApp } from "../../test/render";

const realMatchMedia = window.matchMedia;

/** Pretends the screen is a phone: every `max-width` query matches. */
function phone() {
  window.matchMedia = ((query: string) => ({
    matches: query.includes("max-width"),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe("lists on a phone", () => {
  beforeEach(phone);
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  test("bets are cards: description, customer, stake, odds, status and Won/Lost/Void together", async () => {
    renderApp("/bets", "user", {
      "GET /api/bets": page([
        bet({ id: 1, description: "Galway to win", status: "PENDING" }),
        bet({ id: 2, description: "Cork to draw", status: "WON" }),
      ]),
      "GET /api/shops": page([]),
    });
    const card = (await screen.findByRole("article", { name: "Galway to win" })) as HTMLElement;
    expect(document.querySelector("table")).toBeNull();
    expect(within(card).getByRole("button", { name: "Won" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Lost" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Void" })).toBeTruthy();
    expect(within(card).getByText("PENDING")).toBeTruthy();
    expect(within(card).getByText("Stake")).toBeTruthy();
    expect(within(card).getByText("Odds")).toBeTruthy();
    const settled = screen.getByRole("article", { name: "Cork to draw" });
    expect(within(settled).queryByRole("button", { name: "Won" })).toBeNull();
  });

  test("sorting is a select that writes the URL", async () => {
    const ue = userEvent.setup();
    const { calls, location } = renderApp("/bets", "user", {
      "GET /api/bets": page([bet()]),
      "GET /api/shops": page([]),
    });
    await screen.findAllByRole("article");
    const options = screen.getByText("Filters and sort").closest("details") as HTMLDetailsElement;
    expect(options.open).toBe(false);
    await ue.click(screen.getByText("Filters and sort"));
    expect(options.open).toBe(true);
    await ue.selectOptions(screen.getByLabelText("Sort by"), "stakeAmount:desc");
    expect(location.history?.at(-1)).toBe("/bets?sort=stakeAmount&order=desc");
    await waitFor(() => expect(calls.at(-1)?.search.get("sort")).toBe("stakeAmount"));
    expect(calls.at(-1)?.search.get("order")).toBe("desc");
  });
});

describe("list filters", () => {
  test("the bets status, shop and dates go to the URL and the list call", async () => {
    const ue = userEvent.setup();
    const { calls, location } = renderApp("/bets?page=2", "user", {
      "GET /api/bets": page([bet()], 60),
      "GET /api/shops": page([shop({ id: 4, name: "Cork" })]),
    });
    await screen.findByText("Page 2 of 3");
    await ue.selectOptions(screen.getByLabelText("Status"), "WON");
    expect(location.history?.at(-1)).toBe("/bets?status=WON");
    await waitFor(() => expect(calls.at(-1)?.search.get("status")).toBe("WON"));
    await screen.findByRole("option", { name: "Cork" });
    await ue.selectOptions(screen.getByLabelText("Shop"), "4");
    await waitFor(() => expect(calls.at(-1)?.search.get("shopId")).toBe("4"));
    expect(location.history?.at(-1)).toBe("/bets?status=WON&shopId=4");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-22" } });
    await waitFor(() => expect(calls.at(-1)?.search.get("to")).toBe("2026-11-22"));
    expect(calls.at(-1)?.search.get("from")).toBe("2026-11-01");
    expect(location.history?.at(-1)).toBe(
      "/bets?status=WON&shopId=4&from=2026-11-01&to=2026-11-22",
    );
    await ue.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(location.history?.at(-1)).toBe("/bets");
  });
});

describe("a capped total (issue 11)", () => {
  /** A full page of a list whose server stopped counting at 10,000. */
  const capped = (n = 25) => ({
    body: Array.from({ length: n }, (_, i) => bet({ id: i + 1, description: `Bet ${i + 1}` })),
    headers: { "X-Total-Count": "10000", "X-Total-Count-Capped": "true" },
  });

  test('shows "10,000+" and keeps Next while pages are full', async () => {
    renderApp("/bets", "user", { "GET /api/bets": capped(), "GET /api/shops": page([]) });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    await within(pager).findByText("1–25 of 10,000+");
    expect(within(pager).getByText("Page 1 of 400+")).toBeTruthy();
    expect(
      (within(pager).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  test("past the counted pages: the page number grows, Next stops at a short page", async () => {
    renderApp("/bets?page=402", "user", {
      "GET /api/bets": capped(10),
      "GET /api/shops": page([]),
    });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    await within(pager).findByText("10026–10035 of 10,000+");
    expect(within(pager).getByText("Page 402 of 402+")).toBeTruthy();
    expect(
      (within(pager).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  test("an exact total shows as before", async () => {
    renderApp("/bets", "user", { "GET /api/bets": page([bet()], 7), "GET /api/shops": page([]) });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    await within(pager).findByText("1–7 of 7");
    expect(within(pager).getByText("Page 1 of 1")).toBeTruthy();
  });
});
