import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, within } from "@testing-library/react";
import { shiftDto, userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { SHOP_TO_CUSTOMER, shift, transaction } from "../../../test/fixtures";
import { page, renderWithProviders, user } from "../../../test/render";
import ShiftReport from "./shift-report";

/** Shift 5 of user-user at Central, closed and counted right: a deposit, a cash bet, a slip paid. */
const closed = shift({
  status: "CLOSED",
  userId: 2,
  user: { id: 2, username: "user-user" },
  shopId: 3,
  shop: { id: 3, name: "Central" },
  closedAt: "2026-01-03T17:00:00.000Z",
  closedBy: { id: 2, username: "user-user" },
  deposits: "50.00",
  depositCount: 1,
  cashStakes: "8.00",
  cashStakeCount: 1,
  cashPayouts: "19.00",
  cashPayoutCount: 1,
  expectedCash: "139.00",
  countedCash: "139.00",
  discrepancy: "0.00",
});

const cash = { fromCustomer: null, toCustomer: null, shiftId: 5, betId: 44 };

const movements = page([
  transaction({ id: 1, shiftId: 5 }),
  transaction({
    ...cash,
    id: 2,
    type: "BETTING",
    amount: "8.00",
    fromEntityType: "CASH",
    fromEntityId: 0,
  }),
  transaction({
    ...cash,
    id: 3,
    type: "PAYOUT",
    amount: "19.00",
    fromEntityType: "SHOP",
    fromEntityId: 3,
    toEntityType: "CASH",
    toEntityId: 0,
    toShop: null,
    fromShop: { id: 3, name: "Central" },
  }),
]);

/** The Z report of shift 5, for a cashier whose own language is `language` (null: none chosen). */
function renderReport(language: "de" | null = null) {
  renderWithProviders(<ShiftReport id={5} />, "user", {
    "GET /api/user": userDto.parse({ ...user("user"), language }),
    "GET /api/shifts/:id": closed,
    "GET /api/transactions": movements,
  });
}

/** A cell's text without the line a phone shows under it in place of hidden columns. */
function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  for (const line of copy.querySelectorAll("[data-phone-line]")) line.remove();
  return copy.textContent ?? "";
}

/** The movements table's rows: type, customer and amount (the cells after #). */
async function movementRows(name: string) {
  const table = await screen.findByRole("table", { name });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("td")].slice(2).map(cellText));
}

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted screen.
  cleanup();
  applyLanguage("en");
});

