import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export type { SlipDto as Slip } from "../../../../src/domain/dto";

/** A bet's slip: what the receipt prints, with its verification code (decision 031). */
export const slipQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/bets", id, "slip"],
    queryFn: ({ signal }) => call("getBetSlip", { params: { id }, signal }),
  });

export const useSlip = (id: number) => useQuery({ ...slipQuery(id), enabled: id > 0 });

/** The slip holding a typed or scanned code (404: none, or its bet changed since). */
export const findSlip = (code: string) => call("findSlip", { params: { code } });
