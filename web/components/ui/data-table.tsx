/**
 * The generic data table on the server's paging, search and sort (TanStack Table with
 * manualPagination/manualSorting): a search box, headers that sort both ways, optional row
 * click, and a pager with the total.
 */
import {
  type ColumnDef,
  type ColumnMeta,
  flexRender,
  getCoreRowModel,
  type Row,
  type RowData,
  type Table,
  useReactTable,
} from "@tanstack/react-table";
import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useState } from "react";
import { useT } from "../../i18n";
import { errorMessage, type Page } from "../../lib/api-client";
import { formatNumber } from "../../lib/format";
import { CsvExportLink, type CsvList } from "./csv-export-link";
import { PAGE_SIZE, type PageTarget, type TableState } from "./url-table-state";
import { PHONE_QUERY, useMediaQuery } from "./use-media-query";
import "../../i18n/areas/ui";

export { PAGE_SIZE, type TableState, useTableState } from "./url-table-state";

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
  /** Filter controls shown beside the search box (see table-filters.tsx). */
  filters?: ReactNode;
  /** A row as a phone card; without it a card lists the columns' labels and values. */
  renderCard?: (row: T) => ReactNode;
  /** The list's endpoint, for an "Export CSV" link of the current view (issue 13). */
  csvExport?: CsvList;
  /**
   * A row's stable key (its id): a row leaving the page (a bet settled under
   * status=PENDING) then takes its DOM along, and the focus stays where it was put, instead
   * of the next row's content moving into the focused element. Default: the row's index.
   */
  getRowId?: (row: T) => string;
}

