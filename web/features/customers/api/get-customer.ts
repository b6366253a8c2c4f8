import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export const getCustomer = (id: number, signal?: AbortSignal) =>
  call("getCustomer", { params: { id }, signal });

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: ["/api/customers", id],
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export const useCustomer = (id: number | undefined) =>
  useQuery({ ...customerQuery(id ?? 0), enabled: id !== undefined && id > 0 });

/**
 * The customer as the server has them now, read once a write that moved their balance has
 * answered, for the success message's "balance €…" (deposits, withdrawals, bets). It is a
 * request of its own, never joined to the customer query's refresh: the dialog closing removes
 * that query's last reader, TanStack Query then cancels the refresh and puts the data from
 * before the write back, and a message waiting on it said the old balance (decision 088).
 * The answer also updates the cached customer.
 */
export async function customerAfterWrite(queryClient: QueryClient, id: number) {
  const customer = await getCustomer(id);
  queryClient.setQueryData(customerQuery(id).queryKey, customer);
  return customer;
}
