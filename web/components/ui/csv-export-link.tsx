/**
 * "Export CSV" of a list's current view (issue 13): a download link to the list's endpoint
 * with `format=csv` and the same search, filters and sort as on screen (not the page: the
 * file holds every matching row). The server streams it; the browser saves it under the name
 * the server gives (`bets-2026-11-22.csv`). Where the user's locale writes decimal commas
 * (de, fr, ...), it asks for `decimal=comma`: a `;`-separated file with decimal commas, the
 * form such a spreadsheet opens in columns (decision 064).
 */
import { useT } from "../../i18n";
import { type ListParams, pathOf, toSearch } from "../../lib/api-client";
import { numberLocale } from "../../lib/locale";
import { separatorsOf } from "../../lib/money-input";
import "../../i18n/areas/ui";

/** The lists that export (their contracts declare `csv: true`). */
export type CsvList = "listCustomers" | "listShops" | "listBets" | "listTransactions" | "auditLog";

/**
 * The CSV address of `list` for the table's `params`, without its paging, in the form of
 * `locale` (the user's number locale by default).
 */
export function csvExportHref(
  list: CsvList,
  params: ListParams,
  locale: string = numberLocale(),
): string {
  const { limit: _limit, offset: _offset, ...view } = params;
  const decimal = separatorsOf(locale).decimal === "," ? "comma" : undefined;
  return `${pathOf(list)}${toSearch({ ...view, format: "csv", decimal })}`;
}

export function CsvExportLink({ list, params }: { list: CsvList; params: ListParams }) {
  const t = useT();
  return (
    <a className="btn btn-sm btn-outline" href={csvExportHref(list, params)} download>
      {t("ui.exportCsv")}
    </a>
  );
}
