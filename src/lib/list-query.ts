/**
 * Paged list queries (DESIGN.md section 4): limit, offset, q, sort, order and filters.
 * The body is a JSON array; the total count goes in X-Total-Count.
 */
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  or,
  type SQL,
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
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `ch` in each case it has as one character: `["ö", "Ö"]`, `["7"]`, `["ß", "ẞ"]` for ẞ. */
function spellingsOf(ch: string): string[] {
  const cases = new Set([ch, ch.toLowerCase(), ch.toUpperCase()]);
  return [...cases].filter((c) => [...c].length === 1);
}

/**
 * `text` contains `q`, case-insensitively as the trigram indexes fold case (so a CSV export,
 * or a list past its sources' cap, finds what the index found). SQLite's LIKE folds only
 * ASCII letters: a q with another letter that has cases (Ö, Ü, É...) is a GLOB, each such
 * letter a class of its spellings (`*[Öö]zdemir*`), GLOB's own * ? [ taken literally.
 */
export function contains(text: AnyColumn | SQL, q: string): SQL {
  const points = [...q];
  if (points.every((ch) => /[A-Za-z]/.test(ch) || spellingsOf(ch).length === 1)) {
    return sql`${text} like ${likePattern(q)} escape '\\'`;
  }
  const glob = points
    .map((ch) => {
      const spellings = spellingsOf(ch);
      if (spellings.length > 1) return `[${spellings.join("")}]`;
      return "*?[".includes(ch) ? `[${ch}]` : ch;
    })
    .join("");
  return sql`${text} glob ${`*${glob}*`}`;
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
  return or(...columns.map((column) => contains(column, q)));
}

/** `select count(*) from table where ...`, synchronously (Drizzle's $count is async-only). */
export function countWhere(db: DbOrTx, table: SQLiteTable, where?: SQL): number {
  return db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
}

/**
 * Counts above this are not counted further: the list answers `X-Total-Count: 10000` with
 * `X-Total-Count-Capped: true` and the web app shows "10,000+" (docs/decisions/023).
 */
export const TOTAL_CAP = 10_000;

/** A list's total, `capped` when more than TOTAL_CAP rows match. */
export interface Total {
  total: number;
  capped: boolean;
}

/** Counts the rows of `table` matching `where`, stopping after TOTAL_CAP + 1. */
export function cappedCount(db: DbOrTx, table: SQLiteTable, where: SQL | undefined): Total {
  const n =
    db.get<[number]>(
      sql`select count(*) from (select 1 from ${table} where ${where ?? sql`1`} limit ${TOTAL_CAP + 1})`,
    )?.[0] ?? 0;
  return n > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false };
}

/** Shorter queries cannot use the trigram indexes: they are matched row by row with LIKE. */
export const MIN_INDEXED_QUERY = 3;

/**
 * True when `q` is long enough for the FTS5 trigram indexes (3 characters, not bytes). A NUL
 * would end an FTS5 string early: such a query is left to LIKE as well.
 */
export function indexable(q: string): boolean {
  return [...q].length >= MIN_INDEXED_QUERY && !q.includes("\u0000");
}

/**
 * True when `q` is too short for the trigram indexes (1 or 2 characters): such a query
 * matches the START of each text it searches (a first or last name, a shop name, a
 * description, an email...), through the b-tree indexes on those columns (decision 023).
 */
export function prefixQuery(q: string): boolean {
  return [...q].length < MIN_INDEXED_QUERY;
}

/**
 * `column` starts with `q`, as ranges an index on `column` (binary collation) can serve:
 * one range per spelling of q's letters in either case (4 for 2 letters with cases), so
 * case-insensitively, non-ASCII letters too (decision 023).
 */
