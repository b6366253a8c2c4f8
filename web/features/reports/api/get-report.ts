import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, toSearch } from "../../../lib/api-client";
import type { PeriodChoice, Report } from "./types";

/** Totals send no period; otherwise `period` and the matching year, month or week. */
export function reportSearch(choice: PeriodChoice): string {
  if (choice.type === "all") return "";
  return toSearch({ period: choice.type, [choice.type]: choice.value });
}

export async function getReport(choice: PeriodChoice, signal?: AbortSignal): Promise<Report> {
  try {
    return await api<Report>(`/api/reports${reportSearch(choice)}`, { signal });
  } catch {
    throw new Error("Failed to fetch reports");
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
