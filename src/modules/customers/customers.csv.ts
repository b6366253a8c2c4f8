/**
 * GET /api/customers?format=csv (issue 13): every matching customer (a customer login: its
 * own record, `own`), walked in a worker that loads this module for its JOB_WORK (so it
 * stays free of side effects). See src/lib/csv-export.ts.
 */
import { customerDto } from "../../domain/dto";
import { defineCsvList } from "../../lib/csv-export";
import { customerListSpec, customersByIds } from "./customers.service";

const CUSTOMERS_CSV = defineCsvList(import.meta.url, {
  name: "customers",
  spec: ({ query, own, callingCode }) => customerListSpec(query, own, callingCode),
  load: (db, ids, { now }) => customersByIds(db, ids, now),
  dto: customerDto,
  // The same as `createdByUser.id` beside it (decision 064).
  omit: ["createdBy"],
});

export const JOB_WORK = CUSTOMERS_CSV.work;

/** The columns of the file (the tests read them). */
export const CSV_COLUMNS = CUSTOMERS_CSV.columns;

export const customersCsv = CUSTOMERS_CSV.download;
