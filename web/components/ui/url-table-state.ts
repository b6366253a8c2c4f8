/**
 * A list's search text, sort, page and filters, kept in the URL's query string so Back,
 * reload and a shared link restore them: `?q=...&sort=...&order=asc|desc&page=2&status=...`.
 * Typing in the search replaces the history entry; a page, sort or filter change pushes one.
 */
import type { SortingState } from "@tanstack/react-table";
import { useMemo } from "react";
import { useSearchParams } from "wouter";
import type { ListParams } from "../../lib/api-client";
import { useDebouncedValue } from "./use-debounced-value";

export const PAGE_SIZE = 25;

/** The deepest page (0-based) the server serves by offset alone: offset 10,000 (decision 043). */
export const MAX_OFFSET_PAGE = 10_000 / PAGE_SIZE;

export interface TableState {
  search: string;
  setSearch: (value: string) => void;
  sorting: SortingState;
  setSorting: (value: SortingState) => void;
  pageIndex: number;
  setPageIndex: (value: number) => void;
  /** A page counted from the end (1 is the last page), or null when counted from the start. */
  fromEnd: number | null;
  /**
   * Goes to a page next to a row on screen (keyset paging, decision 043): the server finds
   * the page from that row however deep it is. `end` counts pages from the end instead.
   */
  goTo: (target: PageTarget) => void;
  /** The list's filters by URL key ("" when not set). */
  filters: Record<string, string>;
  /** Sets (or with "" clears) filters and goes back to the first page. */
  setFilters: (patch: Record<string, string>) => void;
  /** Whether any filter is set. */
  filtered: boolean;
  /** The list call's query: paging, search, sort and the filters that are set. */
  params: ListParams;
}

/** A page from the start (`page`, 0-based) or the end (`end`, 1 = last), next to a row. */
export type PageTarget = ({ page: number } | { end: number }) & { after?: number; before?: number };

/** The URL keys of where a page is; any other change of the list clears them all. */
const PAGING = { page: undefined, end: undefined, after: undefined, before: undefined };

/** A row id from the URL (digits), or undefined. */
function rowIdOf(value: string | null): number | undefined {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The page number of the URL ("page" is 1-based; anything else is the first page). */
export function pageIndexOf(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 0;
  return Math.max(0, Number(value) - 1);
}

/** Sort state of the URL, or `fallback` when it names none. */
export function sortingOf(search: URLSearchParams, fallback: SortingState): SortingState {
  const sort = search.get("sort");
  if (!sort) return fallback;
  return [{ id: sort, desc: search.get("order") === "desc" }];
}

/** `prev` with `patch` applied: empty values remove their key. */
export function patchSearch(
  prev: URLSearchParams,
  patch: Record<string, string | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * Search text, sort, page and the given filter keys of one table, read from and written to
 * the URL, turned into the list call's query.
 */
export function useTableState(
  initialSort: SortingState = [],
  filterKeys: readonly string[] = [],
): TableState {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get("q") ?? "";
  const after = rowIdOf(searchParams.get("after"));
  const before = rowIdOf(searchParams.get("before"));
  // Without a row to page from, the server pages by offset only up to 10,000 rows
  // (decision 043): a deeper page number (an old link) reads as the deepest it can serve.
  const bound = after === undefined && before === undefined ? MAX_OFFSET_PAGE : Infinity;
  const pageIndex = Math.min(pageIndexOf(searchParams.get("page")), bound);
  const endValue = searchParams.get("end");
  const fromEnd =
    endValue && /^\d{1,6}$/.test(endValue) && Number(endValue) > 0
      ? Math.min(Number(endValue), bound + 1)
      : null;
  const sortKey = searchParams.get("sort");
  const orderKey = searchParams.get("order");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's sort and order decide
  const sorting = useMemo(() => sortingOf(searchParams, initialSort), [sortKey, orderKey]);
  const filterText = filterKeys.map((key) => `${key}=${searchParams.get(key) ?? ""}`).join("&");
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterText stands for the values
  const filters = useMemo(() => {
    const values: Record<string, string> = {};
    for (const key of filterKeys) values[key] = searchParams.get(key) ?? "";
    return values;
  }, [filterText]);
  const q = useDebouncedValue(search.trim());
  const sort = sorting[0];
  const params = useMemo<ListParams>(() => {
    const query: ListParams = {
      limit: PAGE_SIZE,
      // The offset is what the server falls back on where a row cannot place the page.
      offset: (fromEnd === null ? pageIndex : fromEnd - 1) * PAGE_SIZE,
      last: fromEnd === null ? undefined : "true",
      after,
      before,
      q: q || undefined,
      sort: sort?.id,
      order: sort ? (sort.desc ? "desc" : "asc") : undefined,
    };
    for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
    return query;
  }, [pageIndex, fromEnd, after, before, q, sort, filters]);

  const update = (patch: Record<string, string | undefined>, replace: boolean) =>
    setSearchParams((prev) => patchSearch(prev, patch), { replace });

  return {
    search,
    setSearch: (value) => update({ q: value, ...PAGING }, true),
    sorting,
    setSorting: (value) => {
      const first = value[0];
      update(
        {
          sort: first?.id,
          order: first ? (first.desc ? "desc" : "asc") : undefined,
          ...PAGING,
        },
        false,
      );
    },
    pageIndex,
    setPageIndex: (value) =>
      update({ ...PAGING, page: value > 0 ? String(value + 1) : undefined }, false),
    fromEnd,
    goTo: (target) =>
      update(
        {
          ...PAGING,
          page: "page" in target && target.page > 0 ? String(target.page + 1) : undefined,
          end: "end" in target ? String(target.end) : undefined,
          after: target.after === undefined ? undefined : String(target.after),
          before: target.before === undefined ? undefined : String(target.before),
        },
        false,
      ),
    filters,
    setFilters: (patch) => update({ ...patch, ...PAGING }, false),
    filtered: Object.values(filters).some(Boolean),
    params,
  };
}
