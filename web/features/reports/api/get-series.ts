import { queryOptions, useQuery } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { call, type ListParams } from "../../../lib/api-client";
import "../../../i18n/areas/charts";

/**
 * GET /api/reports/series (admins): a period bucket by bucket. `params` are the report's
 * (reportParams) or `{ period: "day", day: "2026-11-22" }` for one UTC day by hour.
 */
export async function getSeries(params: ListParams, signal?: AbortSignal) {
  try {
    return await call("reportSeries", { query: params, signal });
  } catch {
    throw new Error(i18n.t("charts.fetchFailed.series"));
  }
}

export const seriesQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ["/api/reports/series", params],
    queryFn: ({ signal }) => getSeries(params, signal),
  });

export const useSeries = (params: ListParams, enabled = true) =>
  useQuery({ ...seriesQuery(params), enabled });
