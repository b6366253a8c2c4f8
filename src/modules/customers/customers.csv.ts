/**
 * GET /api/customers?format=csv (issue 13): every matching customer (a customer login: its
 * own record, `own`), walked in a worker that loads this module for its JOB_WORK (so it
 * stays free of side effects). See src/lib/csv-export.ts.
 */
import { customerDto } from "../../domain/dto";
import {
  type CsvInput,
  type CsvList,
  csvColumns,
  csvDownload,
  csvWork,
} from "../../lib/csv-export";
import type { Deps } from "../../lib/http";
import { customerListSpec, customersByIds } from "./customers.service";

const CUSTOMERS_CSV: CsvList = {
  name: "customers",
  spec: ({ query, own }) => customerListSpec(query, own),
  load: (db, ids, { now }) => customersByIds(db, ids, now),
  columns: csvColumns(customerDto),
};

export const JOB_WORK = { csv: csvWork(CUSTOMERS_CSV) };

export const customersCsv = (deps: Deps, input: CsvInput) =>
  csvDownload(deps, import.meta.url, CUSTOMERS_CSV, input);
