import { queryOptions, useQuery } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import "../../../i18n/areas/charts";

export async function getPeriods(signal?: AbortSignal) {
  try {
    return await call("reportPeriods", { signal });
  } catch {
    throw new Error(i18n.t("charts.fetchFailed.periods"));
  }
}

export const periodsQuery = queryOptions({
  queryKey: ["/api/reports/periods"],
  queryFn: ({ signal }) => getPeriods(signal),
});

/** Fetched only when the period is not totals. */
export const usePeriods = (enabled: boolean) => useQuery({ ...periodsQuery, enabled });
