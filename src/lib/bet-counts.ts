/**
 * A customer's or a shop's bets counted by status, in SQL (the Account Summary and the shop's
 * Performance Summary): the columns to select and the figures they give.
 */
import { count, type SQL, sql } from "drizzle-orm";
import { bets } from "../db/schema";

const byStatus = (status: string): SQL<number> =>
  sql<number>`coalesce(sum(${bets.status} = ${status}), 0)`;

/** Select these from `bets`, filtered to the customer's or the shop's. */
export const betCountColumns = {
  total: count(),
  pending: byStatus("PENDING"),
  won: byStatus("WON"),
  placed: byStatus("PLACED"),
  lost: byStatus("LOST"),
  void: byStatus("VOID"),
};

type Counted = Partial<Record<keyof typeof betCountColumns, number>>;

/** The figures of a row selected with betCountColumns (none: all 0). */
export function betCounts(row: Counted | undefined) {
  return {
    totalBets: row?.total ?? 0,
    activeBets: row?.pending ?? 0,
    wonBets: row?.won ?? 0,
    placedBets: row?.placed ?? 0,
    lostBets: row?.lost ?? 0,
    voidBets: row?.void ?? 0,
  };
}
