import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Periods } from "./types";

export async function getPeriods(signal?: AbortSignal): Promise<Periods> {
  try {
    return await api<Periods>("/api/reports/periods", { signal });
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
