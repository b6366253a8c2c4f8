import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, call, callPage, type ListParams } from "../../../lib/api-client";

export type Shift = Answer<"getShift">;

/** The signed-in staff user's open shift, or null (the sidebar's shift control). */
export const currentShiftQuery = queryOptions({
  queryKey: ["/api/shifts", "current"],
  queryFn: ({ signal }) => call("currentShift", { signal }),
});

export const useCurrentShift = (enabled = true) => useQuery({ ...currentShiftQuery, enabled });

export const useShift = (id: number) =>
  useQuery({
    queryKey: ["/api/shifts", "one", id],
    queryFn: ({ signal }) => call("getShift", { params: { id }, signal }),
  });

export const useShifts = (params: ListParams) =>
  useQuery({
    queryKey: ["/api/shifts", "list", params],
    queryFn: ({ signal }) => callPage("listShifts", params, signal),
    placeholderData: keepPreviousData,
  });

/** Every deposit and withdrawal of one shift, for its report (at most 500). */
export const useShiftMovements = (shiftId: number) =>
  useQuery({
    queryKey: ["/api/transactions", "shift", shiftId],
    queryFn: ({ signal }) =>
      callPage(
        "listTransactions",
        { shiftId, limit: 500, sort: "createdAt", order: "asc" },
        signal,
      ),
  });
