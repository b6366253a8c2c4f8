/** The bets list's filters: status, shop and the date range placed. */
import { BET_STATUSES } from "../../../../src/domain/enums";
import {
  ClearFilters,
  DateRangeFilter,
  FilterSelect,
  ShopFilter,
} from "../../../components/ui/table-filters";
import type { TableState } from "../../../components/ui/url-table-state";
import { useT } from "../../../i18n";
import "../../../i18n/areas/bets";

export const BET_FILTERS = ["status", "shopId", "from", "to"] as const;

export function BetFilters({ state }: { state: TableState }) {
  const t = useT();
  return (
    <>
      <FilterSelect
        state={state}
        name="status"
        label={t("bets.filters.status")}
        allLabel={t("bets.filters.all")}
        options={BET_STATUSES.map((value) => ({ value, label: t(`bets.outcome.${value}`) }))}
      />
      <ShopFilter state={state} />
      <DateRangeFilter state={state} />
      <ClearFilters state={state} />
    </>
  );
}
