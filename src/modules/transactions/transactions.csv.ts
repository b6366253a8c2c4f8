/**
 * GET /api/transactions?format=csv (issue 13): every matching ledger row, walked in a worker
 * that loads this module for its JOB_WORK (so it stays free of side effects). See
 * src/lib/csv-export.ts.
 */
import { transactionDto } from "../../domain/dto";
import { defineCsvList } from "../../lib/csv-export";
import { transactionListSpec, transactionsByIds } from "./transactions.service";

const TRANSACTIONS_CSV = defineCsvList(import.meta.url, {
  name: "transactions",
  spec: ({ query }) => transactionListSpec(query),
  load: (db, ids) => transactionsByIds(db, ids),
  dto: transactionDto,
});

export const JOB_WORK = TRANSACTIONS_CSV.work;

export const transactionsCsv = TRANSACTIONS_CSV.download;
