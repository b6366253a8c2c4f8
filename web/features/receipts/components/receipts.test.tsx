/**
 * Receipts (issue 21 item 4, decision 053): each kind's content on the 80 mm paper, the
 * original then DUPLICATE from one Print button, DUPLICATE wherever else, the settled and
 * paid slip, and long names that wrap.
 */
import { describe, expect, test } from "bun:test";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ShiftDto, SlipDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import {
  SHOP_TO_CUSTOMER,
  slip as slipFixture,
  transaction,
  WON_AND_PAID,
} from "../../../test/fixtures";
import { printed, stubPrint } from "../../../test/print";
import { englishAfterEach, renderWithProviders } from "../../../test/render";
import {
  latestMovement,
  paymentReceipt,
  type SlipPayment,
  tillMovementReceipt,
  transactionReceipt,
} from "../receipt-data";
import { PaymentReceipt } from "./payment-receipt";
import { PrintReceipt } from "./print-receipt";
import { Receipt } from "./receipt";
import { SlipReceipt } from "./slip-receipt";

const AT = "2026-11-26T14:03:00.000Z";

type ShiftPart = Pick<ShiftDto, "id" | "shopId" | "shop" | "user" | "tillMovements">;

/** The part of a shift a till movement's receipt reads (the answer of POST .../movements). */
function shift(overrides: Partial<ShiftPart> = {}): ShiftPart {
  return {
    id: 5,
    user: { id: 2, username: "alice" },
    shopId: 3,
    shop: { id: 3, name: "Central" },
    tillMovements: [
      {
        id: 44,
        kind: "pickup",
        amount: "200.00",
        reason: "Notes over the till limit",
        createdAt: AT,
        createdBy: { id: 2, username: "alice" },
      },
      {
        id: 45,
        kind: "topup",
        amount: "30.20",
        reason: "Coins for change",
        createdAt: AT,
        createdBy: { id: 2, username: "alice" },
      },
    ],
    ...overrides,
  };
}

/** The fixture's slip, from a shop with its address and phone on the paper. */
function slip(overrides: Partial<SlipDto> = {}): SlipDto {
  return slipFixture({
    shop: {
      id: 3,
      name: "Central",
      location: "Dublin",
      address: "1 Quay Street",
      phone: "01 555 0100",
    },
    ...overrides,
  });
}

const payment: SlipPayment = {
  bet: { id: 12, description: "Leopardstown 14:30 Galopin", status: "WON", customer: null },
  amount: "19.00",
  paidAt: AT,
  paidBy: { id: 2, username: "alice" },
  shiftId: 5,
  shop: { id: 3, name: "Central" },
  transactionId: 123,
};

/** A receipt's lines as [label, value] (the values' text as printed). */
function lines(article: HTMLElement): [string, string][] {
  return [...article.querySelectorAll("dt")].map((dt) => [
    dt.textContent ?? "",
    dt.nextElementSibling?.textContent ?? "",
  ]);
}

const kindOf = (article: HTMLElement) => within(article).getByTestId("receipt-kind").textContent;

