/**
 * How prices show to the signed-in user (issue 21, decision 048): their own choice, else the
 * operator's ODDS_FORMAT (GET /api/settings), else decimal. A slip shows the price as taken.
 */
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { formatPriceAs, type PriceFormat, parsePrice } from "../../src/domain/price";
import { formatDecimalOdds } from "./format";
import { currentUserAtom } from "./session";
import { settingsQuery } from "./settings";

export function useOddsFormat(): PriceFormat {
  const own = useAtomValue(currentUserAtom)?.oddsFormat;
  const { data } = useQuery(settingsQuery);
  return own ?? data?.oddsFormat ?? "decimal";
}

/**
 * A bet's price in `format`: its `odds` decimal in the user's locale ("2,50" in German), or
 * its price as a fraction ("11/8").
 */
export function showOdds(bet: { odds: string; price?: string }, format: PriceFormat): string {
  if (format === "decimal" || !bet.price) return formatDecimalOdds(bet.odds);
  const parsed = parsePrice(bet.price);
  return parsed.ok ? formatPriceAs(parsed.price, "fractional") : formatDecimalOdds(bet.odds);
}

/**
 * A slip's price as taken (decision 048): a fraction as written ("11/8"), a decimal in the
 * user's locale ("2,50" in German). The slip, the receipt and Find slip show it alike.
 */
export function showPriceAsTaken(price: string): string {
  return price.includes("/") ? price : formatDecimalOdds(price);
}
