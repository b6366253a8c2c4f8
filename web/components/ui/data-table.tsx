/**
 * The generic data table on the server's paging, search and sort (TanStack Table with
 * manualPagination/manualSorting): a search box, headers that sort both ways, optional row
 * click, and a pager with the total.
 */
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { type ReactNode, useId, useMemo, useState } from "react";
import type { ListParams, Page } from "../../lib/api-client";
import { useDebouncedValue } from "./use-debounced-value";

export const PAGE_SIZE = 25;

export interface TableState {
  search: string;
  setSearch: (value: string) => void;
  sorting: SortingState;
  setSorting: (value: SortingState) => void;
  pageIndex: number;
  setPageIndex: (value: number) => void;
  params: ListParams;
}

/** Search text, sort and page of one table, turned into the list call's query. */
export function useTableState(initialSort: SortingState = []): TableState {
  const [search, setSearchText] = useState("");
  const [sorting, setSortingState] = useState<SortingState>(initialSort);
  const [pageIndex, setPageIndex] = useState(0);
  const q = useDebouncedValue(search.trim());
  const sort = sorting[0];
  const params = useMemo<ListParams>(
    () => ({
      limit: PAGE_SIZE,
      offset: pageIndex * PAGE_SIZE,
      q: q || undefined,
      sort: sort?.id,
      order: sort ? (sort.desc ? "desc" : "asc") : undefined,
    }),
    [pageIndex, q, sort],
  );
  return {
    search,
    setSearch: (value) => {
      setSearchText(value);
      setPageIndex(0);
    },
    sorting,
    setSorting: (value) => {
      setSortingState(value);
      setPageIndex(0);
    },
    pageIndex,
    setPageIndex,
    params,
  };
}

interface DataTableProps<T> {
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  state: TableState;
  /** The list query of the table's rows (e.g. useShops(state.params)). */
  query: { data?: Page<T>; isLoading: boolean; error: unknown };
  loadingText: string;
  emptyText: string;
  searchLabel?: string;
  onRowClick?: (row: T) => void;
  rowClassName?: (row: T) => string;
  toolbar?: ReactNode;
}

export function DataTable<T>({
  columns,
  state,
  query,
  loadingText,
  emptyText,
  searchLabel = "Search",
  onRowClick,
  rowClassName,
  toolbar,
}: DataTableProps<T>) {
  const searchId = useId();
  const { data: page, isLoading, error } = query;
  const total = page?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const table = useReactTable({
    data: page?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    pageCount,
    state: {
      sorting: state.sorting,
      pagination: { pageIndex: state.pageIndex, pageSize: PAGE_SIZE },
    },
    onSortingChange: (updater) =>
      state.setSorting(typeof updater === "function" ? updater(state.sorting) : updater),
  });
  const first = total === 0 ? 0 : state.pageIndex * PAGE_SIZE + 1;
  const last = Math.min(total, (state.pageIndex + 1) * PAGE_SIZE);

  let body: ReactNode;
  if (isLoading) {
    body = <Message colSpan={columns.length}>{loadingText}</Message>;
  } else if (error) {
    body = (
      <Message colSpan={columns.length} className="text-error">
        {error instanceof Error ? error.message : "Failed to load"}
      </Message>
    );
  } else if (table.getRowModel().rows.length === 0) {
    body = <Message colSpan={columns.length}>{emptyText}</Message>;
  } else {
    body = table.getRowModel().rows.map((row) => (
      <tr
        key={row.id}
        className={`${onRowClick ? "hover cursor-pointer" : ""} ${rowClassName?.(row.original) ?? ""}`}
        onClick={
          onRowClick
            ? (event) => {
                // A link or button inside the row does its own thing, not the row's.
                const target = event.target as HTMLElement;
                if (target.closest("a, button, input, select, textarea")) return;
                onRowClick(row.original);
              }
            : undefined
        }
        onKeyDown={
          onRowClick
            ? (event) => {
                if (event.key === "Enter" && event.target === event.currentTarget) {
                  onRowClick(row.original);
                }
              }
            : undefined
        }
        tabIndex={onRowClick ? 0 : undefined}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cell.column.columnDef.meta?.className}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium">
              {searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              className="input input-bordered input-sm w-72"
              placeholder="Search..."
              value={state.search}
              onChange={(event) => state.setSearch(event.target.value)}
            />
          </div>
          {toolbar}
        </div>
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        className={header.column.columnDef.meta?.className}
                        aria-sort={
                          sorted === "asc"
                            ? "ascending"
                            : sorted === "desc"
                              ? "descending"
                              : undefined
                        }
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            className="flex items-center gap-1 font-semibold"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {label}
                            <span aria-hidden="true">
                              {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                            </span>
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>{body}</tbody>
          </table>
        </div>
        <nav className="flex items-center justify-between text-sm" aria-label="Pagination">
          <span>
            {first}–{last} of {total}
          </span>
          <div className="join">
            <button
              type="button"
              className="btn btn-sm join-item"
              disabled={state.pageIndex === 0}
              onClick={() => state.setPageIndex(state.pageIndex - 1)}
            >
              Previous
            </button>
            <span className="btn btn-sm join-item btn-disabled">
              Page {state.pageIndex + 1} of {pageCount}
            </span>
            <button
              type="button"
              className="btn btn-sm join-item"
              disabled={state.pageIndex + 1 >= pageCount}
              onClick={() => state.setPageIndex(state.pageIndex + 1)}
            >
              Next
            </button>
          </div>
        </nav>
      </div>
    </div>
  );
}

function Message({
  colSpan,
  children,
  className,
}: {
  colSpan: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <tr>
      <td colSpan={colSpan} className={`py-8 text-center ${className ?? ""}`}>
        {children}
      </td>
    </tr>
  );
}

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (e.g. pinning the actions column). */
    className?: string;
  }
}