export function startsWith(column: AnyColumn | SQL, q: string): SQL {
  let spellings = [""];
  for (const ch of q) {
    spellings = spellings.flatMap((head) => spellingsOf(ch).map((c) => head + c));
  }
  return or(
    ...spellings.map((from) => {
      // The least string above every string starting with `from`: its last code point + 1.
      const points = [...from];
      const last = points.pop()?.codePointAt(0) ?? 0;
      if (last >= 0x10ffff) return sql`${column} >= ${from}`;
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      const to = points.join("") + String.fromCodePoint(next);
      return sql`(${column} >= ${from} and ${column} < ${to})`;
    }),
  ) as SQL;
}

/**
 * An FTS5 MATCH expression finding `q` as a case-insensitive substring: one quoted phrase
 * (its own quotes doubled), so no character the user types is FTS syntax. `columns`
 * narrows it to those columns of the FTS table.
 */
export function ftsPhrase(q: string, columns?: string[]): string {
  const phrase = `"${q.replaceAll('"', '""')}"`;
  return columns ? `{${columns.join(" ")}} : ${phrase}` : phrase;
}

/** `select rowid as id from <fts> where <fts> match <q as a phrase>`: the ids whose text has q. */
export function ftsIds(fts: string, q: string, columns?: string[]): SQL {
  const table = sql.identifier(fts);
  return sql`select rowid as id from ${table} where ${table} match ${ftsPhrase(q, columns)}`;
}

/**
 * The row test "`fk` links to a `table` row whose `text` (SQL over alias `j`) contains `q`". With the trigram index the walk tests few rows: one primary-key lookup each.
 * A query too short for it tests every row: the matching `table` ids are collected once.
 */
export function linkedLike(
  fk: AnyColumn,
  table: string,
  text: string,
  q: string,
  perRow: boolean,
): SQL {
  const joined = sql.identifier(table);
  const test = contains(sql.raw(text), q);
  return perRow
    ? sql`exists (select 1 from ${joined} j where j.id = ${fk} and ${test})`
    : sql`${fk} in (select j.id from ${joined} j where ${test})`;
}

/**
 * How a list finds `q` (issue 11). `sources` are subqueries, each selecting the id of every
 * row it matches through an index (an FTS table, or a b-tree over a foreign key); their
 * union is the whole match. `row` is the same match as a test on one row (LIKE on its own
 * text, primary-key lookups for the names it shows). Without sources (a query too short
 * for the trigram index) the row test is all there is.
 */
export interface Search {
  sources?: SQL[];
  row: SQL;
  /**
   * Id sets the sources are built on, each made with gate(): the customers a name matches,
   * say. One at its limit leaves the sources incomplete.
   */
  gates?: SQL[];
  /**
   * The row test with the names' matches read from their FTS tables once (each under the
   * cap when the gates are) instead of looked up row by row: used when the sources prove
   * "many" and no gate was at its limit.
   */
  indexedRow?: SQL;
  /**
   * Sources that are "every row whose `fk` is in `ids`" (`source` is that subquery, one of
   * `sources`, `ids` a gate): the bets of the customers a name matches. A sort by the same
   * link (bets by customer) then walks only those joined rows and the ones the other
   * sources reach, instead of every customer in name order (issue 11).
   */
  links?: { fk: SQLiteColumn; ids: SQL; source: SQL }[];
}

/**
 * The row number `q` names: digits, optionally after a "#" (`5003`, `#5003`), as the Bets and
 * Transactions lists and a slip show it. Undefined for any other q.
 */
