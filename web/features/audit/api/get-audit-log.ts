import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callPage, type Item, type ListParams } from "../../../lib/api-client";

export type AuditEntry = Item<"auditLog">;

/** One page of the audit log (admins only), its filters in `params`. */
export const useAuditLog = (params: ListParams) =>
  useQuery({
    queryKey: ["/api/admin/audit", "list", params],
    queryFn: ({ signal }) => callPage("auditLog", params, signal),
    placeholderData: keepPreviousData,
  });