describe("the Z report (issue 21, decision 051)", () => {
  test("lists every cash line of the till: a deposit, a cash bet's stake and a slip paid, each signed", async () => {
    renderReport();
    expect(await movementRows("Deposits, withdrawals, cash bets and slips paid")).toEqual([
      ["Deposit", "Ann Byrne", "+ €50.00"],
      ["Cash bet #44", "Cash", "+ €8.00"],
      ["Slip paid #44", "Cash", "- €19.00"],
    ]);
    const figures = screen.getByTestId("shift-figures");
    expect(within(figures).getByText("Cash bets (1)")).toBeTruthy();
    expect(within(figures).getByText("Slips paid (1)")).toBeTruthy();
  });

  test("a deposit and a withdrawal reversed while it was open: their lines and figures, the other way round (decision 079)", async () => {
    const reversals = page([
      transaction({ id: 1, shiftId: 5 }),
      transaction({
        id: 6,
        shiftId: 5,
        reversalOf: 1,
        ...SHOP_TO_CUSTOMER,
      }),
      transaction({
        id: 8,
        type: "WITHDRAWAL",
        amount: "20.00",
        shiftId: 5,
        reversalOf: 7,
        fromCustomer: { id: 7, firstName: "Ann", lastName: "Byrne" },
      }),
    ]);
    renderWithProviders(<ShiftReport id={5} />, "user", {
      "GET /api/shifts/:id": shiftDto.parse({
        ...closed,
        reversedDeposits: "50.00",
        reversedDepositCount: 1,
        reversedWithdrawals: "20.00",
        reversedWithdrawalCount: 1,
      }),
      "GET /api/transactions": reversals,
    });
    expect(await movementRows("Deposits, withdrawals, cash bets and slips paid")).toEqual([
      ["Deposit", "Ann Byrne", "+ €50.00"],
      ["Deposit #1 reversed", "Ann Byrne", "- €50.00"],
      ["Withdrawal #7 reversed", "Ann Byrne", "+ €20.00"],
    ]);
    const figures = screen.getByTestId("shift-figures");
    expect(figures.textContent).toContain("Deposits reversed (1)- €50.00");
    expect(figures.textContent).toContain("Withdrawals reversed (1)+ €20.00");
  });

  test("no reversal lines in the figures when there were none", async () => {
    renderReport();
    const figures = await screen.findByTestId("shift-figures");
    expect(figures.textContent).not.toContain("reversed");
  });

  test("prints in German: headings, figures, the till's lines and money in the German way", async () => {
    // A cashier whose own language is German (the app follows the signed-in user).
    renderReport("de");
    expect(await screen.findByRole("heading", { name: "Schichtbericht #5" })).toBeTruthy();
    expect(screen.getByText("Geschlossen (Z-Bericht)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Drucken" })).toBeTruthy();
    expect(
      await movementRows("Einzahlungen, Auszahlungen, Barwetten und ausgezahlte Wettscheine"),
    ).toEqual([
      ["Einzahlung", "Ann Byrne", "+ 50,00\u00a0€"],
      ["Barwette #44", "Bar", "+ 8,00\u00a0€"],
      ["Wettschein ausgezahlt #44", "Bar", "- 19,00\u00a0€"],
    ]);
    const figures = screen.getByTestId("shift-figures");
    expect(within(figures).getByText("Barwetten (1)")).toBeTruthy();
    expect(within(figures).getByText("Soll-Bestand")).toBeTruthy();
    // textContent: the testing library's matchers fold the no-break space into a space.
    expect(figures.textContent).toContain("Soll-Bestand139,00\u00a0€");
    expect(within(figures).getByText("Keine")).toBeTruthy();
  });
});

describe("the Z report at 390 px (a phone)", () => {
  test("each table scrolls in its card, never the page; amounts keep one line; the time moves under the type", async () => {
    renderWithProviders(<ShiftReport id={5} />, "user", {
      "GET /api/shifts/:id": shiftDto.parse({
        ...closed,
        tillMovements: [
          {
            id: 9,
            kind: "pickup",
            amount: "1500.00",
            reason: "Lifted to the safe",
            createdAt: "2026-01-03T15:00:00.000Z",
            createdBy: { id: 2, username: "user-user" },
          },
        ],
      }),
      "GET /api/transactions": page([transaction({ id: 1, shiftId: 5, amount: "1500.00" })]),
    });
    for (const name of [
      "Deposits, withdrawals, cash bets and slips paid",
      "Pick-ups and top-ups",
    ]) {
      const table = await screen.findByRole("table", { name });
      expect(table.parentElement?.className).toContain("overflow-x-auto");
      const [amount] = within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.querySelector("td:last-child"));
      expect(amount?.className).toContain("whitespace-nowrap");
      // The columns a phone hides (time, #, by) are said under the type instead.
      const hidden = table.querySelectorAll(".max-sm\\:hidden");
      expect(hidden.length).toBeGreaterThan(0);
      const line = table.querySelector("[data-phone-line]");
      expect(line?.className).toContain("sm:hidden");
    }
    const [deposit, pickup] = [...document.querySelectorAll("[data-phone-line]")].map(
      (line) => line.textContent,
    );
    expect(deposit).toMatch(/, #1$/);
    expect(pickup).toMatch(/, by user-user$/);
    expect(screen.getByText("- €1,500.00")).toBeTruthy();
  });
});
