/**
 * Find slip's result and Pay (issue 21 item 2): the slip's state and whether it was paid; for
 * a settled, unpaid cash winner or a void cash bet, Pay €X (POST /api/slips/{code}/pay), with
 * the large-amount step and four eyes as for a Won settlement; the paid state with its
 * receipt; the server's 409 (already paid) shown as it says it.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SlipDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { bet, PAID_ON_SLIP, settings } from "../../../test/fixtures";
import { type Call, loseFirstAnswer, renderApp, renderWithProviders } from "../../../test/render";
import FindSlip from "./find-slip";

const CODE = "7KX4QM9TRB";
const SETTINGS = settings();
const PAID = PAID_ON_SLIP;

function slip(over: Partial<SlipDto> = {}): SlipDto {
  return {
    betId: 42,
    code: CODE,
    shop: { id: 4, name: "Main Street", location: "Dublin", address: null, phone: null },
    customer: null,
    payment: "cash",
    description: "Red Rum to win",
    eachWay: null,
    stakeAmount: "8.00",
    totalStake: "8.00",
    actualPayout: "19.00",
    deadHeat: null,
    rule4Deduction: null,
    resolvedAt: "2026-11-26T13:00:00.000Z",
    paid: null,
    odds: "2.38",
    price: "11/8",
    potentialPayout: "19.00",
    status: "WON",
    placedAt: "2026-11-26T12:00:00.000Z",
    staff: "user-user",
    ...over,
  } as SlipDto;
}

/** What POST /api/slips/{code}/pay answers for `amount`. */
const payment = (amount = "19.00") => ({
  bet: bet({
    id: 42,
    customerId: null,
    customer: null,
    payment: "cash",
    status: "WON",
    paid: { ...PAID, amount },
  }),
  amount,
  paidAt: PAID.at,
  paidBy: PAID.by,
  shiftId: 5,
  shop: PAID.shop,
  transactionId: 901,
});

function find(role: Role, found: SlipDto, routes: Record<string, unknown> = {}) {
  const ue = userEvent.setup();
  const view = renderWithProviders(<FindSlip showResult />, role, {
    "GET /api/settings": SETTINGS,
    "GET /api/slips/:code": found,
    "POST /api/slips/:code/pay": payment(found.actualPayout ?? found.totalStake),
    ...routes,
  });
  return { ue, ...view };
}

async function typeCode(ue: ReturnType<typeof userEvent.setup>) {
  await ue.type(await screen.findByRole("textbox", { name: "Find slip" }), `${CODE}{Enter}`);
  return screen.findByTestId("slip-result");
}

const pays = (calls: Call[]) =>
  calls.filter((c) => c.method === "POST" && c.path === `/api/slips/${CODE}/pay`);

