/**
 * Pay on the bet's page (decision 051, amended): staff who opened a settled, unpaid cash bet
 * pay its slip there, as Find slip pays it (POST /api/slips/{code}/pay with the code read
 * from GET /api/bets/{id}/slip): the same large-amount step and four eyes, the same errors,
 * then the bet shown paid with the payment's receipt to print.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BetDto, SlipDto } from "../../../../src/domain/dto";
import { userDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { applyLanguage } from "../../../i18n";
import { bet, PAID_ON_SLIP, settings } from "../../../test/fixtures";
import { type Call, renderWithProviders, user } from "../../../test/render";
import BetDetail from "./bet-detail";

const CODE = "7KX4QM9TRB";
const PAID = PAID_ON_SLIP;

/** Bet #42: a cash bet, settled WON for €19.00, not paid yet. */
function cashBet(over: Partial<BetDto> = {}): BetDto {
  return bet({
    id: 42,
    description: "Red Rum to win",
    customerId: null,
    customer: null,
    payment: "cash",
    shiftId: 5,
    stakeAmount: "8.00",
    totalStake: "8.00",
    odds: "2.38",
    price: "2.38",
    potentialPayout: "19.00",
    actualPayout: "19.00",
    outcome: "WON",
    status: "WON",
    resolvedAt: "2026-11-26T13:00:00.000Z",
    resolvedBy: 1,
    ...over,
  });
}

/** GET /api/bets/42/slip: the slip as staff read it, with its code. */
function slipOf(b: BetDto): SlipDto {
  return {
    betId: b.id,
    code: CODE,
    shop: { id: 3, name: "Central", location: "Dublin", address: null, phone: null },
    customer: null,
    payment: b.payment,
    description: b.description,
    eachWay: b.eachWay,
    stakeAmount: b.stakeAmount,
    totalStake: b.totalStake,
    actualPayout: b.actualPayout,
    resolvedAt: b.resolvedAt,
    paid: b.paid,
    odds: b.odds,
    price: b.price,
    potentialPayout: b.potentialPayout,
    status: b.status,
    placedAt: b.createdAt,
    staff: "admin",
  } as SlipDto;
}

/**
 * The bet page for `role` against a server holding `start`: paying marks it paid (as the
 * server does), so the page's refetch reads it paid. `pay` replaces the payment's answer.
 */
function open(role: Role, start: BetDto, pay?: unknown, extra: Record<string, unknown> = {}) {
  let current = start;
  const amount = start.status === "VOID" ? start.totalStake : (start.actualPayout ?? "0.00");
  const view = renderWithProviders(<BetDetail id={start.id} />, role, {
    "GET /api/settings": settings(),
    "GET /api/bets/:id": () => current,
    "GET /api/bets/:id/slip": () => slipOf(current),
    "POST /api/slips/:code/pay":
      pay ??
      (() => {
        current = { ...current, paid: { ...PAID, amount } };
        return {
          bet: current,
          amount,
          paidAt: PAID.at,
          paidBy: PAID.by,
          shiftId: PAID.shiftId,
          shop: PAID.shop,
          transactionId: 901,
        };
      }),
    ...extra,
  });
  return { ue: userEvent.setup(), ...view };
}

const pays = (calls: Call[]) =>
  calls.filter((c) => c.method === "POST" && c.path === `/api/slips/${CODE}/pay`);
const slipReads = (calls: Call[]) =>
  calls.filter((c) => c.method === "GET" && c.path === "/api/bets/42/slip");
const betShown = () => screen.findByTestId("bet-status");
const payButton = () => screen.queryByRole("button", { name: /^Pay / });

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

