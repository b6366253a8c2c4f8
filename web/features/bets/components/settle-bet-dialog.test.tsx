import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { BetDto } from "../../../../src/domain/dto";
import { userDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { applyLanguage } from "../../../i18n";
import { bet, customer } from "../../../test/fixtures";
import { loseFirstAnswer, renderWithProviders, user } from "../../../test/render";
import { useCustomer } from "../../customers";
import type { Bet } from "../api/types";
import { BetActions } from "./bet-actions";
import BetDetail from "./bet-detail";
import SettleBetDialog from "./settle-bet-dialog";
import { SettleProvider } from "./settle-provider";

/** LARGE_AMOUNT as GET /api/settings answers it: €500.00 (not the default, so its arrival shows). */
const settings = {
  "GET /api/settings": {
    largeAmount: "500.00",
    creditLimitCap: "1000.00",
    backupIntervalHours: null,
  },
};
const REASON = "Only an admin can settle a bet paying €500.00 or more";

/** The text of the elements an element's aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

function settle(role: Role, overrides: Partial<BetDto>) {
  return renderWithProviders(
    <SettleBetDialog bet={bet(overrides) as Bet} status="WON" onClose={() => {}} />,
    role,
    { ...settings, "PATCH /api/bets/:id/resolve": bet({ ...overrides, status: "WON" }) },
  );
}

describe("the large payout's confirmation", () => {
  test("Go back gives the focus to Confirm Won again, not to the page", async () => {
    const ue = userEvent.setup();
    const { calls } = settle("admin", { potentialPayout: "5000.00" });
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await ue.click(confirm);
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€5,000.00");
    expect(document.activeElement?.textContent).toBe("Go back");
    await ue.keyboard("{Enter}");
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Confirm Won" })),
    );
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });
});

describe("Escape on the large payout's confirmation", () => {
  test("goes back to Confirm Won, the settle dialog still open", async () => {
    const ue = userEvent.setup();
    let closed = 0;
    const { calls } = renderWithProviders(
      <SettleBetDialog
        bet={bet({ potentialPayout: "5000.00" }) as Bet}
        status="WON"
        onClose={() => {
          closed += 1;
        }}
      />,
      "admin",
      settings,
    );
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await ue.click(confirm);
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€5,000.00");
    await ue.keyboard("{Escape}");
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Confirm Won" })),
    );
    expect(screen.queryByTestId("large-amount")).toBeNull();
    expect(closed).toBe(0);
    await ue.keyboard("{Escape}");
    expect(closed).toBe(1);
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });
});

describe("four eyes on risk (issue 10): settling Won", () => {
  test("staff: Confirm Won is disabled with the reason when the bet pays the large amount", async () => {
    const { calls } = settle("user", {
      stakeAmount: "250.00",
      odds: "2.00",
      potentialPayout: "500.00",
    });
    expect(await screen.findByText(REASON)).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(description(confirm)).toBe(REASON);
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  test("staff may settle Won a bet paying less (the default €1,000.00 until the settings answer)", async () => {
    const ue = userEvent.setup();
    const overrides = { potentialPayout: "999.99" };
    const { calls } = renderWithProviders(
      <SettleBetDialog bet={bet(overrides) as Bet} status="WON" onClose={() => {}} />,
      "user",
      {
        "GET /api/settings": { pending: true },
        "PATCH /api/bets/:id/resolve": bet({ ...overrides, status: "WON" }),
      },
    );
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    expect(confirm.getAttribute("aria-describedby")).toBeNull();
    await ue.click(confirm);
    expect(await screen.findByText(/^Bet resolved successfully\. /)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "WON" });
  });

  test("an admin may settle any Won, asked once more for a large amount", async () => {
    const ue = userEvent.setup();
    const { calls } = settle("admin", { potentialPayout: "5000.00" });
    const confirm = screen.getByRole("button", { name: "Confirm Won" }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await ue.click(confirm);
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€5,000.00");
    await ue.click(screen.getByRole("button", { name: "Yes, pay €5,000.00" }));
    expect(await screen.findByText(/^Bet resolved successfully\. /)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "WON" });
    expect(screen.queryByText(REASON)).toBeNull();
  });
});

describe("four eyes on risk (issue 10): the Won button of a pending bet", () => {
  const actions = (role: Role, potentialPayout: string) =>
    renderWithProviders(
      <SettleProvider>
        <BetActions bet={bet({ potentialPayout }) as Bet} />
      </SettleProvider>,
      role,
      settings,
    );

  test("staff: Won is disabled with the reason for a large payout; Lost and Void stay", async () => {
    const ue = userEvent.setup();
    actions("user", "500.00");
    const won = screen.getByRole("button", { name: "Won" }) as HTMLButtonElement;
    await waitFor(() => expect(won.getAttribute("aria-disabled")).toBe("true"));
    expect(description(won)).toBe(REASON);
    // Still in the tab order, so the keyboard reaches the reason; Enter and a click do nothing.
    expect(won.disabled).toBe(false);
    await ue.tab();
    expect(document.activeElement).toBe(won);
    await ue.keyboard("{Enter}");
    won.click();
    expect(screen.queryByTestId("settle-effect")).toBeNull();
    // The same keys on Lost, the next button, do open its confirmation.
    await ue.tab();
    await ue.keyboard("{Enter}");
    expect(await screen.findByTestId("settle-effect")).toBeTruthy();
    expect(screen.getByRole("dialog").textContent).toContain("Lost");
    expect((screen.getByRole("button", { name: "Lost" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole("button", { name: "Void" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  test("on the bet's page the reason is written under the buttons, in full, and describes Won", async () => {
    // A cash bet of €1,000 at 2/1 (€3,000 back): the tooltip ran off the window at the top of
    // the page, and on a phone over the heading; nothing else said why Won was grey.
    renderWithProviders(<BetDetail id={11} />, "user", {
      ...settings,
      "GET /api/bets/:id": bet({
        customerId: null,
        customer: null,
        payment: "cash",
        stakeAmount: "1000.00",
        totalStake: "1000.00",
        odds: "3.00",
        price: "2/1",
        potentialPayout: "3000.00",
        actualPayout: null,
      }),
    });
    const won = await screen.findByRole("button", { name: "Won" });
    await waitFor(() => expect(won.getAttribute("aria-disabled")).toBe("true"));
    const note = screen.getByText(REASON);
    // Shown text, not a tooltip's nor a screen reader's only.
    expect(note.closest(".tooltip, .sr-only, [hidden]")).toBeNull();
    expect(note.getAttribute("data-tip")).toBeNull();
    expect(won.getAttribute("aria-describedby")).toBe(note.id);
    expect(description(won)).toBe(REASON);
    expect(screen.getAllByText(REASON)).toHaveLength(1);
  });

  test("an admin's Won is enabled", async () => {
    const ue = userEvent.setup();
    actions("admin", "500.00");
    const won = screen.getByRole("button", { name: "Won" }) as HTMLButtonElement;
    await ue.click(won);
    expect(await screen.findByTestId("settle-effect")).toBeTruthy();
    expect(won.getAttribute("aria-disabled")).toBeNull();
    expect(won.getAttribute("aria-describedby")).toBeNull();
  });
});

/** The customer's balance, as a dialog that shows it reads it. */
function Balance() {
  return <p>Balance {useCustomer(7).data?.balance}</p>;
}

/** Settling bet 11 Won beside its customer's balance, both gone once settled. */
function SettleUntilClosed() {
  const [open, setOpen] = useState(true);
  return open ? (
    <>
      <Balance />
      <SettleBetDialog
        bet={bet({ actualPayout: null }) as Bet}
        status="WON"
        onClose={() => setOpen(false)}
      />
    </>
  ) : null;
}

/**
 * The settlement's toast (issue 20 item 7): the SPEC's title and text, then the outcome, the
 * money credited and the customer's balance read after it; a cash bet's is owed on the slip.
 */
describe("the settlement's toast names the outcome, the money and the balance", () => {
  afterEach(() => {
    cleanup();
    applyLanguage("en");
  });

  /** Settles bet 11 (Ann's, €20.00 at 2.50) as `status`; Ann's balance after it is `balance`. */
  function settleAs(status: "WON" | "LOST", answer: Partial<BetDto>, balance: string, extra = {}) {
    const ue = userEvent.setup();
    let settled = false;
    const view = renderWithProviders(
      <SettleBetDialog
        bet={bet({ ...answer, actualPayout: null }) as Bet}
        status={status}
        onClose={() => {}}
      />,
      "user",
      {
        ...settings,
        "PATCH /api/bets/:id/resolve": () => {
          settled = true;
          return bet({ ...answer, status, outcome: status });
        },
        "GET /api/customers/:id": () => customer({ balance: settled ? balance : "50.00" }),
        ...extra,
      },
    );
    return { ue, ...view };
  }

  const statusOf = (element: HTMLElement) => element.closest('[role="status"]')?.textContent;

  test("Won on account: the payout credited to the customer and the balance after it", async () => {
    const { ue } = settleAs("WON", { actualPayout: "50.00" }, "100.00");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    const text = await screen.findByText(
      "Bet resolved successfully. Bet #11 won: €50.00 credited to Ann Byrne (C-000007); balance €100.00",
    );
    expect(statusOf(text)).toStartWith("Success");
  });

  test("Lost on account: nothing credited, and the balance", async () => {
    const { ue } = settleAs("LOST", { actualPayout: "0.00" }, "50.00");
    await ue.click(screen.getByRole("button", { name: "Confirm Lost" }));
    expect(
      await screen.findByText(
        "Bet resolved successfully. Bet #11 lost: nothing credited to Ann Byrne (C-000007); balance €50.00",
      ),
    ).toBeTruthy();
  });

  test("the balance is the one after it when the dialog was its customer's only reader (decision 088)", async () => {
    // Closing the dialog cancels the refresh the settlement started, and TanStack Query puts
    // the balance from before it back in the cache.
    const ue = userEvent.setup();
    let settled = false;
    let reads = 0;
    renderWithProviders(<SettleUntilClosed />, "user", {
      ...settings,
      "PATCH /api/bets/:id/resolve": () => {
        settled = true;
        return bet({ status: "WON", outcome: "WON", actualPayout: "50.00" });
      },
      "GET /api/customers/:id": () => {
        if (!settled) return customer({ balance: "50.00" });
        reads += 1;
        // The first read after the settlement is the query's own refresh: still on its way.
        return reads === 1 ? { pending: true } : customer({ balance: "100.00" });
      },
    });
    await screen.findByText("Balance 50.00");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    expect(
      await screen.findByText(
        "Bet resolved successfully. Bet #11 won: €50.00 credited to Ann Byrne (C-000007); balance €100.00",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("a cash bet Won: the amount to be paid on the slip, and no customer read", async () => {
    const cash = {
      id: 31,
      customerId: null,
      customer: null,
      payment: "cash" as const,
      shiftId: 5,
      stakeAmount: "8.00",
      totalStake: "8.00",
      potentialPayout: "19.00",
      actualPayout: "19.00",
    };
    const { ue, calls } = settleAs("WON", cash, "0.00");
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    expect(
      await screen.findByText(
        "Bet resolved successfully. Cash bet #31 won: €19.00 to be paid on the slip",
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/customers"))).toBe(false);
  });

  test("in German: the same, in German words and amounts", async () => {
    const { ue } = settleAs("WON", { actualPayout: "50.00" }, "100.00", {
      "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
    });
    await ue.click(await screen.findByRole("button", { name: /bestätigen$/ }));
    // findByText reads the no-break space before "€" as a space.
    const text = await screen.findByText(
      "Wette erfolgreich abgerechnet. Wette #11 gewonnen: 50,00 € gutgeschrieben für Ann Byrne (C-000007); Kontostand 100,00 €",
    );
    expect(statusOf(text)).toStartWith("Erfolg");
  });
});

/**
 * Settling moves money (a payout), so it carries an Idempotency-Key (decision 077): Confirm
 * pressed again after no answer sends the same key, and the server answers the first
 * settlement again instead of 409 "not pending" for a payout that did happen.
 */
describe("settling carries one Idempotency-Key per bet and outcome", () => {
  test("Confirm Won sends a key; pressed again after no answer, the same key", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <SettleBetDialog bet={bet() as Bet} status="WON" onClose={() => {}} />,
      "user",
      {
        ...settings,
        "PATCH /api/bets/:id/resolve": bet({
          status: "WON",
          outcome: "WON",
          actualPayout: "50.00",
        }),
      },
    );
    loseFirstAnswer("PATCH", /\/api\/bets\/11\/resolve$/);
    await ue.click(screen.getByRole("button", { name: "Confirm Won" }));
    // No answer: the dialog stays open on the bet, and the toast says a retry is safe.
    expect(await screen.findByText(/Retrying from the same dialog reuses/)).toBeTruthy();
    await ue.click(await screen.findByRole("button", { name: "Confirm Won" }));
    expect(await screen.findByText(/^Bet resolved successfully\. /)).toBeTruthy();
    const patches = calls.filter((c) => c.method === "PATCH");
    expect(patches).toHaveLength(2);
    const [first, second] = patches;
    expect(first?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers["Idempotency-Key"]).toBe(first?.headers["Idempotency-Key"] as string);
    expect(second?.body).toEqual({ status: "WON" });
  });

  test("another bet's settlement gets its own key", async () => {
    const ue = userEvent.setup();
    const keys: (string | undefined)[] = [];
    for (const id of [11, 12]) {
      const { calls, unmount } = renderWithProviders(
        <SettleBetDialog bet={bet({ id }) as Bet} status="LOST" onClose={() => {}} />,
        "user",
        {
          ...settings,
          "PATCH /api/bets/:id/resolve": bet({ id, status: "LOST", outcome: "LOST" }),
        },
      );
      await ue.click(screen.getByRole("button", { name: "Confirm Lost" }));
      await screen.findByText(/^Bet resolved successfully\. /);
      keys.push(calls.find((c) => c.method === "PATCH")?.headers["Idempotency-Key"]);
      unmount();
    }
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0] as string);
  });
});
