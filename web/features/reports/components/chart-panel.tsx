import { type ReactNode, Suspense, useId, useState } from "react";
import { useT } from "../../../i18n";
import type { en as charts } from "../../../i18n/areas/charts";
import "../../../i18n/areas/charts";

/** A plain text (no placeholders) of the charts' part of the catalogue ("charts.bets"). */
type ChartText = {
  [K in keyof typeof charts]: (typeof charts)[K] extends `${string}{{${string}`
    ? never
    : (typeof charts)[K] extends string
      ? `charts.${K}`
      : never;
}[keyof typeof charts];

export interface TableColumn<Row> {
  /** The column's name: a catalogue key, shown in the language showing. */
  header: ChartText;
  cell: (row: Row) => ReactNode;
  /** Right-aligned (numbers and money). */
  numeric?: boolean;
}

export type ChartStatus = "loading" | "error" | "empty" | "ready";

interface Props<Row> {
  title: string;
  /** What the chart shows, for screen readers (the chart's accessible name). */
  summary: string;
  status: ChartStatus;
  /** Shown instead of the chart when the period has no bets. */
  emptyText?: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: TableColumn<Row>[];
  /** The chart: a lazily loaded chart component (lazy-charts.ts). */
  chart: ReactNode;
  className?: string;
}

/**
 * A card with one chart and its text alternative: "Show as table" swaps the chart for a
 * real table of the same figures (caption and column headers), and back. Loading, error
 * and empty states keep the card's height so the page does not jump.
 */
export function ChartPanel<Row>({
  title,
  summary,
  status,
  emptyText,
  rows,
  rowKey,
  columns,
  chart,
  className = "",
}: Props<Row>) {
  const [asTable, setAsTable] = useState(false);
  const t = useT();
  const headingId = useId();
  const bodyId = useId();
  let body: ReactNode;
  if (status === "loading") {
    body = <div className="skeleton h-64 w-full" data-testid="chart-loading" />;
  } else if (status === "error") {
    body = <p className="text-base-content/70">{t("charts.loadFailed")}</p>;
  } else if (status === "empty") {
    body = (
      <p className="py-8 text-center text-base-content/70">{emptyText ?? t("charts.noBets")}</p>
    );
  } else if (asTable) {
    body = (
      <div className="max-h-80 overflow-auto">
        <table className="table table-sm table-pin-rows">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={c.numeric ? "text-right" : ""}>
                  {t(c.header)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.header} scope="row" className="font-normal">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} className={c.numeric ? "text-right tabular-nums" : ""}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    body = (
      <div role="img" aria-label={summary} className="h-64 w-full min-w-0" data-chart>
        <Suspense fallback={<div className="skeleton h-64 w-full" data-testid="chart-loading" />}>
          {chart}
        </Suspense>
      </div>
    );
  }
  return (
    <section
      className={`card min-w-0 bg-base-100 shadow-sm ${className}`}
      aria-labelledby={headingId}
    >
      <div className="card-body min-w-0 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="card-title text-base">
            {title}
          </h2>
          {status === "ready" && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-controls={bodyId}
              onClick={() => setAsTable((v) => !v)}
            >
              {asTable ? t("charts.showChart") : t("charts.showTable")}
            </button>
          )}
        </div>
        <div id={bodyId}>{body}</div>
      </div>
    </section>
  );
}
