/** The bets list's filters: status, shop and the date range placed. */
import { BET_STATUSES } from "../../../../src/domain/enums";
import {
  ClearFilters,
  DateRangeFilter,
  enumOptions,
  FilterSelect,
} from "../../../components/ui/table-filters";
import type { TableState } from "../../../components/ui/url-table-state";
import { useShopOptions } from "../../../lib/filter-options";

export const BET_FILTERS = ["status", "shopId", "from", "to"] as const;

export function BetFilters({ state }: { state: TableState }) {
  const shopOptions = useShopOptions();
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
