import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../src/domain/dto";
import { bet, shop } from "../../test/fixtures";
import { pretendPhone } from "../../test/phone";
import { englishAfterEach, page, renderApp, user } from "../../test/render";

let restoreMatchMedia: () => void = () => {};

describe("lists on a phone", () => {
  beforeEach(() => {
    restoreMatchMedia = pretendPhone();
  });
  afterEach(() => restoreMatchMedia());

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
    // Reached by Next: the page after the last row of page 401 (keyset, decision 043).
    renderApp("/bets?page=402&after=10025", "user", {
      "GET /api/bets": capped(10),
      "GET /api/shops": page([]),
    });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    // The floor grows with the rows seen: the counter never reads past its own total.
    await within(pager).findByText("10,026–10,035 of 10,035+");
    expect(within(pager).getByText("Page 402 of 402+")).toBeTruthy();
    expect(
      (within(pager).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  test("Next and Previous page from the rows at the page's edges (keyset, decision 043)", async () => {
    const ue = userEvent.setup();
    const { calls, location } = renderApp("/bets", "user", {
      "GET /api/bets": capped(),
      "GET /api/shops": page([]),
    });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    await within(pager).findByText("1–25 of 10,000+");
    await ue.click(within(pager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets?page=2&after=25"));
    const betsCall = () => calls.filter((c) => c.path === "/api/bets").at(-1);
    await waitFor(() => expect(betsCall()?.search.get("after")).toBe("25"));
    expect(betsCall()?.search.get("offset")).toBe("25");
    await within(pager).findByText("26–50 of 10,000+");
    await ue.click(within(pager).getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets"));
  });

  test("a page past the end of a capped list says so and offers Last, counted from the end", async () => {
    const ue = userEvent.setup();
    // An old link past what offsets serve reads as the deepest page they do (offset 10,000).
    const { calls, location } = renderApp("/bets?page=1601", "user", {
      "GET /api/bets": ({ search }: { search: URLSearchParams }) =>
        search.get("last") === "true"
          ? capped(25)
          : { body: [], headers: { "X-Total-Count": "10000", "X-Total-Count-Capped": "true" } },
      "GET /api/shops": page([]),
    });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    expect(await screen.findByText("This page is past the end of the list.")).toBeTruthy();
    expect(within(pager).getByText("No rows from 10,001: fewer than that match")).toBeTruthy();
    expect(screen.queryByText(/10001–10000|40001–40000/)).toBeNull();
    expect(
      calls
        .filter((c) => c.path === "/api/bets")
        .at(-1)
        ?.search.get("offset"),
    ).toBe("10000");
    expect(
      (within(pager).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await ue.click(within(pager).getByRole("button", { name: "Last" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets?end=1"));
    await within(pager).findByText("Last 25 of 10,000+");
    expect(within(pager).getByText("Last page")).toBeTruthy();
    const lastCall = calls.filter((c) => c.path === "/api/bets").at(-1);
    expect(lastCall?.search.get("last")).toBe("true");
    expect(lastCall?.search.get("offset")).toBe("0");
    expect(
      (within(pager).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Back from the last page: the page before its first row.
    await ue.click(within(pager).getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets?end=2&before=1"));
    await within(pager).findByText("Page 2 from the end");
  });

  test("a page past an exact total says so; Last and Previous reach the last page", async () => {
    const ue = userEvent.setup();
    const { location } = renderApp("/bets?page=9", "user", {
      "GET /api/bets": ({ search }: { search: URLSearchParams }) =>
        search.get("offset") === "25"
          ? page([bet({ id: 26 })], 26)
          : page(
              Array.from({ length: search.get("offset") === "0" ? 25 : 0 }, (_, i) =>
                bet({ id: i + 1 }),
              ),
              26,
            ),
      "GET /api/shops": page([]),
    });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    await within(pager).findByText("No rows from 201: 26 match");
    expect(screen.getByText("This page is past the end of the list.")).toBeTruthy();
    expect(within(pager).getByText("Page 9")).toBeTruthy();
    await ue.click(within(pager).getByRole("button", { name: "Last" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets?page=2"));
    await within(pager).findByText("26–26 of 26");
    expect(within(pager).getByText("Page 2 of 2")).toBeTruthy();
    expect(
      (within(pager).getByRole("button", { name: "Last" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await ue.click(within(pager).getByRole("button", { name: "Previous" }));
    await within(pager).findByText("1–25 of 26");
  });

  test("an exact total shows as before", async () => {
    renderApp("/bets", "user", { "GET /api/bets": page([bet()], 7), "GET /api/shops": page([]) });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    await within(pager).findByText("1–7 of 7");
    expect(within(pager).getByText("Page 1 of 1")).toBeTruthy();
  });
});

describe("in German", () => {
  englishAfterEach();

  test("the pager, the search and the empty page say it in German, counts the German way", async () => {
    const ue = userEvent.setup();
    const capped = {
      body: Array.from({ length: 25 }, (_, i) => bet({ id: i + 1, description: `Bet ${i + 1}` })),
      headers: { "X-Total-Count": "10000", "X-Total-Count-Capped": "true" },
    };
    renderApp("/bets", "user", {
      "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
      "GET /api/bets": capped,
      "GET /api/shops": page([]),
    });
    const pager = await screen.findByRole("navigation", { name: "Seitennavigation" });
    await within(pager).findByText("1–25 von 10.000+");
    expect(within(pager).getByText("Seite 1 von 400+")).toBeTruthy();
    expect(screen.getByLabelText("Suche")).toBeTruthy();
    await ue.click(within(pager).getByRole("button", { name: "Letzte" }));
    await within(pager).findByText("Letzte 25 von 10.000+");
    expect(within(pager).getByText("Letzte Seite")).toBeTruthy();
  });
});
