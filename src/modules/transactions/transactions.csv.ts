/**
 * GET /api/transactions?format=csv (issue 13): every matching ledger row, walked in a worker
 * that loads this module for its JOB_WORK (so it stays free of side effects). See
 * src/lib/csv-export.ts.
 */
import { transactionDto } from "../../domain/dto";
import {
  type CsvInput,
  type CsvList,
  csvColumns,
  csvDownload,
  csvWork,
} from "../../lib/csv-export";
import type { Deps } from "../../lib/http";
import { transactionListSpec, transactionsByIds } from "./transactions.service";

const TRANSACTIONS_CSV: CsvList = {
  name: "transactions",
  spec: ({ query }) => transactionListSpec(query),
  load: (db, ids) => transactionsByIds(db, ids),
  columns: csvColumns(transactionDto),
};

export const JOB_WORK = { csv: csvWork(TRANSACTIONS_CSV) };

export const transactionsCsv = (deps: Deps, input: CsvInput) =>
  csvDownload(deps, import.meta.url, TRANSACTIONS_CSV, input);
