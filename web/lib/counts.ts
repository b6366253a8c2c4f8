import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "./api-client";

export const countsQuery = queryOptions({
  queryKey: ["/api/counts"],
  queryFn: ({ signal }) => call("counts", { signal }),
});

/** The real numbers behind the sidebar badges and the bell (issue 9); kept live by /api/events. */
export function useCounts() {
  return useQuery(countsQuery).data;
}