export function numberQuery(q: string): number | undefined {
  const digits = /^#?(\d{1,15})$/.exec(q)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/**
 * `search` widened to the row whose id is the number `q` names (numberQuery): that row is
 * found exactly, by its primary key, AND whatever the text search matched before still is
 * (a description "Race 5003" for q=5003). Any other q: `search` as it was (decision 040).
 */
export function orNumber(search: Search, q: string, table: SQLiteTable, id: SQLiteColumn): Search {
  const n = numberQuery(q);
  if (n === undefined) return search;
  const same = eq(id, n);
  return {
    ...search,
    row: or(search.row, same) as SQL,
    indexedRow: search.indexedRow && (or(search.indexedRow, same) as SQL),
    sources: search.sources && [
      ...search.sources,
      sql`select ${id} as id from ${table} where ${same}`,
    ],
  };
}

/**
 * A sort by a name in another table (customer, shop, the users who placed, resolved or
 * processed): that table is walked in its name index and the list's rows looked up by
 * `fk`, in the order of `within` (the columns after `fk` in the foreign-key index) and id.
 * `nullable`: rows without that link come first ascending, last descending, as SQLite
 * sorts NULL.
 */
export interface JoinedSort {
  join: SQLiteTable;
  joinId: SQLiteColumn;
  fk: SQLiteColumn;
  by: AnyColumn[];
  within: AnyColumn[];
  nullable: boolean;
}

export type ListSort = AnyColumn | SQL | JoinedSort;

/** A sort by the username of the staff member `fk` names, `staff` being the users table or an alias of it. */
export function byUsername(
  staff: SQLiteTable & { id: SQLiteColumn; username: SQLiteColumn },
  fk: SQLiteColumn,
  within: AnyColumn[],
): JoinedSort {
  return { join: staff, joinId: staff.id, fk, by: [staff.username], within, nullable: true };
}

/** The ids of the staff whose username contains `q` (or, `prefix`, starts with it). */
export function staffNamed(q: string, prefix = false): SQL {
  const username = sql`username`;
  return sql`select id from users where ${prefix ? startsWith(username, q) : contains(username, q)}`;
}

function isJoinedSort(sort: ListSort): sort is JoinedSort {
  return typeof sort === "object" && sort !== null && "joinId" in sort && "fk" in sort;
}

/**
 * Every id the search's sources match, when they are few (at most TOTAL_CAP, read once
 * through the indexes); "many" when more than TOTAL_CAP match ("many-gated" when a gate was
 * at its limit too). A source built on a gate reads only the gate's first TOTAL_CAP + 1
 * ids: past that it proves "many" or nothing ("unsure": the row test decides). Without sources (a query too short for the trigram
 * index), undefined: only the row test can tell.
 */
function matchedIds(
  db: DbOrTx,
  search: Search,
): number[] | "many" | "many-gated" | "unsure" | undefined {
  if (!search.sources) return undefined;
  const overCap = (gate: SQL) =>
    (db.get<[number]>(sql`select count(*) from (${gate})`)?.[0] ?? 0) > TOTAL_CAP;
  const gated = (search.gates ?? []).some(overCap);
  // Each source read once, up to the cap: one going past it settles the question.
  const ids = new Set<number>();
  for (const source of search.sources) {
    const rows = db.all<{ id: number }>(sql`${source} limit ${TOTAL_CAP + 1}`);
    if (rows.length > TOTAL_CAP) return gated ? "many-gated" : "many";
    for (const row of rows) ids.add(row.id);
  }
  if (ids.size > TOTAL_CAP) return gated ? "many-gated" : "many";
  return gated ? "unsure" : [...ids];
}

/** How many ids a search's sources may give for countFromSources to count from them. */
const SOURCED_COUNT_MAX = 50_000;

/**
 * The count of a search matching many rows (more than TOTAL_CAP, no gate at its limit) under
 * a filter matching many too (q=Last12&status=LOST): counting the filter's rows would test
 * each of them until 10,001 match, all of them when fewer do. When the sources give at most
 * SOURCED_COUNT_MAX ids, those are looked up and the filter tested on them instead. Undefined
 * when the filter is narrow (its own rows are the cheaper walk) or the sources give more.
 */
function countFromSources(
  db: DbOrTx,
  search: Search | undefined,
  filters: SQL,
  table: SQLiteTable,
  id: SQLiteColumn,
): Total | undefined {
  if (!search?.sources) return undefined;
  const ids = new Set<number>();
  for (const source of search.sources) {
    const rows = db.all<{ id: number }>(sql`${source} limit ${SOURCED_COUNT_MAX + 1}`);
    for (const row of rows) ids.add(row.id);
    if (ids.size > SOURCED_COUNT_MAX) return undefined;
  }
  const n =
    db.get<[number]>(
      sql`select count(*) from (select 1 from json_each(${JSON.stringify([...ids])}) matched
          cross join ${table} on ${id} = matched.value where ${filters} limit ${TOTAL_CAP + 1})`,
    )?.[0] ?? 0;
  return n > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false };
}

