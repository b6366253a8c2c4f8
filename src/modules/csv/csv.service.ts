/**
 * The four lists' CSV downloads (issue 13): `format=csv` on GET /api/customers, /api/shops,
 * /api/bets and /api/transactions. The endpoint scopes the query as for its JSON page (a
 * customer login's own rows) and calls csvDownload; the rows are walked in a worker
 * (src/lib/jobs.ts streamWork) that loads this module to find the work (`JOB_WORK`), so it
 * stays free of side effects.
 */
import { drizzle } from "drizzle-orm/bun-sqlite";
import type { DbOrTx } from "../../db/client";
import * as schema from "../../db/schema";
import { betDto, customerDto, shopDto, transactionDto } from "../../domain/dto";
import { csvChunks, csvColumns, csvFileName, csvResponse } from "../../lib/csv-export";
import type { Deps } from "../../lib/http";
import { type JobContext, type JobWork, streamWork } from "../../lib/jobs";
import { allIdsQuery, type ListQuery, type ListSpec } from "../../lib/list-query";
import { betListSpec, betsByIds } from "../bets/bets.service";
import { customerListSpec, customersByIds } from "../customers/customers.service";
import { shopListSpec, shopsByIds } from "../shops/shops.service";
import { transactionListSpec, transactionsByIds } from "../transactions/transactions.service";

/** What the worker is given: plain data only (it crosses threads). */
export interface CsvInput {
  list: CsvList;
  /** The list's parsed query, already scoped to the caller. */
  query: ListQuery;
  /** A customer login's own customer id (the customers list), else null. */
  only: number | null;
  /** A customer login: the shops' till balances are left out, as in the JSON. */
  hideTills: boolean;
  now: number;
}

/** Each list: its query, its rows by id, and its columns (the JSON's fields). */
const LISTS = {
  customers: {
    spec: (input: CsvInput) => customerListSpec(input.query, input.only),
    load: (db: DbOrTx, ids: number[], input: CsvInput) => customersByIds(db, ids, input.now),
    columns: csvColumns(customerDto),
  },
  shops: {
    spec: (input: CsvInput) => shopListSpec(input.query),
    load: (db: DbOrTx, ids: number[], input: CsvInput) =>
      shopsByIds(db, ids).map((shop) => (input.hideTills ? { ...shop, balance: null } : shop)),
    columns: csvColumns(shopDto),
  },
  bets: {
    spec: (input: CsvInput) => betListSpec(input.query),
    load: (db: DbOrTx, ids: number[]) => betsByIds(db, ids),
    columns: csvColumns(betDto),
  },
  transactions: {
    spec: (input: CsvInput) => transactionListSpec(input.query),
    load: (db: DbOrTx, ids: number[]) => transactionsByIds(db, ids),
    columns: csvColumns(transactionDto),
  },
} satisfies Record<
  string,
  {
    spec: (input: CsvInput) => ListSpec;
    load: (db: DbOrTx, ids: number[], input: CsvInput) => unknown[];
    columns: string[];
  }
>;

export type CsvList = keyof typeof LISTS;

/** The work, by name: run in its own worker (or inline for an in-memory database). */
export const JOB_WORK: Record<string, JobWork> = {
  csv: ({ sqlite, input, emit }: JobContext) => {
    const csv = input as CsvInput;
    const list = LISTS[csv.list];
    const db = drizzle({ client: sqlite, schema });
    const ids = allIdsQuery(db, csv.query, list.spec(csv));
    for (const chunk of csvChunks(sqlite, ids, list.columns, (batch) =>
      list.load(db, batch, csv),
    )) {
      emit(chunk);
    }
    return null;
  },
};

/**
 * The CSV download of `list` for an already scoped `query`. The list's filters are built here
 * first, so a bad filter value is a 400 before anything streams.
 */
export function csvDownload(
  deps: Deps,
  list: CsvList,
  query: ListQuery,
  scope: { only?: number | null; hideTills?: boolean; now: number },
): Response {
  const input: CsvInput = {
    list,
    query,
    only: scope.only ?? null,
    hideTills: scope.hideTills ?? false,
    now: scope.now,
  };
  // Checks the filters and sort (AppError 400) on the request thread.
  allIdsQuery(deps.db, query, LISTS[list].spec(input));
  const body = streamWork(deps.sqlite, { module: import.meta.url, name: "csv" }, input);
  return csvResponse(body, csvFileName(list, scope.now));
}
