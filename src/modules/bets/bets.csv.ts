/**
 * GET /api/bets?format=csv (issue 13): every matching bet, walked in a worker that loads this
 * module for its JOB_WORK (so it stays free of side effects). See src/lib/csv-export.ts.
 *
 * For a bookkeeper (issue 23, decision 064): `signedAmount` is what the bet has moved in the
 * books so far, from the shop's side: + the stake taken, - the return credited to the
 * customer or paid on the slip, + a correction taking a return back. It is the sum of the
 * bet's COMPLETED ledger rows, each + when it goes to a shop and - when it leaves one, so it
 * is exact after a re-settlement; an unpaid cash winner has moved only its stake. Summed,
 * the column is the shops' gross win on the bets in the file.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { transactions } from "../../db/schema";
import { betDto } from "../../domain/dto";
import { formatCents } from "../../domain/money";
import { defineCsvList } from "../../lib/csv-export";
import { betListSpec, betsByIds } from "./bets.service";

const BETS_CSV = defineCsvList(import.meta.url, {
  name: "bets",
  spec: ({ query }) => betListSpec(query),
  load: (db, ids) => {
    const moved = new Map(
      db
        .select({
          betId: transactions.betId,
          cents: sql<number>`sum(case when ${transactions.toEntityType} = 'SHOP' then ${transactions.amountCents} when ${transactions.fromEntityType} = 'SHOP' then -${transactions.amountCents} else 0 end)`,
        })
        .from(transactions)
        .where(and(inArray(transactions.betId, ids), eq(transactions.status, "COMPLETED")))
        .groupBy(transactions.betId)
        .all()
        .map((row) => [row.betId, row.cents] as const),
    );
    return betsByIds(db, ids).map((bet) => ({
      ...bet,
      signedAmount: formatCents(moved.get(bet.id) ?? 0),
    }));
  },
  dto: betDto,
  // Each the same as `customer.id`, `shop.id`, `status`, `placedByUser.id`, `resolvedByUser.id`.
  omit: ["customerId", "shopId", "outcome", "placedBy", "resolvedBy"],
  extra: [
    {
      after: "actualPayout",
      name: "signedAmount",
      kind: "money",
      value: (row) => (row as { signedAmount: string }).signedAmount,
    },
  ],
});

export const JOB_WORK = BETS_CSV.work;

/** The columns of the file (the tests read them). */
export const CSV_COLUMNS = BETS_CSV.columns;

export const betsCsv = BETS_CSV.download;
