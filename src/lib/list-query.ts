/**
 * Paged list queries (DESIGN.md section 4): limit, offset, q, sort, order and filters.
 * The body is a JSON array; the total count goes in X-Total-Count.
 */
import {
  type AnyColumn,
  asc,
  count,
  desc,
  inArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../db/client";
import { AppError } from "./errors";

export type { ListQuery } from "../domain/list-query";

import type { ListQuery } from "../domain/list-query";

/** Resolves `sort`/`order` against a whitelist; unknown sort keys are a 400. */
export function orderBy(
  query: ListQuery,
  columns: Record<string, AnyColumn | SQL>,
  fallback: { key: string; order: "asc" | "desc" },
  tieBreaker: AnyColumn,
): SQL[] {
  const key = query.sort ?? fallback.key;
  // Own keys only: "constructor" or "__proto__" must not reach the ORM (issue 8).
  const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
  if (!column) {
    throw new AppError("VALIDATION", `sort must be one of: ${Object.keys(columns).join(", ")}`);
  }
  const direction = query.order ?? (query.sort ? "asc" : fallback.order);
  const by = direction === "asc" ? asc : desc;
  return [by(column), by(tieBreaker)];
}

/** Case-insensitive LIKE pattern with the user's % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Checks an enum filter value, giving a 400 that lists what is allowed. */
export function enumFilter<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || value === "") return undefined;
  const upper = value.toUpperCase() as T;
  if (allowed.includes(upper)) return upper;
  if (allowed.includes(value as T)) return value as T;
  throw new AppError("VALIDATION", `${name} must be one of: ${allowed.join(", ")}`);
}

/** `q` matched case-insensitively against any of the given text columns. */
export function searchAny(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}

/** Number of rows a (joined, filtered) select would return, counted by SQLite. */
export function countRows(db: DbOrTx, query: SQLWrapper): number {
  // Raw SQL through Drizzle's get() comes back as an array of column values.
  return db.get<[number]>(sql`select count(*) from (${query})`)?.[0] ?? 0;
}

/** `select count(*) from table where ...`, synchronously (Drizzle's $count is async-only). */
export function countWhere(db: DbOrTx, table: SQLiteTable, where?: SQL): number {
  return db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
}

/** The few builder steps a joined list select needs, whatever its columns. */
interface JoinedSelect<R> {
  where(where: SQL | undefined): SQLWrapper & {
    orderBy(...order: SQL[]): {
      all(): R[];
      limit(limit: number): { offset(offset: number): { all(): R[] } };
    };
  };
}

/**
 * One page of a joined list and its total. When neither the filter nor the sort needs the
 * joins, the page's ids are taken from the base table alone (so SQLite walks its sort
 * index) and the joins are loaded for those rows only; a plan over the joined select would
 * sort the whole table.
 */
export function joinedPage<R>(
  db: DbOrTx,
  query: ListQuery,
  spec: {
    table: SQLiteTable;
    id: SQLiteColumn;
    where: SQL | undefined;
    order: SQL[];
    joined: boolean;
    select: () => JoinedSelect<R>;
  },
): { rows: R[]; total: number } {
  const { table, id, where, order } = spec;
  if (spec.joined) {
    const rows = spec
      .select()
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset)
      .all();
    return { rows, total: countRows(db, spec.select().where(where)) };
  }
  const ids = db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
    .all()
    .map((r) => r.id as number);
  const rows = ids.length
    ? spec
        .select()
        .where(inArray(id, ids))
        .orderBy(...order)
        .all()
    : [];
  return { rows, total: countWhere(db, table, where) };
}
