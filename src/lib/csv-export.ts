/**
 * CSV of a list (issue 13; for bookkeepers, issue 23 and decision 064): the cells, the
 * columns and the walk that turns a list's every matching row into CSV chunks. The walk runs
 * in a worker with its own read-only connection (src/lib/jobs.ts streamWork), inside one read
 * transaction (one snapshot), and emits a chunk per batch of rows as the download asks for
 * them: memory stays flat at any size, and the request thread only passes the chunks on. See
 * docs/architecture.md, "CSV exports".
 */
import type { Database, SQLQueryBindings } from "bun:sqlite";
import { stringify } from "csv-stringify/sync";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import * as schema from "../db/schema";
import { localDate, localDateTime } from "../domain/business-time";
import { moneyString } from "../domain/dto";
import type { ListQuery } from "../domain/list-query";
import type { Deps } from "./http";
import { type JobContext, type JobWork, streamWork } from "./jobs";
import { allIdsQuery, type ListSpec } from "./list-query";
import { withoutStaff } from "./scope";

/** Rows loaded and written per chunk (a few hundred KB of CSV). */
export const CSV_BATCH = 500;

/**
 * A pure negative number ("-12.50", "-3", and "-12,50" in a decimal-comma file): a value,
 * not a formula (decision 035).
 */
const NEGATIVE_NUMBER = /^-\d+([.,]\d+)?$/;
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

