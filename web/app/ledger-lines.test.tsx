/**
 * One reading of a correction (issue 20): the same reversal of a €10.50 deposit and the same
 * re-settlement correction (a €42.50 payout taken back) rendered on every screen that shows
 * ledger lines — the dashboard panel, the customer page, the shop page, the Transactions list
 * and the bet page — read the same: the signed effect, the badge, From and To.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import type { TransactionDto } from "../../src/domain/dto";
import { bet, customer, SHOP_TO_CUSTOMER, shop, transaction } from "../test/fixtures";
import { page, renderApp } from "../test/render";

/** The original deposit (customer 7 -> shop 3, archived) and its reversal (shop -> customer). */
const original = transaction({
  id: 12,
  amount: "10.50",
  description: "Cash in",
  archived: true,
  archivedAt: "2026-01-03T11:00:00.000Z",
});
const reversal = transaction({
  id: 13,
  amount: "10.50",
  description: "Reversal of #12",
  ...SHOP_TO_CUSTOMER,
  reversalOf: 12,
  reason: "Paid in twice",
  createdAt: "2026-01-03T11:00:00.000Z",
});
/** Bet 11 re-settled Won -> Lost: its payout #14 taken back (customer -> shop). */
const correction = transaction({
  id: 15,
  type: "PAYOUT",
  amount: "42.50",
  description: "Correction of #14: bet #11 re-settled WON to LOST",
  betId: 11,
  bet: { id: 11, description: "Arsenal to win" },
  reversalOf: 14,
  reason: "Wrong result entered",
  createdAt: "2026-01-03T12:00:00.000Z",
});
const rows = [correction, reversal, original];

/** The ledger answers like the server: filtered by customer, shop or bet. */
const ledger = ({ search }: { search: URLSearchParams }) => {
  const involves = (type: string, id: string | null) => (t: TransactionDto) =>
    id === null ||
    (t.fromEntityType === type && String(t.fromEntityId) === id) ||
    (t.toEntityType === type && String(t.toEntityId) === id);
  const betId = search.get("betId");
  return page(
    rows
      .filter(involves("CUSTOMER", search.get("customerId")))
      .filter(involves("SHOP", search.get("shopId")))
      .filter((t) => betId === null || String(t.betId) === betId),
  );
};

const counts = { totalBets: 1, activeBets: 0, wonBets: 0, lostBets: 1, voidBets: 0 };
const routes = {
  "GET /api/transactions": ledger,
  "GET /api/bets": page([]),
  "GET /api/customers/:id/stats": counts,
  "GET /api/customers/:id": customer(),
  "GET /api/shops/:id/stats": { ...counts, totalStakes: "20.00", potentialPayouts: "0.00" },
  "GET /api/shops/:id": shop(),
  "GET /api/bets/:id/settlements": [],
  "GET /api/bets/:id": bet({
    status: "LOST",
    outcome: "LOST",
    actualPayout: "0.00",
    resolvedAt: "2026-01-03T12:00:00.000Z",
    resolvedBy: 1,
    resolvedByUser: { id: 1, username: "admin" },
  }),
  "GET /api/counts": { customers: 1, shops: 1, pendingBets: 0, alerts: 0 },
};

interface Reading {
  effect: string;
  marks: string[];
  from: string;
  to: string;
}

function read(line: HTMLElement): Reading {
  const inside = within(line);
  return {
    effect: (inside.getByTestId("ledger-effect").textContent ?? "").trim(),
    marks: inside.queryAllByTestId("ledger-mark").map((m) => m.textContent ?? ""),
    from: inside.getByTestId("ledger-from").textContent ?? "",
    to: inside.getByTestId("ledger-to").textContent ?? "",
  };
}

/** A line of a short list (li) or of the Transactions table (tr), by transaction id. */
async function lineOf(id: number): Promise<HTMLElement> {
  return waitFor(
    () => {
      const item = screen.queryByRole("listitem", { name: `Transaction ${id}` });
      if (item) return item;
      const row = screen
        .queryAllByRole("row")
        .find((r) => within(r).queryAllByRole("cell")[0]?.textContent === String(id));
      if (!row) throw new Error(`no line for transaction ${id}`);
      return row;
    },
    { timeout: 30_000 },
  );
}

const REVERSAL: Reading = {
  effect: "-€10.50",
  marks: ["Reversal of #12"],
  from: "Central",
  to: "Ann Byrne C-000007",
};
const CORRECTION: Reading = {
  effect: "-€42.50",
  marks: ["Correction of #14"],
  from: "Ann Byrne C-000007",
  to: "Central",
};

describe("a correction reads the same on every screen (issue 20)", () => {
  const screens: { name: string; path: string; reversal: boolean; correction: boolean }[] = [
    { name: "dashboard panel", path: "/", reversal: true, correction: true },
    { name: "customer page", path: "/customers/7", reversal: true, correction: true },
    { name: "shop page", path: "/shops/3", reversal: true, correction: true },
    { name: "Transactions list", path: "/transactions", reversal: true, correction: true },
    { name: "bet page", path: "/bets/11", reversal: false, correction: true },
  ];
  for (const s of screens) {
    test(s.name, async () => {
      renderApp(s.path, "admin", routes);
      if (s.reversal) {
        const line = await lineOf(13);
        expect(read(line)).toEqual(REVERSAL);
        expect(within(line).getByTestId("ledger-effect").className).toContain("text-error");
        expect(within(line).getByText("DEPOSIT").className).toContain("text-error");
        expect(within(line).getByTestId("ledger-reason").textContent).toBe("Reason: Paid in twice");
        // The reversed original: its own effect, marked "Reversed" and struck through.
        const first = await lineOf(12);
        expect(read(first).marks).toEqual(["Reversed"]);
        expect(read(first).effect).toBe("+€10.50");
        expect(within(first).getByTestId("ledger-effect").className).toContain("line-through");
      }
      if (s.correction) {
        const line = await lineOf(15);
        // A shop's till does not move with a bet row: the amount unsigned, said so.
        expect(read(line)).toEqual(
          s.path === "/shops/3" ? { ...CORRECTION, effect: "€42.50(no till effect)" } : CORRECTION,
        );
      }
    });
  }
});
