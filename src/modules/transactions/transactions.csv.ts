/**
 * GET /api/transactions?format=csv (issue 13): every matching ledger row, walked in a worker
 * that loads this module for its JOB_WORK (so it stays free of side effects). See
 * src/lib/csv-export.ts.
 *
 * For a bookkeeper (issue 23, decision 064): `signedAmount` is the row's effect on one
 * balance, the same rule as every screen's ledger line (src/domain/ledger-effects.ts): on the
 * customer or shop the file is filtered to (`customerId`, else `shopId`; a customer login's
 * own customer), else on the row's customer, else on its shop. A deposit is +, a withdrawal
 * and a stake -, a payout or refund +, a reversal the opposite of what it reverses; a row
 * that does not move that balance (a bet row in a shop's file) and a row not COMPLETED are 0.
 * So the column sums to the balance: a customer's file to the customer's balance, a shop's to
 * its till. `signedForType` and `signedForId` name whose balance it is.
 */
import type { z } from "zod";
import { transactionDto } from "../../domain/dto";
import { defaultParty, effectOn, type ViewedParty } from "../../domain/ledger-effects";
import { centsOf, formatCents } from "../../domain/money";
import { type CsvInput, defineCsvList } from "../../lib/csv-export";
import { transactionListSpec, transactionsByIds } from "./transactions.service";

type Row = z.output<typeof transactionDto>;

/** Whose balance a row's signedAmount is: the file's account, else the row's own. */
function signedFor(row: Row, { own, query }: CsvInput): ViewedParty | null {
  if (own !== null) return { type: "CUSTOMER", id: own };
  if (query.customerId !== undefined) return { type: "CUSTOMER", id: query.customerId };
  if (query.shopId !== undefined) return { type: "SHOP", id: query.shopId };
  return defaultParty({ ...row, amountCents: centsOf(row.amount) });
}

function signedCents(row: Row, input: CsvInput): number {
  const party = signedFor(row, input);
  if (!party || row.status !== "COMPLETED") return 0;
  return effectOn({ ...row, amountCents: centsOf(row.amount) }, party);
}

const TRANSACTIONS_CSV = defineCsvList(import.meta.url, {
  name: "transactions",
  spec: ({ query }) => transactionListSpec(query),
  load: (db, ids) => transactionsByIds(db, ids),
  dto: transactionDto,
  // Each the same as the object's `.id` beside it (or as fromEntityId / toEntityId).
  omit: ["betId", "processedBy", "fromCustomer.id", "toCustomer.id", "fromShop.id", "toShop.id"],
  extra: [
    {
      after: "amount",
      name: "signedAmount",
      kind: "money",
      value: (row, input) => formatCents(signedCents(row as Row, input)),
    },
    {
      after: "amount",
      name: "signedForType",
      kind: "text",
      value: (row, input) => signedFor(row as Row, input)?.type ?? null,
    },
    {
      after: "amount",
      name: "signedForId",
      kind: "text",
      value: (row, input) => signedFor(row as Row, input)?.id ?? null,
    },
  ],
});

export const JOB_WORK = TRANSACTIONS_CSV.work;

/** The columns of the file (the tests read them). */
export const CSV_COLUMNS = TRANSACTIONS_CSV.columns;

export const transactionsCsv = TRANSACTIONS_CSV.download;
