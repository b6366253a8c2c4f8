/** The bets list's filters: status, shop and the date range placed. */
import { useQuery } from "@tanstack/react-query";
import { BET_STATUSES } from "../../../../src/domain/enums";
import {
  ClearFilters,
  DateRangeFilter,
  enumOptions,
  FilterSelect,
} from "../../../components/ui/table-filters";
import type { TableState } from "../../../components/ui/url-table-state";
import { callPage, type ListParams } from "../../../lib/api-client";

export const BET_FILTERS = ["status", "shopId", "from", "to"] as const;

const SHOP_OPTIONS: ListParams = { limit: 500, sort: "name", order: "asc" };

export function BetFilters({ state }: { state: TableState }) {
  // The shops list's own query key, so a new or renamed shop refreshes these options too.
  const shops = useQuery({
    queryKey: ["/api/shops", "list", SHOP_OPTIONS],
    queryFn: ({ signal }) => callPage("listShops", SHOP_OPTIONS, signal),
  });
  const shopOptions = (shops.data?.items ?? []).map((shop) => ({
    value: String(shop.id),
    label: shop.name,
  }));
  return (
    <>
      <FilterSelect
        state={state}
        name="status"
        label="Status"
        options={enumOptions(BET_STATUSES)}
      />
      <FilterSelect
        state={state}
        name="shopId"
        label="Shop"
        options={shopOptions}
        allLabel="All shops"
      />
      <DateRangeFilter state={state} />
      <ClearFilters state={state} />
    </>
  );
}
