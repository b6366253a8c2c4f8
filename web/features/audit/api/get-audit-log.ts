import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callPage, type Item, type ListParams } from "../../../lib/api-client";

export type AuditEntry = Item<"auditLog">;

/**
 * One page of the audit log (admins only), its filters in `params`; null while the filters
 * can match nothing: nothing is asked and no earlier page is kept on screen.
 */
export const useAuditLog = (params: ListParams | null) => {
  const query = useQuery({
    queryKey: ["/api/admin/audit", "list", params],
    queryFn: ({ signal }) => callPage("auditLog", params ?? {}, signal),
    placeholderData: keepPreviousData,
    enabled: params !== null,
  });
  return params === null ? { data: undefined, isLoading: false, error: null } : query;
};