describe("a receipt for every cash movement", () => {
  test("deposit: shop, kind, T- reference, time, staff, customer with number, amount", () => {
    const receipt = transactionReceipt(transaction({ id: 123, createdAt: AT }));
    render(
      <Receipt
        receipt={{
          ...receipt,
          shop: { ...receipt.shop, address: "1 Quay Street", phone: "01 555 0100" },
        }}
      />,
    );
    const article = screen.getByRole("article", { name: "DEPOSIT receipt T-000123" });
    expect(within(article).getByTestId("receipt-shop").textContent).toBe("Central");
    expect(within(article).getByText("1 Quay Street")).toBeTruthy();
    expect(within(article).getByText("01 555 0100")).toBeTruthy();
    expect(kindOf(article)).toBe("DEPOSIT");
    const got = Object.fromEntries(lines(article));
    expect(got.Ref).toBe("T-000123");
    expect(got.Staff).toBe("admin");
    expect(got.Customer).toBe("Ann Byrne (C-000007)");
    expect(got.Amount).toBe("€50.00");
    expect(got.Note).toBe("cash");
    expect(got.Time).toMatch(/2026/);
    expect(article.dataset.duplicate).toBe("false");
    expect(within(article).queryByText("DUPLICATE")).toBeNull();
  });

  test("withdrawal: WITHDRAWAL, the customer it was paid to", () => {
    render(
      <Receipt
        receipt={transactionReceipt(
          transaction({
            id: 124,
            type: "WITHDRAWAL",
            amount: "20.00",
            description: null,
            ...SHOP_TO_CUSTOMER,
          }),
        )}
      />,
    );
    const article = screen.getByRole("article", { name: "WITHDRAWAL receipt T-000124" });
    expect(kindOf(article)).toBe("WITHDRAWAL");
    const got = Object.fromEntries(lines(article));
    expect(got.Customer).toBe("Ann Byrne (C-000007)");
    expect(got.Amount).toBe("€20.00");
    expect(got.Note).toBeUndefined();
    expect(within(article).getByTestId("receipt-shop").textContent).toBe("Central");
  });

  test("pick-up and top-up: M- reference, the shift, the reason, no customer line", () => {
    const s = shift();
    const pickup = latestMovement(s, "pickup");
    const topup = latestMovement(s, "topup");
    if (!pickup || !topup) throw new Error("no movements");
    render(
      <>
        <Receipt receipt={tillMovementReceipt(s, pickup)} />
        <Receipt receipt={tillMovementReceipt(s, topup)} />
      </>,
    );
    const up = screen.getByRole("article", { name: "PICK-UP receipt M-000044" });
    expect(kindOf(up)).toBe("PICK-UP");
    expect(lines(up)).toEqual([
      ["Ref", "M-000044"],
      ["Time", expect.stringMatching(/2026/) as unknown as string],
      ["Staff", "alice"],
      ["Shift", "#5"],
      ["Reason", "Notes over the till limit"],
      ["Amount", "€200.00"],
    ]);
    const top = screen.getByRole("article", { name: "TOP-UP receipt M-000045" });
    expect(kindOf(top)).toBe("TOP-UP");
    expect(Object.fromEntries(lines(top)).Amount).toBe("€30.20");
    expect(within(top).queryByTestId("receipt-customer")).toBeNull();
  });

  test("the newest movement of the kind is the one just recorded", () => {
    const s = shift();
    const more = shift({
      tillMovements: [
        ...s.tillMovements,
        { ...(s.tillMovements[0] as ShiftDto["tillMovements"][number]), id: 46 },
      ],
    });
    expect(latestMovement(more, "pickup")?.id).toBe(46);
    expect(latestMovement(shift({ tillMovements: [] }), "pickup")).toBeUndefined();
  });

  test("slip payment: SLIP PAID, the ledger row's reference, the bet and code, Cash", () => {
    render(<PaymentReceipt payment={payment} code="7KX4Q-M9TRB" />);
    const article = screen.getByRole("article", { name: "SLIP PAID receipt T-000123" });
    expect(kindOf(article)).toBe("SLIP PAID");
    const got = Object.fromEntries(lines(article));
    expect(got.Customer).toBe("Cash");
    expect(got.Bet).toBe("#12 · 7KX4Q-M9TRB");
    expect(got.Result).toBe("WON");
    expect(got.Amount).toBe("€19.00");
    expect(got.Staff).toBe("alice");
    expect(paymentReceipt(payment).lines?.[0]).toEqual(["Bet", "#12"]);
  });

  test("cash bet: the slip says CASH BET, Cash, the price as taken and the code", () => {
    renderWithProviders(<SlipReceipt slip={slip()} />, "user");
    const article = screen.getByRole("article", { name: "Slip for bet #12" });
    expect(kindOf(article)).toBe("CASH BET");
    const got = Object.fromEntries(lines(article));
    expect(got.Customer).toBe("Cash");
    expect(got.Stake).toBe("€8.00");
    expect(got.Odds).toBe("11/8");
    expect(got["Potential payout"]).toBe("€19.00");
    expect(got.Staff).toBe("alice");
    expect(within(article).getByTestId("slip-code").textContent).toBe("7KX4Q-M9TRB");
    expect(within(article).getByText("1 Quay Street")).toBeTruthy();
    // Pending: no outcome yet.
    expect(within(article).queryByTestId("slip-outcome")).toBeNull();
  });

  test("an account bet's slip names the customer and has no CASH BET band", () => {
    renderWithProviders(
      <SlipReceipt
        slip={slip({
          payment: "account",
          customer: { id: 7, firstName: "Ann", lastName: "Byrne" },
        })}
      />,
      "user",
    );
    const article = screen.getByRole("article", { name: "Slip for bet #12" });
    expect(within(article).queryByTestId("receipt-kind")).toBeNull();
    expect(Object.fromEntries(lines(article)).Customer).toBe("Ann Byrne");
  });
});

