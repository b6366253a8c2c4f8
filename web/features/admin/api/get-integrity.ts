import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export type { IntegrityStatusDto as IntegrityStatus } from "../../../../src/domain/dto";

/** The newest start-up (quick) and daily (full) integrity checks of the database. */
export const integrityQuery = queryOptions({
  queryKey: ["/api/admin/integrity"],
  queryFn: ({ signal }) => call("integrityStatus", { signal }),
  refetchInterval: 60_000,
});

export const useIntegrity = () => useQuery(integrityQuery);
