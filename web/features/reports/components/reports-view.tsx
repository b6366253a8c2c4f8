import type { ReactNode } from "react";
import { useSearchParams } from "wouter";
import { periodValueText, readPeriodValue } from "../../../../src/domain/report-periods";
import { patchSearch } from "../../../components/ui/url-table-state";
import { useT } from "../../../i18n";
import { useReport } from "../api/get-report";
import type { PeriodChoice } from "../api/types";
import { PeriodSelector } from "./period-selector";
import { ReportCharts } from "./report-charts";
import { ReportTabs } from "./report-tabs";

function Skeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="report-skeleton">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <div key={i} className="skeleton h-24 w-full" />
      ))}
    </div>
  );
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body items-center text-center">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-base-content/70">{text}</p>
      </div>
    </div>
  );
}

/**
 * The period of the URL (`?period=month&month=2026-10`, as the report call's own query):
 * an unknown period is the totals, and a value that is not one of its period asks for one.
 */
export function choiceOf(search: URLSearchParams): PeriodChoice {
  const type = search.get("period");
  if (type !== "year" && type !== "month" && type !== "week") return { type: "all", value: "" };
  const read = readPeriodValue(type, search.get(type) ?? "");
  return { type, value: read.ok ? periodValueText(read.value) : "" };
}

/**
 * The chosen period is kept in the URL's query, as a list's state is (decision 043), so Back,
 * reload and a shared link show it again; a change replaces the history entry.
 */
export function ReportsView() {
  const [search, setSearch] = useSearchParams();
  const choice = choiceOf(search);
  const setChoice = (next: PeriodChoice) =>
    setSearch(
      (prev) =>
        patchSearch(prev, {
          period: next.type === "all" ? undefined : next.type,
          year: undefined,
          month: undefined,
          week: undefined,
          ...(next.type === "all" ? {} : { [next.type]: next.value }),
        }),
      { replace: true },
    );
  const report = useReport(choice, true);
  const needsChoice = choice.type !== "all" && choice.value === "";
  const t = useT();
  let body: ReactNode;
  if (needsChoice) {
    body = <Notice title={t("reports.selectPeriod")} text={t("reports.selectPeriodText")} />;
  } else if (report.isLoading) {
    body = <Skeleton />;
  } else if (!report.data) {
    body = <Notice title={t("reports.noData")} text={t("reports.noDataText")} />;
  } else {
    body = (
      <>
        <ReportTabs report={report.data} />
        <ReportCharts choice={choice} />
      </>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PeriodSelector choice={choice} onChange={setChoice} enabled />
      {body}
    </div>
  );
}