describe("a slip printed after settlement", () => {
  test("WON and paid: the outcome, the return and PAID on, at, by", () => {
    renderWithProviders(<SlipReceipt slip={slip(WON_AND_PAID)} duplicate />, "user");
    const article = screen.getByRole("article", { name: "Slip for bet #12" });
    const outcome = within(article).getByTestId("slip-outcome");
    const got = Object.fromEntries(lines(outcome));
    expect(got.Result).toBe("WON");
    expect(got.Return).toBe("€19.00");
    expect(got.Settled).toMatch(/2026/);
    const paid = within(article).getByTestId("slip-paid").textContent ?? "";
    expect(paid).toMatch(/^PAID €19\.00 on .*2026.* at Main Street by alice$/);
    // A reprint: DUPLICATE at the top and the bottom.
    expect(within(article).getAllByText("DUPLICATE")).toHaveLength(2);
  });

  test("LOST returns €0.00, VOID the stake, PLACED its payout; none paid yet", () => {
    const outcomes = (["LOST", "VOID", "PLACED"] as const).map((status, i) => {
      const view = renderWithProviders(
        <SlipReceipt
          slip={slip({
            betId: 20 + i,
            status,
            actualPayout: status === "PLACED" ? "6.40" : status === "VOID" ? "8.00" : "0.00",
            resolvedAt: AT,
          })}
        />,
        "user",
      );
      const article = within(view.container).getByRole("article");
      return Object.fromEntries(lines(within(article).getByTestId("slip-outcome")));
    });
    expect(outcomes.map((o) => [o.Result, o.Return])).toEqual([
      ["LOST", "€0.00"],
      ["VOID", "€8.00"],
      ["PLACED", "€6.40"],
    ]);
    expect(screen.queryByTestId("slip-paid")).toBeNull();
  });

  test("each-way: the unit stake, E/W places and fraction, the total stake", () => {
    renderWithProviders(
      <SlipReceipt
        slip={slip({
          eachWay: { places: 3, fraction: "1/4" },
          stakeAmount: "10.00",
          totalStake: "20.00",
        })}
      />,
      "user",
    );
    const article = screen.getByRole("article", { name: "Slip for bet #12" });
    const got = Object.fromEntries(lines(article));
    expect(got["Unit stake"]).toBe("€10.00");
    expect(got.Terms).toBe("E/W 3 places 1/4");
    expect(got["Total stake"]).toBe("€20.00");
    expect(got.Stake).toBeUndefined();
  });
});

describe("printing: the original once, then DUPLICATE", () => {
  const prints = stubPrint();

  test("the success state's first press prints the original; the second press DUPLICATE", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <PrintReceipt receipt={transactionReceipt(transaction())} />,
      "user",
      {
        "GET /api/shops/:id": {
          id: 3,
          name: "Central",
          location: "Dublin",
          address: "1 Quay Street",
          phone: null,
          balance: "10.00",
          isActive: true,
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      },
    );
    // The shop's address is read before Print is pressed.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Print receipt" }).dataset.ready).toBe("true"),
    );
    expect(calls.filter((c) => c.path === "/api/shops/3")).toHaveLength(1);
    await ue.click(screen.getByRole("button", { name: "Print receipt" }));
    await waitFor(() => expect(prints).toHaveLength(1));
    expect(printed()?.dataset.duplicate).toBe("false");
    expect(printed()?.textContent).not.toContain("DUPLICATE");
    expect(printed()?.textContent).toContain("1 Quay Street");
    // The container is a child of <body>, outside the app: print shows it alone.
    expect(document.querySelector(".receipt-print-root")?.parentElement).toBe(document.body);

    await ue.click(screen.getByRole("button", { name: "Reprint (DUPLICATE)" }));
    await waitFor(() => expect(prints).toHaveLength(2));
    expect(printed()?.dataset.duplicate).toBe("true");
    expect(within(printed() as HTMLElement).getAllByText("DUPLICATE")).toHaveLength(2);
    // One receipt in the container at a time.
    expect(document.querySelectorAll(".receipt-print-root .receipt")).toHaveLength(1);
  });

  test("a print from anywhere but the success state is DUPLICATE from the first press", async () => {
    const ue = userEvent.setup();
    renderWithProviders(
      <PrintReceipt receipt={transactionReceipt(transaction())} duplicate />,
      "user",
    );
    await ue.click(screen.getByRole("button", { name: "Reprint (DUPLICATE)" }));
    await waitFor(() => expect(prints).toHaveLength(1));
    expect(printed()?.dataset.duplicate).toBe("true");
  });

  test("after the print dialog closes the receipt leaves the page", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<PrintReceipt receipt={transactionReceipt(transaction())} />, "user");
    await ue.click(screen.getByRole("button", { name: "Print receipt" }));
    await waitFor(() => expect(prints).toHaveLength(1));
    act(() => {
      window.dispatchEvent(new Event("afterprint"));
    });
    await waitFor(() => expect(printed()).toBeNull());
  });
});

