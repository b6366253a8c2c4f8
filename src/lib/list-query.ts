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
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import { AppError } from "./errors";

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a whole number from ${min} to ${max}`,
        });
        return z.NEVER;
      }
      return n;
    });

/** A date filter; a bare `to` date includes that whole day (the bound is exclusive). */
const dateParam = (name: string, endOfDay = false) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(v);
      const ms = dateOnly
        ? Date.parse(`${v}T00:00:00Z`) + (endOfDay ? 86_400_000 : 0)
        : Date.parse(v);
      if (Number.isNaN(ms)) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a date (YYYY-MM-DD or ISO 8601)`,
        });
        return z.NEVER;
      }
      return ms;
    });

const idFilter = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message: `${name} must be a positive whole number` });
        return z.NEVER;
      }
      return n;
    });

export const listQuerySchema = z.object({
  limit: intParam("limit", 1, 500, 50),
  offset: intParam("offset", 0, Number.MAX_SAFE_INTEGER, 0),
  q: z
    .string()
    .max(200, "q is too long (at most 200 characters)")
    .optional()
    .transform((v) => v?.trim() || undefined),
  sort: z.string().max(50).optional(),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).optional(),
  status: z.string().max(30).optional(),
  type: z.string().max(30).optional(),
  role: z.string().max(30).optional(),
  customerId: idFilter("customerId"),
  shopId: idFilter("shopId"),
  betId: idFilter("betId"),
  actorId: idFilter("actorId"),
  entityType: z.string().max(30).optional(),
  entityId: z.string().max(30).optional(),
  archived: z
    .enum(["true", "false", "all"], { error: "archived must be true, false or all" })
    .optional(),
  from: dateParam("from"),
  to: dateParam("to", true),
});

export type ListQuery = z.output<typeof listQuerySchema>;

/** Resolves `sort`/`order` against a whitelist; unknown sort keys are a 400. */
export function orderBy(
  query: ListQuery,
  columns: Record<string, AnyColumn | SQL>,
  fallback: { key: string; order: "asc" | "desc" },
  tieBreaker: AnyColumn,
): SQL[] {
  const key = query.sort ?? fallback.key;
  const column = columns[key];
  if (!column) {
    throw new AppError("BAD_REQUEST", `sort must be one of: ${Object.keys(columns).join(", ")}`);
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
  throw new AppError("BAD_REQUEST", `${name} must be one of: ${allowed.join(", ")}`);
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
