import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call, callPage, type ListParams } from "../../../lib/api-client";

export type { AlertDto as Alert } from "../../../../src/domain/dto";

/** The undismissed alerts the caller may see (staff: operations only), newest first. */
export const getAlerts = (signal?: AbortSignal) =>
  call("listAlerts", { query: { limit: OPEN_LIMIT }, signal });

/** The panel, the bell and the Alerts page show at most this many open alerts. */
const OPEN_LIMIT = 100;

/** SPEC section 9: refetched every 30 s, stale after 5 s. */
export const alertsQuery = queryOptions({
  queryKey: ["/api/alerts"],
  queryFn: ({ signal }) => getAlerts(signal),
  refetchInterval: 30_000,
  staleTime: 5_000,
});

export const useAlerts = () => useQuery(alertsQuery);

/** The admins' dismissed view (issue 25): who dismissed each alert, when, and the note. */
export const useDismissedAlerts = (params: ListParams) =>
  useQuery({
    queryKey: ["/api/alerts", "dismissed", params],
    queryFn: ({ signal }) => callPage("listAlerts", { ...params, status: "dismissed" }, signal),
    placeholderData: keepPreviousData,
  });
