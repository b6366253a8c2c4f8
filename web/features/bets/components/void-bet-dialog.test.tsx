import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bet, customer } from "../../../test/fixtures";
import { loseFirstAnswer, renderWithProviders } from "../../../test/render";
import type { Bet } from "../api/types";
import VoidBetDialog from "./void-bet-dialog";

describe("Void Bet", () => {
  test("is disabled while the reason is blank and sends the trimmed reason", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <VoidBetDialog bet={bet() as Bet} onClose={() => {}} />,
      "user",
      { "PATCH /api/bets/:id/resolve": { pending: true } },
    );
    expect(screen.getByText("Arsenal to win")).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Void Bet" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const reason = screen.getByLabelText("Reason for voiding this bet *");
    await ue.type(reason, "   ");
    expect(confirm.disabled).toBe(true);
    await ue.type(reason, " Match abandoned ");
    expect(confirm.disabled).toBe(false);
    await ue.click(confirm);
    expect(await screen.findByRole("button", { name: "Voiding..." })).toBeTruthy();
    const call = calls.find((c) => c.method === "PATCH");
    expect(call?.path).toBe("/api/bets/11/resolve");
    expect(call?.body).toEqual({ status: "VOID", voidReason: "Match abandoned" });
  });

  test("a failure without a server message falls back to 'Failed to void bet'", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<VoidBetDialog bet={bet() as Bet} onClose={() => {}} />, "user", {
      "PATCH /api/bets/:id/resolve": () => {
        throw new Error("");
      },
    });
    await ue.type(screen.getByLabelText("Reason for voiding this bet *"), "x");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    await waitFor(() => expect(screen.getByText("Failed to void bet")).toBeTruthy());
  });

  test("success shows 'Bet Voided', the stake refunded to whom and the balance after it", async () => {
    const ue = userEvent.setup();
    let voided = false;
    renderWithProviders(<VoidBetDialog bet={bet() as Bet} onClose={() => {}} />, "user", {
      "PATCH /api/bets/:id/resolve": () => {
        voided = true;
        return bet({ status: "VOID", voidReason: "x" });
      },
      // Ann's €20.00 stake back: €50.00 became €70.00.
      "GET /api/customers/:id": () => customer({ balance: voided ? "70.00" : "50.00" }),
    });
    await ue.type(screen.getByLabelText("Reason for voiding this bet *"), "x");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    // The SPEC's title and text, then the refund named (issue 20 item 7).
    const text = await screen.findByText(
      "The bet has been voided successfully. Bet #11 void: €20.00 stake refunded to Ann Byrne (C-000007); balance €70.00",
    );
    expect(text.closest('[role="status"]')?.textContent).toStartWith("Bet Voided");
  });

  test("a cash bet voided: its stake to be paid back on the slip", async () => {
    const ue = userEvent.setup();
    const cash = { id: 31, customerId: null, customer: null, payment: "cash" as const, shiftId: 5 };
    const { calls } = renderWithProviders(
      <VoidBetDialog bet={bet(cash) as Bet} onClose={() => {}} />,
      "user",
      { "PATCH /api/bets/:id/resolve": bet({ ...cash, status: "VOID", voidReason: "x" }) },
    );
    await ue.type(screen.getByLabelText("Reason for voiding this bet *"), "x");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    expect(
      await screen.findByText(
        "The bet has been voided successfully. Cash bet #31 void: €20.00 stake to be paid back on the slip",
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/customers"))).toBe(false);
  });

  test("an each-way bet: the refund named is what it cost, both parts, not the unit", async () => {
    // €5.00 each-way: €10.00 staked, €10.00 back on a void (decision 052).
    const eachWay = bet({
      eachWay: { places: 3, fraction: "1/4" },
      stakeAmount: "5.00",
      totalStake: "10.00",
    });
    renderWithProviders(<VoidBetDialog bet={eachWay as Bet} onClose={() => {}} />, "user", {});
    expect((await screen.findByTestId("settle-effect")).textContent).toBe(
      "Refunds the stake of €10.00 to the customer.",
    );
  });

  test("a cash bet: the stake is owed on the slip, not refunded to a customer", async () => {
    const cash = bet({ customerId: null, customer: null, payment: "cash", shiftId: 5 });
    renderWithProviders(<VoidBetDialog bet={cash as Bet} onClose={() => {}} />, "user", {});
    expect((await screen.findByTestId("settle-effect")).textContent).toBe(
      "Owes the stake of €20.00 on the slip: paid back from the till when the slip is brought back.",
    );
  });
});

/** A void refunds the stake, so it carries an Idempotency-Key per bet and reason (decision 077). */
describe("Void Bet's Idempotency-Key", () => {
  const KEY = /^[0-9a-f-]{36}$/;
  const keysOf = (calls: { method: string; headers: Record<string, string> }[]) =>
    calls.filter((c) => c.method === "PATCH").map((c) => c.headers["Idempotency-Key"]);

  test("Void Bet pressed again after no answer sends the same key", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <VoidBetDialog bet={bet() as Bet} onClose={() => {}} />,
      "user",
      { "PATCH /api/bets/:id/resolve": bet({ status: "VOID", voidReason: "Non-runner" }) },
    );
    loseFirstAnswer("PATCH", /\/api\/bets\/11\/resolve$/);
    await ue.type(screen.getByLabelText("Reason for voiding this bet *"), "Non-runner");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    expect(await screen.findByText(/Retrying from the same dialog reuses/)).toBeTruthy();
    await ue.click(await screen.findByRole("button", { name: "Void Bet" }));
    expect(await screen.findByText(/^The bet has been voided successfully\. /)).toBeTruthy();
    const [first, second, ...rest] = keysOf(calls);
    expect(first).toMatch(KEY);
    expect(second).toBe(first as string);
    expect(rest).toEqual([]);
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { status: "VOID", voidReason: "Non-runner" },
      { status: "VOID", voidReason: "Non-runner" },
    ]);
  });

  test("a changed reason is another request: a new key", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <VoidBetDialog bet={bet() as Bet} onClose={() => {}} />,
      "user",
      { "PATCH /api/bets/:id/resolve": bet({ status: "VOID", voidReason: "Abandoned" }) },
    );
    loseFirstAnswer("PATCH", /\/api\/bets\/11\/resolve$/);
    const reason = screen.getByLabelText("Reason for voiding this bet *");
    await ue.type(reason, "Non-runner");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    expect(await screen.findByText(/Retrying from the same dialog reuses/)).toBeTruthy();
    await ue.clear(reason);
    await ue.type(reason, "Abandoned");
    await ue.click(screen.getByRole("button", { name: "Void Bet" }));
    expect(await screen.findByText(/^The bet has been voided successfully\. /)).toBeTruthy();
    const [first, second] = keysOf(calls);
    expect(first).toMatch(KEY);
    expect(second).toMatch(KEY);
    expect(second).not.toBe(first as string);
  });
});
