/** Filter controls of a list's toolbar, bound to its URL state (see url-table-state.ts). */
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { i18n, useT } from "../../i18n";
import { callPage, type ListParams } from "../../lib/api-client";
import type { TableState } from "./url-table-state";
import "../../i18n/areas/bets";
import "../../i18n/areas/ui";

/** Two to a row on a phone, side by side from 640 px. */
const FIELD = "flex min-w-0 flex-1 basis-[40%] flex-col gap-1 sm:flex-none sm:basis-auto";

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * The Active/Inactive filter of the customers and shops lists (their `status`), its labels
 * in the language shown (read as the filter renders).
 */
export const ACTIVE_OPTIONS: readonly FilterOption[] = [
  {
    value: "ACTIVE",
    get label() {
      return i18n.t("ui.active");
    },
  },
  {
    value: "INACTIVE",
    get label() {
      return i18n.t("ui.inactive");
    },
  },
];

/** A labelled select; the first option ("All") clears the filter. */
export function FilterSelect({
  state,
  name,
  label,
  options,
  allLabel,
}: {
  state: TableState;
  name: string;
  label: string;
  options: readonly FilterOption[];
  allLabel?: string;
}) {
  const id = useId();
  const t = useT();
  return (
    <div className={FIELD}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select select-bordered select-sm w-full sm:w-40"
        value={state.filters[name] ?? ""}
        onChange={(event) => state.setFilters({ [name]: event.target.value })}
      >
        <option value="">{allLabel ?? t("ui.filters.all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One end of a date range: a labelled date input kept on its side of the other end. */
function DateBound({
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  /** Why the range cannot match, shown under this end. */
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={FIELD}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`input input-bordered input-sm w-full sm:w-36 ${error ? "input-error" : ""}`}
        value={value}
        min={min || undefined}
        max={max || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-error sm:max-w-36">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Whether a list's From date is after its To date (YYYY-MM-DD compare as text): a range no
 * row can be in. The filter says so at its To field; a list may also leave its query unsent.
 */
export function dateRangeInverted(filters: Readonly<Record<string, string>>): boolean {
  const from = filters.from ?? "";
  const to = filters.to ?? "";
  return from !== "" && to !== "" && from > to;
}

/**
 * "From" and "To" dates (YYYY-MM-DD, both inclusive) in the `from` and `to` filters: dates of
 * the business time zone, sent as typed (the server reads them in that zone, decision 062).
 * A From after the To (typed, or picked where the browser does not keep them apart) is said
 * under To ("From is after To").
 */
export function DateRangeFilter({ state }: { state: TableState }) {
  const t = useT();
  const from = state.filters.from ?? "";
  const to = state.filters.to ?? "";
  return (
    <>
      <DateBound
        label={t("ui.filters.from")}
        value={from}
        max={to}
        onChange={(value) => state.setFilters({ from: value })}
      />
      <DateBound
        label={t("ui.filters.to")}
        value={to}
        min={from}
        error={dateRangeInverted(state.filters) ? t("ui.filters.fromAfterTo") : undefined}
        onChange={(value) => state.setFilters({ to: value })}
      />
    </>
  );
}

/** Clears every filter of the list (shown only while one is set). */
export function ClearFilters({ state }: { state: TableState }) {
  const t = useT();
  if (!state.filtered) return null;
  const cleared = Object.fromEntries(Object.keys(state.filters).map((key) => [key, ""]));
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm self-end"
      onClick={() => state.setFilters(cleared)}
    >
      {t("ui.filters.clear")}
    </button>
  );
}

/**
 * Enum values as options: "PENDING" -> "Pending"; `label` names a value in the language
 * shown instead (e.g. (v) => t(`bets.status.${v}`)).
 */
export function enumOptions(
  values: readonly string[],
  label: (value: string) => string = (value) => value.charAt(0) + value.slice(1).toLowerCase(),
): FilterOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}

const SHOPS: ListParams = { limit: 500, sort: "name", order: "asc" };
const USERS: ListParams = { limit: 500, sort: "username", order: "asc" };

/**
 * The "Shop" filter (`shopId`) of the bets and shifts lists: every shop by name, read with
 * the shops list's own query key, so a new or renamed shop refreshes it too.
 */
export function ShopFilter({ state }: { state: TableState }) {
  const t = useT();
  const shops = useQuery({
    queryKey: ["/api/shops", "list", SHOPS],
    queryFn: ({ signal }) => callPage("listShops", SHOPS, signal),
  });
  const options = (shops.data?.items ?? []).map((shop) => ({
    value: String(shop.id),
    label: shop.name,
  }));
  return (
    <FilterSelect
      state={state}
      name="shopId"
      label={t("ui.filters.shop")}
      options={options}
      allLabel={t("ui.filters.allShops")}
    />
  );
}

/**
 * A filter on a user (the shifts' "Cashier", the audit trail's "Actor"): every user by
 * username from the users list, which is the admins' (so admins only). `staffOnly` leaves
 * out customer logins (they take no shifts).
 */
export function UserFilter({
  state,
  name,
  label,
  allLabel,
  staffOnly = false,
}: {
  state: TableState;
  name: string;
  label: string;
  allLabel: string;
  staffOnly?: boolean;
}) {
  const users = useQuery({
    queryKey: ["/api/admin/users", USERS],
    queryFn: ({ signal }) => callPage("listUsers", USERS, signal),
  });
  const options = (users.data?.items ?? [])
    .filter((user) => !staffOnly || user.role !== "customer")
    .map((user) => ({ value: String(user.id), label: user.username }));
  return (
    <FilterSelect state={state} name={name} label={label} options={options} allLabel={allLabel} />
  );
}

/** The shifts list's "Cashier" filter (`userId`): staff users and admins. */
export function CashierFilter({ state }: { state: TableState }) {
  const t = useT();
  return (
    <UserFilter
      state={state}
      name="userId"
      label={t("ui.filters.cashier")}
      allLabel={t("ui.filters.allCashiers")}
      staffOnly
    />
  );
}
