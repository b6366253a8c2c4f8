/**
 * Options for the lists' "Shop" and "Cashier" filters, read with the shops and users lists'
 * own query keys, so a new or renamed shop or user refreshes them too.
 */
import { useQuery } from "@tanstack/react-query";
import { callPage, type ListParams } from "./api-client";

const SHOPS: ListParams = { limit: 500, sort: "name", order: "asc" };
const USERS: ListParams = { limit: 500, sort: "username", order: "asc" };

export interface FilterOption {
  value: string;
  label: string;
}

/** Every shop by name. */
export function useShopOptions(): FilterOption[] {
  const shops = useQuery({
    queryKey: ["/api/shops", "list", SHOPS],
    queryFn: ({ signal }) => callPage("listShops", SHOPS, signal),
  });
  return (shops.data?.items ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }));
}

/**
 * Every staff user and admin by username (customer logins take no shifts); admins only, as
 * the users list is theirs: none while `enabled` is false.
 */
export function useUserOptions(enabled: boolean): FilterOption[] {
  const users = useQuery({
    queryKey: ["/api/admin/users", USERS],
    queryFn: ({ signal }) => callPage("listUsers", USERS, signal),
    enabled,
  });
  return (users.data?.items ?? [])
    .filter((user) => user.role !== "customer")
    .map((user) => ({ value: String(user.id), label: user.username }));
}
