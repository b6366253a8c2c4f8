import { queryOptions, useQuery } from "@tanstack/react-query";
import { centsOf } from "../../src/domain/money";
import { call } from "./api-client";

export const settingsQuery = queryOptions({
  queryKey: ["/api/settings"],
  queryFn: ({ signal }) => call("settings", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The default LARGE_AMOUNT until the server's answer arrives. */
const DEFAULT_LARGE_AMOUNT_CENTS = 100_000;

/** From this amount (in cents) a money write asks for a second confirmation. */
export function useLargeAmountCents(): number {
  const { data } = useQuery(settingsQuery);
  return data ? centsOf(data.largeAmount) : DEFAULT_LARGE_AMOUNT_CENTS;
}