describe("Find slip's result (issue 21, item 2)", () => {
  test("a pending slip shows its state, nothing to pay, and opens its bet", async () => {
    const { ue, location } = find(
      "user",
      slip({ status: "PENDING", actualPayout: null, resolvedAt: null }),
    );
    const result = await typeCode(ue);
    expect(within(result).getByText("PENDING")).toBeTruthy();
    expect(screen.getByTestId("slip-pay-state").textContent).toBe(
      "Not settled yet: nothing to pay.",
    );
    expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
    // The result, not a button, takes the focus: a scanner's extra Enter does nothing.
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(result.textContent).toContain("Cash");
    await ue.click(screen.getByRole("button", { name: "Open bet #42" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/bets/42"));
  });

  test("a lost slip and a settled account bet have nothing to pay here", async () => {
    for (const [found, why] of [
      [slip({ status: "LOST", actualPayout: "0.00" }), "Lost: nothing to pay."],
      [
        slip({ payment: "account", customer: { id: 7, firstName: "Ann", lastName: "Byrne" } }),
        "An account bet: its return went to the customer's balance.",
      ],
    ] as const) {
      const { ue, unmount } = find("user", found);
      const result = await typeCode(ue);
      expect(within(result).getByTestId("slip-pay-state").textContent).toBe(why);
      expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
      unmount();
    }
  });

  test("a cash winner: Pay €19.00 pays it, and the paid state offers its receipt", async () => {
    const { ue, calls } = find("user", slip());
    const result = await typeCode(ue);
    expect(within(result).getByText("WON")).toBeTruthy();
    expect(within(result).getByTestId("slip-pay-state").textContent).toBe(
      "Not paid yet: €19.00 to pay.",
    );
    await ue.click(screen.getByRole("button", { name: "Pay €19.00" }));
    const done = await screen.findByTestId("slip-paid-now");
    expect(done.getAttribute("role")).toBe("status");
    // Pay is gone: what was paid has the focus (as on the bet's page), not the page.
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(done.textContent).toContain("Paid €19.00");
    expect(done.textContent).toContain("Main Street");
    expect(pays(calls)).toHaveLength(1);
    expect(pays(calls)[0]?.body).toBeUndefined();
    // Without the receipts' component, the slip (now PAID) prints.
    expect(screen.getByRole("link", { name: "Print paid slip" }).getAttribute("href")).toBe(
      "/bets/42/slip?print=1",
    );
  });

  test("a void cash bet pays back its whole stake (each-way: both parts)", async () => {
    const { ue, calls } = find(
      "user",
      slip({
        status: "VOID",
        actualPayout: null,
        stakeAmount: "5.00",
        totalStake: "10.00",
        eachWay: { places: 3, fraction: "1/5" },
      }),
      { "POST /api/slips/:code/pay": payment("10.00") },
    );
    await typeCode(ue);
    await ue.click(screen.getByRole("button", { name: "Pay €10.00" }));
    expect((await screen.findByTestId("slip-paid-now")).textContent).toContain("Paid €10.00");
    expect(pays(calls)).toHaveLength(1);
  });

  test("a settled slip shows its Return as the printed slip does: a void one its stake back, not its potential payout", async () => {
    /** The result's line after the stake: its label and amount. */
    const payoutLine = (result: HTMLElement) => {
      const labels = [...result.querySelectorAll("dt")];
      const last = labels.at(-1);
      return [last?.textContent, last?.nextElementSibling?.textContent];
    };
    for (const [found, line, state] of [
      [
        slip({
          status: "VOID",
          actualPayout: null,
          totalStake: "500.00",
          stakeAmount: "500.00",
          potentialPayout: "1000.00",
        }),
        ["Return", "€500.00"],
        "Not paid yet: €500.00 to pay.",
      ],
      [
        slip({ status: "LOST", actualPayout: "0.00", potentialPayout: "1000.00" }),
        ["Return", "€0.00"],
        "Lost: nothing to pay.",
      ],
      [slip(), ["Return", "€19.00"], "Not paid yet: €19.00 to pay."],
      [
        slip({
          status: "PENDING",
          actualPayout: null,
          resolvedAt: null,
          potentialPayout: "1000.00",
        }),
        ["Potential payout", "€1,000.00"],
        "Not settled yet: nothing to pay.",
      ],
    ] as const) {
      const { ue, unmount } = find("user", found);
      const result = await typeCode(ue);
      expect(payoutLine(result)).toEqual([...line]);
      expect(within(result).getByTestId("slip-pay-state").textContent).toBe(state);
      unmount();
    }
  });

  test("a placed each-way cash bet pays its actual payout", async () => {
    const { ue } = find(
      "user",
      slip({ status: "PLACED", actualPayout: "7.75", eachWay: { places: 3, fraction: "1/4" } }),
      { "POST /api/slips/:code/pay": payment("7.75") },
    );
    await typeCode(ue);
    await ue.click(screen.getByRole("button", { name: "Pay €7.75" }));
    expect((await screen.findByTestId("slip-paid-now")).textContent).toContain("Paid €7.75");
  });

  test("a paid slip says when, where and by whom, and offers no Pay", async () => {
    const { ue } = find("user", slip({ paid: PAID }));
    const result = await typeCode(ue);
    const line = within(result).getByTestId("slip-pay-state").textContent ?? "";
    expect(line).toStartWith("Paid €19.00 on ");
    expect(line).toContain("at Main Street by alice");
    expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
  });

  test("paid meanwhile at another till: the server's 409 shows as it says it", async () => {
    const message = "Slip already paid: €19.00 on 2026-11-26 14:03 UTC at Main Street by alice";
    let finds = 0;
    const { ue } = find("user", slip(), {
      // Found unpaid, then (after the 409) found again as it now stands: paid.
      "GET /api/slips/:code": () => (finds++ === 0 ? slip() : slip({ paid: PAID })),
      "POST /api/slips/:code/pay": { status: 409, body: { message, code: "CONFLICT" } },
    });
    await typeCode(ue);
    await ue.click(screen.getByRole("button", { name: "Pay €19.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    await waitFor(() =>
      expect(screen.getByTestId("slip-pay-state").textContent).toContain("at Main Street by alice"),
    );
    // Nothing more to pay on it here.
    expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
    expect(screen.queryByTestId("slip-paid-now")).toBeNull();
  });

  test("no open shift: the server's 422 shows, and Pay stays to try again", async () => {
    const { ue } = find("user", slip(), {
      "POST /api/slips/:code/pay": {
        status: 422,
        body: { message: "Paying a slip needs an open shift: open one first", code: "VALIDATION" },
      },
    });
    await typeCode(ue);
    await ue.click(screen.getByRole("button", { name: "Pay €19.00" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Paying a slip needs an open shift",
    );
    expect(screen.getByRole("button", { name: "Pay €19.00" })).toBeTruthy();
  });

  test("no answer: Pay again sends the same Idempotency-Key and is answered the first payment", async () => {
    // The server as decision 077 has it: a key it answered is answered again; a second
    // payment under another key (or none) is 409, already paid.
    const answered = new Map<string, unknown>();
    const message = "Slip already paid: €19.00 on 2026-11-26 14:03 UTC at Main Street by alice";
    const { ue, calls } = find("user", slip(), {
      "POST /api/slips/:code/pay": ({ headers }: { headers: Record<string, string> }) => {
        const key = headers["Idempotency-Key"];
        if (key && answered.has(key)) return answered.get(key);
        if (answered.size > 0) return { status: 409, body: { message, code: "CONFLICT" } };
        const reply = payment();
        answered.set(key ?? "", reply);
        return reply;
      },
    });
    await typeCode(ue);
    loseFirstAnswer("POST", new RegExp(`/api/slips/${CODE}/pay$`));
    await ue.click(screen.getByRole("button", { name: "Pay €19.00" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "may or may not have been recorded. Retrying from the same dialog reuses",
    );
    await ue.click(await screen.findByRole("button", { name: "Pay €19.00" }));
    expect((await screen.findByTestId("slip-paid-now")).textContent).toContain("Paid €19.00");
    expect(screen.queryByText(message)).toBeNull();
    const [first, second, ...rest] = pays(calls).map((c) => c.headers["Idempotency-Key"]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first as string);
    expect(rest).toEqual([]);
  });

  test("from LARGE_AMOUNT an admin confirms the amount once more; Go back pays nothing", async () => {
    const big = slip({ actualPayout: "1500.00", potentialPayout: "1500.00" });
    const { ue, calls } = find("admin", big, {
      "POST /api/slips/:code/pay": payment("1500.00"),
    });
    await typeCode(ue);
    await ue.click(screen.getByRole("button", { name: "Pay €1,500.00" }));
    expect((await screen.findByTestId("large-amount")).textContent).toBe("€1,500.00");
    await ue.click(screen.getByRole("button", { name: "Go back" }));
    expect(pays(calls)).toHaveLength(0);
    // Back where it was asked: Pay has the focus again.
    const pay = await screen.findByRole("button", { name: "Pay €1,500.00" });
    await waitFor(() => expect(document.activeElement).toBe(pay));
    await ue.click(pay);
    await ue.click(await screen.findByRole("button", { name: "Yes, pay €1,500.00" }));
    expect((await screen.findByTestId("slip-paid-now")).textContent).toContain("Paid €1,500.00");
    expect(pays(calls)).toHaveLength(1);
  });

  test("four eyes: staff cannot pay LARGE_AMOUNT or more, and are told an admin is needed", async () => {
    const big = slip({ actualPayout: "1000.00", potentialPayout: "1000.00" });
    const { ue, calls } = find("user", big);
    await typeCode(ue);
    const pay = screen.getByRole<HTMLButtonElement>("button", { name: "Pay €1,000.00" });
    expect(pay.disabled).toBe(true);
    const reason = document.getElementById(pay.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("An admin is needed to pay €1,000.00 or more");
    expect(pays(calls)).toHaveLength(0);
  });
});

describe("F10 Find slip pays with the receipts' Print receipt (issue 21, items 2 and 7)", () => {
  test("F10, the code, Pay: the paid state prints the payment's receipt", async () => {
    const ue = userEvent.setup();
    const { calls } = renderApp("/", "user", {
      "GET /api/settings": SETTINGS,
      "GET /api/bets": { body: [], headers: { "X-Total-Count": "0" } },
      "GET /api/transactions": { body: [], headers: { "X-Total-Count": "0" } },
      "GET /api/slips/:code": slip(),
      "POST /api/slips/:code/pay": payment(),
    });
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(document.body.dataset.counterKeys).toBe("on"));
    await ue.keyboard("{F10}");
    const dialog = await screen.findByRole("dialog", { name: "Find slip" });
    const box = within(dialog).getByRole("textbox", { name: "Find slip" });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await ue.keyboard(`${CODE}{Enter}`);
    const result = await within(dialog).findByTestId("slip-result");
    await waitFor(() => expect(document.activeElement).toBe(result));
    // Tab to Pay, Enter pays.
    await ue.keyboard("{Tab}");
    expect(document.activeElement?.textContent).toBe("Pay €19.00");
    await ue.keyboard("{Enter}");
    const paid = await within(dialog).findByTestId("slip-paid-now");
    expect(paid.textContent).toContain("Paid €19.00");
    await waitFor(() => expect(document.activeElement).toBe(paid));
    expect(await within(dialog).findByRole("button", { name: /Print receipt/ })).toBeTruthy();
    expect(pays(calls)).toHaveLength(1);
  });
});