export function DataTable<T>({
  columns,
  state,
  query,
  loadingText,
  emptyText,
  searchLabel,
  onRowClick,
  rowClassName,
  toolbar,
  filters,
  renderCard,
  csvExport,
  getRowId,
}: DataTableProps<T>) {
  const searchId = useId();
  const t = useT();
  const phone = useMediaQuery(PHONE_QUERY);
  const { data: page, isLoading, error } = query;
  const total = page?.total ?? 0;
  // A capped total ("10,000+") is a floor: a full page may have another after it.
  const capped = page?.capped === true;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const fullPage = (page?.items.length ?? 0) === PAGE_SIZE;
  const table = useReactTable({
    data: page?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: getRowId && ((row) => getRowId(row)),
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
  const pager = pagerOf(t, state, page, total, capped, pageCount, fullPage);
  const rows = table.getRowModel().rows;
  const status: ReactNode = isLoading
    ? loadingText
    : error
      ? // The server's message ("Admin access required"), never "403: {json}".
        errorMessage(error, t("ui.table.failedToLoad"))
      : rows.length === 0
        ? pager.pastEnd
          ? t("ui.table.pastEnd")
          : emptyText
        : null;

  const rowHandlers = (row: Row<T>) =>
    onRowClick
      ? {
          onClick: (event: MouseEvent) => {
            // A link or button inside the row does its own thing, not the row's.
            const target = event.target as HTMLElement;
            if (target.closest("a, button, input, select, textarea")) return;
            onRowClick(row.original);
          },
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === "Enter" && event.target === event.currentTarget) {
              onRowClick(row.original);
            }
          },
          tabIndex: 0,
        }
      : {};

  let body: ReactNode;
  if (phone) {
    body =
      status !== null ? (
        <p className={`py-8 text-center ${error && !isLoading ? "text-error" : ""}`}>{status}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("ui.table.results")}>
          {rows.map((row) => (
            <li
              key={row.id}
              data-testid="list-card"
              className={`rounded-box border border-base-300 p-3 ${onRowClick ? "cursor-pointer" : ""} ${rowClassName?.(row.original) ?? ""}`}
              {...rowHandlers(row)}
            >
              {renderCard ? renderCard(row.original) : <ColumnsCard row={row} />}
            </li>
          ))}
        </ul>
      );
  } else {
    const tbody: ReactNode =
      status !== null ? (
        <Message colSpan={columns.length} className={error && !isLoading ? "text-error" : ""}>
          {status}
        </Message>
      ) : (
        rows.map((row) => (
          <tr
            key={row.id}
            className={`${onRowClick ? "hover cursor-pointer" : ""} ${rowClassName?.(row.original) ?? ""}`}
            {...rowHandlers(row)}
          >
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className={cellClass(cell.column.columnDef.meta)}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        ))
      );
    body = (
      <div className="overflow-x-auto" data-testid="table-scroll">
        <table className="table table-sm [&_td]:px-2 [&_td]:whitespace-nowrap [&_th]:px-2 [&_th]:whitespace-normal">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const meta = header.column.columnDef.meta;
                  return (
                    <th
                      key={header.id}
                      className={cellClass(meta, true)}
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
                          className={`flex items-center gap-1 text-left font-semibold ${meta?.numeric ? "ml-auto text-right" : ""}`}
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
          <tbody>{tbody}</tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
            <div className="flex w-full flex-col gap-1 sm:w-auto">
              <label htmlFor={searchId} className="text-sm font-medium">
                {searchLabel ?? t("ui.table.search")}
              </label>
              <input
                id={searchId}
                type="search"
                className="input input-bordered input-sm w-full sm:w-64"
                placeholder={t("ui.table.searchPlaceholder")}
                value={state.search}
                onChange={(event) => state.setSearch(event.target.value)}
              />
            </div>
            {phone ? (
              <PhoneOptions state={state}>
                {filters}
                <SortSelect table={table} state={state} />
              </PhoneOptions>
            ) : (
              filters
            )}
          </div>
          {csvExport ? (
            <div className="flex flex-wrap items-end gap-2">
              <CsvExportLink list={csvExport} params={state.params} />
              {toolbar}
            </div>
          ) : (
            toolbar
          )}
        </div>
        {body}
        <nav
          className="flex flex-wrap items-center justify-between gap-2 text-sm"
          aria-label={t("ui.table.pagination")}
        >
          <span>{pager.range}</span>
          <div className="join">
            <PageButton to={pager.previous} goTo={state.goTo}>
              {t("ui.table.previous")}
            </PageButton>
            <span className="btn btn-sm join-item btn-disabled">{pager.label}</span>
            <PageButton to={pager.next} goTo={state.goTo}>
              {t("ui.table.next")}
            </PageButton>
            <PageButton to={pager.last} goTo={state.goTo}>
              {t("ui.table.last")}
            </PageButton>
          </div>
        </nav>
      </div>
    </div>
  );
}

/** One move of the pager: disabled when there is nowhere to go. */
function PageButton({
  to,
  goTo,
  children,
}: {
  to: PageTarget | null | undefined;
  goTo: (to: PageTarget) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-sm join-item"
      disabled={!to}
      onClick={() => to && goTo(to)}
    >
      {children}
    </button>
  );
}

/** A row count in the language's locale: "10,000" (de: "10.000"). */
const count = (n: number) => formatNumber(n);

type Translate = ReturnType<typeof useT>;

/** A row's id, for paging next to it (every list's rows have one). */
function idOf(row: unknown): number | undefined {
  const id = (row as { id?: unknown } | undefined)?.id;
  return typeof id === "number" ? id : undefined;
}

interface Pager {
  /** "26–50 of 120", "10,001–10,025 of 10,025+", "Last 25 of 10,000+". */
  range: string;
  /** "Page 2 of 5", "Page 402 of 402+", "Last page". */
  label: string;
  previous?: PageTarget;
  next?: PageTarget;
  last?: PageTarget;
  /** A page after the list's last row (a capped list's total is only a floor). */
  pastEnd: boolean;
}

/**
 * The pager's counter and moves (issue 20; decision 043). Next and Previous go from the row
 * at the page's edge (keyset), so a deep page costs what the first does. A capped total
 * ("10,000+") is a floor: past it the counter's floor grows with the rows seen, never
 * reading past its own total; Last goes to the last page, counted from the end when the
 * total is capped.
 */
function pagerOf<T>(
  t: Translate,
  state: TableState,
  page: Page<T> | undefined,
  total: number,
  capped: boolean,
  pageCount: number,
  fullPage: boolean,
): Pager {
  const items = page?.items ?? [];
  const firstId = idOf(items[0]);
  const lastId = idOf(items.at(-1));
  const loaded = page !== undefined;
  if (state.fromEnd !== null) {
    const k = state.fromEnd;
    const before = (k - 1) * PAGE_SIZE;
    const shown = count(items.length);
    const range = capped
      ? k === 1
        ? t("ui.table.lastRows", { shown, total: count(total) })
        : t("ui.table.rangeFromEnd", {
            from: count(before + 1),
            to: count(before + items.length),
            shown,
            total: count(total),
          })
      : t("ui.table.range", {
          from: count(Math.max(1, total - before - items.length + 1)),
          to: count(total - before),
          total: count(total),
        });
    return {
      range,
      label: k === 1 ? t("ui.table.lastPage") : t("ui.table.pageFromEnd", { page: count(k) }),
      previous: loaded && fullPage ? { end: k + 1, before: firstId } : undefined,
      next: k > 1 ? { end: k - 1, after: lastId } : undefined,
      last: k > 1 ? { end: 1 } : undefined,
      pastEnd: false,
    };
  }
  const index = state.pageIndex;
  const pastEnd = loaded && items.length === 0 && index > 0;
  const start = index * PAGE_SIZE;
  const previous: PageTarget | undefined =
    index === 0
      ? undefined
      : index === 1 || pastEnd
        ? { page: index - 1 }
        : { page: index - 1, before: firstId };
  if (capped) {
    const seen = start + items.length;
    // The floor grows with the rows seen: "10,001–10,025 of 10,025+".
    const floor = Math.max(total, seen);
    return {
      range: pastEnd
        ? t("ui.table.noRowsCapped", { from: count(start + 1) })
        : t("ui.table.rangeCapped", {
            from: count(start + 1),
            to: count(seen),
            total: count(floor),
          }),
      label: pastEnd
        ? t("ui.table.page", { page: count(index + 1) })
        : t("ui.table.pageOfCapped", {
            page: count(index + 1),
            pages: count(Math.max(pageCount, index + 1)),
          }),
      previous,
      next: fullPage ? { page: index + 1, after: lastId } : undefined,
      last: fullPage || pastEnd ? { end: 1 } : undefined,
      pastEnd,
    };
  }
  if (pastEnd || (loaded && index >= pageCount)) {
    // An old link, or rows gone since: say so, and offer the real last page.
    return {
      range: t("ui.table.noRows", { from: count(start + 1), total: count(total) }),
      label: t("ui.table.page", { page: count(index + 1) }),
      previous: { page: pageCount - 1 },
      last: { page: pageCount - 1 },
      pastEnd: true,
    };
  }
  const shown = Math.min(index, pageCount - 1);
  return {
    range: t("ui.table.range", {
      from: count(total === 0 ? 0 : shown * PAGE_SIZE + 1),
      to: count(Math.min(total, (shown + 1) * PAGE_SIZE)),
      total: count(total),
    }),
    label: t("ui.table.pageOf", { page: count(shown + 1), pages: count(pageCount) }),
    previous: shown === 0 ? undefined : previous,
    next: shown + 1 < pageCount ? { page: shown + 1, after: lastId } : undefined,
    last: shown + 1 < pageCount ? { page: pageCount - 1 } : undefined,
    pastEnd: false,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any column's meta
function cellClass(meta: ColumnMeta<any, any> | undefined, header = false): string {
  const numeric = meta?.numeric ? "text-right tabular-nums" : "";
  // The growing column takes the room the others leave and cuts its text to fit it.
  const grow = meta?.grow ? (header ? "w-full" : "w-full max-w-0") : "";
  return `${numeric} ${grow} ${meta?.className ?? ""}`;
}

/** A phone card's key facts in one wrapping line: "Stake €5.00  Odds 2.00". */
export function CardFacts({
  facts,
  className,
}: {
  facts: readonly [label: string, value: ReactNode][];
  className?: string;
}) {
  return (
    <dl className={`flex flex-wrap gap-x-4 tabular-nums ${className ?? ""}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-base-content/70">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The columns of a row as label/value lines (the default phone card). */
function ColumnsCard<T>({ row }: { row: Row<T> }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        if (meta?.cardHidden) return null;
        const header = cell.column.columnDef.header;
        return (
          <div key={cell.id} className="contents">
            <dt className="text-base-content/70">{typeof header === "string" ? header : ""}</dt>
            <dd className={`min-w-0 break-words ${meta?.numeric ? "tabular-nums" : ""}`}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A phone keeps the filters and sorting folded away (open while a filter is set). */
function PhoneOptions({ state, children }: { state: TableState; children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(state.filtered);
  return (
    <details className="w-full" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer py-1 text-sm font-medium">
        {state.filtered ? t("ui.table.filtersAndSortFiltered") : t("ui.table.filtersAndSort")}
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-2">{children}</div>
    </details>
  );
}

/** On a phone the headers are gone: sorting is one select of column and direction. */
function SortSelect<T>({ table, state }: { table: Table<T>; state: TableState }) {
  const id = useId();
  const t = useT();
  const sortable = table
    .getAllLeafColumns()
    .filter((column) => column.getCanSort() && typeof column.columnDef.header === "string");
  if (sortable.length === 0) return null;
  const current = state.sorting[0];
  const value = current ? `${current.id}:${current.desc ? "desc" : "asc"}` : "";
  return (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t("ui.table.sortBy")}
      </label>
      <select
        id={id}
        className="select select-bordered select-sm w-full"
        value={value}
        onChange={(event) => {
          const [column, order] = event.target.value.split(":");
          state.setSorting(column ? [{ id: column, desc: order === "desc" }] : []);
        }}
      >
        <option value="">{t("ui.table.defaultOrder")}</option>
        {sortable.flatMap((column) => {
          const label = column.columnDef.header as string;
          return [
            <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
              {t("ui.table.ascending", { label })}
            </option>,
            <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
              {t("ui.table.descending", { label })}
            </option>,
          ];
        })}
      </select>
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
    /** Money and other figures: right-aligned with tabular digits. */
    numeric?: boolean;
    /**
     * The one column that takes the width the others leave (its cells should truncate),
     * so the table fits its container instead of scrolling sideways.
     */
    grow?: boolean;
    /** Left out of the default phone card. */
    cardHidden?: boolean;
  }
}
