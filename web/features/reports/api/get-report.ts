import { queryOptions, useQuery } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { call, type ListParams } from "../../../lib/api-client";
import type { PeriodChoice } from "./types";
import "../../../i18n/areas/charts";

/** Totals send no period; otherwise `period` and the matching year, month or week. */
export function reportParams(choice: PeriodChoice): ListParams {
  if (choice.type === "all") return {};
  return { period: choice.type, [choice.type]: choice.value };
}

export async function getReport(choice: PeriodChoice, signal?: AbortSignal) {
  try {
    return await call("report", { query: reportParams(choice), signal });
  } catch {
    throw new Error(i18n.t("charts.fetchFailed.report"));
  }
}

export const reportQuery = (choice: PeriodChoice) =>
  queryOptions({
    queryKey: ["/api/reports", choice],
    queryFn: ({ signal }) => getReport(choice, signal),
  });

/** Only for admins, and only once a year, month or week is chosen (or totals). */
export const useReport = (choice: PeriodChoice, enabled: boolean) =>
  useQuery({
    ...reportQuery(choice),
    enabled: enabled && (choice.type === "all" || choice.value !== ""),
  });