/**
 * A search matching many rows (no gate at its limit), sorted by a joined name that one of
 * its links follows (bets by customer): the match as "fk in the link's ids, or one of the
 * few rows the other sources find" (`rows`), and the joined rows that can hold a match
 * (`joined`: the link's ids and the others' fk values). Undefined when no link follows the
 * sort or the other sources find more than TOTAL_CAP rows: the ordinary walk decides.
 */
function linkedMatch(
  db: DbOrTx,
  search: Search | undefined,
  table: SQLiteTable,
  id: SQLiteColumn,
  sort: JoinedSort,
): { rows: SQL; joined: SQL } | undefined {
  const link = search?.links?.find((l) => l.fk === sort.fk);
  const others = link && search ? unlinkedIds(db, search, [link]) : undefined;
  if (!link || !others) return undefined;
  const inOthers = sql`${id} in (select value from json_each(${JSON.stringify(others)}))`;
  // `+` keeps SQLite walking the name index (testing each joined row) instead of sorting.
  const joinId = sql`+${sort.joinId}`;
  return {
    rows: or(sql`${link.fk} in (${link.ids})`, inOthers) as SQL,
    joined: or(
      sql`${joinId} in (${link.ids})`,
      sql`${joinId} in (select ${sort.fk} from ${table} where ${inOthers})`,
    ) as SQL,
  };
}

/** The ids the sources other than `links`' find, when at most TOTAL_CAP; else undefined. */
function unlinkedIds(
  db: DbOrTx,
  search: Search,
  links: NonNullable<Search["links"]>,
): number[] | undefined {
  const ids = new Set<number>();
  for (const source of search.sources ?? []) {
    if (links.some((link) => link.source === source)) continue;
    for (const row of db.all<{ id: number }>(sql`${source} limit ${TOTAL_CAP + 1}`)) {
      ids.add(row.id);
    }
    if (ids.size > TOTAL_CAP) return undefined;
  }
  return [...ids];
}

/**
 * The count of a search matching many rows under a filter, through its links (bets: the
 * bets of the customers whose name matches), each link's rows under the filter read through
 * the fk's indexes (bets_customer_status_idx answers `status` without reading a bet).
 * - No gate at its limit (q=Last12&status=LOST): the links' rows and the few rows the other
 *   sources find are every match; the count is exact up to the cap. Undefined when the
 *   others are many.
 * - A gate at its limit (q=la: more than 10,000 customers' names start so): the links' rows
 *   are only some of the matches; when they alone pass the cap the count is capped without
 *   testing the filter's rows one by one. Undefined when they do not.
 */
function countThroughLinks(
  db: DbOrTx,
  search: Search | undefined,
  spec: { table: SQLiteTable; id: SQLiteColumn; filters: SQL; gated: boolean },
): Total | undefined {
  const { table, id, filters, gated } = spec;
  const links = search?.links ?? [];
  if (!search || !links.length) return undefined;
  const parts = links.map(
    (link) => sql`select ${id} from ${table} where ${link.fk} in (${link.ids}) and ${filters}`,
  );
  if (!gated) {
    const others = unlinkedIds(db, search, links);
    if (!others) return undefined;
    parts.push(
      sql`select ${id} from ${table} where ${id} in (select value from json_each(${JSON.stringify(others)})) and ${filters}`,
    );
  }
  const n = unionCount(db, parts);
  if (n > TOTAL_CAP) return { total: TOTAL_CAP, capped: true };
  return gated ? undefined : { total: n, capped: false };
}

/** The distinct ids the union of `parts` selects, counted up to TOTAL_CAP + 1. */
function unionCount(db: DbOrTx, parts: SQL[]): number {
  return (
    db.get<[number]>(
      sql`select count(*) from (${sql.join(parts, sql` union `)} limit ${TOTAL_CAP + 1})`,
    )?.[0] ?? 0
  );
}

