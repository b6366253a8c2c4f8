/** Each-way on the web (decision 052): what a settlement pays, and how the terms read. */
import { settledReturnCents } from "../../../../src/domain/each-way";
import { centsOf } from "../../../../src/domain/money";
import { parsePrice } from "../../../../src/domain/price";
import {
  hasNoTerms,
  NO_TERMS,
  type SettlementTerms,
} from "../../../../src/domain/settlement-terms";
import { i18n } from "../../../i18n";
import { euro } from "../../../lib/format";
import type { Bet } from "../api/types";
import "../../../i18n/areas/bets";

type Priced = Pick<Bet, "potentialPayout" | "price" | "totalStake" | "eachWay">;

/**
 * What settling `bet` as Won or Placed pays, in cents: Won the potential payout (both parts
 * of an each-way bet), Placed the place part only, from the price as taken, reduced by a dead
 * heat or a Rule 4 deduction in `terms` (decision 084). The server's own function
 * (src/domain/each-way.ts) does the maths, so the dialog shows the cent the ledger will get.
 */
export function settleReturnCents(
  bet: Priced,
  status: "WON" | "PLACED",
  terms: SettlementTerms = NO_TERMS,
): number {
  const price = parsePrice(bet.price);
  if (!price.ok) {
    // Without a price only the stored potential payout is known (a Won without terms).
    return status === "WON" && hasNoTerms(terms) ? centsOf(bet.potentialPayout) : 0;
  }
  return settledReturnCents(
    {
      stakeCents: centsOf(bet.totalStake),
      potentialPayoutCents: centsOf(bet.potentialPayout),
      price: price.price,
      eachWay: bet.eachWay,
    },
    status,
    terms,
  );
}

/** "E/W 3 places 1/4" (de: "E/W 3 Plätze 1/4"), or null for a win-only bet. */
export function eachWayText(bet: Pick<Bet, "eachWay">): string | null {
  if (!bet.eachWay) return null;
  const { places, fraction } = bet.eachWay;
  return i18n.t("bets.eachWayTerms", { places, fraction });
}

/**
 * A bet's stake as a list shows it: the unit stake, marked "E/W" for an each-way bet, which
 * costs twice it ("€5.00 E/W"); a win-only bet's stake as it is (decision 052).
 */
export function listedStake(bet: Pick<Bet, "stakeAmount" | "eachWay">): string {
  return `${euro(bet.stakeAmount)}${bet.eachWay ? i18n.t("bets.eachWayMark") : ""}`;
}
