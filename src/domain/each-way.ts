/**
 * Each-way bets (issue 21 item 6, decision 052). An each-way bet is two equal bets on one
 * slip: a win part at the price and a place part at a fraction (1/4 or 1/5) of the price,
 * paid when the selection finishes within the places. `bets.stake_cents` holds the TOTAL
 * stake (twice the unit), so the ledger, funds, limits and reports see the money taken; the
 * unit is half of it. Each part's return is rounded half-up to the cent on its own (each part
 * is a bet of its own on the slip), and the bet's potential payout is their sum:
 *
 *   EUR 5 E/W at 5/1, 1/4 the odds: total EUR 10; win part 5 x (5/1 + 1) = 30.00; place part
 *   5 x (5/1 x 1/4 + 1) = 11.25. WON pays 41.25, PLACED 11.25, LOST 0, VOID refunds 10.00.
 *
 * Shared by the server and the web app.
 */
import { formatCents } from "./money";
import { priceOf, returnCents } from "./price";
import { deadHeatPart, hasNoTerms, NO_TERMS, type SettlementTerms } from "./settlement-terms";

export const EACH_WAY_PLACES_MIN = 2;
export const EACH_WAY_PLACES_MAX = 8;
export const EACH_WAY_FRACTION_VALUES = ["1/4", "1/5"] as const;
export type EachWayFraction = (typeof EACH_WAY_FRACTION_VALUES)[number];

/** Each-way terms: how many places are paid, and the place part's fraction of the odds. */
export interface EachWayTerms {
  places: number;
  fraction: EachWayFraction;
}

type Fraction = { num: number; den: number };

/** "1/4" as { num: 1, den: 4 }. */
export function fractionOf(fraction: EachWayFraction): Fraction {
  return { num: 1, den: fraction === "1/5" ? 5 : 4 };
}

/** The stored columns as terms, or null for a win-only bet. */
export function eachWayOf(bet: {
  eachWayPlaces: number | null;
  eachWayFraction: string | null;
}): EachWayTerms | null {
  if (bet.eachWayPlaces === null || bet.eachWayFraction === null) return null;
  return {
    places: bet.eachWayPlaces,
    fraction: bet.eachWayFraction === "1/5" ? "1/5" : "1/4",
  };
}

/** The total stake of a bet whose unit stake is `unitCents`: twice it each-way. */
export function totalStakeCents(unitCents: number, eachWay: EachWayTerms | null): number {
  return eachWay ? 2 * unitCents : unitCents;
}

/** The unit stake of a bet whose stored (total) stake is `stakeCents`. */
export function unitStakeCents(stakeCents: number, eachWay: EachWayTerms | null): number {
  return eachWay ? Math.floor(stakeCents / 2) : stakeCents;
}

/** What each part of a bet returns if it wins, and the most the bet can return (their sum). */
export interface BetReturns {
  win: number;
  /** 0 for a win-only bet. */
  place: number;
  potential: number;
}

/** The returns of a bet of (total) stake `stakeCents` at `price` with `eachWay` terms. */
export function betReturns(
  stakeCents: number,
  price: Fraction,
  eachWay: EachWayTerms | null,
): BetReturns {
  const unit = unitStakeCents(stakeCents, eachWay);
  const win = returnCents(unit, price);
  const place = eachWay ? returnCents(unit, price, fractionOf(eachWay.fraction)) : 0;
  return { win, place, potential: win + place };
}

export type SettledStatus = "WON" | "PLACED" | "LOST" | "VOID";

/**
 * What a bet returns when settled as `status`: WON the potential payout (both parts),
 * PLACED the place part only, LOST nothing, VOID the total stake (its refund). `terms` (a dead
 * heat per part, a Rule 4 deduction: decision 084) reduce what WON and PLACED pay.
 */
export function settledReturnCents(
  bet: {
    stakeCents: number;
    potentialPayoutCents: number;
    price: Fraction;
    eachWay: EachWayTerms | null;
  },
  status: SettledStatus,
  terms: SettlementTerms = NO_TERMS,
): number {
  if (status === "VOID") return bet.stakeCents;
  if (status === "LOST") return 0;
  if (status === "PLACED" && !bet.eachWay) return 0;
  if (hasNoTerms(terms)) {
    if (status === "WON") return bet.potentialPayoutCents;
    return betReturns(bet.stakeCents, bet.price, bet.eachWay).place;
  }
  const unit = unitStakeCents(bet.stakeCents, bet.eachWay);
  const rule4 = terms.rule4Deduction ?? 0;
  const place = bet.eachWay
    ? returnCents(unit, bet.price, fractionOf(bet.eachWay.fraction), {
        deadHeat: deadHeatPart(terms.deadHeat?.place ?? null),
        rule4,
      })
    : 0;
  if (status === "PLACED") return place;
  const win = returnCents(unit, bet.price, undefined, {
    deadHeat: deadHeatPart(terms.deadHeat?.win ?? null),
    rule4,
  });
  return win + place;
}

/** "E/W 3 places 1/4": the terms as slips and pages show them. */
export function formatEachWay(eachWay: EachWayTerms): string {
  return `E/W ${eachWay.places} places ${eachWay.fraction}`;
}

/** settledReturnCents for a stored bet row (its price and each-way columns). */
export function settledReturnOfBet(
  bet: {
    stakeCents: number;
    potentialPayoutCents: number;
    oddsHundredths: number;
    priceNum: number | null;
    priceDen: number | null;
    priceFormat: string | null;
    eachWayPlaces: number | null;
    eachWayFraction: string | null;
  },
  status: SettledStatus,
  terms: SettlementTerms = NO_TERMS,
): number {
  return settledReturnCents(
    {
      stakeCents: bet.stakeCents,
      potentialPayoutCents: bet.potentialPayoutCents,
      price: priceOf(bet),
      eachWay: eachWayOf(bet),
    },
    status,
    terms,
  );
}

/**
 * The stake fields of a bet's DTO and slip: its each-way terms (or null), the unit stake as
 * entered (`stakeAmount`) and what the bet cost (`totalStake`, twice the unit each-way).
 */
export function stakeFieldsOf(bet: {
  stakeCents: number;
  eachWayPlaces: number | null;
  eachWayFraction: string | null;
}): { eachWay: EachWayTerms | null; stakeAmount: string; totalStake: string } {
  const eachWay = eachWayOf(bet);
  return {
    eachWay,
    stakeAmount: formatCents(unitStakeCents(bet.stakeCents, eachWay)),
    totalStake: formatCents(bet.stakeCents),
  };
}
