import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export async function getPeriods(signal?: AbortSignal) {
  try {
    return await call("reportPeriods", { signal });
  } catch {
    throw new Error("Failed to fetch time periods");
  }
}

export const periodsQuery = queryOptions({
  queryKey: ["/api/reports/periods"],
  queryFn: ({ signal }) => getPeriods(signal),
});

/** Fetched only when the period is not totals. */
export const usePeriods = (enabled: boolean) => useQuery({ ...periodsQuery, enabled });
