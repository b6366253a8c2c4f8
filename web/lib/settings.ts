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

/** The default STAFF_MAX_CREDIT_LIMIT until the server's answer arrives. */
const DEFAULT_STAFF_MAX_CREDIT_LIMIT_CENTS = 100_000;

/** The highest credit limit (in cents) staff may set; above it an admin is needed (issue 10). */
export function useCreditLimitCapCents(): number {
  const { data } = useQuery(settingsQuery);
  return data ? centsOf(data.creditLimitCap) : DEFAULT_STAFF_MAX_CREDIT_LIMIT_CENTS;
}

/**
 * The largest cash bet (in cents) staff may take (CASH_BET_MAX_STAKE, issue 21 item 1);
 * above it an admin is needed. LARGE_AMOUNT until the server's answer says otherwise.
 */
export function useCashBetMaxStakeCents(): number {
  const { data } = useQuery(settingsQuery);
  const largeAmountCents = useLargeAmountCents();
  return data?.cashBetMaxStake ? centsOf(data.cashBetMaxStake) : largeAmountCents;
}
