/**
 * Issue 20, items 3 and 4: settling from the bet's page (a slip found by its code), the Void
 * dialog's preset reasons, and where the focus goes after a settlement from the Bets list.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BetDto } from "../../../../src/domain/dto";
import { bet } from "../../../test/fixtures";
import { page, renderApp, renderWithProviders } from "../../../test/render";
import type { Bet } from "../api/types";
import { nextPending } from "./bets-table";
import VoidBetDialog, { VOID_PRESETS } from "./void-bet-dialog";

const SETTLE = ["Won", "Lost", "Void"];

const buttonNames = () => screen.queryAllByRole("button").map((b) => b.textContent?.trim() ?? "");

describe("the bet's page (issue 20, item 3)", () => {
  test("a pending bet has Won, Lost and Void; Won settles after the confirmation and the status takes the focus", async () => {
    const ue = userEvent.setup();
    let current = bet();
    const { calls } = renderApp("/bets/11", "user", {
      "GET /api/bets/:id": () => current,
      "PATCH /api/bets/:id/resolve": () => {
        current = bet({ status: "WON", actualPayout: "50.00", resolvedAt: current.createdAt });
        return current;
      },
    });
    const won = await screen.findByRole("button", { name: "Won" });
    expect(buttonNames()).toEqual(expect.arrayContaining(SETTLE));
    await ue.click(won);
    // The list's confirmation: the bet, and what it pays.
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Settle bet #11 as Won");
    expect(within(dialog).getByTestId("settle-effect").textContent).toBe(
      "Pays €50.00 to Ann Byrne.",
    );
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await ue.click(within(dialog).getByRole("button", { name: "Confirm Won" }));
    expect(await screen.findByText(/^Bet resolved successfully\. /)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.path).toBe("/api/bets/11/resolve");
    const status = screen.getByTestId("bet-status");
    await waitFor(() => expect(status.textContent).toBe("Status: WON"));
    expect(document.activeElement === status).toBe(true);
    for (const name of SETTLE) expect(screen.queryByRole("button", { name })).toBeNull();
  });

  test("a settled bet has no Won, Lost or Void; staff are held to four eyes as on the list", async () => {
    renderApp("/bets/11", "user", { "GET /api/bets/:id": bet({ status: "LOST" }) });
    await screen.findByText("LOST");
    for (const name of SETTLE) expect(screen.queryByRole("button", { name })).toBeNull();
  });

  test("staff: Won is disabled for a payout from the large amount, with the reason", async () => {
    renderApp("/bets/11", "user", {
      "GET /api/bets/:id": bet({ potentialPayout: "5000.00" }),
      "GET /api/settings": {
        largeAmount: "500.00",
        creditLimitCap: "1000.00",
        backupIntervalHours: null,
      },
    });
    const won = (await screen.findByRole("button", { name: "Won" })) as HTMLButtonElement;
    await waitFor(() => expect(won.getAttribute("aria-disabled")).toBe("true"));
    expect(screen.getByText("Only an admin can settle a bet paying €500.00 or more")).toBeTruthy();
  });

  test("a customer login reads its bet without settle buttons", async () => {
    renderApp("/bets/11", "customer", { "GET /api/bets/:id": bet() });
    await screen.findByText("PENDING");
    for (const name of SETTLE) expect(screen.queryByRole("button", { name })).toBeNull();
  });
});

describe("Void Bet's preset reasons (issue 20, item 4)", () => {
  test("each preset fills the reason box, which keeps the focus; Void Bet sends it", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <VoidBetDialog bet={bet() as Bet} onClose={() => {}} />,
      "user",
      { "PATCH /api/bets/:id/resolve": bet({ status: "VOID" }) },
    );
    const reason = screen.getByLabelText("Reason for voiding this bet *") as HTMLTextAreaElement;
    // The box the dialog focuses when it opens (showModal honours the attribute).
    expect(reason.hasAttribute("autofocus")).toBe(true);
    for (const preset of VOID_PRESETS) {
      await ue.click(screen.getByRole("button", { name: preset }));
      expect(reason.value).toBe(preset);
      expect(document.activeElement === reason).toBe(true);
    }
    expect(VOID_PRESETS).toEqual(["Non-runner", "Abandoned", "Palpable error", "Duplicate"]);
    await ue.click(screen.getByRole("button", { name: "Non-runner" }));
    await ue.type(reason, " (horse 4)");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    expect(await screen.findByText("Bet Voided")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      status: "VOID",
      voidReason: "Non-runner (horse 4)",
    });
  });
});

describe("keyboard settling on the Bets list (issue 20, item 4)", () => {
  /** A list whose bets turn settled as the PATCHes say, under status=PENDING or not. */
  function betsServer(bets: BetDto[], pendingOnly: boolean) {
    let rows = bets;
    return {
      "GET /api/bets": () => page(pendingOnly ? rows.filter((b) => b.status === "PENDING") : rows),
      "PATCH /api/bets/:id/resolve": ({ path, body }: { path: string; body: unknown }) => {
        const id = Number(path.split("/")[3]);
        const { status } = body as { status: BetDto["status"] };
        rows = rows.map((b) => (b.id === id ? bet({ ...b, status }) : b));
        return rows.find((b) => b.id === id);
      },
    };
  }
  const three = [
    bet({ id: 11, description: "Arsenal to win" }),
    bet({ id: 12, description: "Done", status: "WON" }),
    bet({ id: 13, description: "Leinster by 7" }),
    bet({ id: 14, description: "Munster by 3" }),
  ];
  const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;
  /** What has the focus, in words (a failed comparison of elements prints the whole DOM). */
  const focused = () => {
    const element = document.activeElement as HTMLElement;
    const bet = element.closest("[data-bet-actions]")?.getAttribute("data-bet-actions");
    return `${element.tagName} ${element.textContent?.trim()}${bet ? ` of bet ${bet}` : ""}`;
  };

  for (const pendingOnly of [false, true]) {
    test(`after Won the focus is on the next pending row's Won (${pendingOnly ? "status=PENDING" : "all bets"})`, async () => {
      const ue = userEvent.setup();
      renderApp("/bets", "user", betsServer(three, pendingOnly));
      await screen.findByText("Leinster by 7");
      expect(screen.getAllByRole("columnheader").map((h) => h.textContent?.trim())[0]).toBe("#↕");
      expect(within(rowOf("Arsenal to win")).getByText("#11")).toBeTruthy();
      // Enter on Won (the browser suite settles with the keyboard alone), then Confirm Won.
      within(rowOf("Arsenal to win")).getByRole("button", { name: "Won" }).focus();
      await ue.keyboard("{Enter}");
      await ue.click(await screen.findByRole("button", { name: "Confirm Won" }));
      await screen.findByText(/^Bet resolved successfully\. /);
      // Past the settled bet (WON, no buttons) to the next pending one, 13.
      await waitFor(() => expect(focused()).toBe("BUTTON Won of bet 13"));
      // The list answers again without bet 11's buttons; the focus stays on 13's Won.
      await waitFor(() => expect(screen.getAllByRole("button", { name: "Won" }).length).toBe(2));
      expect(focused()).toBe("BUTTON Won of bet 13");
    });
  }

  test("the last pending bet settled: the focus is on the table", async () => {
    const ue = userEvent.setup();
    renderApp(
      "/bets",
      "user",
      betsServer([bet({ id: 11 }), bet({ id: 12, status: "WON", description: "Done" })], false),
    );
    await ue.click(await screen.findByRole("button", { name: "Lost" }));
    await ue.click(await screen.findByRole("button", { name: "Confirm Lost" }));
    await screen.findByText(/^Bet resolved successfully\. /);
    await waitFor(() => expect(document.activeElement?.tagName).toBe("TABLE"));
  });

  test("nextPending: the next pending bet on the page, else the one before, else none", () => {
    const bets = [
      bet({ id: 1 }),
      bet({ id: 2, status: "LOST" }),
      bet({ id: 3 }),
      bet({ id: 4, status: "VOID" }),
    ];
    expect(nextPending(bets, 1)).toBe(3);
    expect(nextPending(bets, 3)).toBe(1);
    expect(nextPending([bet({ id: 1 })], 1)).toBeNull();
    // A bet no longer on the page (a live update): the first pending one.
    expect(nextPending(bets, 99)).toBe(1);
  });
});
