import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { euro } from "../../../lib/format";
import { useNotify } from "../../../lib/notify";
import { jobsQuery, startJob } from "./jobs";
import "../../../i18n/areas/jobs";

export type { RecalculationDto as RecalculateResult } from "../../../../src/domain/dto";

export const recalculateBalance = (body: { entityType: "CUSTOMER" | "SHOP"; entityId: number }) =>
  call("recalculateBalance", { body });

/** The books indicator's status (web/features/books): it shows the check started below. */
const BOOKS_STATUS_KEY = ["/api/admin/books-status"];

/**
 * Recalculates a balance from its ledger, then checks the books again (decision 037),
 * wherever it is started (the Balance Recalculation panel, the books indicator's
 * Recalculate): the indicator turns green by a new check's evidence, not by assuming the
 * fix worked, and never keeps showing the discrepancy just fixed.
 */
export function useRecalculateBalance() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: recalculateBalance,
    // Awaited: the recalculation is pending until its check has started. Done here, not in
    // a second mutation's callbacks, which would not run once the caller is gone (a
    // discrepancy's Recalculate goes away with its discrepancy).
    onSuccess: async (result) => {
      notify.success(i18n.t("jobs.recalculated", { balance: euro(result.balance) }));
      for (const key of ["/api/customers", "/api/shops", "/api/dashboard/stats"]) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
      try {
        await startJob("ledger-check");
      } catch (error) {
        notify.error(error);
      }
      // The indicator polls while the check runs, and the jobs list while a job is active.
      void queryClient.invalidateQueries({ queryKey: BOOKS_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error) => notify.error(error),
  });
}
