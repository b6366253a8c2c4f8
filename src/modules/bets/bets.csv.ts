/**
 * GET /api/bets?format=csv (issue 13): every matching bet, walked in a worker that loads this
 * module for its JOB_WORK (so it stays free of side effects). See src/lib/csv-export.ts.
 *
 * For a bookkeeper (issue 23: "the effect on the customer, else the shop"; decisions 064 and
 * 074): `signedAmount` is what the bet has moved in the books so far, on the customer for an
 * account bet (- the stake, + a return credited, - a correction taking a return back) and on
 * the shop for a cash bet (+ the stake taken, - the return paid on the slip). It is the sum of
 * the bet's COMPLETED ledger rows, read from that side, so it is exact after a re-settlement;
 * an unpaid cash winner has moved only its stake. `signedForType` and `signedForId` name whose
 * balance it is, as on the transactions file: a customer's deposits and withdrawals plus its
 * bets' `signedAmount` are its balance; the cash bets' sum is what they moved in the tills.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { transactions } from "../../db/schema";
import { betDto } from "../../domain/dto";
import { formatCents } from "../../domain/money";
import { defineCsvList } from "../../lib/csv-export";
import { betListSpec, betsByIds } from "./bets.service";

/** What a bet moved, and on whose balance: its customer's, or a cash bet's shop's. */
interface Signed {
  cents: number;
  forType: "CUSTOMER" | "SHOP";
  forId: number;
}

const signedOf = (row: unknown) => (row as { signed: Signed }).signed;

const BETS_CSV = defineCsvList(import.meta.url, {
  name: "bets",
  spec: ({ query }) => betListSpec(query),
  load: (db, ids) => {
    const { amountCents: cents, fromEntityType: from, toEntityType: to } = transactions;
    const moved = new Map(
      db
        .select({
          betId: transactions.betId,
          customer: sql<number>`sum(case when ${to} = 'CUSTOMER' then ${cents} when ${from} = 'CUSTOMER' then -${cents} else 0 end)`,
          shop: sql<number>`sum(case when ${to} = 'SHOP' then ${cents} when ${from} = 'SHOP' then -${cents} else 0 end)`,
        })
        .from(transactions)
        .where(and(inArray(transactions.betId, ids), eq(transactions.status, "COMPLETED")))
        .groupBy(transactions.betId)
        .all()
        .map((row) => [row.betId, row] as const),
    );
    return betsByIds(db, ids).map((bet) => {
      const sums = moved.get(bet.id);
      const signed: Signed = bet.customer
        ? { cents: sums?.customer ?? 0, forType: "CUSTOMER", forId: bet.customer.id }
        : { cents: sums?.shop ?? 0, forType: "SHOP", forId: bet.shopId };
      return { ...bet, signed };
    });
  },
  dto: betDto,
  // Each the same as `customer.id`, `shop.id`, `status`, `placedByUser.id`, `resolvedByUser.id`.
  omit: ["customerId", "shopId", "outcome", "placedBy", "resolvedBy"],
  extra: [
    {
      after: "actualPayout",
      name: "signedAmount",
      kind: "money",
      value: (row) => formatCents(signedOf(row).cents),
    },
    {
      after: "actualPayout",
      name: "signedForType",
      kind: "text",
      value: (row) => signedOf(row).forType,
    },
    {
      after: "actualPayout",
      name: "signedForId",
      kind: "text",
      value: (row) => signedOf(row).forId,
    },
  ],
});

export const JOB_WORK = BETS_CSV.work;

/** The columns of the file (the tests read them). */
export const CSV_COLUMNS = BETS_CSV.columns;

export const betsCsv = BETS_CSV.download;
