/** The bets list's filters: status, shop and the date range placed. */
import { BET_STATUSES } from "../../../../src/domain/enums";
import {
  ClearFilters,
  DateRangeFilter,
  enumOptions,
  FilterSelect,
  ShopFilter,
} from "../../../components/ui/table-filters";
import type { TableState } from "../../../components/ui/url-table-state";

export const BET_FILTERS = ["status", "shopId", "from", "to"] as const;

export function BetFilters({ state }: { state: TableState }) {
  return (
    <>
      <FilterSelect
        state={state}
        name="status"
        label="Status"
        options={enumOptions(BET_STATUSES)}
      />
      <ShopFilter state={state} />
      <DateRangeFilter state={state} />
      <ClearFilters state={state} />
    </>
  );
}