/** A DTO field unwrapped from its nullable/optional wrappers. */
function leafOf(schema: z.ZodType): z.ZodType {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/**
 * The columns of a DTO schema: its fields in order, a nested object's fields as "a.b" (so the
 * header is the JSON's field names, whatever the rows hold).
 */
export function csvColumns(schema: z.ZodType, prefix = ""): string[] {
  const inner = leafOf(schema);
  if (!(inner instanceof z.ZodObject)) return [prefix];
  return Object.entries(inner.shape).flatMap(([key, field]) =>
    csvColumns(field as z.ZodType, prefix ? `${prefix}.${key}` : key),
  );
}

/** The check every money field shares (a `.meta()` or `.nullable()` copy keeps it). */
const MONEY_CHECK = moneyString._zod.def.checks?.[0];

/**
 * How a column's cells are written: money (a decimal string; a decimal comma in a
 * `decimal=comma` file), a time (UTC ISO 8601 to the second) or as it is.
 */
export type CsvKind = "text" | "money" | "time";

function kindOf(schema: z.ZodType): CsvKind {
  const leaf = leafOf(schema);
  if (leaf instanceof z.ZodISODateTime) return "time";
  if (leaf instanceof z.ZodString && MONEY_CHECK && leaf._zod.def.checks?.includes(MONEY_CHECK))
    return "money";
  return "text";
}

/** One column of a list's CSV: its header name, how its cells are written, its value. */
export interface CsvColumn {
  name: string;
  kind: CsvKind;
  value: (row: unknown, input: CsvInput) => unknown;
}

/** The DTO's columns, each with its kind, reading the JSON field of the same name. */
export function csvFields(schema: z.ZodType, prefix = ""): CsvColumn[] {
  const inner = leafOf(schema);
  if (!(inner instanceof z.ZodObject)) {
    return [{ name: prefix, kind: kindOf(inner), value: (row) => valueAt(row, prefix) }];
  }
  return Object.entries(inner.shape).flatMap(([key, field]) =>
    csvFields(field as z.ZodType, prefix ? `${prefix}.${key}` : key),
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

/** "2026-11-22T13:34:15Z": a UTC time to the second, for scripts (decision 064). */
export function utcSeconds(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19)}Z`;
}

/** The `localTime` column: the row's `createdAt` in the business time zone. */
const LOCAL_TIME: CsvColumn = {
  name: "localTime",
  kind: "text",
  value: (row, { timeZone }) => {
    const at = valueAt(row, "createdAt");
    return typeof at === "string" ? localDateTime(Date.parse(at), timeZone) : null;
  },
};

/** One cell as the file's form writes it (see CsvKind), then neutralised (csvCell). */
function cellOf(column: CsvColumn, row: unknown, input: CsvInput): string {
  const value = column.value(row, input);
  if (value === null || value === undefined) return "";
  if (column.kind === "time" && typeof value === "string") return csvCell(utcSeconds(value));
  if (column.kind === "money" && input.decimal === "comma") {
    return csvCell(String(value).replace(".", ","));
  }
  return csvCell(value);
}

/** One row's cells, in `columns`. */
export function csvRecord(columns: CsvColumn[], row: unknown, input: CsvInput): string[] {
  return columns.map((column) => cellOf(column, row, input));
}

/** The file's separator: `;` where the decimal point is a comma (decision 064). */
export function csvDelimiter(decimal: CsvDecimal): string {
  return decimal === "comma" ? ";" : ",";
}

/** CSV lines (quoted where needed by csv-stringify) of `rows` in `columns`. */
export function csvLines(columns: CsvColumn[], rows: unknown[], input: CsvInput): string {
  return stringify(
    rows.map((row) => csvRecord(columns, row, input)),
    { delimiter: csvDelimiter(input.decimal) },
  );
}

/**
 * The header line: the columns' names (the JSON's, whatever the form), a UTF-8 byte order
 * mark first, so spreadsheets read accents right. No `sep=` line (decision 064).
 */
export function csvHeader(columns: CsvColumn[], decimal: CsvDecimal = "point"): string {
  return `\uFEFF${stringify([columns.map((c) => c.name)], { delimiter: csvDelimiter(decimal) })}`;
}

/**
 * Every row of a list as CSV chunks: the header, then one chunk per CSV_BATCH rows. `ids` is
 * the list's whole ordered id query (allIdsQuery), iterated, not paged by offset; `load` turns
 * a batch of ids into DTOs in that order. All of it in one read transaction: one snapshot.
 */
export function* csvChunks(
  sqlite: Database,
  ids: { sql: string; params: unknown[] },
  columns: CsvColumn[],
  input: CsvInput,
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
    yield csvHeader(columns, input.decimal);
    let batch: number[] = [];
    for (; !row.done; row = rows.next()) {
      batch.push(row.value.id);
      if (batch.length === CSV_BATCH) {
        yield csvLines(columns, load(batch), input);
        batch = [];
      }
    }
    if (batch.length > 0) yield csvLines(columns, load(batch), input);
  } finally {
    // Stopped early (the reader went away) or not: the walk is reset before the rollback.
    statement.finalize();
    if (own && sqlite.inTransaction) sqlite.run("rollback");
  }
}

/** `bets-2026-11-22.csv`: the list's name and the server clock's date in the business zone. */
export function csvFileName(list: string, now: number, timeZone = "UTC"): string {
  return `${list}-${localDate(now, timeZone)}.csv`;
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

/**
 * The file's form (decision 064): `point` (the default) writes `,`-separated cells with
 * decimal points; `comma` (`decimal=comma`, for a locale that writes 1.000,50) `;`-separated
 * cells with decimal commas in the money columns, as such a spreadsheet opens it.
 */
export type CsvDecimal = "point" | "comma";

/** What an endpoint hands its list's download. */
export interface CsvRequest {
  /** The list's parsed query, already scoped to the caller by implement(). */
  query: ListQuery;
  /** A customer login's own customer (src/lib/scope.ts), else null. */
  own: number | null;
  now: number;
}

/** What a list's CSV walk is given: plain data only (it crosses threads). */
export interface CsvInput extends CsvRequest {
  /** The business time zone (IANA) of the `localTime` column. */
  timeZone: string;
  /** PHONE_CALLING_CODE: how a phone typed in `q` is searched (decision 083). */
  callingCode?: string;
  decimal: CsvDecimal;
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
  columns: CsvColumn[];
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
    for (const chunk of csvChunks(sqlite, ids, list.columns, csv, load)) {
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
export function csvDownload(
  deps: Deps,
  module: string,
  list: CsvList,
  request: CsvRequest,
): Response {
  const input: CsvInput = {
    ...request,
    timeZone: deps.businessTimeZone,
    ...(deps.phoneCallingCode ? { callingCode: deps.phoneCallingCode } : {}),
    decimal: (request.query as { decimal?: CsvDecimal }).decimal ?? "point",
  };
  // Checks the filters and sort (AppError 400) on the request thread.
  allIdsQuery(deps.db, input.query, list.spec(input));
  const body = streamWork(deps.sqlite, { module, name: "csv" }, input);
  return csvResponse(body, csvFileName(list.name, input.now, input.timeZone));
}

/** A column a list adds to its DTO's, placed right after the column named `after`. */
export type CsvExtraColumn = CsvColumn & { after: string };

/**
 * One list's CSV export as its module declares it: the module passes its own
 * `import.meta.url` (the worker loads that module for its `JOB_WORK`, so it must stay free of
 * side effects) and the list's rows; the columns are the DTO's fields without `omit` (the
 * duplicates: an id beside its object's `.id`), with `localTime` (the row's `createdAt` in the
 * business time zone) before `createdAt` and the list's `extra` columns (decision 064). The
 * module exports `work` as `JOB_WORK` and calls `download` from its endpoint.
 */
export function defineCsvList(
  module: string,
  list: Omit<CsvList, "columns"> & {
    dto: z.ZodType;
    omit?: readonly string[];
    extra?: readonly CsvExtraColumn[];
  },
): {
  work: { csv: JobWork };
  download: (deps: Deps, input: CsvRequest) => Response;
  columns: CsvColumn[];
} {
  const { dto, omit = [], extra = [], ...rest } = list;
  const full: CsvList = { ...rest, columns: listColumns(dto, omit, extra) };
  return {
    columns: full.columns,
    work: { csv: csvWork(full) },
    download: (deps, input) => csvDownload(deps, module, full, input),
  };
}

/** The columns defineCsvList gives a list (exported for the tests). */
export function listColumns(
  dto: z.ZodType,
  omit: readonly string[] = [],
  extra: readonly CsvExtraColumn[] = [],
): CsvColumn[] {
  const fields = csvFields(dto).filter((c) => !omit.includes(c.name));
  for (const name of omit) {
    if (!csvColumns(dto).includes(name)) throw new Error(`CSV: no column ${name} to omit`);
  }
  const columns: CsvColumn[] = [];
  for (const field of fields) {
    if (field.name === "createdAt") columns.push(LOCAL_TIME);
    columns.push(field);
    for (const { after, ...column } of extra) if (after === field.name) columns.push(column);
  }
  for (const { after } of extra) {
    if (!fields.some((f) => f.name === after)) throw new Error(`CSV: no column ${after}`);
  }
  return columns;
}
