import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { BooksStatusDto } from "../../../../src/domain/dto";
import { call } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";
import { jobsQuery, useRecalculateBalance } from "../../admin";

export type { BooksStatusDto as BooksStatus } from "../../../../src/domain/dto";

/**
 * The books indicator: the newest stored books check and the one running. Polled every
 * second while a check runs; otherwise refreshed by the live stream when a check is stored.
 */
export const booksStatusQuery = queryOptions({
  queryKey: ["/api/admin/books-status"],
  queryFn: ({ signal }) => call("booksStatus", { signal }),
  refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
});

/** The status; when a check stops running, the jobs list learns how it ended too. */
export function useBooksStatus() {
  const queryClient = useQueryClient();
  const status = useQuery(booksStatusQuery);
  const runningId = status.data?.running?.id ?? null;
  const wasRunning = useRef<string | null>(null);
  useEffect(() => {
    if (wasRunning.current && runningId === null) {
      void queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    }
    wasRunning.current = runningId;
  }, [runningId, queryClient]);
  return status;
}

/** Starts a books check (a background job) and shows it running at once. */
export function useCheckBooks() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: () => call("startJob", { body: { kind: "ledger-check" } }),
    onSuccess: (job) => {
      queryClient.setQueryData(booksStatusQuery.queryKey, (status?: BooksStatusDto) => ({
        last: status?.last ?? null,
        running: job,
      }));
      void queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error) => notify.error(error),
  });
}

/**
 * Recalculates a drifted balance from its ledger; the recalculation checks the books again
 * by itself (web/features/admin/api/recalculate-balance.ts, decision 037), as it does from
 * the admin page's Balance Recalculation panel.
 */
export function useRecalculateAndCheck() {
  const recalculate = useRecalculateBalance();
  return {
    isPending: recalculate.isPending,
    run: (target: { entityType: "CUSTOMER" | "SHOP"; entityId: number }) =>
      recalculate.mutate(target),
  };
}