/**
 * `ids` limited to TOTAL_CAP + 1 rows: a gate (see Search), such as the customers whose name
 * matches, used inside the sources that find their bets or ledger rows.
 */
export function gate(ids: SQL): SQL {
  return sql`${ids} limit ${TOTAL_CAP + 1}`;
}

/** What a list is: its table, filters and search for one query, its sorts and default. */
export interface ListSpec {
  table: SQLiteTable;
  id: SQLiteColumn;
  /** The filters on a row's state (its status, its dates), beside `fixed`. */
  filters: SQL | undefined;
  /**
   * The filters on what a row never stops being (its customer, its shop), read with `filters`.
   * A boundary (`after`/`before`) must meet them: another customer's row is "no row in this
   * list", as a customer login's GET of it is a 404 (decision 021), so its id cannot be
   * probed through paging. (A row that left a filter on a state, a bet settled meanwhile,
   * still places the page.)
   */
  fixed?: SQL;
  search: Search | undefined;
  sorts: Record<string, ListSort>;
  fallback: { key: string; order: "asc" | "desc" };
}

/** The list's sort (400 for a key it does not offer) and its direction. */
function sortOf(query: ListQuery, spec: ListSpec): { sort: ListSort; by: typeof asc } {
  const key = query.sort ?? spec.fallback.key;
  const sort = Object.hasOwn(spec.sorts, key) ? spec.sorts[key] : undefined;
  if (!sort) {
    throw new AppError("VALIDATION", `sort must be one of: ${Object.keys(spec.sorts).join(", ")}`);
  }
  const by = (query.order ?? (query.sort ? "asc" : spec.fallback.order)) === "asc" ? asc : desc;
  return { sort, by };
}

/**
 * EVERY id of a list in its order, as one query to iterate (the CSV export, issue 13): the
 * same rows and order as listPage's pages put end to end, without offsets. The search is its
 * row test (the sources only speed a page up: they match the same rows), and a joined sort
 * is a left join ordered as listPage's "few" path orders it (rows without the link first
 * ascending, last descending, as SQLite sorts NULL).
 */
export function allIdsQuery(
  db: DbOrTx,
  query: ListQuery,
  spec: ListSpec,
): { sql: string; params: unknown[] } {
  const { table, id, search } = spec;
  const filters = and(spec.filters, spec.fixed);
  const { sort, by } = sortOf(query, spec);
  const where = and(search?.row, filters);
  const built = isJoinedSort(sort)
    ? db
        .select({ id })
        .from(table)
        .leftJoin(sort.join, eq(sort.joinId, sort.fk))
        .where(where)
        .orderBy(...[...sort.by, sort.joinId, ...sort.within, id].map((c) => by(c)))
    : db.select({ id }).from(table).where(where).orderBy(by(sort), by(id));
  return built.toSQL();
}

/**
 * How many rows, in the sort's order, a filtered list first tests (a few, then more) before
 * it lets SQLite plan the query its own way (listPage): a filter matching more than a few
 * percent of the rows finds its page among them.
 */
const PROBE_ROWS = [250, 2_000];

/**
 * A further probe for a filter matching more than TOTAL_CAP rows (its count is needed for
 * the total anyway): such a filter's rows are common enough that a page lies within this
 * many rows of the sort's index even where they thin out (the smallest payouts since a
 * date: 25 within 2,208 rows, at any scale, decision 043); the walk is about 17 ms where
 * SQLite's own plan sorts every matching row (60 ms at 100,000 bets, ten times that at
 * 1,000,000). A narrow filter (one
 * customer's rows) skips it and goes straight to its own index.
 */
const BROAD_PROBE_ROWS = 8_000;

/** One part of a list in sort order: `ids(limit, offset)` and how many rows it holds. */
interface Segment {
  ids(limit: number, offset: number): number[];
  count(): number;
}