describe("Pay on the bet's page (decision 051, amended)", () => {
  test("staff pay an unpaid Won cash bet: the page then shows it paid, with its receipt", async () => {
    const { ue, calls } = open("user", cashBet());
    await betShown();
    const section = await screen.findByRole("region", { name: "Slip payment" });
    expect(section.textContent).toContain("Not paid yet: €19.00 to pay.");
    // The code is read only when Pay is pressed.
    expect(slipReads(calls)).toHaveLength(0);
    await ue.click(within(section).getByRole("button", { name: "Pay €19.00" }));
    const done = await screen.findByTestId("bet-paid-now");
    expect(done.getAttribute("role")).toBe("status");
    expect(done.textContent).toContain("Paid €19.00");
    expect(done.textContent).toContain("Slip 7KX4Q-M9TRB, from the till at Main Street");
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(pays(calls)).toHaveLength(1);
    expect(pays(calls)[0]?.body).toBeUndefined();
    expect(slipReads(calls)).toHaveLength(1);
    // The payment's receipt, as Find slip's F10 success state offers it.
    expect(await screen.findByRole("button", { name: /Print receipt/ })).toBeTruthy();
    expect(payButton()).toBeNull();
    // The bet's details say when, where and by whom.
    const paidLine = () =>
      screen.queryByText("Paid", { selector: "dt" })?.nextElementSibling?.textContent ?? "";
    await waitFor(() => expect(paidLine()).toStartWith("Paid €19.00 on "));
    expect(paidLine()).toContain("at Main Street by alice");
    // The bet was read again after the payment.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "GET" && c.path === "/api/bets/42").length).toBe(2),
    );
  });

  test("Placed pays its actual payout and Void its whole stake", async () => {
    for (const [b, label] of [
      [cashBet({ status: "PLACED", outcome: "PLACED", actualPayout: "7.75" }), "Pay €7.75"],
      [
        cashBet({
          status: "VOID",
          outcome: "VOID",
          actualPayout: null,
          voidReason: "Non-runner",
          eachWay: { places: 3, fraction: "1/5" },
          stakeAmount: "5.00",
          totalStake: "10.00",
        }),
        "Pay €10.00",
      ],
    ] as const) {
      const { ue, calls, unmount } = open("user", b);
      await ue.click(await screen.findByRole("button", { name: label }));
      expect((await screen.findByTestId("bet-paid-now")).textContent).toContain(
        label.replace("Pay", "Paid"),
      );
      expect(pays(calls)).toHaveLength(1);
      unmount();
    }
  });

  test("no Pay for an account bet, a paid one, a pending or lost one, or a customer login", async () => {
    const cases: [Role, BetDto][] = [
      ["user", cashBet({ payment: "account", customerId: 7, shiftId: null })],
      ["admin", cashBet({ paid: PAID })],
      ["user", cashBet({ status: "PENDING", outcome: "PENDING", actualPayout: null })],
      ["user", cashBet({ status: "LOST", outcome: "LOST", actualPayout: "0.00" })],
      ["customer", cashBet()],
    ];
    for (const [role, b] of cases) {
      const { calls, unmount } = open(role, b);
      await betShown();
      expect(payButton()).toBeNull();
      expect(screen.queryByRole("region", { name: "Slip payment" })).toBeNull();
      expect(slipReads(calls)).toHaveLength(0);
      unmount();
    }
  });

  test("an admin is offered Re-settle on an unpaid settled cash bet, not once its slip is paid", async () => {
    const unpaid = open("admin", cashBet());
    await betShown();
    expect(screen.getByRole("button", { name: "Re-settle" })).toBeTruthy();
    unpaid.unmount();
    open("admin", cashBet({ paid: { ...PAID, amount: "19.00" } }));
    await betShown();
    // A paid slip's outcome is final (decision 051): the page shows the payment instead.
    expect(screen.queryByText("Paid", { selector: "dt" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Re-settle" })).toBeNull();
  });

  test("Pay is reached by Tab and pays with Enter", async () => {
    const { ue, calls } = open("user", cashBet());
    await screen.findByRole("button", { name: "Pay €19.00" });
    for (let i = 0; i < 15 && document.activeElement?.textContent !== "Pay €19.00"; i++) {
      await ue.tab();
    }
    expect(document.activeElement?.textContent).toBe("Pay €19.00");
    await ue.keyboard("{Enter}");
    expect((await screen.findByTestId("bet-paid-now")).textContent).toContain("Paid €19.00");
    expect(pays(calls)).toHaveLength(1);
  });

  test("from LARGE_AMOUNT an admin confirms in a dialog that focuses Go back; Escape pays nothing", async () => {
    const big = cashBet({ actualPayout: "1500.00", potentialPayout: "1500.00" });
    const { ue, calls } = open("admin", big);
    const pay = await screen.findByRole("button", { name: "Pay €1,500.00" });
    await ue.click(pay);
    const dialog = await screen.findByRole("dialog", { name: "Pay the slip of bet #42" });
    expect(within(dialog).getByTestId("large-amount").textContent).toBe("€1,500.00");
    expect(dialog.textContent).toContain("Pay this amount in cash on slip 7KX4Q-M9TRB?");
    const back = within(dialog).getByRole("button", { name: "Go back" });
    await waitFor(() => expect(document.activeElement).toBe(back));
    await ue.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(pays(calls)).toHaveLength(0);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Pay €1,500.00" })),
    );
    await ue.keyboard("{Enter}");
    await ue.click(await screen.findByRole("button", { name: "Yes, pay €1,500.00" }));
    expect((await screen.findByTestId("bet-paid-now")).textContent).toContain("Paid €1,500.00");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(pays(calls)).toHaveLength(1);
  });

  test("four eyes: staff cannot pay LARGE_AMOUNT or more, and are told an admin is needed", async () => {
    const big = cashBet({ actualPayout: "1000.00", potentialPayout: "1000.00" });
    const { calls } = open("user", big);
    const pay = await screen.findByRole<HTMLButtonElement>("button", { name: "Pay €1,000.00" });
    expect(pay.disabled).toBe(true);
    const reason = document.getElementById(pay.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("An admin is needed to pay €1,000.00 or more");
    expect(pays(calls)).toHaveLength(0);
  });

  test("no open shift: the server's 422 shows, and Pay stays to try again", async () => {
    const { ue } = open("user", cashBet(), {
      status: 422,
      body: { message: "Paying a slip needs an open shift: open one first", code: "VALIDATION" },
    });
    await ue.click(await screen.findByRole("button", { name: "Pay €19.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Not paid: Paying a slip needs an open shift: open one first",
    );
    expect(screen.getByRole("button", { name: "Pay €19.00" })).toBeTruthy();
    expect(screen.queryByTestId("bet-paid-now")).toBeNull();
  });

  test("staff over LARGE_AMOUNT on the server's count: its 403 shows as it says it", async () => {
    const message = "An admin is needed to pay €1,000.00 or more";
    const { ue } = open(
      "user",
      cashBet(),
      { status: 403, body: { message, code: "FORBIDDEN" } },
      // The page read a higher LARGE_AMOUNT than the server's.
      { "GET /api/settings": settings({ largeAmount: "5000.00" }) },
    );
    await ue.click(await screen.findByRole("button", { name: "Pay €19.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe(`Not paid: ${message}`);
  });

  test("paid meanwhile at another till: the 409 shows as the server says it, and the bet shows paid", async () => {
    const message = "Slip already paid: €19.00 on 2026-11-26 14:03 UTC at Main Street by alice";
    let reads = 0;
    const { ue } = open(
      "user",
      cashBet(),
      { status: 409, body: { message, code: "CONFLICT" } },
      // Read unpaid, then (after the 409) read again as it now stands: paid.
      { "GET /api/bets/:id": () => (reads++ === 0 ? cashBet() : cashBet({ paid: PAID })) },
    );
    await ue.click(await screen.findByRole("button", { name: "Pay €19.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    await waitFor(() =>
      expect(
        screen.getByText("Paid", { selector: "dt" }).nextElementSibling?.textContent,
      ).toContain("at Main Street by alice"),
    );
    expect(payButton()).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe(message);
  });

  test("in German: the section, the amount to pay and the button", async () => {
    open("user", cashBet(), undefined, {
      "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
    });
    const section = await screen.findByRole("region", { name: "Auszahlung auf den Wettschein" });
    expect(section.textContent).toContain("Noch nicht ausgezahlt: 19,00\u00a0€ auszuzahlen.");
    expect(within(section).getByRole("button", { name: "19,00\u00a0€ auszahlen" })).toBeTruthy();
  });
});
