/** Each-way on the web (decision 052): what a settlement pays, and how the terms read. */
import { betReturns } from "../../../../src/domain/each-way";
import { centsOf } from "../../../../src/domain/money";
import { parsePrice } from "../../../../src/domain/price";
import { i18n } from "../../../i18n";
import type { Bet } from "../api/types";
import "../../../i18n/areas/bets";

type Priced = Pick<Bet, "potentialPayout" | "price" | "totalStake" | "eachWay">;

/**
 * What settling `bet` as Won or Placed pays, in cents: Won the potential payout (both parts
 * of an each-way bet), Placed the place part only, from the price as taken (as the server
 * computes it, src/domain/each-way.ts).
 */
export function settleReturnCents(bet: Priced, status: "WON" | "PLACED"): number {
  if (status === "WON" || !bet.eachWay) return status === "WON" ? centsOf(bet.potentialPayout) : 0;
  const price = parsePrice(bet.price);
  if (!price.ok) return 0;
  return betReturns(centsOf(bet.totalStake), price.price, bet.eachWay).place;
}

/** "E/W 3 places 1/4" (de: "E/W 3 Plätze 1/4"), or null for a win-only bet. */
export function eachWayText(bet: Pick<Bet, "eachWay">): string | null {
  if (!bet.eachWay) return null;
  const { places, fraction } = bet.eachWay;
  return i18n.t("bets.eachWayTerms", { places, fraction });
}
