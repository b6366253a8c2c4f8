/**
 * CSV of a list (issue 13): the cells, the columns and the walk that turns a list's every
 * matching row into CSV chunks. The walk runs in a worker with its own read-only connection
 * (src/lib/jobs.ts streamWork), inside one read transaction (one snapshot), and emits a chunk
 * per batch of rows as the download asks for them: memory stays flat at any size, and the
 * request thread only passes the chunks on. See docs/architecture.md, "CSV exports".
 */
import type { Database, SQLQueryBindings } from "bun:sqlite";
import { stringify } from "csv-stringify/sync";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import * as schema from "../db/schema";
import type { ListQuery } from "../domain/list-query";
import type { Deps } from "./http";
import { type JobContext, type JobWork, streamWork } from "./jobs";
import { allIdsQuery, type ListSpec } from "./list-query";
import { withoutStaff } from "./scope";

/** Rows loaded and written per chunk (a few hundred KB of CSV). */
export const CSV_BATCH = 500;

/** A pure negative number ("-12.50", "-3"): a value, not a formula (decision 035). */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
/** What a spreadsheet may read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell's text: "" for null, "true"/"false" for booleans (as in the JSON), and a text a
 * spreadsheet would run as a formula (=, +, -, @, tab or CR first) prefixed with a single
 * quote. Negative numbers stay as they are (decision 035).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  return FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The columns of a DTO schema: its fields in order, a nested object's fields as "a.b" (so the
 * header is the JSON's field names, whatever the rows hold).
 */
export function csvColumns(schema: z.ZodType, prefix = ""): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) {
    inner = inner.unwrap() as z.ZodType;
  }
  if (!(inner instanceof z.ZodObject)) return [prefix];
  return Object.entries(inner.shape).flatMap(([key, field]) =>
    csvColumns(field as z.ZodType, prefix ? `${prefix}.${key}` : key),
  );
}

/** The value at "a.b" in `row` (null when a level on the way is null). */
function valueAt(row: unknown, path: string): unknown {
  let value = row;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** One row's cells, in `columns`. */
export function csvRecord(columns: string[], row: unknown): string[] {
  return columns.map((column) => csvCell(valueAt(row, column)));
}

/** CSV lines (quoted where needed by csv-stringify) of `rows` in `columns`. */
export function csvLines(columns: string[], rows: unknown[]): string {
  return stringify(rows.map((row) => csvRecord(columns, row)));
}

/** The header line; a UTF-8 byte order mark first, so spreadsheets read accents right. */
export function csvHeader(columns: string[]): string {
  return `\uFEFF${stringify([columns])}`;
}

/**
 * Every row of a list as CSV chunks: the header, then one chunk per CSV_BATCH rows. `ids` is
 * the list's whole ordered id query (allIdsQuery), iterated, not paged by offset; `load` turns
 * a batch of ids into DTOs in that order. All of it in one read transaction: one snapshot.
 */
export function* csvChunks(
  sqlite: Database,
  ids: { sql: string; params: unknown[] },
  columns: string[],
  load: (ids: number[]) => unknown[],
): Generator<string> {
  const statement = sqlite.prepare<{ id: number }, SQLQueryBindings[]>(ids.sql);
  const own = !sqlite.inTransaction;
  if (own) sqlite.run("begin");
  try {
    const rows = statement.iterate(...(ids.params as SQLQueryBindings[]));
    // A deferred transaction takes its snapshot at its first read: the first row is read
    // before the header leaves, so a write made once the download has begun is not in it.
    let row = rows.next();
    yield csvHeader(columns);
    let batch: number[] = [];
    for (; !row.done; row = rows.next()) {
      batch.push(row.value.id);
      if (batch.length === CSV_BATCH) {
        yield csvLines(columns, load(batch));
        batch = [];
      }
    }
    if (batch.length > 0) yield csvLines(columns, load(batch));
  } finally {
    // Stopped early (the reader went away) or not: the walk is reset before the rollback.
    statement.finalize();
    if (own && sqlite.inTransaction) sqlite.run("rollback");
  }
}

/** `bets-2026-11-22.csv`: the list's name and the server clock's (UTC) date. */
export function csvFileName(list: string, now: number): string {
  return `${list}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/** The download's answer: the streamed CSV with its type and file name. */
export function csvResponse(body: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** What a list's CSV walk is given: plain data only (it crosses threads). */
export interface CsvInput {
  /** The list's parsed query, already scoped to the caller by implement(). */
  query: ListQuery;
  /** A customer login's own customer (src/lib/scope.ts), else null. */
  own: number | null;
  now: number;
}

/**
 * One list's CSV: its query, its rows by id and its columns (the JSON's fields). Each list
 * module declares its own in `<list>.csv.ts`, with `JOB_WORK = { csv: csvWork(list) }` for
 * the worker to load, so the CSV code depends on no module (and none on a CSV module).
 */
export interface CsvList {
  /** The file name's stem: `bets` for `bets-2026-11-22.csv`. */
  name: string;
  spec: (input: CsvInput) => ListSpec;
  load: (db: DbOrTx, ids: number[], input: CsvInput) => unknown[];
  columns: string[];
}

/** The walk of `list`, run in its own worker (or inline for an in-memory database). */
export function csvWork(list: CsvList): JobWork {
  return ({ sqlite, input, emit }: JobContext) => {
    const csv = input as CsvInput;
    const db = drizzle({ client: sqlite, schema });
    const ids = allIdsQuery(db, csv.query, list.spec(csv));
    // A customer login's rows name no staff (decisions/047), as in its JSON.
    const load = (batch: number[]) => {
      const rows = list.load(db, batch, csv);
      return csv.own === null ? rows : rows.map(withoutStaff);
    };
    for (const chunk of csvChunks(sqlite, ids, list.columns, load)) {
      emit(chunk);
    }
    return null;
  };
}

/**
 * The CSV download of `list` for an already scoped query. `module` is the URL of the module
 * whose `JOB_WORK.csv` walks it. The filters are built here first, so a bad filter value is a
 * 400 before anything streams.
 */
export function csvDownload(deps: Deps, module: string, list: CsvList, input: CsvInput): Response {
  // Checks the filters and sort (AppError 400) on the request thread.
  allIdsQuery(deps.db, input.query, list.spec(input));
  const body = streamWork(deps.sqlite, { module, name: "csv" }, input);
  return csvResponse(body, csvFileName(list.name, input.now));
}

/**
 * One list's CSV export as its module declares it: the module passes its own
 * `import.meta.url` (the worker loads that module for its `JOB_WORK`, so it must stay free of
 * side effects) and the list's rows; the columns are the DTO's fields. The module exports
 * `work` as `JOB_WORK` and calls `download` from its endpoint.
 */
export function defineCsvList(
  module: string,
  list: Omit<CsvList, "columns"> & { dto: z.ZodType },
): { work: { csv: JobWork }; download: (deps: Deps, input: CsvInput) => Response } {
  const { dto, ...rest } = list;
  const full: CsvList = { ...rest, columns: csvColumns(dto) };
  return {
    work: { csv: csvWork(full) },
    download: (deps, input) => csvDownload(deps, module, full, input),
  };
}