/** One page across segments that follow one another in the list's order. */
function pageAcross(segments: Segment[], limit: number, offset: number): number[] {
  const out: number[] = [];
  let skip = offset;
  for (const segment of segments) {
    if (out.length >= limit) break;
    const ids = segment.ids(limit - out.length, skip);
    if (ids.length > 0) {
      out.push(...ids);
      skip = 0;
    } else if (skip > 0) {
      skip = Math.max(0, skip - segment.count());
    }
  }
  return out;
}

/**
 * One page of a list, as ids in order, and its (capped) total. The page is always taken from
 * an index: a search matching few rows (every source under TOTAL_CAP) collects them through
 * its sources and sorts those; a search matching many, or none at all, walks the sort's
 * index and tests each row, which finds a page after a few hundred rows. A sort by a joined
 * name walks the joined table's name index (see JoinedSort). The caller loads the rows.
 */
export function listPage(db: DbOrTx, query: ListQuery, spec: ListSpec): { ids: number[] } & Total {
  const { table, id, search } = spec;
  const filters = and(spec.filters, spec.fixed);
  const { sort, by: listBy } = sortOf(query, spec);
  // A page next to a known row (keyset, decision 043), or counted from the end: the walk
  // runs the other way and the ids are turned back into the list's order at the end.
  const seek = seekOf(db, query, spec, sort, listBy);
  const by = seek.flip ? (listBy === asc ? desc : asc) : listBy;

  // Few matches: their ids through the indexes. Many (or no index): the row test.
  const found = search ? matchedIds(db, search) : undefined;
  const few = Array.isArray(found);
  const matched = !search
    ? undefined
    : few
      ? sql`${id} in (select value from json_each(${JSON.stringify(found)}))`
      : found === "many" && search.indexedRow
        ? search.indexedRow
        : search.row;
  const listWhere = and(matched, filters);
  const where = and(listWhere, seek.cond);
  const { limit } = query;
  const offset = seek.cond ? 0 : query.offset;

  let ids: number[] | undefined;
  // A filter (no search) with a sort its index does not serve (status=LOST&sort=odds): SQLite takes the
  // filter's index and sorts all its rows. First try the sort's index alone: its first rows
  // (PROBE_ROWS), tested. A full page among them is exactly the list's page (every other row
  // sorts after them); anything less, and the ordinary query below decides.
  const probing = !isJoinedSort(sort) && !search && filters !== undefined;
  const filterTotal = probing ? cappedCount(db, table, filters) : undefined;
  const probes = filterTotal?.capped ? [...PROBE_ROWS, BROAD_PROBE_ROWS] : PROBE_ROWS;
  for (const rows of probes) {
    if (ids || !probing || offset + limit > rows / 4) break;
    const probe = db
      .all<{ id: number }>(
        sql`select ${id} as id from (select ${id} as id from ${table} where ${seek.cond ?? sql`1`} order by ${by(sort)}, ${by(id)} limit ${rows}) probe
            cross join ${table} on ${id} = probe.id
            where ${where} order by ${by(sort)}, ${by(id)} limit ${limit} offset ${offset}`,
      )
      .map((r) => r.id);
    if (probe.length === limit) ids = probe;
  }
  if (ids) {
    // Found by the probe.
  } else if (!isJoinedSort(sort)) {
    // With few matches, `+` keeps SQLite from walking the whole sort index to find them.
    const column = few ? sql`+${sort}` : sort;
    ids = db
      .select({ id })
      .from(table)
      .where(where)
      .orderBy(by(column), by(id))
      .limit(limit)
      .offset(offset)
      .all()
      .map((r) => r.id as number);
  } else if (few) {
    ids = db
      .select({ id })
      .from(table)
      .leftJoin(sort.join, eq(sort.joinId, sort.fk))
      .where(where)
      .orderBy(...[...sort.by, sort.joinId, ...sort.within, id].map((c) => by(c)))
      .limit(limit)
      .offset(offset)
      .all()
      .map((r) => r.id as number);
  } else {
    // Many matches, most through the sort's own link: walk only the joined rows they reach.
    const narrowed = found === "many" ? linkedMatch(db, search, table, id, sort) : undefined;
    const walk = narrowed ? and(narrowed.rows, filters) : where;
    // CROSS JOIN makes SQLite walk the joined table's name index as the outer loop.
    const linked: Segment = {
      ids: (n, skip) =>
        db
          .select({ id })
          .from(sort.join)
          .crossJoin(table)
          .where(and(eq(sort.fk, sort.joinId), narrowed?.joined, walk))
          .orderBy(...[...sort.by, sort.joinId, ...sort.within, id].map((c) => by(c)))
          .limit(n)
          .offset(skip)
          .all()
          .map((r) => r.id as number),
      // Asked only for a page past all of them (descending, into the unlinked rows).
      count: () => countWhere(db, table, and(isNotNull(sort.fk), walk)),
    };
    const unlinked: Segment = {
      ids: (n, skip) =>
        db
          .select({ id })
          .from(table)
          .where(and(isNull(sort.fk), walk))
          .orderBy(...[...sort.within, id].map((c) => by(c)))
          .limit(n)
          .offset(skip)
          .all()
          .map((r) => r.id as number),
      count: () => countWhere(db, table, and(isNull(sort.fk), walk)),
    };
    const segments = !sort.nullable
      ? [linked]
      : by === asc
        ? [unlinked, linked]
        : [linked, unlinked];
    ids = pageAcross(segments, limit, offset);
  }
  if (!seek.cond) refuseBoundaryOnPage(query, spec, ids);
  // Nothing but the search to narrow the rows: its ids are the total, or more than the cap.
  const total: Total =
    (found === "many" || found === "many-gated") && !filters
      ? { total: TOTAL_CAP, capped: true }
      : Array.isArray(found) && !filters
        ? { total: found.length, capped: false }
        : ((found === "many" && filters && cappedCount(db, table, filters).capped
            ? (countThroughLinks(db, search, { table, id, filters, gated: false }) ??
              countFromSources(db, search, filters, table, id))
            : found === "many-gated" && filters
              ? countThroughLinks(db, search, { table, id, filters, gated: true })
              : undefined) ??
          // Without a search the list's rows are the filter's, counted above for the probe.
          filterTotal ??
          cappedCount(db, table, listWhere));
  return { ids: seek.flip ? ids.reverse() : ids, ...total };
}

