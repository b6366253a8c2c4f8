/**
 * "Export CSV" of a list's current view (issue 13): a download link to the list's endpoint
 * with `format=csv` and the same search, filters and sort as on screen (not the page: the
 * file holds every matching row). The server streams it; the browser saves it under the name
 * the server gives (`bets-2026-11-22.csv`).
 */
import { type ListParams, pathOf, toSearch } from "../../lib/api-client";

/** The lists that export (their contracts declare `csv: true`). */
export type CsvList = "listCustomers" | "listShops" | "listBets" | "listTransactions" | "auditLog";

/** The CSV address of `list` for the table's `params`, without its paging. */
export function csvExportHref(list: CsvList, params: ListParams): string {
  const { limit: _limit, offset: _offset, ...view } = params;
  return `${pathOf(list)}${toSearch({ ...view, format: "csv" })}`;
}

export function CsvExportLink({ list, params }: { list: CsvList; params: ListParams }) {
  return (
    <a className="btn btn-sm btn-outline" href={csvExportHref(list, params)} download>
      Export CSV
    </a>
  );
}
