import { useMutation, useQueryClient } from "@tanstack/react-query";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { euro } from "../../../lib/format";
import { useNotify } from "../../../lib/notify";
import "../../../i18n/areas/jobs";

export type { RecalculationDto as RecalculateResult } from "../../../../src/domain/dto";

export const recalculateBalance = (body: { entityType: "CUSTOMER" | "SHOP"; entityId: number }) =>
  call("recalculateBalance", { body });

export function useRecalculateBalance() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: recalculateBalance,
    onSuccess: (result) => {
      notify.success(i18n.t("jobs.recalculated", { balance: euro(result.balance) }));
      for (const key of ["/api/customers", "/api/shops", "/api/dashboard/stats"]) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
    onError: (error) => notify.error(error),
  });
}