/**
 * How far `offset` may page without a boundary row: past it each page would walk (or sort)
 * every row before it (`offset=20000` with a filter and a sort took 664 ms at 1,000,000 bets).
 * Deeper pages go by `after`/`before` (decision 043).
 */
export const MAX_OFFSET = TOTAL_CAP;

/** Where a page starts: a keyset condition, and whether the walk runs backwards. */
interface Seek {
  cond?: SQL;
  flip: boolean;
}

/**
 * Keyset paging (decision 043). `after=<id>` is the page of rows that follow row `id` in the
 * list's order, `before=<id>` the page that precedes it: one range on the sort's index from
 * that row's (sort value, id), whatever the depth. It serves sorts by a NOT NULL column of
 * the list's own table (every sort but the joined names and a few nullable columns). On the
 * others `offset` places the page and the boundary only has to agree with it (decision 077):
 * the web pager sends both. `last=true` counts `offset` from the end (the last page is
 * `last=true&offset=0`). Without a boundary, `offset` past MAX_OFFSET is a 400 saying what
 * to do instead.
 */
function seekOf(
  db: DbOrTx,
  query: ListQuery,
  spec: ListSpec,
  sort: ListSort,
  by: typeof asc,
): Seek {
  // A page cannot both follow one row and precede another: one boundary places it.
  if (query.after !== undefined && query.before !== undefined) {
    throw new AppError(
      "VALIDATION",
      "after and before cannot both place the page: send one (the page after a row, or the page before one)",
    );
  }
  const boundary = query.after ?? query.before;
  if (boundary !== undefined) {
    const seeks = seekable(sort);
    const row = db.get<[unknown]>(
      sql`select ${seeks ? sort : sql`1`} from ${spec.table} where ${and(eq(spec.id, boundary), spec.fixed)}`,
    );
    const param = query.after !== undefined ? "after" : "before";
    // A row that is not there would quietly give the first page again (decision 077).
    if (!row) {
      throw new AppError(
        "VALIDATION",
        `${param}=${boundary}: there is no row #${boundary} in this list to page from`,
      );
    }
    if (seeks) {
      const value = row[0];
      const before = query.after === undefined;
      // Rows past the boundary in the direction of the walk (ascending or descending).
      const upward = (by === asc) !== before;
      const cond = upward
        ? sql`${sort} >= ${value} and (${sort} > ${value} or ${spec.id} > ${boundary})`
        : sql`${sort} <= ${value} and (${sort} < ${value} or ${spec.id} < ${boundary})`;
      return { cond, flip: before };
    }
    refuseContradictingOffset(query, spec, param, boundary);
  }
  if (query.offset > MAX_OFFSET) {
    throw new AppError(
      "VALIDATION",
      `offset is at most ${MAX_OFFSET.toLocaleString("en-US")}: narrow the search or filters, or page on with after=<id of the last row> (or before=<id>, or last=true for the end)`,
    );
  }
  return { flip: query.last === "true" };
}