describe("long names wrap inside 80 mm", () => {
  test("the customer's and the shop's names and the description carry the wrapping class", () => {
    const long = "Maximilian-Alexander-Bartholomew-Fitzgerald-O'Sullivan-Montgomery";
    const receipt = transactionReceipt(
      transaction({
        fromCustomer: { id: 7, firstName: long, lastName: long },
        toShop: { id: 3, name: `The ${long} Turf Accountants` },
      }),
    );
    render(<Receipt receipt={receipt} />);
    const article = screen.getByRole("article");
    expect(article.className).toContain("w-[80mm]");
    const customer = within(article).getByTestId("receipt-customer").closest("dd");
    expect(customer?.className).toContain("receipt-wrap");
    expect(customer?.className).toContain("[overflow-wrap:anywhere]");
    expect(customer?.className).toContain("min-w-0");
    expect(within(article).getByTestId("receipt-shop").className).toContain("receipt-wrap");
  });

  test("on the slip too: the description and the PAID line", () => {
    renderWithProviders(
      <SlipReceipt
        slip={slip({
          description: "x".repeat(200),
          status: "VOID",
          actualPayout: "8.00",
          paid: {
            amount: "8.00",
            at: AT,
            by: null,
            shiftId: 5,
            shop: { id: 3, name: "y".repeat(120) },
          },
        })}
      />,
      "user",
    );
    expect(screen.getByText("x".repeat(200)).className).toContain("receipt-wrap");
    const paid = screen.getByTestId("slip-paid");
    expect(paid.className).toContain("receipt-wrap");
    expect(paid.textContent).not.toContain(" by ");
  });
});

describe("printed in the language showing (issue 23)", () => {
  englishAfterEach();

  test("a German slip's decimal price and each-way terms", async () => {
    renderWithProviders(
      <SlipReceipt
        slip={slip({
          price: "2.50",
          eachWay: { places: 3, fraction: "1/4" },
          stakeAmount: "10.00",
          totalStake: "20.00",
        })}
      />,
      "user",
    );
    act(() => applyLanguage("de"));
    const article = await screen.findByRole("article", { name: "Wettschein für Wette #12" });
    const got = Object.fromEntries(lines(article));
    expect(got.Quote).toBe("2,50");
    expect(got.Bedingungen).toBe("E/W 3 Plätze 1/4");
    expect(got.Gesamteinsatz).toMatch(/^20,00\s€$/);
  });

  test("a German deposit receipt: the kind, the labels and the amount in German", () => {
    applyLanguage("de");
    render(<Receipt receipt={transactionReceipt(transaction({ id: 123, createdAt: AT }))} />);
    const article = screen.getByRole("article", { name: "Beleg EINZAHLUNG T-000123" });
    expect(kindOf(article)).toBe("EINZAHLUNG");
    const got = Object.fromEntries(lines(article));
    expect(got["Ref."]).toBe("T-000123");
    expect(got.Kunde).toBe("Ann Byrne (C-000007)");
    expect(got.Betrag).toMatch(/^50,00\s€$/);
    expect(got.Notiz).toBe("cash");
  });

  test("a German slip: settled, paid, a duplicate", async () => {
    renderWithProviders(
      <SlipReceipt
        duplicate
        slip={slip({
          status: "WON",
          actualPayout: "19.00",
          resolvedAt: AT,
          paid: { amount: "19.00", at: AT, by: null, shiftId: 5, shop: { id: 3, name: "Central" } },
        })}
      />,
      "user",
    );
    // After the providers have set the signed-in user's language (none: the browser's).
    act(() => applyLanguage("de"));
    const article = await screen.findByRole("article", { name: "Wettschein für Wette #12" });
    expect(kindOf(article)).toBe("BARWETTE");
    expect(Object.fromEntries(lines(article)).Kunde).toBe("Bar");
    expect(Object.fromEntries(lines(article)).Quote).toBe("11/8");
    const outcome = Object.fromEntries(lines(within(article).getByTestId("slip-outcome")));
    expect(outcome.Ergebnis).toBe("Gewonnen");
    expect(outcome.Auszahlung).toMatch(/^19,00\s€$/);
    expect(within(article).getByTestId("slip-paid").textContent).toMatch(
      /^AUSGEZAHLT 19,00\s€ am .*2026.* in Central$/,
    );
    expect(within(article).getAllByText("DUPLIKAT")).toHaveLength(2);
    expect(within(article).getByText("Prüfcode")).toBeTruthy();
  });
});