/** True for a sort keyset paging serves: a NOT NULL column of the list's own table. */
function seekable(sort: ListSort): boolean {
  return !isJoinedSort(sort) && isColumn(sort) && sort.notNull;
}

/**
 * On a sort that pages by offset, `after`/`before` cannot place the page: the offset does.
 * A boundary with an offset that cannot be beside it is a 400 naming why, not the first (or
 * last) page again, on which a client walking the list by `after` would loop forever: the
 * page after a row is never the first page (offset 0), the one before a row never the last
 * (`last=true&offset=0`). Decision 077.
 */
function refuseContradictingOffset(
  query: ListQuery,
  spec: ListSpec,
  param: "after" | "before",
  boundary: number,
): void {
  const last = query.last === "true";
  const contradicts = query.offset === 0 && (param === "after" ? !last : last);
  if (!contradicts) return;
  const key = query.sort ?? spec.fallback.key;
  const keyset = Object.keys(spec.sorts).filter((name) => seekable(spec.sorts[name] as ListSort));
  const page = param === "after" ? "offset=0 is the first page" : "last=true&offset=0 the last";
  throw new AppError(
    "VALIDATION",
    `sort=${key} pages by offset, so ${param}=${boundary} cannot place the page, and ${page}: send the page's offset with it, or sort by one that pages by after/before: ${keyset.join(", ")}`,
  );
}

/**
 * On a sort that pages by offset, the page the offset names must not hold the boundary row:
 * the page after (or before) row #X never holds X. `before=<first row>` with the first page's
 * offset once answered that same page, on which a client walking back by `before` looped.
 */
function refuseBoundaryOnPage(query: ListQuery, spec: ListSpec, ids: number[]): void {
  const boundary = query.after ?? query.before;
  if (boundary === undefined || !ids.includes(boundary)) return;
  const param = query.after !== undefined ? "after" : "before";
  const key = query.sort ?? spec.fallback.key;
  const from = query.last === "true" ? "last=true&" : "";
  throw new AppError(
    "VALIDATION",
    `sort=${key} pages by offset, and row #${boundary} is on the page ${from}offset=${query.offset} names, so it is not the page ${param} it: send the offset of the page ${param} row #${boundary}`,
  );
}

function isColumn(sort: ListSort): sort is SQLiteColumn {
  return typeof sort === "object" && sort !== null && "notNull" in sort && "table" in sort;
}

/** `rows` put in the order of `ids` (a page loaded with `id in (...)`). */
export function inIdOrder<R>(ids: number[], rows: R[], idOf: (row: R) => number): R[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}
